package main

import (
	"bytes"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Every command-line mistake is one clear line on stderr and exit 2, found
// before anything is built or run.
func TestCommandLineErrors(t *testing.T) {
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	noDir := filepath.Join(t.TempDir(), "no", "such", "folder")
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"frobnicate"}, `unknown command "frobnicate"`},
		{[]string{"list", "-runs", "3"}, "-runs is a flag of bench, not of list"},
		{[]string{"check", "-json"}, "-json is a flag of bench, not of check"},
		{[]string{"lint", "-long"}, "-long is a flag of check and bench and instructions and update and list, not of lint"},
		{[]string{"bench", "-fast"}, "no such flag -fast"},
		{[]string{"bench", "-warmup", "-1", "meteor"}, "-warmup must be 0 or more"},
		{[]string{"bench", "-runs", "0", "meteor"}, "-runs must be at least 1"},
		{[]string{"bench", "-runs", "2001", "meteor"}, "-runs must be at most 2000"},
		{[]string{"bench", "-format", "xml", "meteor"}, `-format "xml": want one of table, md, json, csv, benchfmt`},
		{[]string{"bench", "-json", "-format", "md", "meteor"}, "-json and -format md ask for two formats"},
		{[]string{"bench", "-fail-over", "5", "meteor"}, "-fail-over needs -against REV"},
		{[]string{"bench", "-fail-over", "5x", "meteor"}, `"5x": want a percentage`},
		{[]string{"bench", "-against", "HEAD", "-runs", "5", "-fail-over", "cpu=10", "meteor"}, "judges times and faults on at least 6 pairs (-runs 5 gives no interval)"},
		{[]string{"bench", "-against", "no-such-revision", "meteor"}, "-against no-such-revision: not a commit of the repository"},
		{[]string{"check", "-timeout", "-5s", "meteor"}, `invalid value "-5s" for flag -timeout: must be more than 0`},
		{[]string{"check", "-timeout", "0", "meteor"}, `invalid value "0" for flag -timeout: must be more than 0 (leave -timeout out for each case's own limit)`},
		{[]string{"bench", "-runs", "3", "meteor", "-runs", "5"}, "-runs given twice: give it once"},
		{[]string{"bench", "-q", "-q", "meteor"}, "-q given twice: give it once"},
		{[]string{"check", "-timeout", "1s", "-timeout=2s", "meteor"}, "-timeout given twice: give it once"},
		{[]string{"compare", "a.json"}, "expected two saved runs or more"},
		{[]string{"history"}, "expected a history file"},
		{[]string{"bench", "-fail-over", "lots", "meteor"}, "want a percentage"},
		{[]string{"bench", "-baseline", filepath.Join(noDir, "b.json"), "meteor"}, "-baseline: stat " + filepath.Join(noDir, "b.json") + ": no such file"},
		{[]string{"bench", "-timeout", "soon", "meteor"}, `invalid value "soon" for flag -timeout`},
		{[]string{"bench", "-vs", "meteor/2098", "meteor"}, `expected 'ENTRY/CASE=COMMAND ARGS'`},
		{[]string{"bench", "-vs", "meteor/one=./x", "meteor"}, "a check case; bench times only bench cases"},
		{[]string{"bench", "-readme", filepath.Join(root, "go.mod"), "meteor"}, "go.mod: expected one line \"<!-- bench results: start -->\""},
		{[]string{"bench", "nosuch"}, `no case matches "nosuch"`},
		{[]string{"lint", "nosuch"}, `no entry "nosuch" (entries: acrostic, eternity2, meteor, pentomino)`},
		{[]string{"instructions", "--"}, "expected a command after --"},
		{[]string{"instructions", "meteor", "--", "true"}, "give cases or -- COMMAND, not both"},
	}
	for _, tt := range tests {
		var stdout, stderr bytes.Buffer
		args := append([]string{tt.args[0], "-root", root}, tt.args[1:]...)
		if tt.args[0] == "frobnicate" || tt.args[0] == "compare" || tt.args[0] == "history" {
			args = tt.args
		}
		code := run(args, &stdout, &stderr)
		if code != exitUsage || !strings.Contains(stderr.String(), tt.want) || stdout.Len() > 0 {
			t.Errorf("harness %s: exit %d, stderr %q, stdout %q; want exit 2 and %q",
				strings.Join(tt.args, " "), code, stderr.String(), stdout.String(), tt.want)
		}
	}
}

// A write that fails ends any command with exitWrite, not the status of
// bad usage: its results on stdout, or a file it was asked to write, found
// before the runs or after them.
func TestFailedWritesHaveTheirOwnStatus(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a program")
	}
	root, _ := filepath.Abs("..")
	fake := fakeRepo(t)
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.json"), filepath.Join(dir, "b.json")
	for _, f := range []string{a, b} {
		if err := SaveReport(f, sampleReport()); err != nil {
			t.Fatal(err)
		}
	}
	history := filepath.Join(dir, "history.jsonl")
	if code := run([]string{"bench", "-root", fake, "-q", "-runs", "1", "-history", history}, io.Discard, io.Discard); code != exitOK {
		t.Fatalf("making a history: exit %d", code)
	}
	noDir := filepath.Join(dir, "no", "such")
	tests := []struct {
		args      []string
		stdoutBad bool
		want      string
	}{
		{[]string{"check", "-root", fake, "-q"}, true, "harness check: writing the results to stdout: disk full"},
		{[]string{"list", "-root", root, "meteor"}, true, "harness list: writing the results to stdout"},
		{[]string{"compare", a, b}, true, "harness compare: writing the results to stdout"},
		{[]string{"lint", "-root", fake}, true, "harness lint: writing the results to stdout"},
		{[]string{"history", history}, true, "harness history: writing the results to stdout"},
		{[]string{"bench", "-root", fake, "-q", "-runs", "1"}, true, "bench: 1 of 1 cases ok, but 1 of its outputs could not be written"},
		{[]string{"bench", "-root", fake, "-q", "-runs", "1", "-save", filepath.Join(noDir, "r.json")}, false, "-save " + filepath.Join(noDir, "r.json") + ": cannot write there: no such file or directory"},
		{[]string{"bench", "-root", fake, "-q", "-runs", "1", "-svg", filepath.Join(noDir, "r.svg")}, false, "-svg " + filepath.Join(noDir, "r.svg") + ": cannot write there"},
		{[]string{"history", "-svg", filepath.Join(noDir, "h.svg"), history}, false, "harness history: -svg: open"},
	}
	for _, tt := range tests {
		var stdout io.Writer = io.Discard
		if tt.stdoutBad {
			stdout = failingWriter{}
		}
		var stderr bytes.Buffer
		if code := run(tt.args, stdout, &stderr); code != exitWrite || !strings.Contains(stderr.String(), tt.want) {
			t.Errorf("harness %s: exit %d, stderr %q; want %d and %q", strings.Join(tt.args, " "), code, stderr.String(), exitWrite, tt.want)
		}
	}
}

// -h prints each command's own usage line and exits 0; a usage that
// cannot be written (harness -h > /dev/full) exits 3.
func TestHelpExitsZero(t *testing.T) {
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"-h"}, "usage: harness COMMAND [flags] [ENTRY[/CASE]...]\n"},
		{[]string{"help"}, "usage: harness COMMAND"},
		{[]string{"bench", "-h"}, "usage: harness bench [flags] [ENTRY[/CASE]...]\n"},
		{[]string{"list", "-h"}, "usage: harness list [flags] [ENTRY[/CASE]...]\n"},
		{[]string{"lint", "-h"}, "usage: harness lint [flags] [ENTRY...]\n"},
		{[]string{"instructions", "-h"}, "usage: harness instructions [flags] [ENTRY[/CASE]...] | -- COMMAND [ARG...]\n"},
		{[]string{"check", "-h"}, "usage: harness check [flags] [ENTRY[/CASE]...]\n"},
		{[]string{"update", "-h"}, "usage: harness update [flags] [ENTRY[/CASE]...]\n"},
		{[]string{"compare", "-h"}, "usage: harness compare A.json B.json [C.json...]\n"},
		{[]string{"history", "-h"}, "usage: harness history [flags] HISTORY [CASE...]\n\nflags:\n  -svg string\n"},
	} {
		var stdout, stderr bytes.Buffer
		if code := run(tt.args, &stdout, &stderr); code != exitOK || !strings.HasPrefix(stdout.String(), tt.want) {
			t.Errorf("harness %s: exit %d, stdout %q; want %q", strings.Join(tt.args, " "), code, stdout.String(), tt.want)
		}
		for _, line := range strings.Split(stdout.String(), "\n") {
			if strings.Count(line, "(default") > 1 {
				t.Errorf("harness %s: a flag with two defaults: %q", strings.Join(tt.args, " "), line)
			}
		}
		var errb bytes.Buffer
		if code := run(tt.args, failingWriter{}, &errb); code != exitWrite || !strings.Contains(errb.String(), "writing the usage: disk full") {
			t.Errorf("harness %s > /dev/full: exit %d, stderr %q; want %d", strings.Join(tt.args, " "), code, errb.String(), exitWrite)
		}
	}
	var stdout bytes.Buffer
	run([]string{"bench", "-h"}, &stdout, &stdout)
	for _, flag := range []string{"-instructions", "-fail-over", "-svg", "-format", "-timeout", "-baseline"} {
		if !strings.Contains(stdout.String(), flag) {
			t.Errorf("bench -h does not list %s", flag)
		}
	}
}

func TestInstructionsWithoutValgrind(t *testing.T) {
	root, _ := filepath.Abs("..")
	r := NewRunner()
	for _, args := range [][]string{{"bench", "-root", root, "-instructions", "meteor"}, {"instructions", "-root", root, "meteor"}} {
		var stdout, stderr bytes.Buffer
		code := runWith(tools{r, fakeCounter{err: errNoValgrind}}, args, &stdout, &stderr)
		if code != exitUsage || strings.Count(stderr.String(), "\n") != 1 || !strings.Contains(stderr.String(), "apt-get install valgrind") {
			t.Errorf("harness %s without valgrind: exit %d, stderr %q", strings.Join(args, " "), code, stderr.String())
		}
	}
}

// fakeRepo is a repository with one entry "e" that prints its arguments and
// one bench case.
func fakeRepo(t *testing.T) string {
	t.Helper()
	root := t.TempDir()
	for _, d := range []string{"e", "harness", "expected/e"} {
		os.MkdirAll(filepath.Join(root, d), 0o755)
	}
	writeFile(t, filepath.Join(root, "go.mod"), "module fake\n\ngo 1.23\n")
	writeFile(t, filepath.Join(root, "e", "main.go"), "package main\n\nimport (\n\t\"fmt\"\n\t\"os\"\n\t\"strings\"\n)\n\nfunc main() { fmt.Println(strings.Join(os.Args[1:], \" \")) }\n")
	writeFile(t, filepath.Join(root, "harness", "cases.txt"), "e/c bench nodes 5 @rate=nodes\n")
	writeFile(t, filepath.Join(root, "expected", "e", "c.out"), "nodes 5\n")
	return root
}

// The regression gate, end to end: a fake instruction counter stands in for
// valgrind, so that the test runs wherever Go does.
func TestFailOverGate(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a program")
	}
	fake := tools{NewRunner(), fakeCounter{n: 1000}}
	root := fakeRepo(t)
	dir := t.TempDir()
	base, svg := filepath.Join(dir, "base.json"), filepath.Join(dir, "chart.svg")
	bench := func(args ...string) (int, string, string) {
		var stdout, stderr bytes.Buffer
		code := runWith(fake, append([]string{"bench", "-root", root, "-q", "-runs", "5", "-instructions"}, args...), &stdout, &stderr)
		return code, stdout.String(), stderr.String()
	}
	if code, out, errs := bench("-save", base); code != exitOK || !strings.Contains(errs, "bench: 1 of 1 cases ok, in ") {
		t.Fatalf("first run: exit %d\n%s\n%s", code, out, errs)
	}
	// The same program against its own results passes. (The limit is wide
	// because a program of a millisecond can vary by a fifth from one run to
	// the next; the time gate is tested on fixed samples in compare_test.go.)
	if code, out, errs := bench("-baseline", base, "-fail-over", "300", "-svg", svg); code != exitOK || strings.Contains(out, "REGRESSION") {
		t.Errorf("against itself: exit %d\n%s\n%s", code, out, errs)
	}
	if b, err := os.ReadFile(svg); err != nil || !bytes.Contains(b, []byte("<svg")) {
		t.Errorf("-svg wrote %d bytes, %v", len(b), err)
	}
	// A baseline with fewer instructions: this run rose by 11%, over 5%.
	var rep Report
	b, _ := os.ReadFile(base)
	if err := json.Unmarshal(b, &rep); err != nil {
		t.Fatal(err)
	}
	rep.Results[0].Instructions = 900
	lowered := filepath.Join(dir, "lowered.json")
	if err := SaveReport(lowered, rep); err != nil {
		t.Fatal(err)
	}
	code, out, errs := bench("-baseline", lowered, "-fail-over", "5")
	if code != exitFailed || !strings.Contains(out, "REGRESSION e/c: instructions 1.1111× the baseline's, over the 5% allowed") ||
		!strings.Contains(errs, "1 over the -fail-over limits") {
		t.Errorf("lowered instructions: exit %d\n%s\n%s", code, out, errs)
	}
	// The same without -fail-over only reports.
	if code, _, _ := bench("-baseline", lowered); code != exitOK {
		t.Errorf("without -fail-over: exit %d", code)
	}
}

// fakeCounter stands in for callgrind: every program counts n
// instructions, or none for err.
type fakeCounter struct {
	n   int64
	err error
}

func (f fakeCounter) Ready() error                 { return f.err }
func (f fakeCounter) Count(RunSpec) (int64, error) { return f.n, f.err }
