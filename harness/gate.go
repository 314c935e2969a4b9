package main

// gate.go is -fail-over: the metrics a bench fails on and their limits.
//
//	-fail-over 5                      every metric the comparison can judge, 5%
//	-fail-over instructions=1,cpu=10  only these, each with its own limit
//
// With -against REV the comparison is paired, in the same run: instructions
// (exact, with -instructions), cpu, elapsed and faults (the whole 95%
// interval of the pair ratios over the limit). With -baseline FILE it is a
// saved run: a bare PCT gates instructions and page faults, the figures a
// busy machine does not move, since times drift between one run and
// another; cpu and elapsed are gated only when named (the whole interval
// over the limit), and only against a baseline from the same CPU,
// GOMAXPROCS and Go. A time or
// fault count over its limit is measured again before it fails the run.

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
)

// The metrics a gate knows.
const (
	metricInstructions = "instructions"
	metricCPU          = "cpu"
	metricElapsed      = "elapsed"
	metricFaults       = "faults"
)

var metrics = []string{metricInstructions, metricCPU, metricElapsed, metricFaults}

// Gate is the limit of each gated metric, in percent; bare says it came
// from a plain PCT, whose metrics depend on the comparison.
type Gate struct {
	Limits map[string]float64
	Bare   bool
}

// ParseGate reads -fail-over's value.
func ParseGate(spec string) (Gate, error) {
	pct := func(s string) (float64, error) {
		v, err := strconv.ParseFloat(s, 64)
		if err != nil || v < 0 || math.IsInf(v, 0) || math.IsNaN(v) {
			return 0, fmt.Errorf("%q: want a percentage, 0 or more, such as 5", s)
		}
		return v, nil
	}
	g := Gate{Limits: map[string]float64{}}
	if !strings.Contains(spec, "=") {
		v, err := pct(spec)
		for _, m := range metrics {
			g.Limits[m] = v
		}
		g.Bare = true
		return g, err
	}
	for _, part := range strings.Split(spec, ",") {
		name, val, _ := strings.Cut(part, "=")
		switch {
		case !slices.Contains(metrics, name):
			return g, fmt.Errorf("%q: want METRIC=PCT with METRIC one of %s", part, strings.Join(metrics, ", "))
		}
		if _, dup := g.Limits[name]; dup {
			return g, fmt.Errorf("%s given twice", name)
		}
		v, err := pct(val)
		if err != nil {
			return g, err
		}
		g.Limits[name] = v
	}
	return g, nil
}

// forBaseline is the gate as it applies to a saved baseline.
func (g Gate) forBaseline() Gate {
	if !g.Bare {
		return g
	}
	return Gate{Limits: map[string]float64{metricInstructions: g.Limits[metricInstructions], metricFaults: g.Limits[metricFaults]}}
}

// gates says whether the metric is gated, and its limit as a ratio.
func (g Gate) gates(metric string) (float64, bool) {
	pct, ok := g.Limits[metric]
	return 1 + pct/100, ok
}

// timed says whether the gate judges a time.
func (g Gate) timed() bool {
	_, cpu := g.Limits[metricCPU]
	_, elapsed := g.Limits[metricElapsed]
	return cpu || elapsed
}

// checkGate refuses, before anything runs, a gate the comparison cannot
// judge honestly, or at all: it fails closed. Against a baseline, every
// case must be there with timed runs, a named instruction gate needs its
// counts, and a gate on times or faults 4 runs a side for an interval.
func checkGate(g Gate, against bool, pairs int, base *Report, baseFile string, now Header, instructions bool, cases []string, runs int) error {
	_, wantInstr := g.Limits[metricInstructions]
	_, wantFaults := g.Limits[metricFaults]
	switch {
	case against && (g.timed() || wantFaults) && pairs < minPairs:
		return fmt.Errorf("-fail-over with -against judges times and faults on at least %d pairs (-runs %d gives no interval): give -runs %d or more, or leave -runs out (%d pairs)", minPairs, pairs, minPairs, defaultPairs)
	case !against && base == nil:
		return errors.New("-fail-over needs -against REV (pairs in this run) or -baseline FILE (a saved run)")
	case against && !g.Bare && wantInstr && !instructions:
		return errors.New("-fail-over instructions needs -instructions: without a count there is nothing to gate")
	case base == nil:
		return nil
	}
	bg := g.forBaseline()
	if _, ok := bg.Limits[metricInstructions]; ok && !instructions && baseHasInstructions(*base) {
		return errors.New("-fail-over: the baseline has instruction counts and this run would have none: add -instructions (a gate must not skip silently)")
	}
	_, namedInstr := g.Limits[metricInstructions]
	for _, id := range cases {
		i := slices.IndexFunc(base.Results, func(m Measurement) bool { return m.Case == id })
		switch {
		case i < 0:
			return fmt.Errorf("-fail-over: the baseline %s has no figures for %s: save it again with that case (a gate must not skip a case)", baseFile, id)
		case base.Results[i].Elapsed.N == 0:
			return fmt.Errorf("-fail-over: the baseline %s has no timed runs of %s (%s there): save it again", baseFile, id, base.Results[i].Status)
		case !g.Bare && namedInstr && !base.Results[i].Instructions.Known():
			return fmt.Errorf("-fail-over: the baseline %s has no instruction count of %s: save it again with -instructions", baseFile, id)
		case (bg.timed() || wantFaults) && min(runs, base.Results[i].Elapsed.N) < 4:
			return fmt.Errorf("-fail-over on times or faults needs 4 runs a side for an interval: %s has %d in the baseline %s, -runs %d here", id, base.Results[i].Elapsed.N, baseFile, runs)
		}
	}
	if bg.timed() {
		for _, d := range []struct{ what, a, b string }{{"CPU", now.CPUModel, base.Header.CPUModel},
			{"GOMAXPROCS", now.GOMAXPROCS, base.Header.GOMAXPROCS}, {"Go", now.GoVersion, base.Header.GoVersion}} {
			if d.a != d.b {
				return fmt.Errorf("-fail-over times against a baseline from another %s (%s there, %s here) would gate the machine, not the code: gate on instructions, or compare in pairs with -against REV",
					d.what, quoteEmpty(d.b), quoteEmpty(d.a))
			}
		}
	}
	return nil
}

func baseHasInstructions(r Report) bool {
	return slices.ContainsFunc(r.Results, func(m Measurement) bool { return m.Instructions.Known() })
}

// Regression is one metric of one case over its limit.
type Regression struct {
	Case, Metric, Text string
}

// Regressions lists the metrics over their limits: against the revision
// where -against ran, and against the baseline where there is one.
func Regressions(results []Measurement, g Gate) []Regression {
	var out []Regression
	add := func(m Measurement, metric, format string, args ...any) {
		out = append(out, Regression{m.Case, metric, m.Case + ": " + fmt.Sprintf(format, args...)})
	}
	for _, m := range results {
		if v := m.Against; v != nil && v.Status == StatusOK {
			if limit, ok := g.gates(metricInstructions); ok && m.Instructions.Known() && v.TheirInstructions.Known() {
				if r := float64(m.Instructions / v.TheirInstructions); r > limit {
					add(m, metricInstructions, "instructions %.4f× %s's (exact), over the %g%% allowed", r, v.Command, g.Limits[metricInstructions])
				}
			}
			for _, t := range []struct {
				metric string
				iv     Interval
			}{{metricCPU, v.CPU}, {metricElapsed, v.Elapsed}, {metricFaults, v.Faults}} {
				if limit, ok := g.gates(t.metric); ok && t.iv.Above(limit) {
					add(m, t.metric, "%s %s× %s's in pairs, the whole interval over the %g%% allowed", t.metric, ratioText(t.iv), v.Command, g.Limits[t.metric])
				}
			}
		}
		b, bg := m.Base, g.forBaseline()
		if b == nil {
			continue
		}
		if limit, ok := bg.gates(metricInstructions); ok && b.Instructions.Known() && float64(b.Instructions) > limit {
			add(m, metricInstructions, "instructions %.4f× the baseline's, over the %g%% allowed", float64(b.Instructions), bg.Limits[metricInstructions])
		}
		for _, t := range []struct {
			metric string
			iv     Interval
		}{{metricCPU, b.CPU}, {metricElapsed, b.Elapsed}, {metricFaults, b.Faults}} {
			if limit, ok := bg.gates(t.metric); ok && t.iv.Above(limit) {
				add(m, t.metric, "%s %s× the baseline's, the whole interval over the %g%% allowed", t.metric, ratioText(t.iv), bg.Limits[t.metric])
			}
		}
	}
	return out
}

// noisy says whether a regression is in a figure that moves from run to
// run (all but instructions), which a second measurement must confirm.
func (r Regression) noisy() bool { return r.Metric != metricInstructions }

// confirm measures again each case with a time regression, and keeps the
// regression only when the second measurement has it too; what it drops
// becomes a note.
func (s *Session) confirm(regs []Regression, cases []Case, opt BenchOptions, base *Report, baseFile string, g Gate) (kept, notes []string) {
	return confirmWith(regs, func(id, metric string) []Regression {
		i := slices.IndexFunc(cases, func(c Case) bool { return c.ID() == id })
		s.Log.Update("%s: %s over the limit: measuring it again to confirm", id, metric)
		ms := s.Bench(cases[i:i+1], opt)
		if base != nil {
			ApplyBaseline(ms, *base, baseFile)
		}
		return Regressions(ms, g)
	})
}

// confirmWith is confirm with the second measurement of a case (its
// regressions) given by again, called once a case.
func confirmWith(regs []Regression, again func(id, metric string) []Regression) (kept, notes []string) {
	measured := map[string][]Regression{}
	for _, r := range regs {
		if !r.noisy() {
			kept = append(kept, r.Text)
			continue
		}
		second, ok := measured[r.Case]
		if !ok {
			second = again(r.Case, r.Metric)
			measured[r.Case] = second
		}
		if j := slices.IndexFunc(second, func(x Regression) bool { return x.Metric == r.Metric }); j >= 0 {
			kept = append(kept, r.Text+"; measured again: "+strings.TrimPrefix(second[j].Text, r.Case+": "))
		} else {
			notes = append(notes, r.Text+"; measured again, it was within the limit: not counted")
		}
	}
	return kept, notes
}
