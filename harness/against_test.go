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

// fixtureEntry is a tiny entry that spins for `rounds` rounds and prints
// its one line.
func fixtureEntry(rounds int) string {
	return fmt.Sprintf(`package main

import "fmt"

func main() {
	x := uint64(1)
	for i := 0; i < %d; i++ {
		x = x*6364136223846793005 + 1442695040888963407
	}
	fmt.Println("nodes", 5+x%%1)
}
`, rounds)
}

// againstRepo is a git repository with two commits of entry "e": a quick
// one, then one spinning ten times as long (ten times the instructions).
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
	for i, src := range []string{fixtureEntry(2_000_000), fixtureEntry(20_000_000)} {
		writeFile(t, filepath.Join(root, "e", "main.go"), src)
		git("add", "-A")
		git("commit", "-q", "-m", fmt.Sprintf("version %d", i+1))
	}
	return root
}

// -against builds the entry at another commit and runs the two in pairs,
// and the worktree is gone afterwards. Nothing here depends on the
// machine's load: times are reported, not judged (the gate's judgement of
// pairs is TestRegressionsAgainstARevision's, its second look
// TestConfirm's); instructions, which load does not move, are judged.
func TestAgainst(t *testing.T) {
	if testing.Short() {
		t.Skip("builds programs at two commits")
	}
	root := againstRepo(t)
	bench := func(args ...string) (int, string, string) {
		var stdout, stderr bytes.Buffer
		code := run(append([]string{"bench", "-root", root, "-q", "-runs", "6"}, args...), &stdout, &stderr)
		return code, stdout.String(), stderr.String()
	}
	for _, rev := range []string{"HEAD", "HEAD~1"} {
		code, out, errs := bench("-against", rev)
		if code != exitOK || !strings.Contains(out, "e/c vs "+rev+" (") || !strings.Contains(out, "ours/theirs over 6 alternating pairs: elapsed ") {
			t.Errorf("-against %s: exit %d\n%s%s", rev, code, out, errs)
		}
	}
	list, _ := exec.Command("git", "-C", root, "worktree", "list").Output()
	if strings.Count(string(list), "\n") != 1 {
		t.Errorf("worktrees left behind:\n%s", list)
	}
	if _, err := exec.LookPath("valgrind"); err != nil {
		t.Log("valgrind is not installed: the instruction gate against a revision is not run here")
		return
	}
	for _, tt := range []struct {
		rev  string
		exit int
		want string
	}{
		{"HEAD", exitOK, "e/c vs HEAD ("},
		{"HEAD~1", exitFailed, "REGRESSION e/c: instructions "},
	} {
		code, out, errs := bench("-against", tt.rev, "-instructions", "-fail-over", "instructions=1")
		if code != tt.exit || !strings.Contains(out, tt.want) {
			t.Errorf("-against %s -fail-over instructions=1: exit %d, want %d and %q\n%s%s", tt.rev, code, tt.exit, tt.want, out, errs)
		}
	}
}

// An entry that does not build at the revision is reported with the
// compiler's reason, on the report's one line.
func TestAgainstSaysWhyItDoesNotBuild(t *testing.T) {
	if testing.Short() {
		t.Skip("builds programs at two commits")
	}
	root := againstRepo(t)
	writeFile(t, filepath.Join(root, "e", "main.go"), "package main\n\nfunc main() { undefinedThing() }\n")
	cmd := exec.Command("git", "-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q", "-am", "broken")
	cmd.Dir = root
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git commit: %v\n%s", err, out)
	}
	writeFile(t, filepath.Join(root, "e", "main.go"), fixtureEntry(10))
	var stdout, stderr bytes.Buffer
	code := run([]string{"bench", "-root", root, "-q", "-runs", "2", "-against", "HEAD"}, &stdout, &stderr)
	if code != exitFailed || !strings.Contains(stdout.String(), "undefined: undefinedThing") {
		t.Errorf("exit %d; want %d and the compiler's reason in the report\n%s%s", code, exitFailed, stdout.String(), stderr.String())
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
	// A version of e that spins for minutes: stopped while it runs.
	writeFile(t, filepath.Join(root, "e", "main.go"), fixtureEntry(2_000_000_000))
	commit := exec.Command("git", "-c", "user.name=t", "-c", "user.email=t@example.com", "-c", "commit.gpgsign=false", "-C", root, "commit", "-q", "-am", "long")
	if out, err := commit.CombinedOutput(); err != nil {
		t.Fatalf("git commit: %v\n%s", err, out)
	}
	harness := filepath.Join(t.TempDir(), "harness")
	if out, err := exec.Command("go", "build", "-o", harness, ".").CombinedOutput(); err != nil {
		t.Fatalf("building the harness: %v\n%s", err, out)
	}
	tmp := t.TempDir()
	leftovers := func() []string {
		names, _ := filepath.Glob(filepath.Join(tmp, "harness-*"))
		pipes, _ := filepath.Glob(filepath.Join(tmp, "vgdb-pipe-*"))
		work, _ := filepath.Glob(filepath.Join(tmp, "go-build*")) // a go build killed midway
		return append(append(names, pipes...), work...)
	}
	worktrees := func() int {
		list, _ := exec.Command("git", "-C", root, "worktree", "list").Output()
		return strings.Count(string(list), "\n")
	}
	stop := func(sig syscall.Signal, ready func() bool, args ...string) {
		cmd := exec.Command(harness, args...)
		cmd.Env = append(os.Environ(), "TMPDIR="+tmp)
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		for deadline := time.Now().Add(20 * time.Second); !ready() && time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		}
		cmd.Process.Signal(sig)
		err := cmd.Wait()
		if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 128+int(sig) || !strings.Contains(stderr.String(), "stopped; its temporary folders and worktrees are removed") ||
			strings.Count(stderr.String(), "\n") != 1 || strings.Contains(stdout.String(), "FAIL") || strings.Contains(stdout.String(), "error") {
			t.Errorf("%v on %v: %v, stdout %q, stderr %q; want exit %d, that it was stopped and nothing else", sig, args, err, stdout.String(), stderr.String(), 128+int(sig))
		}
		if n := worktrees(); n != 1 {
			t.Errorf("%v on %v: %d worktrees left registered", sig, args, n)
		}
		if l := leftovers(); len(l) > 0 {
			out, _ := exec.Command("ls", "-laR", l[0]).CombinedOutput()
			t.Errorf("%v on %v: left %v\n%s", sig, args, l, out)
		}
	}
	stop(syscall.SIGTERM, func() bool { // update running the case, once it is built
		if names, _ := filepath.Glob(filepath.Join(tmp, "harness-build-*", "e")); len(names) == 0 {
			return false
		}
		time.Sleep(300 * time.Millisecond)
		return true
	}, "update", "-root", root, "-q", "e")
	against := []string{"bench", "-root", root, "-q", "-runs", "2000", "-against", "HEAD~1"}
	stop(syscall.SIGTERM, func() bool { return worktrees() == 2 }, against...)
	stop(syscall.SIGINT, func() bool { return worktrees() == 2 && len(leftovers()) >= 3 }, against...)

	// A stopped bench writes none of its files: not the README's table, the
	// saved results, the chart or a line of history. (The worktree's
	// removal, the slowest part of a stop, gave a run left going the time to
	// write them all.)
	readme := filepath.Join(root, "README.md")
	writeFile(t, readme, "# e\n"+readmeStart+"\nthe old table\n"+readmeEnd+"\n")
	git := exec.Command("git", "-c", "user.name=t", "-c", "user.email=t@example.com", "-c", "commit.gpgsign=false", "-C", root, "add", "README.md")
	if out, err := git.CombinedOutput(); err != nil {
		t.Fatalf("git add: %v\n%s", err, out)
	}
	git = exec.Command("git", "-c", "user.name=t", "-c", "user.email=t@example.com", "-c", "commit.gpgsign=false", "-C", root, "commit", "-q", "-m", "readme")
	if out, err := git.CombinedOutput(); err != nil {
		t.Fatalf("git commit: %v\n%s", err, out)
	}
	files := t.TempDir()
	old := map[string]string{"saved.json": "{}\n", "chart.svg": "<svg/>\n", "history.jsonl": `{"commit":"abc1234","cases":[]}` + "\n"}
	for name, content := range old {
		writeFile(t, filepath.Join(files, name), content)
	}
	stop(syscall.SIGTERM, func() bool { // timing the case: both builds are done
		names, _ := filepath.Glob(filepath.Join(tmp, "harness-build-*", "e"))
		return len(names) == 2
	}, "bench", "-root", root, "-q", "-runs", "2000", "-against", "HEAD~1", "-readme", readme, "-save", filepath.Join(files, "saved.json"),
		"-svg", filepath.Join(files, "chart.svg"), "-history", filepath.Join(files, "history.jsonl"), "e")
	sameFiles(t, files, old)
	if b, _ := os.ReadFile(readme); !strings.Contains(string(b), "the old table") {
		t.Errorf("a stopped bench rewrote the README:\n%s", b)
	}
	if _, err := exec.LookPath("valgrind"); err == nil {
		stop(syscall.SIGTERM, func() bool { // valgrind under way, with time to make its files
			names, _ := filepath.Glob(filepath.Join(tmp, "harness-callgrind-*"))
			if len(names) == 0 || !valgrindRunning() {
				return false
			}
			time.Sleep(time.Second)
			return true
		}, "instructions", "-root", root, "-q", "e")
	}
}

// valgrindRunning says whether a callgrind is running on this machine.
func valgrindRunning() bool {
	cmdlines, _ := filepath.Glob("/proc/[0-9]*/cmdline")
	for _, name := range cmdlines {
		if b, err := os.ReadFile(name); err == nil && bytes.Contains(b, []byte("--tool=callgrind")) {
			return true
		}
	}
	return false
}
