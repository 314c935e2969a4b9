package main

// compare.go sets a run against a saved one (-baseline), says when the two
// were not measured alike, and gates regressions (-fail-over PCT).

import (
	"fmt"
	"math"
)

// BaselineComparison is this run over the saved one, case by case.
type BaselineComparison struct {
	Elapsed Interval `json:"elapsed"` // ratio of medians with its 95% interval
	CPU     Interval `json:"cpu"`
	// Faults is the ratio of median minor page-fault counts.
	Faults Figure `json:"minor_faults_ratio"`
	// Instructions is exact (one callgrind count each), when both were counted.
	Instructions Figure `json:"instructions_ratio"`
}

// ApplyBaseline adds, for each case measured in both, the ratios and their
// intervals; it returns a note for each selected case the baseline cannot
// speak for.
func ApplyBaseline(results []Measurement, base Report, baseFile string) (notes []string) {
	old := map[string]Measurement{}
	for _, m := range base.Results {
		old[m.Case] = m
	}
	for i := range results {
		m := &results[i]
		o, ok := old[m.Case]
		switch {
		case !ok:
			notes = append(notes, fmt.Sprintf("%s: not in the baseline %s: no comparison", m.Case, baseFile))
			continue
		case o.Elapsed.N == 0:
			notes = append(notes, fmt.Sprintf("%s: the baseline %s has no timed runs of it (%s there): no comparison", m.Case, baseFile, o.Status))
			continue
		case m.Elapsed.N == 0:
			continue // this run's own problem is reported already
		}
		c := &BaselineComparison{
			Elapsed:      RatioOfMedians(m.ElapsedRun, o.ElapsedRun),
			CPU:          RatioOfMedians(m.CPURun, o.CPURun),
			Faults:       none,
			Instructions: none,
		}
		if o.Faults.N > 0 && o.Faults.Median > 0 {
			c.Faults = Figure(m.Faults.Median / o.Faults.Median)
		}
		if m.Instructions.Known() && o.Instructions.Known() && o.Instructions > 0 {
			c.Instructions = m.Instructions / o.Instructions
		}
		if !c.Elapsed.Known() {
			notes = append(notes, fmt.Sprintf("%s: %d runs against the baseline's %d are too few for a 95%% interval (4 on each side at least)",
				m.Case, m.Elapsed.N, o.Elapsed.N))
		}
		m.Base = c
	}
	return notes
}

// BaselineWarnings says what differs between the machine and toolchain of
// this run and the baseline's, since a ratio across them measures the
// change of machine as much as the change of code.
func BaselineWarnings(now, base Header, baseFile string) []string {
	var w []string
	differ := func(what, a, b string) {
		if a != b {
			w = append(w, fmt.Sprintf("warning: the baseline %s was measured with %s %s, this run with %s: its timing ratios compare the two as well as the code",
				baseFile, what, quoteEmpty(b), quoteEmpty(a)))
		}
	}
	differ("CPU", now.CPUModel, base.CPUModel)
	differ("Go", now.GoVersion, base.GoVersion)
	differ("GOOS/GOARCH", now.GOOS+"/"+now.GOARCH, base.GOOS+"/"+base.GOARCH)
	differ("GOAMD64", now.GOAMD64, base.GOAMD64)
	return w
}

func quoteEmpty(s string) string {
	if s == "" || s == "/" {
		return "(not recorded)"
	}
	return s
}

// Regressions lists each case that got worse than the baseline by more than
// pct percent: instructions by their exact ratio; elapsed or CPU seconds only
// when the whole 95% interval lies beyond the limit, so noise alone does not
// fail a build.
func Regressions(results []Measurement, pct float64) []string {
	limit := 1 + pct/100
	var out []string
	for _, m := range results {
		b := m.Base
		if b == nil {
			continue
		}
		if b.Instructions.Known() && float64(b.Instructions) > limit {
			out = append(out, fmt.Sprintf("%s: instructions %.3f× the baseline's (exact), over the %g%% allowed", m.Case, float64(b.Instructions), pct))
		}
		for _, t := range []struct {
			name string
			iv   Interval
		}{{"elapsed", b.Elapsed}, {"cpu", b.CPU}} {
			if t.iv.Above(limit) {
				out = append(out, fmt.Sprintf("%s: %s %s× the baseline's, the whole interval over the %g%% allowed", m.Case, t.name, ratioText(t.iv), pct))
			}
		}
	}
	return out
}

// ratioText prints a ratio with its interval: "0.93 [0.90, 0.97]", the
// interval left out when it is missing.
func ratioText(iv Interval) string {
	if math.IsNaN(iv.Ratio) {
		return "-"
	}
	if !iv.Known() {
		return fmt.Sprintf("%.2f [n too small]", iv.Ratio)
	}
	return fmt.Sprintf("%.2f [%.2f, %.2f]", iv.Ratio, iv.Low, iv.High)
}

// ratioCell is ratioText with '*' when the interval excludes 1.
func ratioCell(iv Interval) string {
	s := ratioText(iv)
	if iv.Excludes1() {
		s += " *"
	}
	return s
}
