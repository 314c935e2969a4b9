package main

// commands.go: the commands but bench (benchcmd.go), each with its own
// flags.

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"
)

var commands = []command{
	{"check", "[ENTRY[/CASE]...]", func(fs *flag.FlagSet) action {
		f := declareCaseRun(fs, timeoutRun)
		return func(c *cmdline) int { return f.withSession(c, (*Session).Check, ClassCheck, ClassBench) }
	}},
	{"bench", "[ENTRY[/CASE]...]", declareBench},
	{"instructions", "[ENTRY[/CASE]...] | -- COMMAND [ARG...]", func(fs *flag.FlagSet) action {
		f := declareCaseRun(fs, "every run under valgrind, more than 0 (default: the case's limit times 200, valgrind's slowdown, and at least a minute)")
		return f.instructions
	}},
	{"update", "[ENTRY[/CASE]...]", func(fs *flag.FlagSet) action {
		f := declareCaseRun(fs, timeoutRun)
		return func(c *cmdline) int { return f.withSession(c, (*Session).Update, ClassCheck, ClassBench) }
	}},
	{"lint", "[ENTRY...]", func(fs *flag.FlagSet) action {
		f := &repo{}
		f.declareRoot(fs)
		return f.lint
	}},
	{"compare", "A.json B.json [C.json...]", func(fs *flag.FlagSet) action { return compare }},
	{"history", "HISTORY [CASE...]", func(fs *flag.FlagSet) action {
		svg := fs.String("svg", "", "also draw the trends as an SVG chart in this file")
		return func(c *cmdline) int { return history(c, *svg) }
	}},
	{"list", "[ENTRY[/CASE]...]", func(fs *flag.FlagSet) action {
		f := &caseFlags{}
		f.declareRoot(fs)
		f.declareCases(fs)
		fs.BoolVar(&f.long, "long", false, "(list shows long cases anyway; accepted for symmetry with check)")
		return f.list
	}},
}

// timeoutRun is what -timeout limits in check, update and bench.
const timeoutRun = "every run, more than 0 (default: the case's @timeout or its class's)"

// repo is where the repository is: -root, or the folder with go.mod above
// the working directory.
type repo struct{ root string }

func (f *repo) declareRoot(fs *flag.FlagSet) {
	fs.StringVar(&f.root, "root", "", "repository root (default: the folder holding go.mod, found upward from here)")
}

func (f *repo) findRoot() error {
	if f.root != "" {
		return nil
	}
	var err error
	f.root, err = findRoot()
	return err
}

// caseFlags select cases from the case file.
type caseFlags struct {
	repo
	casesFile string
	long      bool
	quiet     bool
	timeout   time.Duration
}

func (f *caseFlags) declareCases(fs *flag.FlagSet) {
	fs.StringVar(&f.casesFile, "cases", "", "case file (default ROOT/harness/cases.txt)")
}

// declareCaseRun declares the flags of the commands that run cases: check,
// update, instructions and bench.
func declareCaseRun(fs *flag.FlagSet, timeoutWhat string) *caseFlags {
	f := &caseFlags{}
	f.declareRoot(fs)
	f.declareCases(fs)
	fs.BoolVar(&f.quiet, "q", false, "no progress line on stderr")
	fs.BoolVar(&f.long, "long", false, "include long cases")
	fs.Func("timeout", "per-run time `limit` for "+timeoutWhat, func(v string) error {
		d, err := time.ParseDuration(v)
		if err == nil && d <= 0 {
			err = errors.New("must be more than 0 (leave -timeout out for each case's own limit)")
		}
		f.timeout = d
		return err
	})
	return f
}

// selected loads the case file and picks the cases the names select, of
// the given classes (and long ones with -long).
func (f *caseFlags) selected(c *cmdline, classes ...Class) (all, cases []Case, err error) {
	if err := f.findRoot(); err != nil {
		return nil, nil, err
	}
	if f.casesFile == "" {
		f.casesFile = filepath.Join(f.root, "harness", "cases.txt")
	}
	if all, err = LoadCases(f.casesFile); err != nil {
		return nil, nil, err
	}
	if f.long {
		classes = append(classes, ClassLong)
	}
	cases, err = Select(all, c.names, classes...)
	return all, withTimeout(cases, f.timeout), err
}

// newSession makes the builder and the progress line.
func (f *caseFlags) newSession(c *cmdline) (*Session, error) {
	b, err := NewBuilder(f.root, c.tools.runner)
	if err != nil {
		return nil, err
	}
	log := NewProgress(f.quiet)
	log.w = c.stderr
	return &Session{Root: f.root, Builder: b, Runner: c.tools.runner, Counter: c.tools.counter, Out: c.stdout, Log: log}, nil
}

// withSession runs a command that goes over the selected cases of the
// given classes with a session (check, update, instructions); do returns
// how many failed.
func (f *caseFlags) withSession(c *cmdline, do func(*Session, []Case) int, classes ...Class) int {
	_, cases, err := f.selected(c, classes...)
	if err != nil {
		return c.fail(exitUsage, "%v", err)
	}
	s, err := f.newSession(c)
	if err != nil {
		return c.fail(exitUsage, "%v", err)
	}
	defer s.Builder.Close()
	if do(s, cases) > 0 {
		return exitFailed
	}
	return exitOK
}

func (f *caseFlags) list(c *cmdline) int {
	_, cases, err := f.selected(c, ClassCheck, ClassBench, ClassLong)
	if err != nil {
		return c.fail(exitUsage, "%v", err)
	}
	for _, k := range cases {
		fmt.Fprintf(c.stdout, "%-28s %-6s %s\n", k.ID(), k.Class, k.Line())
	}
	return exitOK
}

// instructions counts instructions: of selected bench cases, or of one
// command given after "--".
func (f *caseFlags) instructions(c *cmdline) int {
	if err := c.tools.counter.Ready(); err != nil {
		return c.fail(exitUsage, "%v", err)
	}
	if c.command != nil {
		if len(c.names) > 0 {
			return c.fail(exitUsage, "give cases or -- COMMAND, not both")
		}
		cwd, _ := os.Getwd()
		n, err := c.tools.counter.Count(RunSpec{Bin: c.command[0], Args: c.command[1:], Dir: cwd, Timeout: f.timeout, StdinFile: os.Stdin})
		if err != nil {
			return c.fail(exitFailed, "%v", err)
		}
		fmt.Fprintf(c.stdout, "%d instructions (%s)\n", n, millions(n))
		return exitOK
	}
	return f.withSession(c, func(s *Session, cases []Case) int {
		failed := 0
		for i, k := range cases {
			s.Log.Update("instructions [%d/%d] %s: building", i+1, len(cases), k.ID())
			bin, err := s.Builder.Binary(k)
			if err == nil {
				s.Log.Update("instructions [%d/%d] %s: running under callgrind", i+1, len(cases), k.ID())
				spec := s.spec(k, bin, false)
				spec.Timeout = valgrindTimeout(k)
				var n int64
				if n, err = s.Counter.Count(spec); err == nil {
					s.Log.Clear()
					fmt.Fprintf(s.Out, "%-28s %15s instructions (%s)\n", k.ID(), count(n), millions(n))
					continue
				}
			}
			failed++
			s.Log.Failure("FAIL  %s: %v", k.ID(), err)
		}
		return failed
	}, ClassBench)
}

// compare compares saved runs without running anything.
func compare(c *cmdline) int {
	if len(c.names) < 2 {
		return c.fail(exitUsage, "expected two saved runs or more: harness compare A.json B.json [C.json...]")
	}
	var reports []Report
	for _, name := range c.names {
		r, err := LoadReport(name)
		if err != nil {
			return c.fail(exitUsage, "%v", err)
		}
		reports = append(reports, r)
	}
	var b strings.Builder
	if err := CompareReports(&b, c.names, reports); err != nil {
		return c.fail(exitUsage, "%v", err)
	}
	io.WriteString(c.stdout, b.String())
	return exitOK
}

// history prints a history file's trends, and draws them with -svg.
func history(c *cmdline, svg string) int {
	if len(c.names) == 0 {
		return c.fail(exitUsage, "expected a history file: harness history [-svg FILE] HISTORY [CASE...]")
	}
	hs, err := LoadHistory(c.names[0])
	var cases []string
	if err == nil {
		cases, err = historyCases(hs, c.names[1:])
	}
	if err != nil {
		return c.fail(exitUsage, "%v", err)
	}
	if svg != "" {
		if err := writeFileWith(svg, func(w io.Writer) error { return WriteHistorySVG(w, hs, cases) }); err != nil {
			return c.fail(exitWrite, "-svg: %v", err)
		}
	}
	WriteHistoryTable(c.stdout, hs, cases)
	return exitOK
}

// entries are the folders that hold an entry: a main.go and a folder of
// expected outputs under expected/.
func entries(root string) []string {
	dirs, _ := os.ReadDir(filepath.Join(root, "expected"))
	var out []string
	for _, d := range dirs {
		if _, err := os.Stat(filepath.Join(root, d.Name(), "main.go")); d.IsDir() && err == nil {
			out = append(out, d.Name())
		}
	}
	return out
}

func (f *repo) lint(c *cmdline) int {
	if err := f.findRoot(); err != nil {
		return c.fail(exitUsage, "%v", err)
	}
	known := entries(f.root)
	names := c.names
	if len(names) == 0 {
		names = known
	}
	for _, e := range names {
		if !slices.Contains(known, e) {
			return c.fail(exitUsage, "no entry %q (entries: %s)", e, strings.Join(known, ", "))
		}
	}
	b, err := NewBuilder(f.root, c.tools.runner)
	if err != nil {
		return c.fail(exitUsage, "%v", err)
	}
	defer b.Close()
	failed := 0
	for _, e := range names {
		r := Lint(f.root, e, func() error { _, err := b.Binary(Case{Entry: e}); return err })
		if len(r.Problems) == 0 {
			what := fmt.Sprintf("submit %s", displayPath(r.File))
			if packageEntries[e] {
				what = fmt.Sprintf("build %s, a package of %d hand-written files", displayPath(r.File), r.Files)
			}
			fmt.Fprintf(c.stdout, "ok    %-10s %s (gz≈ %d bytes)\n", e, what, r.Gz)
			continue
		}
		failed++
		fmt.Fprintf(c.stdout, "FAIL  %s\n", e)
		for _, p := range r.Problems {
			fmt.Fprintf(c.stdout, "      %s\n", indent(p, "      "))
		}
	}
	if failed > 0 {
		return exitFailed
	}
	return exitOK
}
