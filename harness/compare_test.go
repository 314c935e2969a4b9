package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// measured makes a measurement from elapsed runs (CPU = elapsed, faults 100).
func measured(id string, elapsed []float64, instructions float64) Measurement {
	m := Measurement{Case: id, Status: StatusOK, Instructions: Figure(instructions)}
	if instructions == 0 {
		m.Instructions = none
	}
	for _, e := range elapsed {
		m.addRun(Result{})
		m.ElapsedRun[len(m.ElapsedRun)-1] = e
		m.CPURun[len(m.CPURun)-1] = e
		m.FaultRun[len(m.FaultRun)-1] = 100
	}
	m.summarize()
	return m
}

func TestBaselineComparison(t *testing.T) {
	base := Report{Header: Header{GoVersion: "go1.26.8", CPUModel: "A"}, Results: []Measurement{
		measured("a/x", []float64{1.0, 1.1, 1.2, 1.05, 1.15}, 1000),
		measured("a/y", []float64{1.0, 1.1, 1.2, 1.05, 1.15}, 0),
		measured("a/few", []float64{1.0, 1.1, 1.2}, 0),
		{Case: "a/failed", Status: StatusBadOutput},
	}}
	path := filepath.Join(t.TempDir(), "base.json")
	if err := SaveReport(path, base); err != nil {
		t.Fatal(err)
	}
	loaded, err := LoadReport(path)
	if err != nil {
		t.Fatal(err)
	}
	now := []Measurement{
		measured("a/x", []float64{0.5, 0.55, 0.6, 0.52, 0.58}, 900),
		measured("a/y", []float64{1.05, 1.1, 1.15, 1.12, 1.08}, 0),
		measured("a/few", []float64{1.0, 1.1, 1.2}, 0),
		measured("a/failed", []float64{1}, 0),
		measured("a/new", []float64{1}, 0),
	}
	notes := ApplyBaseline(now, loaded, "base.json")
	if b := now[0].Base; b == nil || b.Elapsed.Ratio != 0.55/1.1 || !b.Elapsed.Excludes1() || float64(b.Instructions) != 0.9 || b.Faults != 1 {
		t.Errorf("a/x: %+v", b)
	}
	if b := now[1].Base; b == nil || b.Elapsed.Ratio != 1 || b.Elapsed.Excludes1() || !b.Elapsed.Known() || b.Instructions.Known() {
		t.Errorf("a/y: %+v", b)
	}
	if b := now[2].Base; b == nil || b.Elapsed.Known() {
		t.Errorf("a/few: 3 against 3 runs has no 95%% interval: %+v", b)
	}
	if now[3].Base != nil || now[4].Base != nil {
		t.Error("a case the baseline cannot speak for has no ratio")
	}
	all := strings.Join(notes, "\n")
	for _, want := range []string{
		"a/few: 3 runs against the baseline's 3 are too few for a 95% interval",
		"a/failed: the baseline base.json has no timed runs of it (bad output there)",
		"a/new: not in the baseline base.json",
	} {
		if !strings.Contains(all, want) {
			t.Errorf("notes lack %q:\n%s", want, all)
		}
	}
	if _, err := LoadReport(filepath.Join(t.TempDir(), "none.json")); err == nil {
		t.Error("loading a missing baseline must fail")
	}
	junk := filepath.Join(t.TempDir(), "junk.json")
	writeFile(t, junk, "{}")
	if _, err := LoadReport(junk); err == nil || !strings.Contains(err.Error(), "not a report") {
		t.Errorf("loading {} as a baseline: %v", err)
	}
}

func TestBaselineWarnings(t *testing.T) {
	h := Header{GoVersion: "go1.26.8", GOOS: "linux", GOARCH: "amd64", GOAMD64: "v1", CPUModel: "AMD EPYC"}
	if w := BaselineWarnings(h, h, "b.json"); len(w) != 0 {
		t.Errorf("same machine: %v", w)
	}
	other := h
	other.CPUModel, other.GoVersion = "Intel Xeon", "go1.25.0"
	w := strings.Join(BaselineWarnings(h, other, "b.json"), "\n")
	for _, want := range []string{"with CPU Intel Xeon, this run with AMD EPYC", "with Go go1.25.0, this run with go1.26.8"} {
		if !strings.Contains(w, want) {
			t.Errorf("warnings lack %q:\n%s", want, w)
		}
	}
}

// The gate: instructions by their exact ratio, times only when the whole
// interval is beyond the limit.
func TestRegressions(t *testing.T) {
	base := Report{Results: []Measurement{
		measured("e/instr", []float64{1, 1, 1, 1, 1}, 1000),
		measured("e/slow", []float64{1.0, 1.02, 0.98, 1.01, 0.99}, 0),
		measured("e/noisy", []float64{1.0, 1.5, 0.7, 1.2, 0.9}, 0),
		measured("e/same", []float64{1.0, 1.02, 0.98, 1.01, 0.99}, 1000),
	}}
	now := []Measurement{
		measured("e/instr", []float64{1, 1, 1, 1, 1}, 1060),           // +6% instructions
		measured("e/slow", []float64{1.3, 1.32, 1.28, 1.31, 1.29}, 0), // +30%, sure
		measured("e/noisy", []float64{1.1, 1.8, 0.8, 1.5, 1.0}, 0),    // +20% median, not sure
		measured("e/same", []float64{1.0, 1.02, 0.98, 1.01, 0.99}, 1000),
	}
	ApplyBaseline(now, base, "b")
	got := Regressions(now, 5)
	if len(got) != 3 {
		t.Fatalf("regressions over 5%%: %q", got)
	}
	for i, want := range []string{"e/instr: instructions 1.060× the baseline's (exact), over the 5% allowed",
		"e/slow: elapsed 1.30 [", "e/slow: cpu 1.30 ["} {
		if !strings.HasPrefix(got[i], want) {
			t.Errorf("regression %d = %q, want prefix %q", i, got[i], want)
		}
	}
	if got := Regressions(now, 50); len(got) != 0 {
		t.Errorf("nothing is over 50%%: %q", got)
	}
}
