package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
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
	if why := valgrindRefusal(stderr); !strings.Contains(why, "instruction valgrind does not know in main (") {
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

// With valgrind installed, real counts: a loop of four million rounds and one
// of eight million differ by the four million rounds' instructions (a
// handful each), and the same program counts the same twice within 1%. GOMAXPROCS=1
// and no async preemption make a Go program's own work repeatable; the
// runtime's monitor thread wakes on a clock and adds some thousands of
// instructions that depend on time.
// A case's time limit is stretched by valgrind's slowdown, to a minute at
// least; a limit given with -timeout is kept as given.
func TestValgrindTimeout(t *testing.T) {
	for _, tt := range []struct {
		c    Case
		want time.Duration
	}{
		{Case{Timeout: 2 * time.Second}, 400 * time.Second},
		{Case{Timeout: 10 * time.Millisecond}, time.Minute},
		{Case{Timeout: 3 * time.Second, TimeoutFromFlag: true}, 3 * time.Second},
	} {
		if got := valgrindTimeout(tt.c); got != tt.want {
			t.Errorf("%+v: %v, want %v", tt.c, got, tt.want)
		}
	}
}

func TestCountInstructions(t *testing.T) {
	counter := callgrind{NewRunner()}
	if err := counter.Ready(); err != nil {
		t.Skip(err)
	}
	if testing.Short() {
		t.Skip("runs valgrind")
	}
	count := func(rounds string) int64 {
		n, err := counter.Count(helperSpec(t, "spin", rounds))
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	one, again, two := count("4000000"), count("4000000"), count("8000000")
	if d := float64(one-again) / float64(one); d > 0.01 || d < -0.01 {
		t.Errorf("counts %d and %d of the same run differ by more than 1%%", one, again)
	}
	if perRound := float64(two-one) / 4e6; perRound < 2 || perRound > 12 {
		t.Errorf("four million more rounds cost %d instructions (%.1f a round), want a few a round", two-one, perRound)
	}
	// The runtime reads the clock with RDTSCP, which valgrind 3.19 cannot
	// run, when it times a contended lock (now and then) or, always, a wait
	// the block profile records.
	if _, err := counter.Count(helperSpec(t, "timed-wait")); err != nil {
		t.Errorf("a Go program whose runtime reads the time stamp counter: %v", err)
	}
	failing := helperSpec(t, "bad-input")
	if _, err := counter.Count(failing); err == nil || !strings.Contains(err.Error(), "failed under valgrind") {
		t.Errorf("a failing program: %v", err)
	}
}
