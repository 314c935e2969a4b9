package main

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

func TestRunReportsRusage(t *testing.T) {
	res := NewRunner().Run(helperSpec(t, "burn"))
	if p := res.Problem(); p != "" {
		t.Fatal(p)
	}
	if res.CPU <= 0 || res.Elapsed <= 0 {
		t.Errorf("cpu %v elapsed %v: want both positive", res.CPU, res.Elapsed)
	}
	if res.MaxRSS < 64<<10 { // the helper touches 64 MiB
		t.Errorf("peak RSS %d KiB, want at least 65536", res.MaxRSS)
	}
	// Touching 64 MiB maps at least 64 MiB / 2 MiB pages (huge pages) and
	// usually 16,384 of 4 KiB; the kernel's work shows as system time.
	if res.MinFlt < 32 || res.SysCPU <= 0 || res.SysCPU > res.CPU {
		t.Errorf("minor faults %d, system CPU %v of %v", res.MinFlt, res.SysCPU, res.CPU)
	}
	small := NewRunner().Run(helperSpec(t, "echo", "x"))
	if small.MinFlt <= 0 || small.MinFlt >= res.MinFlt {
		t.Errorf("a program touching little memory: %d faults, the 64 MiB one %d", small.MinFlt, res.MinFlt)
	}
	// The peak is the program's own, not the harness's: this test process
	// has held the 64 MiB helper's output and more; a helper that prints one
	// line stays far below it (rusage would report at least the test
	// process's own peak, since the child is started with vfork).
	if small.MaxRSSFromRusage {
		t.Skip("ptrace is not allowed here: peak memory comes from rusage")
	}
	var self syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &self)
	ballast := make([]byte, 32<<20)
	for i := range ballast {
		ballast[i] = 1
	}
	small = NewRunner().Run(helperSpec(t, "echo", "x"))
	if small.MaxRSS <= 0 || small.MaxRSS >= 32<<10 {
		t.Errorf("a one-line program's peak is %d KiB while the harness holds 32 MiB: it counts the harness's", small.MaxRSS)
	}
	_ = ballast[len(ballast)-1]
	if n, ok := WorkCount("nodes", res); !ok || n < 1000 {
		t.Errorf("WorkCount = %d, %v", n, ok)
	}
}

func TestRunTimeout(t *testing.T) {
	spec := helperSpec(t, "sleep")
	spec.Timeout = 200 * time.Millisecond
	res := NewRunner().Run(spec)
	if !res.TimedOut || res.Elapsed > 5*time.Second {
		t.Fatalf("TimedOut %v after %v", res.TimedOut, res.Elapsed)
	}
	v := Judge(Case{Entry: "e", Name: "c", Timeout: spec.Timeout}, res, Expected{})
	if v.Status != StatusTimeout || !strings.Contains(v.Message, "timed out") {
		t.Errorf("verdict %+v", v)
	}
}

func TestRunStdinAndArguments(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "in.txt"), []byte("from stdin\n"), 0o644)
	spec := helperSpec(t, "cat")
	spec.Dir, spec.Stdin = dir, "in.txt"
	if res := NewRunner().Run(spec); string(res.Stdout) != "from stdin\n" {
		t.Errorf("stdout %q", res.Stdout)
	}
	spec = helperSpec(t, "echo", "a b", "*")
	if res := NewRunner().Run(spec); string(res.Stdout) != "a b\n*\n" { // no shell: no splitting, no globbing
		t.Errorf("stdout %q", res.Stdout)
	}
	spec = helperSpec(t, "cat")
	spec.Stdin = "missing.txt"
	if res := NewRunner().Run(spec); res.Err == nil {
		t.Error("a missing stdin file must be an error")
	}
}

// TestJudge covers each way a checked run can fail, with its own message.
// rightSum is the SHA-256 of "right\n", worked out with sha256sum.
const rightSum = "55c97802b397ef4da0d8e2ecf4a8fa33c1f4755da0eacec54c62cacbbcfd9713"

func TestJudge(t *testing.T) {
	dir := t.TempDir()
	expected := filepath.Join(dir, "c.out")
	os.WriteFile(expected, []byte("right\n"), 0o644)
	errExpected := filepath.Join(dir, "e.out")
	os.WriteFile(errExpected, []byte("helper: bad input on line 1\n"), 0o644)

	tests := []struct {
		name     string
		c        Case
		spec     RunSpec
		expected string
		status   string
		message  string
	}{
		{"non-zero exit after output", Case{}, helperSpec(t, "fail-after-output"), expected, StatusError,
			"exit status 3; stderr: helper: something broke; it wrote 15 bytes to stdout before failing"},
		{"wrong output", Case{}, helperSpec(t, "echo", "wrong"), expected, StatusBadOutput,
			"line 1, column 1: lines differ"},
		{"right output", Case{}, helperSpec(t, "echo", "right"), expected, StatusOK, ""},
		{"missing expected file", Case{Entry: "e", Name: "c"}, helperSpec(t, "echo", "x"), filepath.Join(dir, "none.out"), StatusNoExpected,
			"does not exist (run `harness update e/c`"},
		{"error case with its message", Case{Exit: 2}, helperSpec(t, "bad-input"), errExpected, StatusOK, ""},
		{"error case, wrong status", Case{Exit: 2}, helperSpec(t, "echo", "x"), errExpected, StatusError,
			"expected exit status 2, got 0"},
		{"cannot start", Case{}, RunSpec{Bin: filepath.Join(dir, "no-such-program")}, expected, StatusError, "could not start"},
		// sha256 of "right\n"
		{"right checksum", Case{SHA256: rightSum}, helperSpec(t, "echo", "right"), filepath.Join(dir, "none.out"), StatusOK, ""},
		{"wrong checksum", Case{SHA256: rightSum, Source: "cases.txt:9"}, helperSpec(t, "echo", "wrong"), filepath.Join(dir, "none.out"), StatusBadOutput,
			"the output's SHA-256 is "},
	}
	for _, tt := range tests {
		want := readExpected(tt.c, "")
		want.Path = tt.expected
		if tt.c.SHA256 == "" {
			want.Data, want.Err = os.ReadFile(tt.expected)
		}
		spec := tt.spec
		spec.StdoutLimit, spec.HashStdout = want.stdoutLimit(tt.c), tt.c.SHA256 != ""
		v := Judge(tt.c, NewRunner().Run(spec), want)
		if v.Status != tt.status || !strings.Contains(v.Message, tt.message) {
			t.Errorf("%s: verdict %q %q, want %q containing %q", tt.name, v.Status, v.Message, tt.status, tt.message)
		}
	}
}

// A program that streams stdout without end is stopped past the limit,
// with little memory held.
func TestRunStopsAtStdoutLimit(t *testing.T) {
	spec := helperSpec(t, "yes")
	spec.StdoutLimit = 1 << 20
	res := NewRunner().Run(spec)
	if !res.StdoutOverflow || res.TimedOut || len(res.Stdout) > 2<<20 {
		t.Fatalf("overflow %v, timed out %v, %d bytes kept", res.StdoutOverflow, res.TimedOut, len(res.Stdout))
	}
	v := Judge(Case{}, res, Expected{Data: []byte("y\n")})
	if v.Status != StatusBadOutput || !strings.Contains(v.Message, "past its limit (the expected output is 2 bytes)") {
		t.Errorf("verdict %+v", v)
	}
}

// A time limit kills what the program started too, and a child left
// holding the pipes does not keep Run waiting: the harness stops reading
// a moment after the program ends, and kills its process group.
func TestRunKillsItsProcessGroup(t *testing.T) {
	for _, wait := range []string{"wait", "exit"} {
		pidFile := filepath.Join(t.TempDir(), "pid")
		spec := helperSpec(t, "spawn", pidFile, wait)
		spec.Timeout = 300 * time.Millisecond
		start := time.Now()
		res := NewRunner().Run(spec)
		if took := time.Since(start); took > 3*time.Second {
			t.Errorf("%s: Run took %v", wait, took)
		}
		if wait == "wait" && !res.TimedOut {
			t.Errorf("wait: not timed out: %+v", res)
		}
		data, err := os.ReadFile(pidFile)
		pid, _ := strconv.Atoi(string(data))
		if err != nil || pid == 0 {
			t.Fatalf("%s: no child pid: %v", wait, err)
		}
		deadline := time.Now().Add(2 * time.Second)
		for syscall.Kill(pid, 0) == nil && time.Now().Before(deadline) {
			var ws syscall.WaitStatus
			syscall.Wait4(pid, &ws, syscall.WNOHANG, nil)
			time.Sleep(10 * time.Millisecond)
		}
		if syscall.Kill(pid, 0) == nil {
			syscall.Kill(pid, syscall.SIGKILL)
			t.Errorf("%s: the child %d outlived the run", wait, pid)
		}
	}
}

// A build past the limit ends as an error naming the limit.
func TestBuildLimit(t *testing.T) {
	root := t.TempDir()
	writeFile(t, filepath.Join(root, "go.mod"), "module fake\n\ngo 1.23\n")
	os.MkdirAll(filepath.Join(root, "e"), 0o755)
	writeFile(t, filepath.Join(root, "e", "main.go"), "package main\n\nfunc main() {}\n")
	b, err := NewBuilder(root, NewRunner())
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	b.BuildLimit = time.Millisecond
	if _, err := b.Binary(Case{Entry: "e"}); err == nil || !strings.Contains(err.Error(), "stopped after 1ms, the limit of a build") {
		t.Errorf("a build past its limit: %v", err)
	}
	b.BuildLimit = buildLimit
	if _, err := b.Binary(Case{Entry: "e"}); err != nil {
		t.Errorf("within the limit: %v", err)
	}
}

// A program whose first thread ends before the others (valgrind's does,
// now and then) has not ended: Run waits for the last thread and reports
// what the program said and its status.
func TestRunFirstThreadEndsFirst(t *testing.T) {
	res := NewRunner().Run(helperSpec(t, "leader-exits"))
	if res.Problem() != "" || string(res.Stdout) != "nodes 5\n" {
		t.Errorf("got %q, %q; want exit 0 and %q", res.Problem(), res.Stdout, "nodes 5\n")
	}
}
