package main

// build.go builds each entry once into a temporary folder: with plain
// `go build`, or for an @emit case the module the entry writes.

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"time"
)

// Builder compiles each entry once into a temporary folder, which goes
// when it is closed or the harness is stopped.
type Builder struct {
	Root       string        // repository root (where go.mod is)
	Dir        string        // where binaries go
	BuildLimit time.Duration // the longest one go build may take
	runner     *Runner       // runs the entry that writes an @emit case's program
	built      map[string]string
	cleanup    func()
}

// buildLimit bounds a build: a generated program the compiler chokes on
// must end as an error, not a hang.
const buildLimit = 10 * time.Minute

// NewBuilder makes a builder with a fresh temporary folder; Close removes it.
func NewBuilder(root string, r *Runner) (*Builder, error) {
	dir, cleanup, err := r.tempDir("harness-build-")
	if err != nil {
		return nil, err
	}
	return &Builder{Root: root, Dir: dir, BuildLimit: buildLimit, runner: r, built: map[string]string{}, cleanup: cleanup}, nil
}

// Close removes the binaries.
func (b *Builder) Close() {
	b.cleanup()
}

// Binary returns the path of the program that runs case c, building it on
// first use. A plain entry is built with plain `go build`; for an @emit
// case the entry, run with -emit FOLDER and the case's @emit arguments,
// writes a Go module, which is then built.
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
	res := b.runner.Run(RunSpec{Bin: entryBin, Args: args, Dir: filepath.Join(b.Root, c.Entry), Timeout: time.Minute, CaptureStdout: true})
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
	cmd.Env = append(os.Environ(), "GOTMPDIR="+b.Dir) // its work folder in ours, gone with it when a stop kills the build
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) } // the compiler too
	var msg bytes.Buffer
	cmd.Stdout, cmd.Stderr = &msg, &msg
	err := cmd.Start()
	if err == nil {
		forget := b.runner.running(cmd.Process.Pid)
		err = cmd.Wait()
		forget()
		b.runner.halt()
	}
	switch {
	case ctx.Err() != nil:
		return fmt.Errorf("go build %s: stopped after %v, the limit of a build", pkg, b.BuildLimit)
	case err != nil:
		out := strings.TrimRight(msg.String(), "\n")
		return fmt.Errorf("go build %s failed: %s\n%s", pkg, buildReason(out), out)
	}
	return nil
}

// buildReason is the compiler's first complaint, for the one-line reports:
// its first line that is not a "# package" heading.
func buildReason(out string) string {
	for _, line := range strings.Split(out, "\n") {
		if line != "" && !strings.HasPrefix(line, "# ") {
			return line
		}
	}
	return "no message"
}
