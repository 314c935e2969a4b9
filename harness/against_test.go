package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// fixtureEntry is a tiny entry that spins for `rounds` rounds, sleeps for
// `sleepMS` milliseconds, and prints its one line.
func fixtureEntry(rounds, sleepMS int) string {
	return fmt.Sprintf(`package main

import (
	"fmt"
	"time"
)

func main() {
	x := uint64(1)
	for i := 0; i < %d; i++ {
		x = x*6364136223846793005 + 1442695040888963407
	}
	time.Sleep(%d * time.Millisecond)
	fmt.Println("nodes", 5+x%%1)
}
`, rounds, sleepMS)
}

// againstRepo is a git repository with three commits of entry "e": a
// quick one, one spinning ten times as long (more instructions and
// CPU), and one that also sleeps 200 ms (elapsed time, not CPU). The
// gaps are some 40 ms of CPU and 200 ms of sleep because a few tens of
// milliseconds are within the noise of a shared runner that also runs the
// other packages' tests, where the gates rightly see nothing.
func againstRepo(t *testing.T) string {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed: -against cannot be tested")
	}
	root := t.TempDir()
	for _, d := range []string{"e", "harness", "expected/e"} {
		os.MkdirAll(filepath.Join(root, d), 0o755)
	}
	writeFile(t, filepath.Join(root, "go.mod"), "module fake\n\ngo 1.23\n")
	writeFile(t, filepath.Join(root, "harness", "cases.txt"), "e/c bench @rate=nodes\n")
	writeFile(t, filepath.Join(root, "expected", "e", "c.out"), "nodes 5\n")
	git := func(args ...string) {
		cmd := exec.Command("git", append([]string{"-c", "user.name=t", "-c", "user.email=t@example.com", "-c", "commit.gpgsign=false"}, args...)...)
		cmd.Dir = root
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	git("init", "-q")
	for i, src := range []string{fixtureEntry(10_000_000, 0), fixtureEntry(100_000_000, 0), fixtureEntry(100_000_000, 200)} {
		writeFile(t, filepath.Join(root, "e", "main.go"), src)
		git("add", "-A")
		git("commit", "-q", "-m", fmt.Sprintf("version %d", i+1))
	}
	return root
}

// -against builds the entry at another commit and runs the two in pairs:
// the gate fails the slower code on the metric that moved, passes
// unchanged code, and the worktree is gone afterwards.
func TestAgainst(t *testing.T) {
	if testing.Short() {
		t.Skip("builds programs at three commits")
	}
	root := againstRepo(t)
	bench := func(args ...string) (int, string, string) {
		var stdout, stderr bytes.Buffer
		code := run(append([]string{"bench", "-root", root, "-q", "-runs", "6"}, args...), &stdout, &stderr)
		return code, stdout.String(), stderr.String()
	}
	tests := []struct {
		name, rev, gate string
		exit            int
		want            string
	}{
		{"unchanged code", "HEAD", "cpu=10,elapsed=10", exitOK, "e/c vs HEAD ("},
		{"the sleep, on elapsed", "HEAD~1", "elapsed=10", exitFailed, "REGRESSION e/c: elapsed "},
		{"the sleep, on CPU", "HEAD~1", "cpu=20", exitOK, "e/c vs HEAD~1 ("},
		{"ten times the spinning, on CPU", "HEAD~2", "cpu=20", exitFailed, "REGRESSION e/c: cpu "},
	}
	for _, tt := range tests {
		code, out, errs := bench("-against", tt.rev, "-fail-over", tt.gate)
		if code != tt.exit || !strings.Contains(out, tt.want) {
			t.Errorf("%s: -against %s -fail-over %s: exit %d, want %d and %q\n%s%s", tt.name, tt.rev, tt.gate, code, tt.exit, tt.want, out, errs)
		}
		if tt.exit == exitFailed && !strings.Contains(out, "measured again: ") {
			t.Errorf("%s: a time regression must be measured again before it fails the run:\n%s", tt.name, out)
		}
	}
	// The ratio has the right direction: HEAD spins ten times HEAD~2's rounds.
	_, out, _ := bench("-against", "HEAD~2")
	if !strings.Contains(out, "ours/theirs over 6 alternating pairs: elapsed ") || strings.Contains(out, "REGRESSION") {
		t.Errorf("without a gate it only reports:\n%s", out)
	}
	list, _ := exec.Command("git", "-C", root, "worktree", "list").Output()
	if strings.Count(string(list), "\n") != 1 {
		t.Errorf("worktrees left behind:\n%s", list)
	}
	if _, err := exec.LookPath("valgrind"); err == nil {
		code, out, errs := bench("-against", "HEAD~2", "-instructions", "-fail-over", "instructions=1")
		if code != exitFailed || !strings.Contains(out, "REGRESSION e/c: instructions ") {
			t.Errorf("instructions: exit %d\n%s%s", code, out, errs)
		}
	} else {
		t.Log("valgrind is not installed: the instruction gate against a revision is not run here")
	}
}

// SIGTERM and SIGINT stop the harness with 143 and 130 and leave nothing
// behind: no worktree registered, no temporary folder (bench -against, and
// instructions under valgrind where it is installed).
func TestStoppedLeavesNothing(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the harness and programs at two commits")
	}
	root := againstRepo(t)
	harness := filepath.Join(t.TempDir(), "harness")
	if out, err := exec.Command("go", "build", "-o", harness, ".").CombinedOutput(); err != nil {
		t.Fatalf("building the harness: %v\n%s", err, out)
	}
	tmp := t.TempDir()
	leftovers := func() []string {
		names, _ := filepath.Glob(filepath.Join(tmp, "harness-*"))
		return names
	}
	worktrees := func() int {
		list, _ := exec.Command("git", "-C", root, "worktree", "list").Output()
		return strings.Count(string(list), "\n")
	}
	stop := func(sig syscall.Signal, ready func() bool, args ...string) {
		cmd := exec.Command(harness, args...)
		cmd.Env = append(os.Environ(), "TMPDIR="+tmp)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		for deadline := time.Now().Add(20 * time.Second); !ready() && time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		}
		cmd.Process.Signal(sig)
		err := cmd.Wait()
		if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 128+int(sig) || !strings.Contains(stderr.String(), "stopped; its temporary folders and worktrees are removed") {
			t.Errorf("%v on %v: %v, stderr %q; want exit %d", sig, args, err, stderr.String(), 128+int(sig))
		}
		if n := worktrees(); n != 1 {
			t.Errorf("%v on %v: %d worktrees left registered", sig, args, n)
		}
		if l := leftovers(); len(l) > 0 {
			out, _ := exec.Command("ls", "-laR", l[0]).CombinedOutput()
			t.Errorf("%v on %v: left %v\n%s", sig, args, l, out)
		}
	}
	against := []string{"bench", "-root", root, "-q", "-runs", "200", "-against", "HEAD~1"}
	stop(syscall.SIGTERM, func() bool { return worktrees() == 2 }, against...)
	stop(syscall.SIGINT, func() bool { return worktrees() == 2 && len(leftovers()) >= 3 }, against...)
	if _, err := exec.LookPath("valgrind"); err == nil {
		stop(syscall.SIGTERM, func() bool {
			names, _ := filepath.Glob(filepath.Join(tmp, "harness-callgrind-*"))
			return len(names) > 0
		}, "instructions", "-root", root, "-q", "e")
	}
}
