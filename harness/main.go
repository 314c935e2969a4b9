// Command harness builds, checks and times the puzzle entries.
//
//	harness check        [flags] [ENTRY[/CASE]...]  run cases, compare stdout byte for byte
//	harness bench        [flags] [ENTRY[/CASE]...]  time the bench cases (Benchmarks Game protocol)
//	harness instructions [flags] [ENTRY[/CASE]...]  count instructions under callgrind
//	harness instructions -- COMMAND [ARG...]        the same for any command
//	harness update       [flags] [ENTRY[/CASE]...]  rewrite expected files from the current programs
//	harness lint         [flags] [ENTRY...]         check the submission rules
//	harness list         [flags] [ENTRY[/CASE]...]  print the cases
//	harness compare      A.json B.json [C.json...]  saved runs (-save) set against the first
//	harness history      [-svg FILE] HISTORY [CASE...]  a history file's trends (bench -history)
//
// Cases live in harness/cases.txt (see cases.go for the format); expected
// outputs in expected/ENTRY/CASE.out. Each command takes only its own flags:
// `harness CMD -h` lists them.
package main

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

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

const usage = `usage: harness COMMAND [flags] [ENTRY[/CASE]...]

commands:
  check         run the check and bench cases (long ones with -long) and compare
                stdout with expected/ENTRY/CASE.out byte for byte
  bench         time the bench cases: one checked run, then -runs timed runs;
                elapsed, CPU, system CPU, page faults, peak memory; -instructions,
                -baseline, -vs, -fail-over, -svg
  instructions  count the instructions of bench cases (or of -- COMMAND ARGS)
                under callgrind: the figure a busy machine does not move
  update        rewrite expected files from the current programs; shows changes
  lint          check entries against the submission rules
  list          print the selected cases
  compare       A.json B.json [C.json...]: saved runs (bench -save) against the
                first, without running anything
  history       [-svg FILE] HISTORY [CASE...]: the trends in a file that
                bench -history appends to, as a table and a chart

harness COMMAND -h lists the command's flags.
`

// Exit statuses.
const (
	exitOK     = 0
	exitFailed = 1 // a case failed or regressed
	exitUsage  = 2 // bad usage, a broken case file, a missing tool
)

// stringList is a repeatable flag.
type stringList []string

func (s *stringList) String() string     { return strings.Join(*s, ", ") }
func (s *stringList) Set(v string) error { *s = append(*s, v); return nil }

// options holds every flag of every command; each command declares only the
// flags it takes, so a flag given to the wrong command is an error.
type options struct {
	root, casesFile string
	long, quiet     bool
	timeout         time.Duration

	// bench
	runs, warmup          int
	runsGiven             bool // -runs was on the command line
	format                string
	json, md, benchfmt    bool
	save, baseline, svg   string
	readme                string
	vs                    stringList
	instructions          bool
	gate                  Gate
	failOverSet           bool
	against, history      string
	patterns, commandArgv []string
}

// command is one subcommand: its flags and what it does.
type command struct {
	name  string
	flags func(fs *flag.FlagSet, o *options)
	run   func(o *options, stdout, stderr io.Writer) int
}

func rootFlag(fs *flag.FlagSet, o *options) {
	fs.StringVar(&o.root, "root", "", "repository root (default: the folder holding go.mod, found upward from here)")
}

func caseFlags(fs *flag.FlagSet, o *options) {
	rootFlag(fs, o)
	fs.StringVar(&o.casesFile, "cases", "", "case file (default ROOT/harness/cases.txt)")
	fs.BoolVar(&o.quiet, "q", false, "no progress line on stderr")
}

func timeoutFlag(fs *flag.FlagSet, o *options, what string) {
	fs.DurationVar(&o.timeout, "timeout", 0, "per-run time limit for "+what+" (default: the case's @timeout or its class's)")
}

// runCaseFlags are the flags of the commands that run every case once
// (check, instructions, update).
func runCaseFlags(timeoutWhat string) func(fs *flag.FlagSet, o *options) {
	return func(fs *flag.FlagSet, o *options) {
		caseFlags(fs, o)
		fs.BoolVar(&o.long, "long", false, "include long cases")
		timeoutFlag(fs, o, timeoutWhat)
	}
}

var commands = []command{
	{"check", runCaseFlags("every run"), checkCommand},
	{"bench", func(fs *flag.FlagSet, o *options) {
		caseFlags(fs, o)
		fs.IntVar(&o.runs, "runs", 5, "timed runs a case after the checked run, and pairs with -vs and -against (where the default is 11)")
		fs.IntVar(&o.warmup, "warmup", 0, "untimed runs before the timed ones")
		fs.StringVar(&o.format, "format", "table", "output format: table, md, json, csv or benchfmt")
		fs.BoolVar(&o.json, "json", false, "same as -format json")
		fs.BoolVar(&o.md, "md", false, "same as -format md")
		fs.BoolVar(&o.benchfmt, "benchfmt", false, "same as -format benchfmt (for benchstat)")
		fs.StringVar(&o.save, "save", "", "also store the results in this file (JSON), for a later -baseline")
		fs.StringVar(&o.baseline, "baseline", "", "compare with results stored by -save: ratios with 95% intervals")
		fs.StringVar(&o.svg, "svg", "", "also draw the results as an SVG chart in this file")
		fs.StringVar(&o.readme, "readme", "", "also put the Markdown table (and the -svg chart) into this file, between its "+readmeStart+" and "+readmeEnd+" lines")
		fs.BoolVar(&o.instructions, "instructions", false, "also run each case once under callgrind and count its instructions (needs valgrind)")
		fs.Func("fail-over", "exit 1 naming each case over the limit: `PCT` for every metric the comparison can judge, or METRIC=PCT,... (instructions, cpu, elapsed, faults); with -against, in pairs; with -baseline, instructions and faults unless times are named", func(s string) error {
			g, err := ParseGate(s)
			o.gate, o.failOverSet = g, err == nil
			return err
		})
		fs.StringVar(&o.against, "against", "", "build each entry at git revision `REV` (HEAD~1, main, a hash) and run it in alternating pairs with ours")
		fs.StringVar(&o.history, "history", "", "also append this run's figures to `FILE` (one JSON line a run), for harness history")
		fs.Var(&o.vs, "vs", "'ENTRY/CASE=COMMAND ARGS': check an external program and alternate it with ours (repeatable)")
		timeoutFlag(fs, o, "every run, ours and -vs programs")
	}, benchCommand},
	{"instructions", runCaseFlags("every run (valgrind's slowdown is allowed for on top)"), instructionsCommand},
	{"update", runCaseFlags("every run"), updateCommand},
	{"lint", rootFlag, lintCommand},
	{"compare", func(fs *flag.FlagSet, o *options) {}, compareCommand},
	{"history", func(fs *flag.FlagSet, o *options) {
		fs.StringVar(&o.svg, "svg", "", "also draw the trends as an SVG chart in this file")
	}, historyCommand},
	{"list", func(fs *flag.FlagSet, o *options) {
		rootFlag(fs, o)
		fs.StringVar(&o.casesFile, "cases", "", "case file (default ROOT/harness/cases.txt)")
		fs.BoolVar(&o.long, "long", false, "(list shows long cases anyway; accepted for symmetry with check)")
	}, listCommand},
}

// run is main without os.Exit, for tests. Exit status: 0 ok, 1 a case
// failed or regressed, 2 bad usage, a broken case file or a missing tool.
func run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return exitUsage
	}
	if args[0] == "-h" || args[0] == "-help" || args[0] == "--help" || args[0] == "help" {
		fmt.Fprint(stdout, usage)
		return exitOK
	}
	i := slices.IndexFunc(commands, func(c command) bool { return c.name == args[0] })
	if i < 0 {
		fmt.Fprintf(stderr, "harness: unknown command %q\n%s", args[0], usage)
		return exitUsage
	}
	cmd := commands[i]
	o := &options{}
	fs := flag.NewFlagSet("harness "+cmd.name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	cmd.flags(fs, o)
	rest := args[1:]
	if cmd.name == "instructions" {
		if k := slices.Index(rest, "--"); k >= 0 {
			rest, o.commandArgv = rest[:k], rest[k+1:]
			if len(o.commandArgv) == 0 {
				fmt.Fprintln(stderr, "harness instructions: expected a command after --")
				return exitUsage
			}
		}
	}
	patterns, err := parseInterleaved(fs, rest)
	if errors.Is(err, flag.ErrHelp) {
		fs.SetOutput(stdout)
		fmt.Fprintf(stdout, "usage: harness %s [flags] [ENTRY[/CASE]...]\n\nflags:\n", cmd.name)
		fs.PrintDefaults()
		return exitOK
	}
	if err != nil {
		fmt.Fprintf(stderr, "harness %s: %v\n", cmd.name, flagHint(err, cmd.name))
		fmt.Fprintf(stderr, "run `harness %s -h` for its flags\n", cmd.name)
		return exitUsage
	}
	o.patterns = patterns
	fs.Visit(func(f *flag.Flag) { o.runsGiven = o.runsGiven || f.Name == "runs" })
	if cmd.name == "compare" || cmd.name == "history" { // files, not the repository
		return cmd.run(o, stdout, stderr)
	}
	if o.root == "" {
		if o.root, err = findRoot(); err != nil {
			fmt.Fprintln(stderr, "harness:", err)
			return exitUsage
		}
	}
	if o.casesFile == "" {
		o.casesFile = filepath.Join(o.root, "harness", "cases.txt")
	}
	return cmd.run(o, stdout, stderr)
}

// flagHint turns "flag provided but not defined: -runs" into a sentence that
// says which commands take the flag.
func flagHint(err error, cmdName string) error {
	name, ok := strings.CutPrefix(err.Error(), "flag provided but not defined: -")
	if !ok {
		return err
	}
	var owners []string
	for _, c := range commands {
		fs := flag.NewFlagSet(c.name, flag.ContinueOnError)
		c.flags(fs, &options{})
		if fs.Lookup(name) != nil {
			owners = append(owners, c.name)
		}
	}
	if len(owners) == 0 {
		return fmt.Errorf("no such flag -%s", name)
	}
	return fmt.Errorf("-%s is a flag of %s, not of %s", name, strings.Join(owners, " and "), cmdName)
}

// selected loads the case file and picks the cases the patterns name.
func selected(o *options, stderr io.Writer, classes ...Class) (all, cases []Case, ok bool) {
	if o.timeout < 0 {
		fmt.Fprintf(stderr, "harness: -timeout %v: must be positive\n", o.timeout)
		return nil, nil, false
	}
	all, err := LoadCases(o.casesFile)
	if err == nil {
		if o.long {
			classes = append(classes, ClassLong)
		}
		cases, err = Select(all, o.patterns, classes...)
	}
	if err != nil {
		fmt.Fprintln(stderr, "harness:", err)
		return nil, nil, false
	}
	return all, withTimeout(cases, o.timeout), true
}

// newSession makes the builder and the progress line.
func newSession(o *options, stdout, stderr io.Writer) (*Session, error) {
	b, err := NewBuilder(o.root)
	if err != nil {
		return nil, err
	}
	log := NewProgress(o.quiet)
	log.w = stderr
	return &Session{Root: o.root, Builder: b, Out: stdout, Log: log}, nil
}

func listCommand(o *options, stdout, stderr io.Writer) int {
	_, cases, ok := selected(o, stderr, ClassCheck, ClassBench, ClassLong)
	if !ok {
		return exitUsage
	}
	for _, c := range cases {
		fmt.Fprintf(stdout, "%-28s %-6s %s\n", c.ID(), c.Class, c.Line())
	}
	return exitOK
}

func checkCommand(o *options, stdout, stderr io.Writer) int {
	return withSession(o, stdout, stderr, (*Session).Check, ClassCheck, ClassBench)
}

func updateCommand(o *options, stdout, stderr io.Writer) int {
	return withSession(o, stdout, stderr, (*Session).Update, ClassCheck, ClassBench)
}

// withSession runs a command that goes over the selected cases of the
// given classes with a session (check, update, instructions); do returns
// how many failed.
func withSession(o *options, stdout, stderr io.Writer, do func(*Session, []Case) int, classes ...Class) int {
	_, cases, ok := selected(o, stderr, classes...)
	if !ok {
		return exitUsage
	}
	s, err := newSession(o, stdout, stderr)
	if err != nil {
		fmt.Fprintln(stderr, "harness:", err)
		return exitUsage
	}
	defer s.Builder.Close()
	if do(s, cases) > 0 {
		return exitFailed
	}
	return exitOK
}

// benchOptions checks the bench flags before anything is built: a run of
// minutes must not end in a usage error.
func benchOptions(o *options, all, cases []Case) (BenchOptions, string, error) {
	opt := BenchOptions{Runs: o.runs, Pairs: o.runs, Warmup: o.warmup, Vs: map[string][]string{}, Instructions: o.instructions}
	if !o.runsGiven {
		opt.Pairs = defaultPairs
	}
	format := o.format
	for _, alias := range []struct {
		set  bool
		name string
	}{{o.json, "json"}, {o.md, "md"}, {o.benchfmt, "benchfmt"}} {
		if alias.set {
			if format != "table" && format != alias.name {
				return opt, "", fmt.Errorf("-%s and -format %s ask for two formats", alias.name, format)
			}
			format = alias.name
		}
	}
	switch {
	case !slices.Contains(formats, format):
		return opt, "", fmt.Errorf("-format %q: want one of %s", format, strings.Join(formats, ", "))
	case o.runs < 1:
		return opt, "", errors.New("-runs must be at least 1")
	case o.runs > maxRuns:
		return opt, "", fmt.Errorf("-runs must be at most %d (a comparison sorts every pair of runs)", maxRuns)
	case o.warmup < 0:
		return opt, "", errors.New("-warmup must be 0 or more")
	case o.timeout < 0:
		return opt, "", errors.New("-timeout must be positive")
	}
	for _, v := range o.vs {
		id, argv, err := ParseVs(v)
		if err != nil {
			return opt, "", err
		}
		if err := VsInSelection(id, all, cases); err != nil {
			return opt, "", err
		}
		if _, dup := opt.Vs[id]; dup {
			return opt, "", fmt.Errorf("-vs %s given twice", id)
		}
		opt.Vs[id] = argv
	}
	if o.instructions {
		if _, err := valgrindPath(); err != nil {
			return opt, "", err
		}
	}
	if err := checkWritable("-save", o.save); err != nil {
		return opt, "", err
	}
	if err := checkWritable("-svg", o.svg); err != nil {
		return opt, "", err
	}
	if err := checkWritable("-history", o.history); err != nil {
		return opt, "", err
	}
	if o.readme != "" {
		if _, err := readmeWithFigures(o.readme, nil); err != nil {
			return opt, "", err
		}
		if err := checkCleanTree(o.root, o.readme, o.svg); err != nil {
			return opt, "", err
		}
	}
	return opt, format, nil
}

func benchCommand(o *options, stdout, stderr io.Writer) int {
	all, cases, ok := selected(o, stderr, ClassBench)
	if !ok {
		return exitUsage
	}
	opt, format, err := benchOptions(o, all, cases)
	if err != nil {
		fmt.Fprintln(stderr, "harness bench:", err)
		return exitUsage
	}
	var base *Report
	if o.baseline != "" {
		r, err := LoadReport(o.baseline)
		if err != nil {
			fmt.Fprintln(stderr, "harness bench: -baseline:", err)
			return exitUsage
		}
		base = &r
	}
	rep := Report{Header: ReadHeader(o.root, opt.Runs)}
	if o.failOverSet {
		if err := checkGate(o.gate, o.against != "", opt.Pairs, base, rep.Header, o.instructions); err != nil {
			fmt.Fprintln(stderr, "harness bench:", err)
			return exitUsage
		}
	}
	if o.against != "" {
		r, err := checkoutRevision(o.root, o.against)
		if err != nil {
			fmt.Fprintln(stderr, "harness bench:", err)
			return exitUsage
		}
		defer r.Close(o.root)
		opt.Against = r
		rep.Against = r.name()
	}
	s, err := newSession(o, stdout, stderr)
	if err != nil {
		fmt.Fprintln(stderr, "harness:", err)
		return exitUsage
	}
	defer s.Builder.Close()

	start := time.Now()
	if base != nil {
		rep.BaselineHeader = &base.Header
		rep.Warnings = BaselineWarnings(rep.Header, base.Header, o.baseline)
		for _, w := range rep.Warnings { // said first: before minutes of runs
			fmt.Fprintln(stderr, w)
		}
	}
	rep.Results = s.Bench(cases, opt)
	rep.Warnings = append(rep.Warnings, BusyWarnings(rep.Results)...)
	if base != nil {
		rep.Notes = ApplyBaseline(rep.Results, *base, o.baseline)
	}
	if o.failOverSet {
		kept, notes := s.confirm(Regressions(rep.Results, o.gate), cases, opt, base, o.baseline, o.gate)
		rep.Regressions, rep.Notes = kept, append(rep.Notes, notes...)
	}
	if format != "table" && format != "md" {
		for _, w := range rep.Warnings { // the table and Markdown carry them; other formats are for programs
			fmt.Fprintln(stderr, w)
		}
	}
	status := exitOK
	if err := WriteReport(stdout, format, rep); err != nil {
		fmt.Fprintln(stderr, "harness bench: writing the report:", err)
		status = exitUsage
	}
	for _, out := range []struct {
		flag, file string
		write      func() error
	}{
		{"-save", o.save, func() error { return SaveReport(o.save, rep) }},
		{"-svg", o.svg, func() error { return writeFileWith(o.svg, func(w io.Writer) error { return WriteSVG(w, rep) }) }},
		{"-history", o.history, func() error { return AppendHistory(o.history, rep) }},
		{"-readme", o.readme, func() error { return spliceReadme(o.readme, rep, o.svg) }},
	} {
		if out.file != "" {
			if err := out.write(); err != nil {
				fmt.Fprintf(stderr, "harness bench: %s: %v\n", out.flag, err)
				status = exitUsage
			}
		}
	}

	failed := 0
	for _, m := range rep.Results {
		if m.Status != StatusOK || (m.Vs != nil && m.Vs.Status != StatusOK) || (m.Against != nil && m.Against.Status != StatusOK) {
			failed++
		}
	}
	summary := fmt.Sprintf("bench: %d of %d cases ok", len(rep.Results)-failed, len(rep.Results))
	if failed > 0 {
		summary += fmt.Sprintf(", %d failed", failed)
	}
	if len(rep.Regressions) > 0 {
		summary += fmt.Sprintf(", %d over the -fail-over limits", len(rep.Regressions))
	}
	fmt.Fprintf(stderr, "%s, in %.1f s\n", summary, time.Since(start).Seconds())
	if status == exitOK && (failed > 0 || len(rep.Regressions) > 0) {
		status = exitFailed
	}
	return status
}

// compareCommand compares saved runs without running anything.
func compareCommand(o *options, stdout, stderr io.Writer) int {
	if len(o.patterns) < 2 {
		fmt.Fprintln(stderr, "harness compare: expected two saved runs or more: harness compare A.json B.json [C.json...]")
		return exitUsage
	}
	var reports []Report
	for _, name := range o.patterns {
		r, err := LoadReport(name)
		if err != nil {
			fmt.Fprintln(stderr, "harness compare:", err)
			return exitUsage
		}
		reports = append(reports, r)
	}
	var b strings.Builder
	if err := CompareReports(&b, o.patterns, reports); err != nil {
		fmt.Fprintln(stderr, "harness compare:", err)
		return exitUsage
	}
	io.WriteString(stdout, b.String())
	return exitOK
}

// historyCommand prints a history file's trends.
func historyCommand(o *options, stdout, stderr io.Writer) int {
	if len(o.patterns) == 0 {
		fmt.Fprintln(stderr, "harness history: expected a history file: harness history [-svg FILE] HISTORY [CASE...]")
		return exitUsage
	}
	hs, err := LoadHistory(o.patterns[0])
	var cases []string
	if err == nil {
		cases, err = historyCases(hs, o.patterns[1:])
	}
	if err == nil && o.svg != "" {
		err = writeFileWith(o.svg, func(w io.Writer) error { return WriteHistorySVG(w, hs, cases) })
	}
	if err != nil {
		fmt.Fprintln(stderr, "harness history:", err)
		return exitUsage
	}
	if err := WriteHistoryTable(stdout, hs, cases); err != nil {
		fmt.Fprintln(stderr, "harness history:", err)
		return exitUsage
	}
	return exitOK
}

// writeFileWith writes a file through a writer function, reporting the
// first error of writing or closing.
func writeFileWith(path string, write func(io.Writer) error) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := write(f); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// instructionsCommand counts instructions: of selected bench cases, or of
// one command given after "--".
func instructionsCommand(o *options, stdout, stderr io.Writer) int {
	if _, err := valgrindPath(); err != nil {
		fmt.Fprintln(stderr, "harness instructions:", err)
		return exitUsage
	}
	if o.commandArgv != nil {
		if len(o.patterns) > 0 {
			fmt.Fprintln(stderr, "harness instructions: give cases or -- COMMAND, not both")
			return exitUsage
		}
		cwd, _ := os.Getwd()
		spec := RunSpec{Bin: o.commandArgv[0], Args: o.commandArgv[1:], Dir: cwd, Timeout: o.timeout, StdinFile: os.Stdin}
		n, err := CountInstructions(spec)
		if err != nil {
			fmt.Fprintln(stderr, "harness instructions:", err)
			return exitFailed
		}
		fmt.Fprintf(stdout, "%d instructions (%s)\n", n, millions(n))
		return exitOK
	}
	return withSession(o, stdout, stderr, func(s *Session, cases []Case) int {
		failed := 0
		for i, c := range cases {
			s.Log.Update("instructions [%d/%d] %s: building", i+1, len(cases), c.ID())
			bin, err := s.Builder.Binary(c)
			if err == nil {
				s.Log.Update("instructions [%d/%d] %s: running under callgrind", i+1, len(cases), c.ID())
				var n int64
				n, err = CountInstructions(s.spec(c, bin, false))
				if err == nil {
					s.Log.Clear()
					fmt.Fprintf(stdout, "%-28s %15s instructions (%s)\n", c.ID(), count(n), millions(n))
					continue
				}
			}
			failed++
			s.Log.Failure("FAIL  %s: %v", c.ID(), err)
		}
		return failed
	}, ClassBench)
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

func lintCommand(o *options, stdout, stderr io.Writer) int {
	known := entries(o.root)
	names := o.patterns
	if len(names) == 0 {
		names = known
	}
	for _, e := range names {
		if !slices.Contains(known, e) {
			fmt.Fprintf(stderr, "harness lint: no entry %q (entries: %s)\n", e, strings.Join(known, ", "))
			return exitUsage
		}
	}
	b, err := NewBuilder(o.root)
	if err != nil {
		fmt.Fprintln(stderr, "harness:", err)
		return exitUsage
	}
	defer b.Close()
	failed := 0
	for _, e := range names {
		r := Lint(o.root, e, func() error { _, err := b.Binary(Case{Entry: e}); return err })
		if len(r.Problems) == 0 {
			what := fmt.Sprintf("submit %s", displayPath(r.File))
			if packageEntries[e] {
				what = fmt.Sprintf("build %s, a package of %d hand-written files", displayPath(r.File), r.Files)
			}
			fmt.Fprintf(stdout, "ok    %-10s %s (gz≈ %d bytes)\n", e, what, r.Gz)
			continue
		}
		failed++
		fmt.Fprintf(stdout, "FAIL  %s\n", e)
		for _, p := range r.Problems {
			fmt.Fprintf(stdout, "      %s\n", indent(p, "      "))
		}
	}
	if failed > 0 {
		return exitFailed
	}
	return exitOK
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
