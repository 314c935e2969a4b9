package main

// bench.go is the Benchmarks Game protocol: one checked run, optional warm-up
// runs, then R timed runs with stdout sent to /dev/null. It also runs an
// external program against a case, alternating with ours run for run.

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// BenchOptions are the bench command's knobs.
type BenchOptions struct {
	Runs   int
	Warmup int
	Vs     map[string][]string // case ID -> external command and arguments
}

// Measurement is the figure for one case.
type Measurement struct {
	Case       string    `json:"case"`
	Status     string    `json:"status"`
	Problem    string    `json:"problem,omitempty"`
	Elapsed    Summary   `json:"elapsed_s"`
	CPU        Summary   `json:"cpu_s"`
	MaxRSS     int64     `json:"peak_rss_kib"`
	Load       float64   `json:"cpu_load"`
	Gz         int       `json:"gz_bytes_approx"`
	RateWord   string    `json:"rate_word,omitempty"`
	Work       int64     `json:"work,omitempty"`
	Rate       float64   `json:"rate_per_s,omitempty"`
	ElapsedRun []float64 `json:"elapsed_runs_s"`
	CPURun     []float64 `json:"cpu_runs_s"`
	RSSRun     []int64   `json:"rss_runs_kib"`

	// Filled in by -baseline.
	Base *BaselineRatio `json:"baseline,omitempty"`
	// Filled in by -vs.
	Vs *VsResult `json:"vs,omitempty"`
}

// Bench measures each case. Failed cases are reported with their status and
// not timed.
func (s *Session) Bench(cases []Case, opt BenchOptions) []Measurement {
	var out []Measurement
	gzCache := map[string]int{}
	for i, c := range cases {
		m := Measurement{Case: c.ID(), RateWord: c.Rate}
		if gz, ok := gzCache[c.Entry]; ok {
			m.Gz = gz
		} else if src, err := os.ReadFile(filepath.Join(s.Root, c.Entry, "main.go")); err == nil {
			m.Gz = GzSize(src)
			gzCache[c.Entry] = m.Gz
		}
		tag := fmt.Sprintf("bench [%d/%d] %s", i+1, len(cases), c.ID())
		s.Log.Update("%s: checked run", tag)
		res, v := s.runChecked(c)
		m.Status = v.Status
		if v.Status != StatusOK {
			m.Problem = v.Message
			s.Log.Clear()
			s.Log.Failure("%s: %s\n%s", c.ID(), v.Status, indent(v.Message, "  "))
			out = append(out, m)
			continue
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
		for w := 0; w < opt.Warmup; w++ {
			s.Log.Update("%s: warm-up %d/%d", tag, w+1, opt.Warmup)
			Run(spec)
		}
		for r := 0; r < opt.Runs; r++ {
			s.Log.Update("%s: run %d/%d", tag, r+1, opt.Runs)
			res := Run(spec)
			if p := res.Problem(); p != "" {
				m.Status = StatusError
				if res.TimedOut {
					m.Status = StatusTimeout
				}
				m.Problem = "timed run " + fmt.Sprint(r+1) + ": " + p
				break
			}
			m.addRun(res)
		}
		s.Log.Clear()
		m.summarize()
		out = append(out, m)
	}
	return out
}

func (m *Measurement) addRun(r Result) {
	m.ElapsedRun = append(m.ElapsedRun, r.Elapsed.Seconds())
	m.CPURun = append(m.CPURun, r.CPU.Seconds())
	m.RSSRun = append(m.RSSRun, r.MaxRSS)
}

func (m *Measurement) summarize() {
	m.Elapsed = Summarize(m.ElapsedRun)
	m.CPU = Summarize(m.CPURun)
	for _, k := range m.RSSRun {
		m.MaxRSS = max(m.MaxRSS, k)
	}
	if m.Elapsed.N > 0 && m.Elapsed.Median > 0 {
		m.Load = m.CPU.Median / m.Elapsed.Median
		if m.Work > 0 {
			m.Rate = float64(m.Work) / m.Elapsed.Median
		}
	}
}

// VsResult compares our program (A) with an external one (B), run for run.
type VsResult struct {
	Command      string    `json:"command"`
	Status       string    `json:"status"`
	Problem      string    `json:"problem,omitempty"`
	OursElapsed  []float64 `json:"ours_elapsed_s"`
	TheirElapsed []float64 `json:"theirs_elapsed_s"`
	OursCPU      []float64 `json:"ours_cpu_s"`
	TheirCPU     []float64 `json:"theirs_cpu_s"`
	Ratio        Summary   `json:"elapsed_ratio"` // ours / theirs, pair by pair
	CPURatio     Summary   `json:"cpu_ratio"`
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

// vs checks the external command's output against the case's expected file,
// then alternates A B A B ... for opt.Runs pairs.
func (s *Session) vs(c Case, ours RunSpec, ext []string, opt BenchOptions, tag string) *VsResult {
	v := &VsResult{Command: strings.Join(ext, " ")}
	cwd, _ := os.Getwd()
	theirs := RunSpec{Bin: ext[0], Args: ext[1:], Dir: cwd, Timeout: c.Timeout}
	if c.Stdin != "" {
		theirs.Stdin = filepath.Join(s.Root, c.Entry, c.Stdin)
	}
	if !strings.Contains(ext[0], "/") {
		theirs.Bin = ext[0] // resolved through PATH by exec
	} else if !filepath.IsAbs(ext[0]) {
		theirs.Bin = filepath.Join(cwd, ext[0])
	}
	s.Log.Update("%s: checked run of %s", tag, v.Command)
	checked := theirs
	checked.CaptureStdout = true
	verdict := Judge(c, Run(checked), c.ExpectedPath(s.Root))
	v.Status = verdict.Status
	if verdict.Status != StatusOK {
		v.Problem = verdict.Message
		s.Log.Clear()
		s.Log.Failure("%s vs %s: %s\n%s", c.ID(), v.Command, verdict.Status, indent(verdict.Message, "  "))
		return v
	}
	var ratios, cpuRatios []float64
	for r := 0; r < opt.Runs; r++ {
		s.Log.Update("%s: vs pair %d/%d", tag, r+1, opt.Runs)
		a, b := Run(ours), Run(theirs)
		if p := a.Problem() + b.Problem(); p != "" {
			v.Status, v.Problem = StatusError, "pair "+fmt.Sprint(r+1)+": "+p
			break
		}
		v.OursElapsed = append(v.OursElapsed, a.Elapsed.Seconds())
		v.TheirElapsed = append(v.TheirElapsed, b.Elapsed.Seconds())
		v.OursCPU = append(v.OursCPU, a.CPU.Seconds())
		v.TheirCPU = append(v.TheirCPU, b.CPU.Seconds())
		ratios = append(ratios, a.Elapsed.Seconds()/b.Elapsed.Seconds())
		if b.CPU > 0 {
			cpuRatios = append(cpuRatios, a.CPU.Seconds()/b.CPU.Seconds())
		}
	}
	v.Ratio, v.CPURatio = Summarize(ratios), Summarize(cpuRatios)
	return v
}
