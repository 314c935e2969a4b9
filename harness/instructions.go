package main

// instructions.go counts the instructions a program executes, under
// valgrind's callgrind tool. The count does not move when the machine is
// busy, so it is the figure to tune with on a shared machine (the elapsed
// and CPU seconds of the same run can move by 15%).
//
// A Go program is run with GOMAXPROCS=1 and
// GODEBUG=asyncpreemptoff=1,cpu.rdtscp=off: valgrind runs one thread at a
// time anyway, and the runtime's preemption signals would otherwise add
// instructions that depend on timing; valgrind 3.19 cannot run RDTSCP,
// which the runtime times a contended lock with (now and then: 4 runs in
// 36 of a test binary stopped there). The count covers the whole process,
// start-up and every thread included.

import (
	"bytes"
	"debug/buildinfo"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// errNoValgrind is what counting instructions says when the tool is missing.
var errNoValgrind = errors.New("counting instructions needs valgrind, which is not installed (on Debian or Ubuntu: apt-get install valgrind)")

// A Counter counts the instructions a program executes. The harness's is
// callgrind; tests use a fake, so that -instructions is tested where
// valgrind is missing.
type Counter interface {
	// Ready says, before anything runs, why counting cannot be done.
	Ready() error
	Count(spec RunSpec) (int64, error)
}

// callgrind counts under valgrind's callgrind tool.
type callgrind struct{ runner *Runner }

func (c callgrind) Ready() error {
	_, err := exec.LookPath("valgrind")
	if err != nil {
		return errNoValgrind
	}
	return nil
}

// isGoBinary says whether the program was built by the Go toolchain (it
// carries Go build information).
func isGoBinary(path string) bool {
	if !strings.Contains(path, "/") {
		if p, err := exec.LookPath(path); err == nil {
			path = p
		}
	}
	_, err := buildinfo.ReadFile(path)
	return err == nil
}

// Valgrind's own slowdown: a program under callgrind runs 50-100 times
// slower, so a case's time limit is stretched by this much (at least to a
// minute); a limit given with -timeout is taken as it is.
const valgrindSlowdown = 200

func valgrindTimeout(c Case) time.Duration {
	if c.TimeoutFromFlag || c.Timeout <= 0 {
		return c.Timeout
	}
	return max(c.Timeout*valgrindSlowdown, time.Minute)
}

// Count runs spec once under callgrind, within spec's time limit, and
// returns the number of instructions the program executed. Stdout is
// discarded, stdin is the case's. An error says why there is no count, in
// one line.
func (c callgrind) Count(spec RunSpec) (int64, error) {
	vg, err := exec.LookPath("valgrind")
	if err != nil {
		return 0, errNoValgrind
	}
	dir, cleanup, err := c.runner.tempDir("harness-callgrind-")
	if err != nil {
		return 0, err
	}
	defer cleanup()
	bin := spec.Bin
	env := spec.Env
	if env == nil {
		env = os.Environ()
	}
	if isGoBinary(bin) {
		env = append(env[:len(env):len(env)], "GOMAXPROCS=1", "GODEBUG=asyncpreemptoff=1,cpu.rdtscp=off")
	}
	vspec := spec
	vspec.Bin = vg
	// No gdbserver (its pipes in TMPDIR outlive a killed valgrind), and
	// TMPDIR the folder that goes when the count is done or stopped.
	vspec.Args = append([]string{"--tool=callgrind", "--vgdb=no", "--callgrind-out-file=" + filepath.Join(dir, "out"), bin}, spec.Args...)
	vspec.Env = append(env[:len(env):len(env)], "TMPDIR="+dir)
	vspec.CaptureStdout = false
	res := c.runner.Run(vspec)
	if p := res.Problem(); p != "" {
		if why := valgrindRefusal(res.Stderr); why != "" {
			return 0, errors.New(why)
		}
		return 0, fmt.Errorf("the program failed under valgrind: %s", p)
	}
	return parseCallgrind(res.Stderr)
}

var collectedRE = regexp.MustCompile(`(?m)^==\d+== Collected : (\d+)\s*$`)

// parseCallgrind reads the instruction count from callgrind's summary on
// stderr ("==PID== Collected : N"). Only the summary line counts: a program
// of ours could print anything to stderr, but not with valgrind's prefix.
func parseCallgrind(stderr []byte) (int64, error) {
	m := collectedRE.FindAllSubmatch(stderr, -1)
	if len(m) == 0 {
		return 0, errors.New("callgrind printed no \"Collected :\" line (was it run with --tool=callgrind?)")
	}
	if len(m) > 1 {
		return 0, fmt.Errorf("callgrind printed %d \"Collected :\" lines; the program may have started others under valgrind", len(m))
	}
	return strconv.ParseInt(string(m[0][1]), 10, 64)
}

var refusedAtRE = regexp.MustCompile(`Unrecognised instruction at address \S+\s+==\d+==\s+at \S+ ([A-Za-z_]\S{0,59})`)

// valgrindRefusal recognises valgrind stopping on an instruction it does not
// know (AVX-512 on valgrind 3.19, for example) and says so in words, with
// the function it stopped in where valgrind names one.
func valgrindRefusal(stderr []byte) string {
	if !bytes.Contains(stderr, []byte("unhandled instruction bytes")) && !bytes.Contains(stderr, []byte("Unrecognised instruction")) {
		return ""
	}
	where := ""
	if m := refusedAtRE.FindSubmatch(stderr); m != nil {
		where = " in " + string(m[1])
	}
	return "valgrind cannot run it: it uses an instruction valgrind does not know" + where + " (for C/C++ build with -mno-avx512f; for Rust -C target-feature=-avx512f)"
}

// millions prints an instruction count as the README does: 28.4 M.
func millions(n int64) string {
	if n <= 0 {
		return "-"
	}
	return fmt.Sprintf("%.1f M", float64(n)/1e6)
}
