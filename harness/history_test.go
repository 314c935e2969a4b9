package main

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// History: three runs appended (two on one machine, one on another), read
// back, printed as a table and drawn (golden files; the chart is
// well-formed XML and never joins two machines).
func TestHistory(t *testing.T) {
	file := filepath.Join(t.TempDir(), "history.jsonl")
	r := sampleReport()
	for i, commit := range []string{"aaa1111", "bbb2222", "ccc3333"} {
		r.Header.Commit, r.Header.Date = commit, "2026-12-0"+string(rune('1'+i))
		if i == 2 {
			r.Header.CPUModel = "Other CPU"
		}
		r.Results[0].Instructions = Figure(28431275 + 1000000*i)
		if err := AppendHistory(file, r); err != nil {
			t.Fatal(err)
		}
	}
	hs, err := LoadHistory(file)
	if err != nil || len(hs) != 3 || len(hs[0].Cases) != 2 {
		t.Fatalf("read back %d runs, %v", len(hs), err)
	}
	cases, _ := historyCases(hs, nil)
	var table, svg bytes.Buffer
	if err := WriteHistoryTable(&table, hs, cases); err != nil {
		t.Fatal(err)
	}
	if err := WriteHistorySVG(&svg, hs, cases); err != nil {
		t.Fatal(err)
	}
	goldenCheck(t, "history.table", table.Bytes())
	goldenCheck(t, "history.svg", svg.Bytes())
	dec := xml.NewDecoder(bytes.NewReader(svg.Bytes()))
	lines := 0
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("the chart is not well-formed XML: %v", err)
		}
		if se, ok := tok.(xml.StartElement); ok && se.Name.Local == "polyline" {
			lines++
		}
	}
	// The first machine's two runs joined, the other's one run alone: a
	// line a case in the CPU panel, one in the instructions panel (the
	// other case has no count).
	if lines != 3 {
		t.Errorf("%d lines, want 3", lines)
	}
	if _, err := historyCases(hs, []string{"nosuch"}); err == nil {
		t.Error("a case not in the history must be an error")
	}
	bad := filepath.Join(t.TempDir(), "bad.jsonl")
	writeFile(t, bad, `{"commit":"a"}`+"\nnot json\n")
	if _, err := LoadHistory(bad); err == nil || !strings.Contains(err.Error(), "bad.jsonl:2: expected a line written by bench -history") {
		t.Errorf("a broken line: %v", err)
	}
	var stdout, stderr bytes.Buffer
	if code := run([]string{"history", "-svg", filepath.Join(t.TempDir(), "h.svg"), file, "meteor"}, &stdout, &stderr); code != exitOK ||
		!strings.HasPrefix(stdout.String(), "meteor/2098\n") {
		t.Errorf("harness history: exit %d\n%s%s", code, stdout.String(), stderr.String())
	}
}

// Compare: three saved runs, the later two against the first; a file from
// another machine is refused with one line.
// bench -history refuses, before any run, a file it would spoil: one cut
// short (no newline at its end) or of something else.
func TestHistoryFileCheckedFirst(t *testing.T) {
	dir := t.TempDir()
	line, _ := json.Marshal(HistoryEntry{Commit: "abc", Cases: []HistoryCase{{Case: "e/c"}}})
	for _, tt := range []struct {
		name, content, want string
	}{
		{"missing", "", ""},
		{"empty", "\x00", ""},
		{"whole lines", string(line) + "\n", ""},
		{"cut short", string(line) + "\n" + string(line[:20]), "its last line is cut short"},
		{"random bytes", "\x8f\x01garbage\n", "its last line is not one bench -history writes"},
	} {
		path := filepath.Join(dir, tt.name)
		switch tt.content {
		case "":
		case "\x00":
			os.WriteFile(path, nil, 0o644)
		default:
			os.WriteFile(path, []byte(tt.content), 0o644)
		}
		err := appendableHistory(path)
		if tt.want == "" && err != nil || tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)) {
			t.Errorf("%s: %v, want %q", tt.name, err, tt.want)
		}
	}
	// And before anything is built or run.
	var stderr bytes.Buffer
	cut := filepath.Join(dir, "cut short")
	start := time.Now()
	if code := run([]string{"bench", "-root", "..", "-history", cut, "meteor"}, io.Discard, &stderr); code != exitUsage ||
		strings.Count(stderr.String(), "\n") != 1 || time.Since(start) > 2*time.Second {
		t.Errorf("bench -history of a file cut short: exit %d after %v, stderr %q", code, time.Since(start), stderr.String())
	}
}

func TestCompare(t *testing.T) {
	dir := t.TempDir()
	save := func(name string, scale float64, cpu string) string {
		r := sampleReport()
		r.Header.CPUModel = cpu
		for i := range r.Results {
			m := &r.Results[i]
			for k := range m.Runs.Elapsed {
				m.Runs.Elapsed[k] *= scale
				m.Runs.CPU[k] *= scale
			}
			m.Base, m.Vs = nil, nil
			m.summarize()
		}
		if err := SaveReport(filepath.Join(dir, name), r); err != nil {
			t.Fatal(err)
		}
		return name
	}
	// Names as a user types them, so that the golden table is the one a user sees.
	here, _ := os.Getwd()
	if err := os.Chdir(dir); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.Chdir(here) })
	a, b, c, other := save("a.json", 1, "Test CPU"), save("b.json", 0.5, "Test CPU"), save("c.json", 2, "Test CPU"), save("o.json", 1, "Other CPU")
	var stdout, stderr bytes.Buffer
	if code := run([]string{"compare", a, b, c}, &stdout, &stderr); code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	out := stdout.String()
	for _, want := range []string{"meteor/2098", "0.50 [", "2.00 [", "ratios: each file / a.json"} {
		if !strings.Contains(out, want) {
			t.Errorf("compare lacks %q:\n%s", want, out)
		}
	}
	goldenCheck(t, "compare.table", []byte(out))
	stdout.Reset()
	stderr.Reset()
	if code := run([]string{"compare", a, other}, &stdout, &stderr); code != exitUsage || strings.Count(stderr.String(), "\n") != 1 ||
		!strings.Contains(stderr.String(), "was measured with CPU Other CPU") {
		t.Errorf("another machine: exit %d, %q", code, stderr.String())
	}
}

// FuzzHistoryLines: any history file is read into runs with a commit each
// or refused with an error that names a line, and a run appended to a
// file that reads is read back.
func FuzzHistoryLines(f *testing.F) {
	f.Add([]byte(`{"commit":"abc1234","date":"2026-12-05","cases":[{"case":"meteor/2098","cpu_s":0.02}]}` + "\n"))
	f.Add([]byte("\n\n{}\n"))
	f.Add([]byte(`{"commit":"x"}` + "\n" + `{"commit":`))
	f.Fuzz(func(t *testing.T, data []byte) {
		hs, err := parseHistory("h.jsonl", data)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "h.jsonl") || strings.Count(err.Error(), "\n") > 0 {
				t.Fatalf("error %q: want one line naming the file", err)
			}
			return
		}
		for _, h := range hs {
			if h.Commit == "" {
				t.Fatalf("a run without a commit: %+v", h)
			}
		}
		if len(data) > 0 && data[len(data)-1] != '\n' {
			return // appendableHistory refuses a file cut short
		}
		path := filepath.Join(t.TempDir(), "h.jsonl")
		os.WriteFile(path, data, 0o644)
		if err := AppendHistory(path, Report{Header: Header{Commit: "def5678"}}); err != nil {
			t.Fatal(err)
		}
		if again, err := LoadHistory(path); err != nil || len(again) != len(hs)+1 {
			t.Fatalf("after an append: %d runs, %v; want %d", len(again), err, len(hs)+1)
		}
	})
}

// Benches that end together each add their line (the lock around the
// append), to a history of any size, past what the harness reads of a
// file; a link is written through.
func TestConcurrentAppends(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "history.jsonl")
	line, _ := json.Marshal(HistoryEntry{Commit: "abc1234", Date: strings.Repeat("x", 1000)})
	big := bytes.Repeat(append(line, '\n'), (maxFileBytes+len(line))/(len(line)+1)+1)
	if err := os.WriteFile(filepath.Join(dir, "real.jsonl"), big, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("real.jsonl", path); err != nil {
		t.Fatal(err)
	}
	if err := appendableHistory(path); err != nil {
		t.Fatal(err)
	}
	const writers = 40
	errs := make(chan error, writers)
	for k := range writers {
		go func() {
			errs <- AppendHistory(path, Report{Header: Header{Commit: fmt.Sprintf("c%06d", k)}})
		}()
	}
	for range writers {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
	}
	data, err := os.ReadFile(filepath.Join(dir, "real.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := bytes.Count(data, []byte("\n")), bytes.Count(big, []byte("\n"))+writers; got != want {
		t.Errorf("%d lines after %d appends, want %d", got, writers, want)
	}
	for k := range writers {
		if !bytes.Contains(data, []byte(fmt.Sprintf(`"commit":"c%06d"`, k))) {
			t.Errorf("the line of append %d is lost", k)
		}
	}
	if info, err := os.Lstat(path); err != nil || info.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the link was replaced: %v %v", info.Mode(), err)
	}
}
