package main

// lint.go checks an entry against the submission rules of the shootout
// sites: one non-test source file, package main, standard library imports
// only (no cgo), gofmt-clean, builds with plain `go build`. An entry with
// no such site (packageEntries) is one package main of several files, and
// its size is that of its hand-written files.

import (
	"bytes"
	"fmt"
	"go/build"
	"go/format"
	"go/parser"
	"go/token"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
)

// packageEntries have no site that takes one file (eternity2 runs for
// hours on clusters, built from its folder): each is one package main of
// files by concern.
var packageEntries = map[string]bool{"eternity2": true}

// LintResult is what lint found for one entry.
type LintResult struct {
	Entry    string
	File     string // what to submit: the one file, or a package entry's folder
	Files    int    // the hand-written files counted in Gz
	Gz       int
	Problems []string
}

// Lint checks the entry folder root/entry. build says whether it compiles
// (the caller builds with the same Builder the other commands use).
func Lint(root, entry string, build func() error) LintResult {
	r := LintResult{Entry: entry}
	dir := filepath.Join(root, entry)
	sources, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil || len(sources) == 0 {
		r.Problems = append(r.Problems, fmt.Sprintf("%s: no Go source file", dir))
		return r
	}
	var programs []string
	for _, f := range sources {
		if !strings.HasSuffix(f, "_test.go") {
			programs = append(programs, f)
		}
		r.Problems = append(r.Problems, gofmtProblem(f)...)
	}
	if !packageEntries[entry] && (len(programs) != 1 || filepath.Base(programs[0]) != "main.go") {
		var names []string
		for _, p := range programs {
			names = append(names, filepath.Base(p))
		}
		r.Problems = append(r.Problems, fmt.Sprintf("%s: expected exactly one non-test source file, main.go; found %s", dir, strings.Join(names, ", ")))
	}
	for _, f := range programs {
		r.Problems = append(r.Problems, sourceProblems(f)...)
	}
	r.File = dir + string(filepath.Separator)
	if !packageEntries[entry] {
		r.File = filepath.Join(dir, "main.go")
	}
	r.Gz, r.Files, _ = EntryGz(root, entry)
	if err := build(); err != nil {
		r.Problems = append(r.Problems, err.Error())
	}
	return r
}

// generated is the first line of a generated Go file.
var generated = regexp.MustCompile(`^// Code generated .* DO NOT EDIT\.`)

// EntryGz is an entry's size as the sites print it: its main.go's, or for
// a package entry its hand-written files' together, in name order (tests,
// generated files and files outside the build, such as a generator, left
// out).
func EntryGz(root, entry string) (gz, files int, err error) {
	dir := filepath.Join(root, entry)
	if !packageEntries[entry] {
		src, err := readFile(filepath.Join(dir, "main.go"))
		return GzSize(src), 1, err
	}
	sources, _ := filepath.Glob(filepath.Join(dir, "*.go"))
	var all []byte
	for _, f := range sources {
		src, err := readFile(f)
		if err != nil {
			return 0, 0, err
		}
		if inBuild, _ := build.Default.MatchFile(dir, filepath.Base(f)); inBuild && !strings.HasSuffix(f, "_test.go") && !generated.Match(src) {
			all = append(append(all, src...), '\n')
			files++
		}
	}
	return GzSize(all), files, nil
}

func gofmtProblem(path string) []string {
	src, err := readFile(path)
	if err != nil {
		return []string{err.Error()}
	}
	formatted, err := format.Source(src)
	if err != nil {
		return []string{fmt.Sprintf("%s: does not parse: %v", path, err)}
	}
	if !bytes.Equal(src, formatted) {
		return []string{fmt.Sprintf("%s: not gofmt-clean (run gofmt -w %s)", path, path)}
	}
	return nil
}

// sourceProblems checks the package clause and the imports.
func sourceProblems(path string) []string {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, path, nil, parser.ImportsOnly)
	if err != nil {
		return []string{err.Error()}
	}
	var problems []string
	if f.Name.Name != "main" {
		problems = append(problems, fmt.Sprintf("%s: expected package main, got package %s", path, f.Name.Name))
	}
	for _, imp := range f.Imports {
		p, _ := strconv.Unquote(imp.Path.Value)
		pos := fset.Position(imp.Pos())
		switch {
		case p == "C":
			problems = append(problems, fmt.Sprintf("%s:%d: imports \"C\": cgo is not allowed", path, pos.Line))
		case !isStdlib(p):
			problems = append(problems, fmt.Sprintf("%s:%d: imports %q: only the standard library is allowed", path, pos.Line, p))
		}
	}
	return problems
}

// isStdlib: standard library paths have no dot in their first element.
func isStdlib(path string) bool {
	first, _, _ := strings.Cut(path, "/")
	return !strings.Contains(first, ".")
}
