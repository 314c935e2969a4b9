package main

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// sampleReport is a fixed report, so its renderings can be golden files: a
// case compared with a baseline and another program, with instructions; a
// failed case (every figure missing); a case with a rate.
func sampleReport() Report {
	h := Header{GoVersion: "go1.26.8", GOOS: "linux", GOARCH: "amd64", GOAMD64: "v1", GOMAXPROCS: "2 (default)",
		CPUModel: "Test CPU", CPUs: 2, Commit: "abc1234", Date: "2026-11-29", Runs: 5}
	m1 := Measurement{Case: "meteor/2098", Status: StatusOK, Gz: 3667, RateWord: "nodes", Work: 89051, Instructions: 28431275,
		Runs: Runs{Elapsed: []float64{0.031, 0.030, 0.034, 0.032, 0.033}, CPU: []float64{0.035, 0.036, 0.040, 0.037, 0.036},
			Sys: []float64{0.010, 0.011, 0.012, 0.010, 0.011}, Faults: []float64{1550, 1552, 1549, 1551, 1550},
			RSS: []int64{7500, 7588, 7560, 7540, 7520}}}
	m1.summarize()
	m1.Base = &BaselineComparison{
		Elapsed:      IndependentRatio(m1.Runs.Elapsed, []float64{0.060, 0.062, 0.059, 0.061, 0.064}),
		CPU:          IndependentRatio(m1.Runs.CPU, []float64{0.070, 0.072, 0.071, 0.069, 0.075}),
		Faults:       IndependentRatio(m1.Runs.Faults, []float64{2600, 2580, 2590, 2585, 2595}),
		Instructions: 28431275.0 / 46012345,
	}
	m1.Vs = &VsResult{Command: "./meteor_cpp 2098",
		Status: StatusOK,
		Ours: Runs{Elapsed: []float64{0.031, 0.030, 0.034, 0.032, 0.033, 0.031}, CPU: []float64{0.035, 0.036, 0.040, 0.037, 0.036, 0.035},
			Faults: []float64{1550, 1551, 1552, 1550, 1549, 1550}},
		Theirs: Runs{Elapsed: []float64{0.060, 0.050, 0.070, 0.061, 0.059, 0.064}, CPU: []float64{0.040, 0.050, 0.045, 0.041, 0.046, 0.044},
			Faults: []float64{150, 151, 150, 150, 152, 150}},
		TheirInstructions:   none,
		InstructionsProblem: "valgrind cannot run it: it uses an instruction valgrind does not know",
	}
	m1.Vs.Elapsed = PairedRatio(m1.Vs.Ours.Elapsed, m1.Vs.Theirs.Elapsed)
	m1.Vs.CPU = PairedRatio(m1.Vs.Ours.CPU, m1.Vs.Theirs.CPU)
	m1.Vs.Faults = PairedRatio(m1.Vs.Ours.Faults, m1.Vs.Theirs.Faults)
	m2 := newMeasurement(Case{Entry: "pentomino", Name: "6x10", Rate: "nodes"})
	m2.Status, m2.Gz, m2.Problem = StatusBadOutput, 4100, "stdout differs from expected/pentomino/6x10.out at line 2"
	m3 := Measurement{Case: "eternity2/hard-100m", Status: StatusOK, Gz: 7762, RateWord: "nodes", Work: 100000000, Instructions: none,
		Runs: Runs{Elapsed: []float64{1.80, 1.85, 1.82, 1.90, 1.81}, CPU: []float64{1.81, 1.86, 1.83, 1.91, 1.82},
			Sys: []float64{0.004, 0.003, 0.004, 0.004, 0.005}, Faults: []float64{300, 301, 300, 299, 300},
			RSS: []int64{9000, 9100, 9050, 9000, 9010}}}
	m3.summarize()
	return Report{Header: h, Results: []Measurement{m1, m2, m3},
		Warnings:    []string{"warning: the machine looks busy (x): do not trust this run's timing figures"},
		Notes:       []string{"eternity2/hard-100m: not in the baseline b.json: no comparison"},
		Regressions: []string{"meteor/2098: instructions 1.060× the baseline's (exact), over the 5% allowed"}}
}

// goldenCheck compares got with testdata/NAME.golden, or rewrites it with -update.
// goldenDir is absolute, so that tests may change directory.
var goldenDir, _ = filepath.Abs("testdata")

func goldenCheck(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join(goldenDir, name+".golden")
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./harness -update to create it)", err)
	}
	if d := Diff(want, got); d != "" {
		t.Errorf("%s differs from %s at %s\n(run go test ./harness -update if the change is intended)", name, path, d)
	}
}

func TestReportGoldenFiles(t *testing.T) {
	r := sampleReport()
	for _, f := range formats {
		var got bytes.Buffer
		if err := WriteReport(&got, f.name, r); err != nil {
			t.Fatalf("%s: %v", f.name, err)
		}
		if got.Len() == 0 || strings.Contains(got.String(), "NaN") {
			t.Errorf("%s: empty or NaN in the output:\n%s", f.name, got.String())
		}
		goldenCheck(t, "report."+f.name, got.Bytes())
	}
	var svg bytes.Buffer
	if err := WriteSVG(&svg, r); err != nil {
		t.Fatal(err)
	}
	goldenCheck(t, "report.svg", svg.Bytes())
}

// The JSON report reads back as the same report, missing figures included.
func TestReportJSONRoundTrip(t *testing.T) {
	r := sampleReport()
	var b bytes.Buffer
	if err := WriteJSON(&b, r); err != nil {
		t.Fatal(err)
	}
	var back Report
	if err := json.Unmarshal(b.Bytes(), &back); err != nil {
		t.Fatal(err)
	}
	if back.Results[1].Elapsed.N != 0 || back.Results[1].Load.Known() || back.Results[0].Instructions != 28431275 ||
		back.Results[0].Base.Elapsed.Low != r.Results[0].Base.Elapsed.Low || back.Results[2].Instructions.Known() {
		t.Errorf("read back: %+v", back.Results)
	}
	if !strings.Contains(b.String(), `"elapsed_s": null`) {
		t.Error(`a failed case's elapsed times must be "elapsed_s": null`)
	}
}

// The chart is well-formed XML with a row for every case and the header.
func TestSVGWellFormed(t *testing.T) {
	r := sampleReport()
	r.Header.CPUModel = `CPU <with> "odd" & characters`
	var b bytes.Buffer
	if err := WriteSVG(&b, r); err != nil {
		t.Fatal(err)
	}
	dec := xml.NewDecoder(&b)
	var texts []string
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("not well-formed XML: %v", err)
		}
		if cd, ok := tok.(xml.CharData); ok {
			texts = append(texts, string(cd))
		}
	}
	all := strings.Join(texts, "\n")
	for _, want := range []string{"meteor/2098", "pentomino/6x10", "bad output", "eternity2/hard-100m", `CPU <with> "odd" & characters`,
		"elapsed seconds (log scale)", "0.032 s", "95% interval", "ours / theirs (-vs)"} {
		if !strings.Contains(all, want) {
			t.Errorf("the chart lacks %q", want)
		}
	}
}

type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

func TestWritersReportErrors(t *testing.T) {
	r := sampleReport()
	for _, f := range formats {
		if err := WriteReport(failingWriter{}, f.name, r); err == nil {
			t.Errorf("%s: a failing writer must give an error", f.name)
		}
	}
	if err := WriteSVG(failingWriter{}, r); err == nil {
		t.Error("svg: a failing writer must give an error")
	}
	if err := WriteReport(io.Discard, "xml", r); err == nil {
		t.Error("an unknown format must be an error")
	}
}

func TestReadmeSplice(t *testing.T) {
	dir := t.TempDir()
	readme := filepath.Join(dir, "README.md")
	writeFile(t, readme, "# Title\n\n"+readmeStart+"\nold figures\n"+readmeEnd+"\n\nmore text\n")
	if err := spliceReadme(readme, sampleReport(), filepath.Join(dir, "docs", "bench.svg")); err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(readme)
	s := string(b)
	if !strings.HasPrefix(s, "# Title\n\n"+readmeStart+"\n![make bench: elapsed seconds per case](docs/bench.svg)\n\nMeasured on go1.26.8") ||
		!strings.HasSuffix(s, "over the 5% allowed\n"+readmeEnd+"\n\nmore text\n") || strings.Contains(s, "old figures") {
		t.Errorf("README after splicing:\n%s", s)
	}
	// Splicing again replaces, not appends.
	spliceReadme(readme, sampleReport(), "")
	b, _ = os.ReadFile(readme)
	if strings.Count(string(b), "Measured on") != 1 {
		t.Errorf("spliced twice:\n%s", b)
	}
	writeFile(t, readme, "no markers\n")
	if err := spliceReadme(readme, sampleReport(), ""); err == nil || !strings.Contains(err.Error(), "expected one line") {
		t.Errorf("a README without markers: %v", err)
	}
}

// benchstat reads two benchfmt files as one comparison (the files side by
// side in each metric's table, not one table a commit), with the units
// right; it runs where benchstat is on PATH.
func TestBenchstatReadsBenchfmt(t *testing.T) {
	benchstat, err := exec.LookPath("benchstat")
	if err != nil {
		t.Skip("benchstat is not on PATH (go install golang.org/x/perf/cmd/benchstat@latest): not run")
	}
	dir := t.TempDir()
	var names []string
	for i, commit := range []string{"aaa1111", "bbb2222"} {
		r := sampleReport()
		r.Header.Commit = commit
		r.Results[0].Runs.Sys[0] = 0 // a run without system time
		var b bytes.Buffer
		WriteBenchfmt(&b, r)
		names = append(names, filepath.Join(dir, fmt.Sprintf("%c.txt", 'a'+i)))
		os.WriteFile(names[i], b.Bytes(), 0o644)
	}
	out, err := exec.Command(benchstat, names...).CombinedOutput()
	if err != nil {
		t.Fatalf("benchstat: %v\n%s", err, out)
	}
	text := string(out)
	for _, unit := range []string{" sec/op ", " cpu-sec/op ", " sys-sec/op ", " minor-faults/op ", " instructions/op "} {
		if !strings.Contains(text, unit) {
			t.Errorf("benchstat shows no%scolumn:\n%s", unit, text)
		}
	}
	for _, line := range strings.Split(text, "\n") {
		if strings.Contains(line, names[0]) != strings.Contains(line, names[1]) {
			t.Errorf("the two files are not side by side in one table:\n%s", text)
			break
		}
	}
	if strings.Contains(text, "commit") {
		t.Errorf("the commit reached benchstat's configuration:\n%s", text)
	}
}
