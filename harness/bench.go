package main

// bench.go is the Benchmarks Game protocol: one checked run, optional warm-up
// runs, then R timed runs with stdout sent to /dev/null, each read back from
// the child's rusage (elapsed, user and system CPU, peak memory, minor page
// faults). With -instructions each case also runs once under callgrind. It
// also runs an external program against a case, alternating with ours run
// for run (-vs).

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// BenchOptions are the bench command's knobs.
type BenchOptions struct {
	Runs         int // timed runs of ours
	Pairs        int // alternating pairs with -vs and -against
	Warmup       int
	Vs           map[string][]string // case ID -> external command and arguments
	Against      *revision           // -against: the entries built at another commit
	Instructions bool                // also count instructions under callgrind
}

// Pairs: 6 are the fewest whose signed-rank interval reaches 95%; 11 by
// default give one narrow enough to gate on.
const (
	minPairs     = 6
	defaultPairs = 11
)

// maxRuns bounds the runs of a case: comparing two sets of runs sorts the
// ratio of every pair (2,000 a side: 4 M ratios, 32 MB).
const maxRuns = 2000

// Figure is a number that may be missing (NaN): "-" in a table, null in JSON.
type Figure float64

var none = Figure(math.NaN())

// Known says whether the figure exists.
func (f Figure) Known() bool { return !math.IsNaN(float64(f)) }

// MarshalJSON writes a missing figure as null.
func (f Figure) MarshalJSON() ([]byte, error) {
	if !f.Known() || math.IsInf(float64(f), 0) {
		return []byte("null"), nil
	}
	return json.Marshal(float64(f))
}

// UnmarshalJSON reads null as missing.
func (f *Figure) UnmarshalJSON(b []byte) error {
	if string(b) == "null" {
		*f = none
		return nil
	}
	return json.Unmarshal(b, (*float64)(f))
}

// Measurement is the figure for one case.
type Measurement struct {
	Case    string  `json:"case"`
	Status  string  `json:"status"`
	Problem string  `json:"problem,omitempty"`
	Elapsed Summary `json:"elapsed_s"`
	CPU     Summary `json:"cpu_s"` // user + system
	Sys     Summary `json:"sys_s"` // the kernel's share of CPU
	Faults  Summary `json:"minor_faults"`
	MaxRSS  int64   `json:"peak_rss_kib"`
	// RSSFromRusage: the peak is rusage's, the harness's memory included
	// (ptrace was not allowed, so the program's own peak was not read).
	RSSFromRusage bool   `json:"peak_rss_from_rusage,omitempty"`
	Load          Figure `json:"cpu_load"` // cpu median / elapsed median: cores kept busy
	Gz            int    `json:"gz_bytes_approx"`
	RateWord      string `json:"rate_word,omitempty"`
	Work          int64  `json:"work,omitempty"`
	Rate          Figure `json:"rate_per_s"`
	Instructions  Figure `json:"instructions"` // one run under callgrind; null when not counted
	// InstructionsProblem says why a count asked for is missing.
	InstructionsProblem string `json:"instructions_problem,omitempty"`

	Runs Runs `json:"runs"` // every timed run's figures

	// Filled in by -baseline.
	Base *BaselineComparison `json:"baseline,omitempty"`
	// Filled in by -vs.
	Vs *VsResult `json:"vs,omitempty"`
	// Filled in by -against: ours against the same case built at REV.
	Against *VsResult `json:"against,omitempty"`
}

// newMeasurement starts a case's record with every figure missing.
func newMeasurement(c Case) Measurement {
	m := Measurement{Case: c.ID(), RateWord: c.Rate, Instructions: none}
	m.summarize()
	return m
}

// Bench measures each case. Failed cases are reported with their status and
// not timed.
func (s *Session) Bench(cases []Case, opt BenchOptions) []Measurement {
	var out []Measurement
	gzCache := map[string]int{}
	for i, c := range cases {
		m := newMeasurement(c)
		if gz, ok := gzCache[c.Entry]; ok {
			m.Gz = gz
		} else if gz, _, err := EntryGz(s.Root, c.Entry); err == nil {
			m.Gz = gz
			gzCache[c.Entry] = m.Gz
		}
		s.benchCase(&m, c, opt, fmt.Sprintf("bench [%d/%d] %s", i+1, len(cases), c.ID()))
		s.Log.Clear()
		m.summarize()
		out = append(out, m)
	}
	return out
}

// benchCase measures one case: its checked run, the -vs and -against
// pairs, the warm-up and timed runs, and its instructions.
func (s *Session) benchCase(m *Measurement, c Case, opt BenchOptions, tag string) {
	s.Log.Update("%s: checked run", tag)
	res, v := s.runChecked(c, false)
	if m.Status = v.Status; v.Status != StatusOK {
		m.Problem = v.Message
		s.Log.Failure("%s: %s\n%s", c.ID(), v.Status, indent(v.Message, "  "))
		return
	}
	if c.Rate != "" {
		if n, ok := WorkCount(c.Rate, res); ok {
			m.Work = n
		} else {
			m.Problem = fmt.Sprintf("case declares @rate=%s but the program printed no %q line", c.Rate, c.Rate+" N")
		}
	}
	bin, _ := s.Builder.Binary(c) // built by the checked run
	spec := s.spec(c, bin, false)
	if ext, ok := opt.Vs[c.ID()]; ok {
		m.Vs = s.vs(c, spec, ext, opt, tag)
	}
	if opt.Against != nil {
		m.Against = s.against(c, spec, opt, tag)
	}
	for w := 0; w < opt.Warmup; w++ {
		s.Log.Update("%s: warm-up %d/%d", tag, w+1, opt.Warmup)
		s.Runner.Run(spec)
	}
	for r := 0; r < opt.Runs; r++ {
		s.Log.Update("%s: run %d/%d", tag, r+1, opt.Runs)
		res := s.Runner.Run(spec)
		if p := res.Problem(); p != "" {
			m.Status, m.Problem = StatusError, "timed run "+fmt.Sprint(r+1)+": "+p
			if res.TimedOut {
				m.Status = StatusTimeout
			}
			return
		}
		m.addRun(res)
	}
	if opt.Instructions {
		s.Log.Update("%s: counting instructions under callgrind", tag)
		m.Instructions, m.InstructionsProblem = s.countFigure(c, spec)
		for _, v := range []*VsResult{m.Vs, m.Against} {
			if v != nil && v.Status == StatusOK {
				s.Log.Update("%s: counting instructions of %s under callgrind", tag, v.Command)
				v.TheirInstructions, v.InstructionsProblem = s.countFigure(c, v.spec)
			}
		}
	}
}

// countFigure is case c's count of instructions as a figure and a reason
// for its absence.
func (s *Session) countFigure(c Case, spec RunSpec) (Figure, string) {
	spec.Timeout = valgrindTimeout(c)
	n, err := s.Counter.Count(spec)
	if err != nil {
		return none, err.Error()
	}
	return Figure(n), ""
}

// Runs are the figures of a program's timed runs, one entry a run.
type Runs struct {
	Elapsed []float64 `json:"elapsed_s"`
	CPU     []float64 `json:"cpu_s"` // user + system
	Sys     []float64 `json:"sys_s"`
	Faults  []float64 `json:"minor_faults"`
	RSS     []int64   `json:"peak_rss_kib"`
}

// add takes in one run.
func (rs *Runs) add(r Result) {
	rs.Elapsed = append(rs.Elapsed, r.Elapsed.Seconds())
	rs.CPU = append(rs.CPU, r.CPU.Seconds())
	rs.Sys = append(rs.Sys, r.SysCPU.Seconds())
	rs.Faults = append(rs.Faults, float64(r.MinFlt))
	rs.RSS = append(rs.RSS, r.MaxRSS)
}

// consistent says whether every figure has one entry a run.
func (rs Runs) consistent() bool {
	n := len(rs.Elapsed)
	return len(rs.CPU) == n && len(rs.Sys) == n && len(rs.Faults) == n && len(rs.RSS) == n
}

func (m *Measurement) addRun(r Result) {
	m.Runs.add(r)
	m.RSSFromRusage = m.RSSFromRusage || r.MaxRSSFromRusage
}

func (m *Measurement) summarize() {
	m.Elapsed = Summarize(m.Runs.Elapsed)
	m.CPU = Summarize(m.Runs.CPU)
	m.Sys = Summarize(m.Runs.Sys)
	m.Faults = Summarize(m.Runs.Faults)
	m.MaxRSS = 0
	for _, k := range m.Runs.RSS {
		m.MaxRSS = max(m.MaxRSS, k)
	}
	m.Load, m.Rate = none, none
	if m.Elapsed.N > 0 && m.Elapsed.Median > 0 {
		m.Load = Figure(m.CPU.Median / m.Elapsed.Median)
		if m.Work > 0 {
			m.Rate = Figure(float64(m.Work) / m.Elapsed.Median)
		}
	}
}

// Busy-machine signals. A program whose every run kept at most one core
// busy should show a load near 1 (a little above: Go's collector runs
// beside it); well under 1 means it waited for a CPU that others held (a
// program meant for two cores that got less than one shows it too). Elapsed times
// spread wider than a third of the median mean the runs did not see the same
// machine; on runs of a few milliseconds that much is ordinary start-up
// jitter, so the spread must also exceed wideSpreadSeconds.
const (
	oneCoreMaxLoad    = 1.3  // every run below this: at most one core's worth
	busyLoad          = 0.85 // such a case below this waited for a CPU
	wideSpread        = 0.33 // (max-min)/median of elapsed
	wideSpreadSeconds = 0.02 // and max-min at least this
)

// BusyWarnings says which cases show that the machine was busy, so that the
// timing figures of this run are not to be trusted (instructions and page
// faults do not depend on it).
func BusyWarnings(results []Measurement) []string {
	var why []string
	for _, m := range results {
		why = append(why, busyReasons(m)...)
	}
	if len(why) == 0 {
		return nil
	}
	return []string{"warning: the machine looks busy (" + strings.Join(why, "; ") +
		"): do not trust this run's timing figures; instructions and page faults are not affected"}
}

// busyReasons are the signs in one case's runs that the machine was busy.
func busyReasons(m Measurement) []string {
	if m.Elapsed.N < 3 {
		return nil
	}
	var why []string
	underOneCore := true
	for i := range m.Runs.Elapsed {
		if m.Runs.CPU[i]/m.Runs.Elapsed[i] >= oneCoreMaxLoad {
			underOneCore = false
		}
	}
	if underOneCore && float64(m.Load) < busyLoad {
		why = append(why, fmt.Sprintf("%s kept only %.2f of a core busy, though no run used more than one core's worth", m.Case, float64(m.Load)))
	}
	if sp := m.Elapsed.Spread(); sp > wideSpread && m.Elapsed.Max-m.Elapsed.Min > wideSpreadSeconds {
		why = append(why, fmt.Sprintf("%s's elapsed times spread %.0f%% of their median", m.Case, 100*sp))
	}
	return why
}

// VsResult compares our program (ours) with an external one (theirs), run
// for run: the pairs are ours, theirs, ours, theirs, ...
type VsResult struct {
	Command string   `json:"command"`
	Status  string   `json:"status"`
	Problem string   `json:"problem,omitempty"`
	Ours    Runs     `json:"ours"`
	Theirs  Runs     `json:"theirs"`
	Elapsed Interval `json:"elapsed_ratio"` // ours / theirs, pair by pair
	CPU     Interval `json:"cpu_ratio"`
	Faults  Interval `json:"minor_faults_ratio"`
	// TheirInstructions is counted with -instructions, when valgrind can run it.
	TheirInstructions   Figure `json:"theirs_instructions"`
	InstructionsProblem string `json:"theirs_instructions_problem,omitempty"`

	spec RunSpec // how theirs was run
}

// VsInSelection reports why -vs may not name a case: it must exist and be
// one of the cases this bench runs (a bench case the patterns select).
func VsInSelection(id string, all, selected []Case) error {
	for _, c := range selected {
		if c.ID() == id {
			return nil
		}
	}
	for _, c := range all {
		if c.ID() == id {
			if c.Class != ClassBench {
				return fmt.Errorf("-vs %s: a %s case; bench times only bench cases", id, c.Class)
			}
			return fmt.Errorf("-vs %s: not among the cases selected; name it (or its entry) too: harness bench -vs '...' %s", id, id)
		}
	}
	return fmt.Errorf("-vs %s: no such case in the case file", id)
}

// ParseVs reads -vs 'ENTRY/CASE=COMMAND ARGS' (split on spaces, no shell).
func ParseVs(spec string) (id string, argv []string, err error) {
	id, cmd, ok := strings.Cut(spec, "=")
	argv = strings.Fields(cmd)
	if !ok || !strings.Contains(id, "/") || len(argv) == 0 {
		return "", nil, fmt.Errorf("-vs %q: expected 'ENTRY/CASE=COMMAND ARGS'", spec)
	}
	return id, argv, nil
}

// vs runs an external command against case c (from the working directory,
// with the case's stdin).
func (s *Session) vs(c Case, ours RunSpec, ext []string, opt BenchOptions, tag string) *VsResult {
	cwd, _ := os.Getwd()
	theirs := RunSpec{Bin: ext[0], Args: ext[1:], Dir: cwd, Timeout: c.Timeout}
	if c.Stdin != "" {
		theirs.Stdin = filepath.Join(s.Root, c.Entry, c.Stdin)
	}
	if strings.Contains(ext[0], "/") && !filepath.IsAbs(ext[0]) {
		theirs.Bin = filepath.Join(cwd, ext[0])
	} // a bare name is resolved through PATH by exec
	return s.pairs(c, ours, theirs, strings.Join(ext, " "), opt, tag)
}

// pairs checks the other program's output against the case's expected
// file, then alternates ours and theirs for opt.Pairs pairs.
func (s *Session) pairs(c Case, ours, theirs RunSpec, name string, opt BenchOptions, tag string) *VsResult {
	v := &VsResult{Command: name, Elapsed: missing, CPU: missing, Faults: missing, TheirInstructions: none}
	v.spec = theirs
	s.Log.Update("%s: checked run of %s", tag, v.Command)
	checked := theirs
	want := readExpected(c, s.Root)
	checked.CaptureStdout, checked.StdoutLimit, checked.HashStdout = true, want.stdoutLimit(c), c.SHA256 != ""
	verdict := Judge(c, s.Runner.Run(checked), want)
	v.Status = verdict.Status
	if verdict.Status != StatusOK {
		v.Problem = verdict.Message
		s.Log.Failure("%s vs %s: %s\n%s", c.ID(), v.Command, verdict.Status, indent(verdict.Message, "  "))
		return v
	}
	for r := 0; r < opt.Pairs; r++ {
		s.Log.Update("%s: vs pair %d/%d", tag, r+1, opt.Pairs)
		a, b := s.Runner.Run(ours), s.Runner.Run(theirs)
		if p := a.Problem() + b.Problem(); p != "" {
			v.Status, v.Problem = StatusError, "pair "+fmt.Sprint(r+1)+": "+p
			break
		}
		v.Ours.add(a)
		v.Theirs.add(b)
	}
	v.Elapsed = PairedRatio(v.Ours.Elapsed, v.Theirs.Elapsed)
	v.CPU = PairedRatio(v.Ours.CPU, v.Theirs.CPU)
	v.Faults = PairedRatio(v.Ours.Faults, v.Theirs.Faults)
	return v
}

// withTimeout applies a -timeout given on the command line to every case.
func withTimeout(cases []Case, d time.Duration) []Case {
	if d <= 0 {
		return cases
	}
	out := append([]Case(nil), cases...)
	for i := range out {
		out[i].Timeout, out[i].TimeoutFromFlag = d, true
	}
	return out
}
