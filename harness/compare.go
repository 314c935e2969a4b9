package main

// compare.go sets a run against a saved one (-baseline) and says when the
// two were not measured alike; harness compare sets saved runs against
// each other.

import (
	"fmt"
	"io"
	"math"
	"slices"
)

// BaselineComparison is this run over the saved one, case by case.
type BaselineComparison struct {
	Elapsed Interval `json:"elapsed"` // ratio of medians with its 95% interval
	CPU     Interval `json:"cpu"`
	Faults  Interval `json:"minor_faults"`
	// Instructions is exact (one callgrind count each), when both were counted.
	Instructions Figure `json:"instructions_ratio"`
	// Approximate: past exactLimit runs a side, the intervals come from
	// the normal approximation, not the exact distribution.
	Approximate bool `json:"approximate,omitempty"`
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
			Elapsed:      IndependentRatio(m.Runs.Elapsed, o.Runs.Elapsed),
			CPU:          IndependentRatio(m.Runs.CPU, o.Runs.CPU),
			Faults:       IndependentRatio(m.Runs.Faults, o.Runs.Faults),
			Instructions: none,
			Approximate:  m.Elapsed.N > exactLimit || o.Elapsed.N > exactLimit,
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

// CompareReports sets saved runs against the first, case by case: the
// same ratios and intervals as -baseline, for each later file. Files from
// another CPU or GOMAXPROCS than the first are refused: their times would
// compare the machines.
func CompareReports(w io.Writer, names []string, reports []Report) error {
	first := reports[0]
	for k, r := range reports[1:] {
		for _, d := range []struct{ what, a, b string }{{"CPU", r.Header.CPUModel, first.Header.CPUModel}, {"GOMAXPROCS", r.Header.GOMAXPROCS, first.Header.GOMAXPROCS}} {
			if d.a != d.b {
				return fmt.Errorf("%s was measured with %s %s, %s with %s: their times do not compare", names[k+1], d.what, quoteEmpty(d.a), names[0], quoteEmpty(d.b))
			}
		}
	}
	head := []string{"case"}
	for _, n := range names[1:] {
		head = append(head, n+" elapsed", "cpu", "instructions")
	}
	table := [][]string{head}
	var notes []string
	for _, m := range first.Results {
		row, seen := []string{m.Case}, false
		for k, r := range reports[1:] {
			i := slices.IndexFunc(r.Results, func(x Measurement) bool { return x.Case == m.Case })
			if i < 0 {
				row = append(row, "-", "-", "-")
				continue
			}
			seen = true
			later := []Measurement{r.Results[i]}
			for _, note := range ApplyBaseline(later, first, names[0]) {
				notes = append(notes, names[k+1]+": "+note)
			}
			b := later[0].Base
			if b == nil {
				row = append(row, "-", "-", "-")
				continue
			}
			instr := "-"
			if b.Instructions.Known() {
				instr = fmt.Sprintf("%.4f", float64(b.Instructions))
			}
			row = append(row, ratioCell(b.Elapsed), ratioCell(b.CPU), instr)
		}
		if seen {
			table = append(table, row)
		}
	}
	if len(table) == 1 {
		return fmt.Errorf("no case of %s is in the other files", names[0])
	}
	ew := &errWriter{w: w}
	for i, r := range reports {
		ew.printf("# %s: %s\n", names[i], r.Header.String())
	}
	for _, line := range aligned(table, 1) {
		ew.printf("%s\n", line)
	}
	ew.printf("ratios: each file / %s, Hodges-Lehmann estimate [95%% interval] over the runs; * marks an interval that excludes 1; instructions exact.\n", names[0])
	for _, n := range notes {
		ew.printf("note: %s\n", n)
	}
	return ew.err
}
