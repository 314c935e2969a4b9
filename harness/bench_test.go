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
	b := &Builder{Root: root, Dir: t.TempDir(), built: map[string]string{"e": os.Args[0]}}
	return &Session{Root: root, Builder: b, Out: out, Log: &Progress{w: io.Discard}}, root
}

func TestVsAlternatesAndChecksTheOtherProgram(t *testing.T) {
	t.Setenv("HARNESS_HELPER", "echo")
	s, root := helperSession(t, io.Discard)
	os.WriteFile(filepath.Join(root, "expected", "e", "c.out"), []byte("hello\n"), 0o644)
	c := Case{Entry: "e", Name: "c", Class: ClassBench, Args: []string{"hello"}, Timeout: 10 * time.Second}

	// The other program prints the same answer: ratios for every pair.
	ms := s.Bench([]Case{c}, BenchOptions{Runs: 3, Vs: map[string][]string{"e/c": {os.Args[0], "hello"}}})
	v := ms[0].Vs
	if v == nil || v.Status != StatusOK || v.Ratio.N != 3 || len(v.OursElapsed) != 3 || len(v.TheirElapsed) != 3 {
		t.Fatalf("vs result %+v", v)
	}
	if v.Ratio.Min <= 0 || v.Ratio.Min > v.Ratio.Median || v.Ratio.Median > v.Ratio.Max {
		t.Errorf("ratios %+v", v.Ratio)
	}
	var out bytes.Buffer
	writeNotes(&out, ms)
	for _, want := range []string{"ours/theirs elapsed median", "pair 1:", "pair 3:"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("notes lack %q:\n%s", want, out.String())
		}
	}

	// The other program prints something else: it is reported, not timed.
	ms = s.Bench([]Case{c}, BenchOptions{Runs: 2, Vs: map[string][]string{"e/c": {os.Args[0], "goodbye"}}})
	if v := ms[0].Vs; v.Status != StatusBadOutput || v.Ratio.N != 0 {
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
	if m := ms[0]; m.Status != StatusOK || m.Elapsed.N != 4 || m.Work != 500 || m.Rate <= 0 || m.Load <= 0 || m.MaxRSS <= 0 {
		t.Errorf("ok case: %+v", m)
	}
	if m := ms[1]; m.Status != StatusBadOutput || m.Elapsed.N != 0 || !strings.Contains(m.Problem, "line 1") {
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

func TestBaselineRatios(t *testing.T) {
	base := Report{Results: []Measurement{
		{Case: "a/x", Elapsed: Summarize([]float64{1.0, 1.1, 1.2}), CPU: Summarize([]float64{2, 2, 2})},
		{Case: "a/y", Elapsed: Summarize([]float64{1.0, 1.1, 1.2}), CPU: Summarize([]float64{1, 1, 1})},
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
		{Case: "a/x", Elapsed: Summarize([]float64{0.5, 0.55, 0.6}), CPU: Summarize([]float64{1, 1, 1})},
		{Case: "a/y", Elapsed: Summarize([]float64{1.05, 1.1, 1.15}), CPU: Summarize([]float64{1, 1, 1})},
		{Case: "a/new", Elapsed: Summarize([]float64{1})},
	}
	ApplyBaseline(now, loaded)
	if b := now[0].Base; b == nil || b.Elapsed != 0.5 || !b.ElapsedSignificant || b.CPU != 0.5 || !b.CPUSignificant {
		t.Errorf("a/x: %+v", b)
	}
	if b := now[1].Base; b == nil || b.Elapsed != 1 || b.ElapsedSignificant {
		t.Errorf("a/y: %+v", b)
	}
	if now[2].Base != nil {
		t.Error("a case missing from the baseline has no ratio")
	}
	if _, err := LoadReport(filepath.Join(t.TempDir(), "none.json")); err == nil {
		t.Error("loading a missing baseline must fail")
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
