package main

// run.go builds the entries and runs one program once: directly (no shell),
// with a time limit, reading its resource use from the child's rusage.

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"fmt"
	"hash"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
	"unsafe"
)

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
	StdoutKeep    int64 // with CaptureStdout: keep only its first this many bytes (0: all, or 64 KiB with HashStdout)
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

// A Runner runs programs for the harness. It owns what runs: whether
// ptrace may be used (it stops for good the first time ptrace is refused),
// the process groups running now, and what must go when the harness is
// stopped (temporary folders, git worktrees), so that SIGINT or SIGTERM
// leaves nothing behind. Once stopped, it kills what starts and undoes
// what is made at once.
type Runner struct {
	untraced atomic.Bool
	mu       sync.Mutex
	stopped  bool
	groups   map[int]bool
	undo     map[int]func()
	next     int
}

func NewRunner() *Runner {
	r := &Runner{groups: map[int]bool{}, undo: map[int]func(){}}
	r.untraced.Store(runtime.GOOS != "linux")
	return r
}

// running notes a process group as running until forget is called: a
// stopped harness kills it.
func (r *Runner) running(pid int) (forget func()) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.stopped {
		syscall.Kill(-pid, syscall.SIGKILL)
	}
	r.groups[pid] = true
	return func() {
		r.mu.Lock()
		delete(r.groups, pid)
		r.mu.Unlock()
	}
}

// atStop registers undo, which then runs once: when cleanup is called, or
// when the harness is stopped first. A stop that comes while cleanup runs
// waits for it, so the harness never exits halfway through an undo.
func (r *Runner) atStop(undo func()) (cleanup func()) {
	once := sync.OnceFunc(undo)
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.stopped {
		once()
		return func() {}
	}
	k := r.next
	r.next++
	r.undo[k] = once
	return func() {
		once()
		r.mu.Lock()
		delete(r.undo, k)
		r.mu.Unlock()
	}
}

// halt never returns once the harness is stopped: the stop ends it, so
// what the stop cut short is not reported as a failure, and nothing runs
// after it.
func (r *Runner) halt() {
	r.mu.Lock()
	stopped := r.stopped
	r.mu.Unlock()
	if stopped {
		select {}
	}
}

// tempDir makes a temporary folder, removed by cleanup or when the harness
// is stopped.
func (r *Runner) tempDir(pattern string) (dir string, cleanup func(), err error) {
	r.halt()
	r.mu.Lock()
	if r.stopped {
		r.mu.Unlock()
		return "", nil, errors.New("stopped")
	}
	dir, err = os.MkdirTemp("", pattern)
	r.mu.Unlock()
	if err != nil {
		return "", nil, err
	}
	return dir, r.atStop(func() { os.RemoveAll(dir) }), nil
}

// output runs a helper command (git) in its own process group, killed if
// the harness is stopped, and returns what it printed on stdout and stderr.
func (r *Runner) output(name string, args ...string) ([]byte, error) {
	cmd := exec.Command(name, args...)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	forget := r.running(cmd.Process.Pid)
	err := cmd.Wait()
	forget()
	r.halt()
	return out.Bytes(), err
}

// stop kills the process groups running and undoes what was registered,
// the newest first.
func (r *Runner) stop() {
	r.mu.Lock()
	r.stopped = true
	for pid := range r.groups {
		syscall.Kill(-pid, syscall.SIGKILL)
	}
	var undos []func()
	for k := r.next - 1; k >= 0; k-- {
		if undo, ok := r.undo[k]; ok {
			undos = append(undos, undo)
		}
	}
	r.mu.Unlock() // an undo may clean up what it holds, which takes the lock
	for _, undo := range undos {
		undo()
	}
}

// errStopped is why a stopped harness wrote nothing.
var errStopped = errors.New("the harness was stopped: nothing written")

// unlessStopped runs write unless the harness is stopped; a stop that comes
// meanwhile waits for it to end, so a stopped run writes no file, and a
// file is replaced whole or not at all.
func (r *Runner) unlessStopped(write func() error) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.stopped {
		return errStopped
	}
	return write()
}

// stopOnSignal makes SIGINT and SIGTERM stop the runner and end the
// harness with status 128 + the signal, until release is called; release
// after a stop has begun waits for it to end the harness.
func (r *Runner) stopOnSignal(stderr io.Writer) (release func()) {
	signals := make(chan os.Signal, 1)
	signal.Notify(signals, syscall.SIGINT, syscall.SIGTERM)
	done := make(chan struct{})
	go func() {
		select {
		case sig := <-signals:
			r.stop()
			fmt.Fprintf(stderr, "harness: %v: stopped; its temporary folders and worktrees are removed\n", sig)
			os.Exit(128 + int(sig.(syscall.Signal)))
		case <-done:
		}
	}()
	return func() {
		r.mu.Lock()
		stopped := r.stopped
		r.mu.Unlock()
		if stopped {
			select {} // a stop is under way (it killed what this command waited for): it ends the harness
		}
		signal.Stop(signals)
		close(done)
	}
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
func (r *Runner) Run(s RunSpec) Result {
	var res Result
	stdin, err := openStdin(s)
	if err != nil {
		res.Err = err
		return res
	}
	if f, ok := stdin.(*os.File); ok && f != s.StdinFile {
		defer f.Close()
	}
	out, err := newOutputs(s)
	if err != nil {
		res.Err = err
		return res
	}
	p, err := r.start(s, stdin, out)
	out.started()
	if err != nil {
		out.finish(0)
		r.halt()
		res.Err = err
		return res
	}
	forget := r.running(p.pid)
	res = p.wait(s.Timeout)
	forget()
	r.halt()
	// The pipes are read no longer than a moment after it ended.
	out.finish(time.Second)
	out.fill(&res, s)
	return res
}

// openStdin is the run's stdin: a file of the case (relative to its
// folder), the harness's own, or nothing (/dev/null).
func openStdin(s RunSpec) (io.Reader, error) {
	switch {
	case s.Stdin != "":
		path := s.Stdin
		if !filepath.IsAbs(path) {
			path = filepath.Join(s.Dir, path)
		}
		f, err := os.Open(path)
		if err != nil {
			return nil, fmt.Errorf("opening stdin: %v", err)
		}
		return f, nil
	case s.StdinFile != nil:
		return s.StdinFile, nil
	}
	return nil, nil
}

// process is a started program, in a process group of its own.
type process struct {
	pid    int // captured once: the group to kill
	traced bool
	start  time.Time
	kill   *groupKill
}

// start starts the program, traced for its peak memory unless ptrace has
// been refused: then untraced, from now on.
func (r *Runner) start(s RunSpec, stdin io.Reader, out *outputs) (*process, error) {
	command := func(traced bool) *exec.Cmd {
		cmd := exec.Command(s.Bin, s.Args...)
		cmd.Dir, cmd.Env, cmd.Stdin, cmd.Stderr = s.Dir, s.Env, stdin, out.stderr
		if out.stdout != nil {
			cmd.Stdout = out.stdout
		}
		// Its own process group, so that a time limit kills what it started too.
		cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Ptrace: traced}
		return cmd
	}
	p := &process{traced: !r.untraced.Load(), kill: out.kill}
	if p.traced {
		runtime.LockOSThread() // ptrace requests come from the thread that started the child; wait unlocks it
	}
	cmd := command(p.traced)
	p.start = time.Now()
	err := cmd.Start()
	if err != nil && p.traced {
		// ptrace refused (a container's policy, say): run untraced from now on.
		r.untraced.Store(true)
		runtime.UnlockOSThread()
		p.traced = false
		cmd = command(false)
		p.start = time.Now()
		err = cmd.Start()
	}
	if err != nil {
		if p.traced {
			runtime.UnlockOSThread()
		}
		return nil, err
	}
	p.pid = cmd.Process.Pid
	p.kill.armed(p.pid)
	return p, nil
}

// groupKill kills a program's process group, from the time limit or the
// stdout limit, until the program is about to be reaped: its number could
// then belong to another process.
type groupKill struct {
	mu       sync.Mutex
	pid      int
	disarmed bool
	early    bool // asked for before the program started
}

func (k *groupKill) kill() {
	k.mu.Lock()
	defer k.mu.Unlock()
	switch {
	case k.disarmed:
	case k.pid == 0:
		k.early = true
	default:
		syscall.Kill(-k.pid, syscall.SIGKILL)
	}
}

func (k *groupKill) armed(pid int) {
	k.mu.Lock()
	k.pid = pid
	early := k.early
	k.mu.Unlock()
	if early {
		k.kill()
	}
}

func (k *groupKill) disarm() {
	k.mu.Lock()
	k.disarmed = true
	k.mu.Unlock()
}

// wait waits for the program, killing it at the time limit, and reads its
// status, rusage and peak memory.
func (p *process) wait(timeout time.Duration) Result {
	if p.traced {
		defer runtime.UnlockOSThread()
	}
	var res Result
	var timedOut atomic.Bool
	if timeout > 0 {
		timer := time.AfterFunc(timeout, func() {
			timedOut.Store(true)
			p.kill.kill()
		})
		defer timer.Stop()
	}
	ws, ru, held, hwm, err := reap(p.pid, p.traced, p.kill)
	res.Elapsed = time.Since(p.start) - held
	res.TimedOut = timedOut.Load()
	if err != nil {
		res.Err = err
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

// outputs are a run's stdout and stderr: sinks the harness reads through
// pipes of its own (so that nothing but the harness waits for the child),
// or /dev/null for a timed run's stdout.
type outputs struct {
	pipes
	stdout, stderr *os.File
	out, err       *sink
	kill           *groupKill
	overflowed     atomic.Bool
}

func newOutputs(s RunSpec) (*outputs, error) {
	o := &outputs{kill: &groupKill{}}
	o.out = &sink{keep: 1<<62 - 1, sum: sha256.New(), limit: s.StdoutLimit, overflow: func() {
		o.overflowed.Store(true)
		o.kill.kill()
	}}
	if s.HashStdout {
		o.out.keep = 64 << 10 // enough for a count it prints (@rate)
	}
	if s.StdoutKeep > 0 {
		o.out.keep = s.StdoutKeep
	}
	o.err = &sink{keep: stderrLimit}
	var err error
	if s.CaptureStdout {
		if o.stdout, err = o.open(o.out); err != nil {
			return nil, err
		}
	}
	if o.stderr, err = o.open(o.err); err != nil {
		o.started()
		o.finish(0)
		return nil, err
	}
	return o, nil
}

// fill puts what the outputs took into the result.
func (o *outputs) fill(res *Result, s RunSpec) {
	res.StdoutOverflow = o.overflowed.Load()
	res.Stdout, res.Stderr = o.out.buf.Bytes(), o.err.buf.Bytes()
	if s.CaptureStdout {
		res.StdoutLen, res.StdoutSHA256 = o.out.n, fmt.Sprintf("%x", o.out.sum.Sum(nil))
	}
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

// reap waits for the child to exit and returns its status and rusage.
// A traced child stops after its exec and when it is about to exit (where
// its high-water mark is read); it may stop for signals, which are passed
// on. held is the time it spent stopped for the harness, which is not its
// own. Before the child is reaped, kill is disarmed (its number stays the
// child's only until then) and what it left running in its group is
// killed.
func reap(pid int, traced bool, kill *groupKill) (ws syscall.WaitStatus, ru syscall.Rusage, held time.Duration, hwm int64, err error) {
	wait4 := func() error {
		for {
			_, err := syscall.Wait4(pid, &ws, 0, &ru)
			if err != syscall.EINTR {
				return err
			}
		}
	}
	if !traced {
		err = waitExited(pid)
		kill.disarm()
		syscall.Kill(-pid, syscall.SIGKILL)
		if err == nil {
			err = wait4()
		}
		return ws, ru, 0, 0, err
	}
	for {
		if err := wait4(); err != nil || !ws.Stopped() {
			kill.disarm() // reaped: killed by the time limit, which killed its group
			return ws, ru, held, hwm, err
		}
		stopped := time.Now()
		sig := ws.StopSignal()
		switch {
		case sig == syscall.SIGTRAP && ws.TrapCause() == 0: // after the exec
			syscall.PtraceSetOptions(pid, syscall.PTRACE_O_TRACEEXIT|ptraceExitKill)
			sig = 0
		case sig == syscall.SIGTRAP && ws.TrapCause() == syscall.PTRACE_EVENT_EXIT:
			// Its first thread is about to end, and may be the first of
			// several to (valgrind's can be): the program has ended once
			// the last has, and then what it left in its group is killed.
			hwm = peakKiB(pid)
			syscall.PtraceCont(pid, 0)
			held += time.Since(stopped)
			err = waitExited(pid)
			kill.disarm()
			syscall.Kill(-pid, syscall.SIGKILL)
			if err == nil {
				err = wait4()
			}
			return ws, ru, held, hwm, err
		}
		syscall.PtraceCont(pid, int(sig))
		held += time.Since(stopped)
	}
}

// waitExited waits until the child has exited without reaping it: until
// then its number is its own.
func waitExited(pid int) error {
	const pPID, wEXITED, wNOWAIT = 1, 4, 0x1000000
	var info [128]byte // a siginfo_t, not read
	for {
		_, _, e := syscall.Syscall6(syscall.SYS_WAITID, pPID, uintptr(pid), uintptr(unsafe.Pointer(&info[0])), wEXITED|wNOWAIT, 0, 0)
		if e != syscall.EINTR {
			if e != 0 {
				return e
			}
			return nil
		}
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
