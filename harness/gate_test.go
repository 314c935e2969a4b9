package main

import (
	"slices"
	"strings"
	"testing"
)

func TestParseGate(t *testing.T) {
	tests := []struct {
		spec   string
		limits map[string]float64
		bare   bool
		err    string
	}{
		{"5", map[string]float64{"instructions": 5, "cpu": 5, "elapsed": 5, "faults": 5}, true, ""},
		{"instructions=1,cpu=10", map[string]float64{"instructions": 1, "cpu": 10}, false, ""},
		{"faults=0", map[string]float64{"faults": 0}, false, ""},
		{"5x", nil, false, `"5x": want a percentage`},
		{"5abc", nil, false, `"5abc": want a percentage`},
		{"-1", nil, false, "want a percentage, 0 or more"},
		{"cpu=", nil, false, `"": want a percentage`},
		{"speed=5", nil, false, `"speed=5": want METRIC=PCT with METRIC one of instructions, cpu, elapsed, faults`},
		{"cpu=5,cpu=6", nil, false, "cpu given twice"},
	}
	for _, tt := range tests {
		g, err := ParseGate(tt.spec)
		switch {
		case tt.err != "" && (err == nil || !strings.Contains(err.Error(), tt.err)):
			t.Errorf("%q: error %v, want %q", tt.spec, err, tt.err)
		case tt.err == "" && (err != nil || g.Bare != tt.bare || len(g.Limits) != len(tt.limits)):
			t.Errorf("%q: %+v, %v", tt.spec, g, err)
		case tt.err == "":
			for k, v := range tt.limits {
				if g.Limits[k] != v {
					t.Errorf("%q: %s = %v, want %v", tt.spec, k, g.Limits[k], v)
				}
			}
		}
	}
}

// Against a baseline: a bare PCT gates instructions and faults only;
// named times are gated when the whole interval is beyond the limit.
func TestRegressionsAgainstABaseline(t *testing.T) {
	base := Report{Results: []Measurement{
		measured("e/instr", []float64{1, 1, 1, 1, 1}, 1000),
		measured("e/slow", []float64{1.0, 1.02, 0.98, 1.01, 0.99}, 0),
		measured("e/noisy", []float64{1.0, 1.5, 0.7, 1.2, 0.9}, 0),
		measured("e/same", []float64{1.0, 1.02, 0.98, 1.01, 0.99}, 1000),
		measured("e/pages", []float64{1, 1, 1, 1, 1}, 0),
	}}
	pages := measured("e/pages", []float64{1, 1, 1, 1, 1}, 0)
	for i := range pages.Runs.Faults {
		pages.Runs.Faults[i] = 120 + float64(i) // +20% pages touched
	}
	pages.summarize()
	now := []Measurement{
		measured("e/instr", []float64{1, 1, 1, 1, 1}, 1060),           // +6% instructions
		measured("e/slow", []float64{1.3, 1.32, 1.28, 1.31, 1.29}, 0), // +30%, sure
		measured("e/noisy", []float64{1.1, 1.8, 0.8, 1.5, 1.0}, 0),    // +20% median, not sure
		measured("e/same", []float64{1.0, 1.02, 0.98, 1.01, 0.99}, 1000),
		pages,
	}
	ApplyBaseline(now, base, "b")
	bare, _ := ParseGate("5")
	if got := Regressions(now, bare); len(got) != 2 || got[0].Text != "e/instr: instructions 1.0600× the baseline's, over the 5% allowed" ||
		!strings.HasPrefix(got[1].Text, "e/pages: faults 1.2") {
		t.Errorf("bare 5%%: %+v", got)
	}
	named, _ := ParseGate("instructions=5,cpu=5,elapsed=5")
	got := Regressions(now, named)
	if len(got) != 3 {
		t.Fatalf("regressions: %+v", got)
	}
	for i, want := range []string{"e/instr: instructions 1.0600×", "e/slow: cpu 1.30 [", "e/slow: elapsed 1.30 ["} {
		if !strings.HasPrefix(got[i].Text, want) {
			t.Errorf("regression %d = %q, want prefix %q", i, got[i].Text, want)
		}
	}
	if wide, _ := ParseGate("cpu=50,elapsed=50,instructions=50"); len(Regressions(now, wide)) != 0 {
		t.Errorf("nothing is over 50%%: %+v", Regressions(now, wide))
	}
}

// Against a revision, in pairs: each metric by its paired interval, and
// instructions exact.
func TestRegressionsAgainstARevision(t *testing.T) {
	pairsOf := func(ratio float64) *VsResult {
		v := &VsResult{Command: "HEAD~1 (abc1234)", Status: StatusOK, TheirInstructions: 1000}
		for i := range 8 {
			x := 1 + float64(i)/100
			v.Theirs.add(Result{})
			v.Ours.add(Result{})
			v.Theirs.Elapsed[i], v.Theirs.CPU[i], v.Theirs.Faults[i] = x, x, 100
			v.Ours.Elapsed[i], v.Ours.CPU[i], v.Ours.Faults[i] = x*ratio, x*ratio, 100
		}
		v.Elapsed, v.CPU, v.Faults = PairedRatio(v.Ours.Elapsed, v.Theirs.Elapsed), PairedRatio(v.Ours.CPU, v.Theirs.CPU), PairedRatio(v.Ours.Faults, v.Theirs.Faults)
		return v
	}
	slower := Measurement{Case: "e/slower", Status: StatusOK, Instructions: 1300, Against: pairsOf(1.3)}
	same := Measurement{Case: "e/same", Status: StatusOK, Instructions: 1000, Against: pairsOf(1.0)}
	g, _ := ParseGate("instructions=1,cpu=10")
	got := Regressions([]Measurement{slower, same}, g)
	if len(got) != 2 || got[0].Metric != "instructions" || got[1].Metric != "cpu" || !strings.Contains(got[1].Text, "HEAD~1 (abc1234)'s in pairs") {
		t.Errorf("regressions: %+v", got)
	}
}

// A gate the comparison cannot judge honestly is refused before anything runs.
func TestGateRefusals(t *testing.T) {
	here := Header{CPUModel: "AMD EPYC", GOMAXPROCS: "2 (default)", GoVersion: "go1.26.8"}
	base := &Report{Header: here, Results: []Measurement{measured("e/x", []float64{1, 1, 1, 1}, 1000)}}
	otherProcs := &Report{Header: Header{CPUModel: "AMD EPYC", GOMAXPROCS: "1", GoVersion: "go1.26.8"}, Results: base.Results}
	noCounts := &Report{Header: here, Results: []Measurement{measured("e/x", []float64{1, 1, 1, 1}, 1000)}}
	noCounts.Results[0].Instructions = none
	bare, _ := ParseGate("5")
	cpu, _ := ParseGate("cpu=10")
	instr, _ := ParseGate("instructions=1")
	tests := []struct {
		name         string
		g            Gate
		against      bool
		pairs        int
		base         *Report
		instructions bool
		cases        []string
		runs         int
		want         string
	}{
		{"no comparison", bare, false, 0, nil, false, nil, 5, "-fail-over needs -against REV"},
		{"a time gate across GOMAXPROCS", cpu, false, 0, otherProcs, false, []string{"e/x"}, 5, "another GOMAXPROCS (1 there, 2 (default) here)"},
		{"a baseline with counts, a run without", bare, false, 0, base, false, []string{"e/x"}, 5, "add -instructions"},
		{"instructions without -instructions", instr, true, 11, nil, false, []string{"e/x"}, 5, "needs -instructions"},
		{"a time gate on too few pairs", cpu, true, 5, nil, false, []string{"e/x"}, 5, "at least 6 pairs (-runs 5 gives no interval)"},
		{"a time gate on the same machine", cpu, false, 0, base, false, []string{"e/x"}, 5, ""},
		{"a bare gate across machines", bare, false, 0, otherProcs, true, []string{"e/x"}, 5, ""},
		{"pairs", cpu, true, 6, nil, false, []string{"e/x"}, 5, ""},
		{"instructions on few pairs", instr, true, 1, nil, true, []string{"e/x"}, 5, ""},
		{"an instruction gate, a baseline without counts", instr, false, 0, noCounts, true, []string{"e/x"}, 5, "the baseline b.json has no instruction count of e/x: save it again with -instructions"},
		{"the same, the run without -instructions", instr, false, 0, noCounts, false, []string{"e/x"}, 5, "no instruction count of e/x"},
		{"a case the baseline lacks", bare, false, 0, base, true, []string{"e/x", "e/new"}, 5, "has no figures for e/new"},
		{"a time gate on too few runs", cpu, false, 0, base, false, []string{"e/x"}, 3, "needs 4 runs a side"},
	}
	for _, tt := range tests {
		err := checkGate(tt.g, tt.against, tt.pairs, tt.base, "b.json", here, tt.instructions, tt.cases, tt.runs)
		if tt.want == "" && err != nil || tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)) {
			t.Errorf("%s: %v, want %q", tt.name, err, tt.want)
		}
	}
}

// A time regression counts only when a second measurement has it too; an
// instruction count is exact and needs none. Each case is measured again
// once, whatever its regressions.
func TestConfirm(t *testing.T) {
	reg := func(c, metric string) Regression {
		return Regression{Case: c, Metric: metric, Text: c + ": " + metric + " +20%"}
	}
	regs := []Regression{reg("e/steady", "cpu"), reg("e/steady", "elapsed"), reg("e/noise", "cpu"), reg("e/exact", "instructions")}
	second := map[string][]Regression{"e/steady": {reg("e/steady", "cpu"), reg("e/steady", "elapsed")}, "e/noise": nil}
	var asked []string
	kept, notes := confirmWith(regs, func(id, metric string) []Regression {
		asked = append(asked, id)
		return second[id]
	})
	want := []string{"e/steady: cpu +20%; measured again: cpu +20%", "e/steady: elapsed +20%; measured again: elapsed +20%", "e/exact: instructions +20%"}
	if !slices.Equal(kept, want) || len(notes) != 1 || !strings.Contains(notes[0], "e/noise: cpu +20%; measured again, it was within the limit") {
		t.Errorf("kept %q, notes %q", kept, notes)
	}
	if !slices.Equal(asked, []string{"e/steady", "e/noise"}) {
		t.Errorf("measured again %q; want each noisy case once", asked)
	}
}
