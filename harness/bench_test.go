package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// helperSession is a session whose entry "e" is the test binary itself.
func helperSession(t *testing.T, out io.Writer) (*Session, string) {
	t.Helper()
	root := t.TempDir()
	os.MkdirAll(filepath.Join(root, "e"), 0o755)
	os.MkdirAll(filepath.Join(root, "expected", "e"), 0o755)
	r := NewRunner()
	b := &Builder{Root: root, Dir: t.TempDir(), runner: r, built: map[string]string{"e": os.Args[0]}, cleanup: func() {}}
	return &Session{Root: root, Builder: b, Runner: r, Counter: callgrind{r}, Out: out, Log: &Progress{w: io.Discard}}, root
}

func TestVsAlternatesAndChecksTheOtherProgram(t *testing.T) {
	t.Setenv("HARNESS_HELPER", "echo")
	s, root := helperSession(t, io.Discard)
	os.WriteFile(filepath.Join(root, "expected", "e", "c.out"), []byte("hello\n"), 0o644)
	c := Case{Entry: "e", Name: "c", Class: ClassBench, Args: []string{"hello"}, Timeout: 10 * time.Second}

	// The other program prints the same answer: ratios for every pair, and
	// six pairs are enough for a 95% interval.
	ms := s.Bench([]Case{c}, BenchOptions{Runs: 6, Pairs: 6, Vs: map[string][]string{"e/c": {os.Args[0], "hello"}}})
	v := ms[0].Vs
	if v == nil || v.Status != StatusOK || len(v.Ours.Elapsed) != 6 || len(v.Theirs.Elapsed) != 6 || len(v.Ours.Faults) != 6 {
		t.Fatalf("vs result %+v", v)
	}
	if iv := v.Elapsed; !iv.Known() || iv.Low > iv.Ratio || iv.Ratio > iv.High || iv.Confidence < Level {
		t.Errorf("elapsed ratio %+v", iv)
	}
	var out bytes.Buffer
	writeNotes(&errWriter{w: &out}, Report{Results: ms})
	for _, want := range []string{"ours/theirs over 6 alternating pairs: elapsed ", "Wilcoxon", "pair 1:", "pair 6:"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("notes lack %q:\n%s", want, out.String())
		}
	}

	// The other program prints something else: it is reported, not timed.
	ms = s.Bench([]Case{c}, BenchOptions{Runs: 2, Pairs: 2, Vs: map[string][]string{"e/c": {os.Args[0], "goodbye"}}})
	if v := ms[0].Vs; v.Status != StatusBadOutput || len(v.Ours.Elapsed) != 0 || v.Elapsed.Known() {
		t.Errorf("vs with wrong output: %+v", v)
	}
}

func TestBenchMeasuresAndReportsFailures(t *testing.T) {
	t.Setenv("HARNESS_HELPER", "echo")
	s, root := helperSession(t, io.Discard)
	os.WriteFile(filepath.Join(root, "expected", "e", "ok.out"), []byte("nodes 500\n"), 0o644)
	os.WriteFile(filepath.Join(root, "expected", "e", "bad.out"), []byte("other\n"), 0o644)
	ok := Case{Entry: "e", Name: "ok", Args: []string{"nodes 500"}, Rate: "nodes", Timeout: 10 * time.Second}
	bad := Case{Entry: "e", Name: "bad", Args: []string{"nodes 500"}, Timeout: 10 * time.Second}
	ms := s.Bench([]Case{ok, bad}, BenchOptions{Runs: 4, Warmup: 1})
	if m := ms[0]; m.Status != StatusOK || m.Elapsed.N != 4 || m.Work != 500 || !(m.Rate > 0) || !(m.Load > 0) || m.MaxRSS <= 0 ||
		m.Faults.N != 4 || !(m.Faults.Min > 0) || m.Sys.N != 4 || m.Instructions.Known() {
		t.Errorf("ok case: %+v", m)
	}
	if m := ms[1]; m.Status != StatusBadOutput || m.Elapsed.N != 0 || m.Load.Known() || !strings.Contains(m.Problem, "line 1") {
		t.Errorf("bad case: %+v", m)
	}
}

func TestParseVs(t *testing.T) {
	id, argv, err := ParseVs("meteor/2098=./meteor_cpp 2098")
	if err != nil || id != "meteor/2098" || strings.Join(argv, "|") != "./meteor_cpp|2098" {
		t.Errorf("ParseVs = %q %q %v", id, argv, err)
	}
	for _, bad := range []string{"meteor=./x", "meteor/2098=", "meteor/2098"} {
		if _, _, err := ParseVs(bad); err == nil {
			t.Errorf("ParseVs(%q) must fail", bad)
		}
	}
}

func TestVsMustNameASelectedBenchCase(t *testing.T) {
	all := []Case{
		{Entry: "e", Name: "b1", Class: ClassBench},
		{Entry: "e", Name: "b2", Class: ClassBench},
		{Entry: "e", Name: "c", Class: ClassCheck},
	}
	selected := all[:1]
	cases := []struct{ id, wantErr string }{
		{"e/b1", ""},
		{"e/b2", "not among the cases selected"},
		{"e/c", "a check case; bench times only bench cases"},
		{"e/zz", "no such case"},
	}
	for _, c := range cases {
		err := VsInSelection(c.id, all, selected)
		if c.wantErr == "" && err != nil || c.wantErr != "" && (err == nil || !strings.Contains(err.Error(), c.wantErr)) {
			t.Errorf("VsInSelection(%q) = %v, want an error containing %q", c.id, err, c.wantErr)
		}
	}
}

func TestBusyWarnings(t *testing.T) {
	quiet := measured("e/quiet", []float64{1.0, 1.02, 0.98, 1.01, 0.99}, 0)
	short := measured("e/short", []float64{0.010, 0.018, 0.012, 0.011, 0.013}, 0) // 70% of a tiny time: jitter
	spread := measured("e/spread", []float64{1.0, 1.6, 0.9, 1.1, 1.0}, 0)
	waited := measured("e/waited", []float64{1, 1, 1, 1, 1}, 0)
	for i := range waited.Runs.CPU {
		waited.Runs.CPU[i] = 0.6 // a one-core program that got 60% of a core
	}
	waited.summarize()
	twoCores := measured("e/two", []float64{1, 1, 1, 1, 1}, 0)
	for i := range twoCores.Runs.CPU {
		twoCores.Runs.CPU[i] = []float64{1.9, 0.7, 1.8, 1.9, 0.6}[i] // used two cores at times: not judged by load
	}
	twoCores.summarize()
	if w := BusyWarnings([]Measurement{quiet, short, twoCores}); w != nil {
		t.Errorf("a quiet run: %q", w)
	}
	w := BusyWarnings([]Measurement{quiet, spread, waited})
	if len(w) != 1 || !strings.Contains(w[0], "e/spread's elapsed times spread 70% of their median") ||
		!strings.Contains(w[0], "e/waited kept only 0.60 of a core busy, though no run used more than one core's worth") || !strings.Contains(w[0], "do not trust") {
		t.Errorf("a busy run: %q", w)
	}
}
