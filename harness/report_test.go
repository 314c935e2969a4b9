package main

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// sampleReport is a fixed report, so its renderings can be golden files.
func sampleReport() Report {
	h := Header{GoVersion: "go1.26.8", GOOS: "linux", GOARCH: "amd64", GOAMD64: "v1", GOMAXPROCS: "2 (default)",
		CPUModel: "Test CPU", CPUs: 2, Commit: "abc1234", Date: "2026-11-29", Runs: 3}
	m1 := Measurement{Case: "meteor/2098", Status: StatusOK, Gz: 3667, RateWord: "nodes", Work: 96818,
		ElapsedRun: []float64{0.031, 0.030, 0.034}, CPURun: []float64{0.035, 0.036, 0.040}, RSSRun: []int64{10000, 10912, 10500}}
	m1.summarize()
	m1.Base = &BaselineRatio{Elapsed: 0.52, CPU: 0.5, ElapsedSignificant: true, CPUSignificant: true}
	m2 := Measurement{Case: "pentomino/6x10", Status: StatusBadOutput, Gz: 4100, Problem: "stdout differs from expected/pentomino/6x10.out at line 2"}
	m2.summarize()
	return Report{Header: h, Results: []Measurement{m1, m2}}
}

func TestReportGoldenFiles(t *testing.T) {
	r := sampleReport()
	renders := map[string]func(*bytes.Buffer){
		"report.table":    func(b *bytes.Buffer) { WriteTable(b, r) },
		"report.md":       func(b *bytes.Buffer) { WriteMarkdown(b, r) },
		"report.benchfmt": func(b *bytes.Buffer) { WriteBenchfmt(b, r) },
		"report.json":     func(b *bytes.Buffer) { WriteJSON(b, r) },
	}
	for name, render := range renders {
		var got bytes.Buffer
		render(&got)
		path := filepath.Join("testdata", name+".golden")
		if *update {
			os.WriteFile(path, got.Bytes(), 0o644)
			continue
		}
		want, err := os.ReadFile(path)
		if err != nil {
			t.Fatalf("%v (run go test ./harness -update to create it)", err)
		}
		if d := Diff(want, got.Bytes()); d != "" {
			t.Errorf("%s differs from %s at %s\n(run go test ./harness -update if the change is intended)", name, path, d)
		}
	}
}
