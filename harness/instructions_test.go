package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// The count comes from callgrind's summary line, on stderr captured from a
// real run (meteor 2098 under valgrind 3.19).
func TestParseCallgrind(t *testing.T) {
	stderr, err := os.ReadFile(filepath.Join("testdata", "callgrind.stderr"))
	if err != nil {
		t.Fatal(err)
	}
	if n, err := parseCallgrind(stderr); err != nil || n != 28431275 {
		t.Errorf("parseCallgrind = %d, %v; want 28431275", n, err)
	}
	// A program's own stderr cannot pass for the summary.
	fake := []byte("Collected : 5\nnodes 89051\n")
	if _, err := parseCallgrind(fake); err == nil {
		t.Error("a line without valgrind's ==PID== prefix must not count")
	}
	two := append(append([]byte{}, stderr...), stderr...)
	if _, err := parseCallgrind(two); err == nil || !strings.Contains(err.Error(), "2 \"Collected :\" lines") {
		t.Errorf("two summaries: %v", err)
	}
}

// valgrind 3.19 stops on AVX-512 code with SIGILL: said in words.
func TestValgrindRefusal(t *testing.T) {
	stderr, err := os.ReadFile(filepath.Join("testdata", "callgrind-sigill.stderr"))
	if err != nil {
		t.Fatal(err)
	}
	if why := valgrindRefusal(stderr); !strings.Contains(why, "instruction valgrind does not know") {
		t.Errorf("refusal = %q", why)
	}
	ok, _ := os.ReadFile(filepath.Join("testdata", "callgrind.stderr"))
	if why := valgrindRefusal(ok); why != "" {
		t.Errorf("a good run is not a refusal: %q", why)
	}
}

func TestIsGoBinary(t *testing.T) {
	if !isGoBinary(os.Args[0]) {
		t.Error("the test binary is a Go program")
	}
	if sh, err := exec.LookPath("sh"); err == nil && isGoBinary(sh) {
		t.Errorf("%s is not a Go program", sh)
	}
}

// With valgrind installed, a real count: the helper echoing one line runs a
// Go program's start-up, under a million instructions, nearly the same count
// twice. GOMAXPROCS=1 and no async preemption make the program's own work
// repeatable; the runtime's monitor thread wakes on a clock and adds a few
// thousand instructions that depend on time (0.3% of meteor's 28 M, a couple
// of percent of a program this small).
func TestCountInstructions(t *testing.T) {
	if _, err := valgrindPath(); err != nil {
		t.Skip(err)
	}
	if testing.Short() {
		t.Skip("runs valgrind")
	}
	spec := helperSpec(t, "echo", "hello")
	a, err := CountInstructions(spec)
	if err != nil {
		t.Fatal(err)
	}
	b, err := CountInstructions(spec)
	if err != nil {
		t.Fatal(err)
	}
	if a < 50_000 || a > 5_000_000 {
		t.Errorf("count %d out of range for a Go program printing one line", a)
	}
	if d := float64(a-b) / float64(a); d > 0.05 || d < -0.05 {
		t.Errorf("counts %d and %d differ by more than 5%%", a, b)
	}
	failing := helperSpec(t, "bad-input")
	if _, err := CountInstructions(failing); err == nil || !strings.Contains(err.Error(), "failed under valgrind") {
		t.Errorf("a failing program: %v", err)
	}
}
