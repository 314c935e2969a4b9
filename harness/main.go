// Command harness builds, checks and times the puzzle entries.
//
//	harness check  [flags] [ENTRY[/CASE]...]   run cases, compare stdout byte for byte
//	harness bench  [flags] [ENTRY[/CASE]...]   time the bench cases (Benchmarks Game protocol)
//	harness update [flags] [ENTRY[/CASE]...]   rewrite expected files from the current programs
//	harness lint   [ENTRY...]                   check the submission rules
//	harness list   [ENTRY...]                   print the cases
//
// Cases live in harness/cases.txt (see cases.go for the format); expected
// outputs in expected/ENTRY/CASE.out. Run `harness CMD -h` for the flags.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

const usage = `usage: harness COMMAND [flags] [ENTRY[/CASE]...]

commands:
  check    run the check and bench cases (long ones with -long) and compare
           stdout with expected/ENTRY/CASE.out byte for byte
  bench    time the bench cases: one checked run, then -runs timed runs
  update   rewrite expected files from the current programs; lists changes
  lint     check entries against the submission rules
  list     print the selected cases
`

// stringList is a repeatable flag.
type stringList []string

func (s *stringList) String() string     { return strings.Join(*s, ", ") }
func (s *stringList) Set(v string) error { *s = append(*s, v); return nil }

// run is main without os.Exit, for tests. Exit status: 0 ok, 1 a case
// failed, 2 bad usage or a broken case file.
func run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 || args[0] == "-h" || args[0] == "help" || args[0] == "--help" {
		fmt.Fprint(stderr, usage)
		return 2
	}
	cmd := args[0]
	switch cmd {
	case "check", "bench", "update", "lint", "list":
	default:
		fmt.Fprintf(stderr, "harness: unknown command %q\n%s", cmd, usage)
		return 2
	}
	fs := flag.NewFlagSet("harness "+cmd, flag.ContinueOnError)
	fs.SetOutput(stderr)
	root := fs.String("root", "", "repository root (default: the folder holding go.mod, found upward from here)")
	casesFile := fs.String("cases", "", "case file (default ROOT/harness/cases.txt)")
	long := fs.Bool("long", false, "include long cases")
	quiet := fs.Bool("q", false, "no progress line on stderr")
	runs := fs.Int("runs", 5, "bench: timed runs a case after the checked run")
	warmup := fs.Int("warmup", 0, "bench: untimed runs before the timed ones")
	asJSON := fs.Bool("json", false, "bench: print JSON")
	asMD := fs.Bool("md", false, "bench: print a Markdown table")
	asBenchfmt := fs.Bool("benchfmt", false, "bench: print Go benchmark format (for benchstat)")
	save := fs.String("save", "", "bench: also store the results in this file (JSON)")
	baseline := fs.String("baseline", "", "bench: compare with results stored by -save")
	var vs stringList
	fs.Var(&vs, "vs", "bench: 'ENTRY/CASE=COMMAND ARGS': check an external program and alternate it with ours (repeatable)")
	patterns, err := parseInterleaved(fs, args[1:])
	if err != nil {
		return 2 // the flag package has printed what was wrong
	}
	if *root == "" {
		if *root, err = findRoot(); err != nil {
			fmt.Fprintln(stderr, "harness:", err)
			return 2
		}
	}
	if *casesFile == "" {
		*casesFile = filepath.Join(*root, "harness", "cases.txt")
	}
	if cmd == "lint" {
		return lintCommand(*root, patterns, stdout)
	}
	all, err := LoadCases(*casesFile)
	if err != nil {
		fmt.Fprintln(stderr, "harness:", err)
		return 2
	}
	classes := []Class{ClassCheck, ClassBench}
	switch {
	case cmd == "bench":
		classes = []Class{ClassBench}
	case cmd == "list":
		classes = append(classes, ClassLong)
	}
	if *long {
		classes = append(classes, ClassLong)
	}
	cases, err := Select(all, patterns, classes...)
	if err != nil {
		fmt.Fprintln(stderr, "harness:", err)
		return 2
	}
	if cmd == "list" {
		for _, c := range cases {
			fmt.Fprintf(stdout, "%-28s %-6s %s\n", c.ID(), c.Class, strings.Join(c.Args, " "))
		}
		return 0
	}
	// -vs is checked before anything is built: a case it names must be one
	// this bench will run, or the comparison would silently not happen.
	opt := BenchOptions{Runs: *runs, Warmup: *warmup, Vs: map[string][]string{}}
	if cmd == "bench" {
		for _, v := range vs {
			id, argv, err := ParseVs(v)
			if err != nil {
				fmt.Fprintln(stderr, "harness:", err)
				return 2
			}
			if err := VsInSelection(id, all, cases); err != nil {
				fmt.Fprintln(stderr, "harness:", err)
				return 2
			}
			opt.Vs[id] = argv
		}
		if *runs < 1 {
			fmt.Fprintln(stderr, "harness: -runs must be at least 1")
			return 2
		}
	}
	b, err := NewBuilder(*root)
	if err != nil {
		fmt.Fprintln(stderr, "harness:", err)
		return 2
	}
	defer b.Close()
	s := &Session{Root: *root, Builder: b, Out: stdout, Log: NewProgress(*quiet)}
	s.Log.w = stderr
	switch cmd {
	case "check":
		if s.Check(cases) > 0 {
			return 1
		}
		return 0
	case "update":
		if s.Update(cases) > 0 {
			return 1
		}
		return 0
	case "bench":
		return benchCommand(s, cases, opt, *root, *save, *baseline, *asJSON, *asMD, *asBenchfmt)
	}
	return 2 // unreachable: commands are checked on entry
}

func benchCommand(s *Session, cases []Case, opt BenchOptions, root, save, baseline string, asJSON, asMD, asBenchfmt bool) int {
	var base *Report
	if baseline != "" {
		r, err := LoadReport(baseline)
		if err != nil {
			fmt.Fprintln(s.Log.w, "harness:", err)
			return 2
		}
		base = &r
	}
	rep := Report{Header: ReadHeader(root, opt.Runs)}
	rep.Results = s.Bench(cases, opt)
	if base != nil {
		ApplyBaseline(rep.Results, *base)
	}
	if save != "" {
		if err := SaveReport(save, rep); err != nil {
			fmt.Fprintln(s.Log.w, "harness:", err)
			return 2
		}
	}
	switch {
	case asJSON:
		WriteJSON(s.Out, rep)
	case asMD:
		WriteMarkdown(s.Out, rep)
	case asBenchfmt:
		WriteBenchfmt(s.Out, rep)
	default:
		WriteTable(s.Out, rep)
	}
	for _, m := range rep.Results {
		if m.Status != StatusOK || (m.Vs != nil && m.Vs.Status != StatusOK) {
			return 1
		}
	}
	return 0
}

func lintCommand(root string, entries []string, stdout io.Writer) int {
	if len(entries) == 0 {
		for _, e := range []string{"meteor", "pentomino", "acrostic", "eternity2"} {
			if _, err := os.Stat(filepath.Join(root, e, "main.go")); err == nil {
				entries = append(entries, e)
			}
		}
	}
	b, err := NewBuilder(root)
	if err != nil {
		fmt.Fprintln(stdout, "harness:", err)
		return 2
	}
	defer b.Close()
	failed := 0
	for _, e := range entries {
		r := Lint(root, e, func() error { _, err := b.Binary(Case{Entry: e}); return err })
		if len(r.Problems) == 0 {
			fmt.Fprintf(stdout, "ok    %-10s submit %s (gz≈ %d bytes)\n", e, displayPath(r.File), r.Gz)
			continue
		}
		failed++
		fmt.Fprintf(stdout, "FAIL  %s\n", e)
		for _, p := range r.Problems {
			fmt.Fprintf(stdout, "      %s\n", indent(p, "      "))
		}
	}
	if failed > 0 {
		return 1
	}
	return 0
}

// parseInterleaved lets flags and names mix: `bench meteor -runs 3`.
func parseInterleaved(fs *flag.FlagSet, args []string) ([]string, error) {
	var positional []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		args = fs.Args()
		if len(args) == 0 {
			return positional, nil
		}
		positional = append(positional, args[0])
		args = args[1:]
	}
}

// findRoot walks up from the working directory to the folder with go.mod.
func findRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("no go.mod in this folder or above it; run from the repository or pass -root")
		}
		dir = parent
	}
}
