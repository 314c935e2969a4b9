package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestEveryCheckCase builds every entry and runs every check case of the
// repository's case file through the harness, byte for byte: `make test`
// guards each expected file.
func TestEveryCheckCase(t *testing.T) {
	if testing.Short() {
		t.Skip("builds every entry")
	}
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	all, err := LoadCases(filepath.Join(root, "harness", "cases.txt"))
	if err != nil {
		t.Fatal(err)
	}
	cases, _ := Select(all, nil, ClassCheck)
	if len(cases) == 0 {
		t.Fatal("no check cases")
	}
	r := NewRunner()
	b, err := NewBuilder(root, r)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	var out bytes.Buffer
	s := &Session{Root: root, Builder: b, Runner: r, Counter: callgrind{r}, Out: &out, Log: &Progress{w: &out}}
	if failures := s.Check(cases); failures > 0 {
		t.Fatalf("%d check cases failed:\n%s", failures, out.String())
	}
	t.Logf("%d check cases ok", len(cases))
}

// TestCorruptedExpectedFileFails is the harness's reason to exist: one byte
// changed in an expected file gives a failure that points at the line.
func TestCorruptedExpectedFileFails(t *testing.T) {
	t.Setenv("HARNESS_HELPER", "echo")
	var out bytes.Buffer
	s, root := helperSession(t, &out)
	writeFile(t, filepath.Join(root, "expected", "e", "c.out"), "0 0 0 0 1 \n 2 2 2 0 1 \n")
	c := Case{Entry: "e", Name: "c", Args: []string{"0 0 0 0 1 ", " 2 2 2 0 l "}, Source: "cases.txt:7"}
	if s.Check([]Case{c}) != 1 {
		t.Fatal("check passed on a corrupted expected file")
	}
	for _, want := range []string{"FAIL  e/c", "line 2, column 10: lines differ", "expected:  2 2 2 0 1·$", "actual:    2 2 2 0 l·$", "cases.txt:7"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("report lacks %q:\n%s", want, out.String())
		}
	}
}

// update rewrites a changed expected file and shows its first differing line.
func TestUpdateShowsTheChange(t *testing.T) {
	t.Setenv("HARNESS_HELPER", "echo")
	var out bytes.Buffer
	s, root := helperSession(t, &out)
	path := filepath.Join(root, "expected", "e", "c.out")
	writeFile(t, path, "a\nold\n")
	c := Case{Entry: "e", Name: "c", Args: []string{"a", "new"}}
	if s.Update([]Case{c}) != 0 {
		t.Fatal(out.String())
	}
	for _, want := range []string{"changed  ", "c.out: line 2, column 1: lines differ", "was: old$", "now: new$"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("update output lacks %q:\n%s", want, out.String())
		}
	}
	if b, _ := os.ReadFile(path); string(b) != "a\nnew\n" {
		t.Errorf("file now %q", b)
	}
	out.Reset()
	s.Update([]Case{c})
	if !strings.HasPrefix(out.String(), "same     ") {
		t.Errorf("an unchanged file: %q", out.String())
	}
	out.Reset()
	here, _ := os.Getwd() // paths as a user in the repository sees them
	if err := os.Chdir(root); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.Chdir(here) })
	s.Update([]Case{{Entry: "e", Name: "d", Expect: "c"}})
	if want := "shared   e/d: checked against expected/e/c.out, which its own case updates\n"; out.String() != want {
		t.Errorf("a shared case: %q, want %q", out.String(), want)
	}
}

// update never writes an output it could not keep whole: past the most an
// expected file holds it refuses, naming the case's SHA-256 to keep
// instead, and an expected file it cannot read is an error in check and
// update alike, left as it is, never "created" anew.
func TestUpdateKeepsNothingCut(t *testing.T) {
	t.Setenv("HARNESS_HELPER", "big")
	var out bytes.Buffer
	s, root := helperSession(t, &out)
	c := Case{Entry: "e", Name: "c", Source: "cases.txt:3"}
	path := filepath.Join(root, "expected", "e", "c.out")
	if s.Update([]Case{c}) != 1 || !strings.Contains(out.String(), "past the 32 MiB an expected file may hold") || !strings.Contains(out.String(), "@sha256=") {
		t.Errorf("update of a 32 MiB output:\n%s", out.String())
	}
	if _, err := os.Stat(path); err == nil {
		t.Error("update wrote a cut expected file")
	}
	writeFile(t, path, "")
	if err := os.Truncate(path, maxFileBytes+1); err != nil {
		t.Fatal(err)
	}
	for name, run := range map[string]func([]Case) int{"check": s.Check, "update": s.Update} {
		out.Reset()
		if run([]Case{c}) != 1 || !strings.Contains(out.String(), "past the 32 MiB the harness reads") {
			t.Errorf("%s with an expected file past the read limit:\n%s", name, out.String())
		}
		if info, _ := os.Stat(path); info.Size() != maxFileBytes+1 {
			t.Errorf("%s changed the expected file it could not read", name)
		}
	}
}
