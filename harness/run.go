package main

// run.go builds the entries and runs one program once: directly (no shell),
// with a time limit, reading its resource use from the child's rusage.

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"time"
)

// Builder compiles each entry once into a temporary folder.
type Builder struct {
	Root  string // repository root (where go.mod is)
	Dir   string // where binaries go
	built map[string]string
}

// NewBuilder makes a builder with a fresh temporary folder; Close removes it.
func NewBuilder(root string) (*Builder, error) {
	dir, err := os.MkdirTemp("", "harness-build-")
	if err != nil {
		return nil, err
	}
	return &Builder{Root: root, Dir: dir, built: map[string]string{}}, nil
}

// Close removes the binaries.
func (b *Builder) Close() { os.RemoveAll(b.Dir) }

// Binary returns the path of the program that runs case c, building it on
// first use. A plain entry is built with plain `go build`; an @emit case runs
// the entry to print a generated Go file, then builds that.
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
		if err := goBuild(b.Root, entryBin, "./"+c.Entry); err != nil {
			return "", fmt.Errorf("building %s: %v", c.Entry, err)
		}
		b.built[c.Entry] = entryBin
	}
	if len(c.Emit) == 0 {
		return entryBin, nil
	}
	res := Run(RunSpec{Bin: entryBin, Args: c.Emit, Dir: filepath.Join(b.Root, c.Entry), Timeout: time.Minute, CaptureStdout: true})
	if res.Err != nil || res.ExitCode != 0 {
		return "", fmt.Errorf("generating %s with %s %s: %s", c.ID(), c.Entry, strings.Join(c.Emit, " "), res.Problem())
	}
	srcDir := filepath.Join(b.Dir, c.Entry+"-"+c.Name+"-gen")
	if err := os.MkdirAll(srcDir, 0o755); err != nil {
		return "", err
	}
	if err := os.WriteFile(filepath.Join(srcDir, "main.go"), res.Stdout, 0o644); err != nil {
		return "", err
	}
	bin := filepath.Join(b.Dir, c.Entry+"-"+c.Name+"-gen.bin")
	if err := goBuild(srcDir, bin, "main.go"); err != nil {
		return "", fmt.Errorf("building the program generated for %s: %v", c.ID(), err)
	}
	b.built[key] = bin
	return bin, nil
}

// goBuild runs plain `go build -o out pkg` in dir and returns the compiler's
// output as the error on failure.
func goBuild(dir, out, pkg string) error {
	cmd := exec.Command("go", "build", "-o", out, pkg)
	cmd.Dir = dir
	msg, err := cmd.CombinedOutput()
	if err != nil {
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
	CaptureStdout bool // false sends stdout to /dev/null (timed runs)
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
}

// stderrLimit keeps a runaway program from filling memory through stderr.
const stderrLimit = 1 << 20

type limitedBuffer struct {
	bytes.Buffer
	limit int
}

func (w *limitedBuffer) Write(p []byte) (int, error) {
	if room := w.limit - w.Len(); room < len(p) {
		if room > 0 {
			w.Buffer.Write(p[:room])
		}
		return len(p), nil
	}
	return w.Buffer.Write(p)
}

// Run starts the program, waits for it or kills it at the time limit, and
// reports its output and rusage. Stdin is an open file and a discarded stdout
// is /dev/null itself, so the harness adds no copying to a timed run.
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
	var stdout bytes.Buffer
	if s.CaptureStdout {
		cmd.Stdout = &stdout
	}
	stderr := &limitedBuffer{limit: stderrLimit}
	cmd.Stderr = stderr
	start := time.Now()
	if err := cmd.Start(); err != nil {
		res.Err = err
		return res
	}
	var timer *time.Timer
	if s.Timeout > 0 {
		timer = time.AfterFunc(s.Timeout, func() {
			res.TimedOut = true
			cmd.Process.Kill()
		})
	}
	err := cmd.Wait()
	res.Elapsed = time.Since(start)
	if timer != nil {
		timer.Stop()
	}
	res.Stdout, res.Stderr = stdout.Bytes(), stderr.Bytes()
	if st := cmd.ProcessState; st != nil {
		res.ExitCode = st.ExitCode()
		res.CPU = st.UserTime() + st.SystemTime()
		res.SysCPU = st.SystemTime()
		if ru, ok := st.SysUsage().(*syscall.Rusage); ok {
			res.MaxRSS = int64(ru.Maxrss) // KiB on Linux
			res.MinFlt = int64(ru.Minflt)
		}
	}
	if err != nil && cmd.ProcessState == nil {
		res.Err = err
	}
	return res
}

// Problem describes a run that did not finish normally with status 0.
func (r Result) Problem() string {
	switch {
	case r.Err != nil:
		return "could not start: " + r.Err.Error()
	case r.TimedOut:
		return fmt.Sprintf("timed out after %.1f s and was killed", r.Elapsed.Seconds())
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
