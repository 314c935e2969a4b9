package main

import (
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"slices"
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
		m.Runs.Elapsed[len(m.Runs.Elapsed)-1] = e
		m.Runs.CPU[len(m.Runs.CPU)-1] = e
		m.Runs.Faults[len(m.Runs.Faults)-1] = 100
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
	if b := now[0].Base; b == nil || b.Elapsed.Ratio != 0.55/1.1 || !b.Elapsed.Excludes1() || float64(b.Instructions) != 0.9 || b.Faults.Ratio != 1 {
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

// The footnote under a comparison names how its intervals were found:
// exactly up to exactLimit runs a side, from the normal approximation past.
func TestBaselineFootnote(t *testing.T) {
	runs := func(n int, scale float64) []float64 {
		r := make([]float64, n)
		for i := range r {
			r[i] = scale * (1 + float64(i%7)/100)
		}
		return r
	}
	for _, tt := range []struct {
		n    int
		want string
	}{
		{exactLimit, "[95% interval, exact]"},
		{exactLimit + 1, "[95% interval, exact up to 50 runs a side, from the normal approximation past them]"},
	} {
		now := []Measurement{measured("a/x", runs(tt.n, 1), 0)}
		ApplyBaseline(now, Report{Results: []Measurement{measured("a/x", runs(tt.n, 2), 0)}}, "b.json")
		var b strings.Builder
		if err := WriteReport(&b, "table", Report{Results: now}); err != nil || !strings.Contains(b.String(), tt.want) {
			t.Errorf("%d runs a side: %v, footnote %q; want it to say %q", tt.n, err, b.String(), tt.want)
		}
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

// A baseline whose summaries and runs disagree is refused, naming the case.
func TestBaselineWithoutRuns(t *testing.T) {
	r := Report{Header: Header{GoVersion: "go1.26.8"}, Results: []Measurement{measured("a/x", []float64{1, 1, 1, 1}, 0)}}
	r.Results[0].Runs = Runs{}
	path := filepath.Join(t.TempDir(), "b.json")
	SaveReport(path, r)
	if _, err := LoadReport(path); err == nil || !strings.Contains(err.Error(), `case "a/x": its summary counts 4 runs but 0 are recorded`) {
		t.Errorf("%v", err)
	}
}

// A report with more runs than a comparison takes is refused on load, not
// sorted for minutes.
func TestReportWithTooManyRuns(t *testing.T) {
	r := Report{Header: Header{GoVersion: "go1.26.8"}, Results: []Measurement{measured("a/x", make([]float64, maxRuns+1), 0)}}
	path := filepath.Join(t.TempDir(), "b.json")
	SaveReport(path, r)
	if _, err := LoadReport(path); err == nil || !strings.Contains(err.Error(), `case "a/x": 2001 runs, more than the 2000`) {
		t.Errorf("%v", err)
	}
}

// FuzzLoadReport: any file is a report or one error, never a panic.
func FuzzLoadReport(f *testing.F) {
	good, _ := json.Marshal(Report{Header: Header{GoVersion: "go1.26.8"}, Results: []Measurement{measured("a/x", []float64{1, 1.1, 1.2, 1.3}, 100)}})
	for _, seed := range []string{string(good), "{}", "", `{"results":[{"case":"a/x","elapsed_s":{"n":4}}]}`, `{"header":{"go_version":"x"},"results":[{"runs":{"elapsed_s":[-1]}}]}`} {
		f.Add([]byte(seed))
	}
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, data []byte) {
		path := filepath.Join(dir, "b.json")
		os.WriteFile(path, data, 0o644)
		r, err := LoadReport(path)
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Fatalf("a two-line error: %q", err)
			}
			return
		}
		now := slices.Clone(r.Results)
		ApplyBaseline(now, r, "b.json")
		g, _ := ParseGate("instructions=1,cpu=1,elapsed=1,faults=1")
		Regressions(now, g)
		WriteReport(io.Discard, "table", r)
	})
}
