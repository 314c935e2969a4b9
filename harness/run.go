package main

// run.go builds the entries and runs one program once: directly (no shell),
// with a time limit, reading its resource use from the child's rusage.

import (
	"bytes"
	"context"
	"crypto/sha256"
	"fmt"
	"hash"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
)

// Builder compiles each entry once into a temporary folder.
type Builder struct {
	Root       string        // repository root (where go.mod is)
	Dir        string        // where binaries go
	BuildLimit time.Duration // the longest one go build may take
	built      map[string]string
}

// buildLimit bounds a build: a generated program the compiler chokes on
// must end as an error, not a hang.
const buildLimit = 10 * time.Minute

// NewBuilder makes a builder with a fresh temporary folder; Close removes it.
func NewBuilder(root string) (*Builder, error) {
	dir, err := os.MkdirTemp("", "harness-build-")
	if err != nil {
		return nil, err
	}
	return &Builder{Root: root, Dir: dir, BuildLimit: buildLimit, built: map[string]string{}}, nil
}

// Close removes the binaries.
func (b *Builder) Close() { os.RemoveAll(b.Dir) }

// Binary returns the path of the program that runs case c, building it on
// first use. A plain entry is built with plain `go build`; for an @emit
// case the entry writes a Go module into a new folder, which is then built.
func (b *Builder) Binary(c Case) (string, error) {
	key := c.Entry
	if len(c.Emit) > 0 {
		key = c.ID() + ".emit"
	}
	if bin, ok := b.built[key]; ok {
		return bin, nil
	}
	entryBin := filepath.Join(b.Dir, c.Entry)
	if _, ok := b.built[c.Entry]; !ok {
		if err := b.goBuild(b.Root, entryBin, "./"+c.Entry); err != nil {
			return "", fmt.Errorf("building %s: %v", c.Entry, err)
		}
		b.built[c.Entry] = entryBin
	}
	if len(c.Emit) == 0 {
		return entryBin, nil
	}
	srcDir := filepath.Join(b.Dir, c.Entry+"-"+c.Name+"-gen")
	args := append([]string{"-emit", srcDir}, c.Emit...)
	res := Run(RunSpec{Bin: entryBin, Args: args, Dir: filepath.Join(b.Root, c.Entry), Timeout: time.Minute, CaptureStdout: true})
	if res.Err != nil || res.ExitCode != 0 {
		return "", fmt.Errorf("generating %s with %s %s: %s", c.ID(), c.Entry, strings.Join(args, " "), res.Problem())
	}
	bin := filepath.Join(b.Dir, c.Entry+"-"+c.Name+"-gen.bin")
	if err := b.goBuild(srcDir, bin, "."); err != nil {
		return "", fmt.Errorf("building the program generated for %s: %v", c.ID(), err)
	}
	b.built[key] = bin
	return bin, nil
}

// goBuild runs plain `go build -o out pkg` in dir, within the build limit,
// and returns the compiler's output as the error on failure.
func (b *Builder) goBuild(dir, out, pkg string) error {
	ctx, cancel := context.WithTimeout(context.Background(), b.BuildLimit)
	defer cancel()
	cmd := exec.CommandContext(ctx, "go", "build", "-o", out, pkg)
	cmd.Dir = dir
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) } // the compiler too
	msg, err := cmd.CombinedOutput()
	switch {
	case ctx.Err() != nil:
		return fmt.Errorf("go build %s: stopped after %v, the limit of a build", pkg, b.BuildLimit)
	case err != nil:
		return fmt.Errorf("go build %s failed:\n%s", pkg, strings.TrimRight(string(msg), "\n"))
	}
	return nil
}

// RunSpec says how to run a program once.
type RunSpec struct {
	Bin           string
	Args          []string
	Dir           string   // working directory
	Stdin         string   // file to connect to stdin, "" for /dev/null
	StdinFile     *os.File // or an open file (the harness's own stdin), when Stdin is ""
	Env           []string // nil: the harness's own environment
	Timeout       time.Duration
	CaptureStdout bool  // false sends stdout to /dev/null (timed runs)
	StdoutLimit   int64 // with CaptureStdout: stop the program once stdout passes this many bytes (0: no limit)
	HashStdout    bool  // with CaptureStdout: keep stdout's SHA-256 and length, and only its first 64 KiB
}

// Result is what one run did.
type Result struct {
	Stdout   []byte
	Stderr   []byte
	ExitCode int
	TimedOut bool
	Err      error // the program could not be started
	Elapsed  time.Duration
	CPU      time.Duration // user + sys of the child
	SysCPU   time.Duration // the kernel's share of CPU
	MaxRSS   int64         // peak resident set, KiB
	MinFlt   int64         // minor page faults: pages the kernel mapped on first touch
	// StdoutLen and StdoutSHA256 are stdout's length and hash (hex), kept
	// when it is captured; StdoutOverflow says it passed the limit and
	// the program was stopped.
	StdoutLen      int64
	StdoutSHA256   string
	StdoutOverflow bool
	// MaxRSSFromRusage: the peak is rusage's, which counts the harness's own
	// memory too (ptrace was not allowed, so the program's own was not read).
	MaxRSSFromRusage bool
}

// stderrLimit keeps a runaway program from filling memory through stderr.
const stderrLimit = 1 << 20

// sink takes one output stream: it keeps up to keep bytes (the rest is
// dropped), counts and hashes them all, and calls overflow once when the
// count passes limit (0: never).
type sink struct {
	buf      bytes.Buffer
	keep     int64
	n, limit int64
	sum      hash.Hash
	overflow func()
}

func (w *sink) Write(p []byte) (int, error) {
	if room := w.keep - int64(w.buf.Len()); room > 0 {
		w.buf.Write(p[:min(int64(len(p)), room)])
	}
	if w.sum != nil {
		w.sum.Write(p)
	}
	if w.n += int64(len(p)); w.limit > 0 && w.n > w.limit && w.overflow != nil {
		w.overflow()
		w.overflow = nil
	}
	return len(p), nil
}

// Run starts the program, waits for it or kills it at the time limit, and
// reports its output and resource use. Stdin is an open file and a
// discarded stdout is /dev/null itself, so the harness adds no copying to a
// timed run.
//
// Peak memory comes from the program's own high-water mark, read from
// /proc/PID/status when it is about to exit (the harness traces it with
// ptrace for that one event). The rusage figure is not the program's alone:
// Go starts a child with vfork, and at exec the kernel records the parent's
// high-water mark in the child's, so every program would show at least the
// harness's own few megabytes. Where ptrace is not allowed, the rusage
// figure is used and the result says so.
func Run(s RunSpec) Result {
	var res Result
	cmd := exec.Command(s.Bin, s.Args...)
	cmd.Dir = s.Dir
	cmd.Env = s.Env
	if s.Stdin != "" {
		path := s.Stdin
		if !filepath.IsAbs(path) {
			path = filepath.Join(s.Dir, path)
		}
		f, err := os.Open(path)
		if err != nil {
			res.Err = fmt.Errorf("opening stdin: %v", err)
			return res
		}
		defer f.Close()
		cmd.Stdin = f
	} else if s.StdinFile != nil {
		cmd.Stdin = s.StdinFile
	}
	// Output goes through pipes the harness reads itself, so that nothing
	// but the harness waits for the child.
	var pid atomic.Int64 // set once started: the process group to kill
	var overflowed atomic.Bool
	stdout := &sink{keep: 1<<62 - 1, sum: sha256.New(), limit: s.StdoutLimit, overflow: func() {
		overflowed.Store(true)
		if p := pid.Load(); p > 0 {
			syscall.Kill(-int(p), syscall.SIGKILL)
		}
	}}
	if s.HashStdout {
		stdout.keep = 64 << 10 // enough for a count it prints (@rate)
	}
	stderr := &sink{keep: stderrLimit}
	p := &pipes{}
	if s.CaptureStdout {
		w, err := p.open(stdout)
		if err != nil {
			res.Err = err
			return res
		}
		cmd.Stdout = w
	}
	w, err := p.open(stderr)
	if err != nil {
		p.abandon()
		res.Err = err
		return res
	}
	cmd.Stderr = w
	// Its own process group, so that a time limit kills what it started too.
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}

	traced := tracing.Load()
	if traced {
		runtime.LockOSThread() // ptrace requests must come from the thread that started the child
		defer runtime.UnlockOSThread()
		cmd.SysProcAttr.Ptrace = true
	}
	start := time.Now()
	err = cmd.Start()
	if err != nil && traced {
		// ptrace refused (a container's policy, say): run untraced from now on.
		tracing.Store(false)
		runtime.UnlockOSThread()
		traced = false
		cmd = untracedCopy(cmd)
		start = time.Now()
		err = cmd.Start()
	}
	p.started()
	if err != nil {
		p.abandon()
		res.Err = err
		return res
	}
	pid.Store(int64(cmd.Process.Pid))
	if overflowed.Load() {
		syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	}
	var timedOut atomic.Bool
	var timer *time.Timer
	if s.Timeout > 0 {
		timer = time.AfterFunc(s.Timeout, func() {
			timedOut.Store(true)
			syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
		})
	}
	ws, ru, held, hwm, werr := waitFor(cmd.Process.Pid, traced)
	res.Elapsed = time.Since(start) - held
	if timer != nil {
		timer.Stop()
	}
	// What it left running in its group goes too, and the pipes are read
	// no longer than a moment after it ended.
	syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	cmd.Process.Release()
	p.finish(time.Second)
	res.TimedOut, res.StdoutOverflow = timedOut.Load(), overflowed.Load()
	res.Stdout, res.Stderr = stdout.buf.Bytes(), stderr.buf.Bytes()
	if s.CaptureStdout {
		res.StdoutLen, res.StdoutSHA256 = stdout.n, fmt.Sprintf("%x", stdout.sum.Sum(nil))
	}
	if werr != nil {
		res.Err = werr
		return res
	}
	switch {
	case ws.Exited():
		res.ExitCode = ws.ExitStatus()
	case ws.Signaled():
		res.ExitCode = -1
	}
	res.CPU = time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	res.SysCPU = time.Duration(ru.Stime.Nano())
	res.MinFlt = int64(ru.Minflt)
	res.MaxRSS, res.MaxRSSFromRusage = hwm, false
	if hwm == 0 {
		res.MaxRSS, res.MaxRSSFromRusage = int64(ru.Maxrss), true // KiB on Linux
	}
	return res
}

// pipes are a run's output pipes: the write ends go to the child, the read
// ends are copied into sinks.
type pipes struct {
	readers     sync.WaitGroup
	read, write []*os.File
}

func (p *pipes) open(into io.Writer) (*os.File, error) {
	r, w, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	p.read, p.write = append(p.read, r), append(p.write, w)
	p.readers.Add(1)
	go func() {
		defer p.readers.Done()
		io.Copy(into, r)
	}()
	return w, nil
}

// started closes the write ends, which the child now holds.
func (p *pipes) started() {
	for _, w := range p.write {
		w.Close()
	}
	p.write = nil
}

// finish waits for the readers to see the end of their pipes, at most
// for grace; then it closes the read ends, which stops them.
func (p *pipes) finish(grace time.Duration) {
	done := make(chan struct{})
	go func() { p.readers.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(grace):
	}
	for _, r := range p.read {
		r.Close()
	}
	<-done
}

// abandon closes every end of a run that did not start.
func (p *pipes) abandon() {
	p.started()
	p.finish(0)
}

// tracing says whether runs are traced for their peak memory; it turns off
// for good the first time ptrace is refused.
var tracing = func() *atomic.Bool {
	var b atomic.Bool
	b.Store(runtime.GOOS == "linux")
	return &b
}()

// untracedCopy is the command again, for a second try without ptrace (a
// Cmd starts once).
func untracedCopy(c *exec.Cmd) *exec.Cmd {
	n := exec.Command(c.Path, c.Args[1:]...)
	n.Dir, n.Env, n.Stdin, n.Stdout, n.Stderr = c.Dir, c.Env, c.Stdin, c.Stdout, c.Stderr
	n.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	return n
}

// waitFor waits for the child to exit and returns its status and rusage.
// A traced child stops after its exec and when it is about to exit (where
// its high-water mark is read); it may stop for signals, which are passed
// on. held is the time it spent stopped for the harness, which is not its
// own.
func waitFor(pid int, traced bool) (ws syscall.WaitStatus, ru syscall.Rusage, held time.Duration, hwm int64, err error) {
	wait := func() error {
		for {
			_, err := syscall.Wait4(pid, &ws, 0, &ru)
			if err != syscall.EINTR {
				return err
			}
		}
	}
	if !traced {
		return ws, ru, 0, 0, wait()
	}
	for {
		if err := wait(); err != nil {
			return ws, ru, held, hwm, err
		}
		if !ws.Stopped() {
			return ws, ru, held, hwm, nil
		}
		stopped := time.Now()
		sig := ws.StopSignal()
		switch {
		case sig == syscall.SIGTRAP && ws.TrapCause() == 0: // after the exec
			syscall.PtraceSetOptions(pid, syscall.PTRACE_O_TRACEEXIT|ptraceExitKill)
			sig = 0
		case sig == syscall.SIGTRAP && ws.TrapCause() == syscall.PTRACE_EVENT_EXIT:
			hwm = peakKiB(pid)
			sig = 0
		}
		syscall.PtraceCont(pid, int(sig))
		held += time.Since(stopped)
	}
}

// ptraceExitKill kills the child if the harness dies while tracing it.
const ptraceExitKill = 0x100000

// peakKiB reads a process's high-water mark of resident memory (VmHWM) from
// /proc/PID/status, in KiB; 0 if it cannot.
func peakKiB(pid int) int64 {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/status")
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			n, err := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")), 10, 64)
			if err == nil {
				return n
			}
		}
	}
	return 0
}

// Problem describes a run that did not finish normally with status 0.
func (r Result) Problem() string {
	switch {
	case r.Err != nil:
		return "could not start: " + r.Err.Error()
	case r.TimedOut:
		return fmt.Sprintf("timed out after %.1f s and was killed", r.Elapsed.Seconds())
	case r.StdoutOverflow:
		return fmt.Sprintf("was stopped after %d bytes on stdout, past its limit", r.StdoutLen)
	case r.ExitCode != 0:
		msg := fmt.Sprintf("exit status %d", r.ExitCode)
		if r.ExitCode < 0 {
			msg = "killed by a signal"
		}
		if line := lastLine(r.Stderr); line != "" {
			msg += "; stderr: " + line
		}
		return msg
	}
	return ""
}

func lastLine(b []byte) string {
	lines := strings.Split(strings.TrimRight(string(b), "\n"), "\n")
	return strings.TrimSpace(lines[len(lines)-1])
}
