package main

// lint.go checks an entry against the submission rules of the shootout
// sites: one non-test source file, package main, standard library imports
// only (no cgo), gofmt-clean, builds with plain `go build`.

import (
	"bytes"
	"fmt"
	"go/format"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// LintResult is what lint found for one entry.
type LintResult struct {
	Entry    string
	File     string // the file to submit, when there is exactly one
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
	if len(programs) != 1 || filepath.Base(programs[0]) != "main.go" {
		var names []string
		for _, p := range programs {
			names = append(names, filepath.Base(p))
		}
		r.Problems = append(r.Problems, fmt.Sprintf("%s: expected exactly one non-test source file, main.go; found %s", dir, strings.Join(names, ", ")))
	}
	for _, f := range programs {
		r.Problems = append(r.Problems, sourceProblems(f)...)
	}
	if len(programs) == 1 {
		r.File = programs[0]
		if src, err := os.ReadFile(r.File); err == nil {
			r.Gz = GzSize(src)
		}
	}
	if err := build(); err != nil {
		r.Problems = append(r.Problems, err.Error())
	}
	return r
}

func gofmtProblem(path string) []string {
	src, err := os.ReadFile(path)
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
