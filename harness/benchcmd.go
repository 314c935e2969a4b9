package main

// benchcmd.go is the bench command: its flags, and a pipeline of three
// steps: plan (every usage error found before anything runs), measure
// (the session's runs), publish (the report, the files asked for, the
// summary line and the status).

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"time"
)

// benchFlags are bench's flags.
type benchFlags struct {
	*caseFlags
	runs, warmup             int
	runsGiven                bool
	format                   string
	aliases                  map[string]*bool // -md, -json, ...: one a format but the default
	save, baseline, svg      string
	readme, against, history string
	vs                       stringList
	instructions             bool
	gate                     Gate
	gateGiven                bool
}

// stringList is a repeatable flag.
type stringList []string

func (s *stringList) String() string     { return fmt.Sprint(*s) }
func (s *stringList) Set(v string) error { *s = append(*s, v); return nil }

func declareBench(fs *flag.FlagSet) action {
	f := &benchFlags{caseFlags: declareCaseRun(fs, "every run, ours and -vs programs, more than 0 (default: the case's @timeout or its class's)"), aliases: map[string]*bool{}}
	fs.IntVar(&f.runs, "runs", 5, "timed runs a case after the checked run, and pairs with -vs and -against (where the default is 11)")
	fs.IntVar(&f.warmup, "warmup", 0, "untimed runs before the timed ones")
	fs.StringVar(&f.format, "format", formats[0].name, "output format: "+formatNames())
	for _, format := range formats[1:] {
		f.aliases[format.name] = fs.Bool(format.name, false, "same as -format "+format.name+": "+format.help)
	}
	fs.StringVar(&f.save, "save", "", "also store the results in this file (JSON), for a later -baseline")
	fs.StringVar(&f.baseline, "baseline", "", "compare with results stored by -save: ratios with 95% intervals")
	fs.StringVar(&f.svg, "svg", "", "also draw the results as an SVG chart in this file")
	fs.StringVar(&f.readme, "readme", "", "also put the Markdown table (and the -svg chart) into this file, between its "+readmeStart+" and "+readmeEnd+" lines")
	fs.BoolVar(&f.instructions, "instructions", false, "also run each case once under callgrind and count its instructions (needs valgrind)")
	fs.Func("fail-over", "exit 1 naming each case over the limit: `PCT` for every metric the comparison can judge, or METRIC=PCT,... (instructions, cpu, elapsed, faults); with -against, in pairs; with -baseline, instructions and faults unless times are named", func(s string) error {
		g, err := ParseGate(s)
		f.gate, f.gateGiven = g, err == nil
		return err
	})
	fs.StringVar(&f.against, "against", "", "build each entry at git revision `REV` (HEAD~1, main, a hash) and run it in alternating pairs with ours")
	fs.StringVar(&f.history, "history", "", "also append this run's figures to `FILE` (one JSON line a run), for harness history")
	fs.Var(&f.vs, "vs", "'ENTRY/CASE=COMMAND ARGS': check an external program and alternate it with ours (repeatable)")
	return func(c *cmdline) int {
		fs.Visit(func(fl *flag.Flag) { f.runsGiven = f.runsGiven || fl.Name == "runs" })
		return f.bench(c)
	}
}

// bench times the bench cases.
func (f *benchFlags) bench(c *cmdline) int {
	p, err := f.plan(c)
	var unwritable writeError
	switch {
	case errors.As(err, &unwritable):
		return c.fail(exitWrite, "%v", err)
	case err != nil:
		return c.fail(exitUsage, "%v", err)
	}
	defer p.close()
	start := time.Now()
	rep, err := p.measure(c)
	if err != nil {
		return c.fail(exitUsage, "%v", err)
	}
	return p.publish(c, rep, start)
}

// benchPlan is what a bench will do, every flag checked.
type benchPlan struct {
	f       *benchFlags
	cases   []Case
	opt     BenchOptions
	format  reportFormat
	base    *Report // -baseline
	header  Header
	session *Session
}

// plan checks the flags and makes ready: the cases, the options, the
// baseline and the gate, the files to write, the revision checked out. A
// run of minutes must not end in a usage error.
func (f *benchFlags) plan(c *cmdline) (*benchPlan, error) {
	all, cases, err := f.selected(c, ClassBench)
	if err != nil {
		return nil, err
	}
	p := &benchPlan{f: f, cases: cases}
	if p.opt, p.format, err = f.options(c, all, cases); err != nil {
		return nil, err
	}
	if f.baseline != "" {
		r, err := LoadReport(f.baseline)
		if err != nil {
			return nil, fmt.Errorf("-baseline: %v", err)
		}
		p.base = &r
	}
	p.header = ReadHeader(f.root, p.opt.Runs)
	if f.gateGiven {
		var ids []string
		for _, c := range cases {
			ids = append(ids, c.ID())
		}
		if err := checkGate(f.gate, f.against != "", p.opt.Pairs, p.base, f.baseline, p.header, f.instructions, ids, p.opt.Runs); err != nil {
			return nil, err
		}
	}
	if p.session, err = f.newSession(c); err != nil {
		return nil, err
	}
	if f.against != "" {
		if p.opt.Against, err = checkoutRevision(f.root, f.against, c.tools.runner); err != nil {
			p.close()
			return nil, err
		}
	}
	return p, nil
}

// options checks bench's flags into BenchOptions and the format.
func (f *benchFlags) options(c *cmdline, all, cases []Case) (BenchOptions, reportFormat, error) {
	opt := BenchOptions{Runs: f.runs, Pairs: f.runs, Warmup: f.warmup, Vs: map[string][]string{}, Instructions: f.instructions}
	if !f.runsGiven {
		opt.Pairs = defaultPairs
	}
	chosen, err := f.chosenFormat()
	switch {
	case err != nil:
		return opt, chosen, err
	case f.runs < 1:
		return opt, chosen, errors.New("-runs must be at least 1")
	case f.runs > maxRuns:
		return opt, chosen, fmt.Errorf("-runs must be at most %d (a comparison sorts every pair of runs)", maxRuns)
	case f.warmup < 0:
		return opt, chosen, errors.New("-warmup must be 0 or more")
	}
	for _, v := range f.vs {
		id, argv, err := ParseVs(v)
		if err == nil {
			err = VsInSelection(id, all, cases)
		}
		if _, dup := opt.Vs[id]; err == nil && dup {
			err = fmt.Errorf("-vs %s given twice", id)
		}
		if err != nil {
			return opt, chosen, err
		}
		opt.Vs[id] = argv
	}
	if f.instructions {
		if err := c.tools.counter.Ready(); err != nil {
			return opt, chosen, err
		}
	}
	return opt, chosen, f.checkOutputs()
}

// chosenFormat is the format -format or one of its aliases names.
func (f *benchFlags) chosenFormat() (reportFormat, error) {
	name := f.format
	for alias, set := range f.aliases {
		if *set {
			if name != formats[0].name && name != alias {
				return reportFormat{}, fmt.Errorf("-%s and -format %s ask for two formats", alias, name)
			}
			name = alias
		}
	}
	chosen, known := formatNamed(name)
	if !known {
		return chosen, fmt.Errorf("-format %q: want one of %s", name, formatNames())
	}
	return chosen, nil
}

// checkOutputs checks, before anything runs, that the files bench is to
// write can be written: -history a history to append to, -readme a README
// with its markers in a clean tree.
func (f *benchFlags) checkOutputs() error {
	for _, out := range []struct{ flag, path string }{{"-save", f.save}, {"-svg", f.svg}, {"-history", f.history}} {
		if err := checkWritable(out.flag, out.path); err != nil {
			return err
		}
	}
	if f.history != "" {
		if err := appendableHistory(f.history); err != nil {
			return err
		}
	}
	if f.readme != "" {
		if _, err := readmeWithFigures(f.readme, nil); err != nil {
			return fmt.Errorf("-readme: %v", err)
		}
		return checkCleanTree(f.root, f.readme, f.svg)
	}
	return nil
}

// writeError is a file bench cannot write, found before it runs.
type writeError struct{ error }

// close removes the session's binaries and the revision's worktree.
func (p *benchPlan) close() {
	if p.opt.Against != nil {
		p.opt.Against.Close()
	}
	if p.session != nil {
		p.session.Builder.Close()
	}
}

// measure runs the cases and judges the runs: warnings, the baseline's
// ratios, the gate's regressions (measured again before they fail).
func (p *benchPlan) measure(c *cmdline) (Report, error) {
	f := p.f
	rep := Report{Header: p.header}
	if p.opt.Against != nil {
		rep.Against = p.opt.Against.name()
	}
	if p.base != nil {
		rep.BaselineHeader = &p.base.Header
		rep.Warnings = BaselineWarnings(rep.Header, p.base.Header, f.baseline)
		for _, w := range rep.Warnings { // said first: before minutes of runs
			fmt.Fprintln(c.stderr, w)
		}
	}
	rep.Results = p.session.Bench(p.cases, p.opt)
	rep.Warnings = append(rep.Warnings, BusyWarnings(rep.Results)...)
	if p.base != nil {
		rep.Notes = ApplyBaseline(rep.Results, *p.base, f.baseline)
	}
	if f.gateGiven {
		kept, notes := p.session.confirm(Regressions(rep.Results, f.gate), p.cases, p.opt, p.base, f.baseline, f.gate)
		rep.Regressions, rep.Notes = kept, append(rep.Notes, notes...)
	}
	return rep, nil
}

// publish prints the report, writes the files asked for and the summary
// line, and returns the status: exitWrite when a write failed.
func (p *benchPlan) publish(c *cmdline, rep Report, start time.Time) int {
	f := p.f
	if !p.format.forPeople {
		for _, w := range rep.Warnings { // the table and Markdown carry them
			fmt.Fprintln(c.stderr, w)
		}
	}
	failedWrites := 0
	if err := p.format.write(c.stdout, rep); err != nil {
		fmt.Fprintf(c.stderr, "harness bench: writing the report: %v\n", err)
		failedWrites++
	}
	for _, out := range []struct {
		flag, file string
		write      func() error
	}{
		{"-save", f.save, func() error { return SaveReport(f.save, rep) }},
		{"-svg", f.svg, func() error { return writeFileWith(f.svg, func(w io.Writer) error { return WriteSVG(w, rep) }) }},
		{"-history", f.history, func() error { return AppendHistory(f.history, rep) }},
		{"-readme", f.readme, func() error { return spliceReadme(f.readme, rep, f.svg) }},
	} {
		if out.file != "" {
			if err := c.tools.runner.unlessStopped(out.write); err != nil {
				fmt.Fprintf(c.stderr, "harness bench: %s: %v\n", out.flag, err)
				failedWrites++
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
	if failedWrites > 0 {
		summary += fmt.Sprintf(", but %d of its outputs could not be written", failedWrites)
	}
	fmt.Fprintf(c.stderr, "%s, in %.1f s\n", summary, time.Since(start).Seconds())
	switch {
	case failedWrites > 0:
		return exitWrite
	case failed > 0 || len(rep.Regressions) > 0:
		return exitFailed
	}
	return exitOK
}
