package main

// check.go judges one run against its case (status, output, expected file)
// and implements the check and update commands.

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
)

// Statuses a case can end with.
const (
	StatusOK         = "ok"
	StatusBadOutput  = "bad output"
	StatusError      = "error"
	StatusTimeout    = "timeout"
	StatusNoExpected = "no expected file"
)

// Verdict is the judgement of one checked run.
type Verdict struct {
	Status  string
	Message string // empty when ok; otherwise what went wrong, possibly several lines
}

// judgedOutput is the stream an expected file holds: stdout, or stderr for an
// @exit case (whose stdout must be empty).
func judgedOutput(c Case, res Result) []byte {
	if c.Exit != 0 {
		return res.Stderr
	}
	return res.Stdout
}

// Expected is a case's expected file, read once: its path (for messages),
// its bytes, or why it could not be read.
type Expected struct {
	Path string
	Data []byte
	Err  error
}

// readExpected reads case c's expected file; a case with @sha256 has none.
func readExpected(c Case, root string) Expected {
	e := Expected{Path: c.ExpectedPath(root)}
	if c.SHA256 == "" {
		e.Data, e.Err = readFile(e.Path)
	}
	return e
}

// stdoutLimit is how much stdout a checked run may write: twice the
// expected file and 1 MiB more; 1 MiB for an @exit case, which must write
// none; no limit with @sha256, whose output is hashed as it comes.
func (e Expected) stdoutLimit(c Case) int64 {
	switch {
	case c.Exit != 0:
		return 1 << 20
	case c.SHA256 != "":
		return 0
	}
	return 2*int64(len(e.Data)) + 1<<20
}

// Judge compares a run with what case c expects.
func Judge(c Case, res Result, want Expected) Verdict {
	switch {
	case res.Err != nil:
		return Verdict{StatusError, res.Problem()}
	case c.SHA256 == "" && want.Err != nil && !errors.Is(want.Err, fs.ErrNotExist):
		return Verdict{StatusError, fmt.Sprintf("cannot read the expected file: %v", want.Err)}
	case res.StdoutOverflow:
		return Verdict{StatusBadOutput, fmt.Sprintf("%s (the expected output is %d bytes)", res.Problem(), len(want.Data))}
	case res.TimedOut && c.TimeoutFromFlag:
		return Verdict{StatusTimeout, fmt.Sprintf("%s (limit %s, set by -timeout)", res.Problem(), c.Timeout)}
	case res.TimedOut:
		return Verdict{StatusTimeout, fmt.Sprintf("%s (limit %s; set @timeout= in the case file to change it)", res.Problem(), c.Timeout)}
	case c.Exit == 0 && res.ExitCode != 0:
		msg := res.Problem()
		if res.StdoutLen > 0 {
			msg += fmt.Sprintf("; it wrote %d bytes to stdout before failing (a failed run must leave stdout empty)", res.StdoutLen)
		}
		return Verdict{StatusError, msg}
	case c.Exit != 0 && res.ExitCode != c.Exit:
		return Verdict{StatusError, fmt.Sprintf("expected exit status %d, got %d", c.Exit, res.ExitCode)}
	case c.Exit != 0 && len(res.Stdout) > 0:
		return Verdict{StatusBadOutput, fmt.Sprintf("expected nothing on stdout from a run that exits %d, got %d bytes; first line: %s",
			c.Exit, len(res.Stdout), visible(splitLines(res.Stdout)[0]))}
	}
	if c.SHA256 != "" {
		if sum, n := outputSum(c, res); sum != c.SHA256 {
			return Verdict{StatusBadOutput, fmt.Sprintf("the output's SHA-256 is %s, expected %s (@sha256 in %s); %d bytes", sum, c.SHA256, displayPath(c.Source), n)}
		}
		return Verdict{StatusOK, ""}
	}
	shown := displayPath(want.Path)
	if errors.Is(want.Err, fs.ErrNotExist) {
		return Verdict{StatusNoExpected, fmt.Sprintf("%s does not exist (run `harness update %s` to create it from the current program)", shown, c.ID())}
	} else if want.Err != nil {
		return Verdict{StatusError, want.Err.Error()}
	}
	if d := Diff(want.Data, judgedOutput(c, res)); d != "" {
		stream := "stdout"
		if c.Exit != 0 {
			stream = "stderr"
		}
		return Verdict{StatusBadOutput, fmt.Sprintf("%s differs from %s at %s", stream, shown, d)}
	}
	return Verdict{StatusOK, ""}
}

// outputSum is the SHA-256 (hex) and length of the judged output: stdout's
// as it was hashed while captured, or stderr's for an @exit case.
func outputSum(c Case, res Result) (string, int64) {
	if c.Exit != 0 || res.StdoutSHA256 == "" {
		out := judgedOutput(c, res)
		return fmt.Sprintf("%x", sha256.Sum256(out)), int64(len(out))
	}
	return res.StdoutSHA256, res.StdoutLen
}

// displayPath shows a path relative to the working directory when it lies
// below it, as a user would type it.
func displayPath(p string) string {
	if wd, err := os.Getwd(); err == nil {
		if rel, err := filepath.Rel(wd, p); err == nil && !strings.HasPrefix(rel, "..") {
			return rel
		}
	}
	return p
}

// WorkCount finds "WORD N" in stdout, then stderr: the count a case's @rate
// names. ok is false when the program did not print it.
func WorkCount(word string, res Result) (n int64, ok bool) {
	re := regexp.MustCompile(`(?m)(?:^|\s)` + regexp.QuoteMeta(word) + `[:=]?\s+(\d+)`)
	for _, out := range [][]byte{res.Stdout, res.Stderr} {
		if m := re.FindSubmatch(out); m != nil {
			n, err := strconv.ParseInt(string(m[1]), 10, 64)
			return n, err == nil
		}
	}
	return 0, false
}

// Session holds what every command needs: the root, the builder, where to
// write.
// Session is one command's work over cases: what builds the programs,
// runs them and counts their instructions, and where it reports.
type Session struct {
	Root    string
	Builder *Builder
	Runner  *Runner
	Counter Counter
	Out     io.Writer // results
	Log     *Progress // progress and failures, on stderr
}

// runChecked builds the case's program and runs it once with output
// captured: for update, all of it hashed and the most an expected file
// may hold kept; else stopped where it is sure to be wrong.
func (s *Session) runChecked(c Case, update bool) (Result, Verdict) {
	bin, err := s.Builder.Binary(c)
	if err != nil {
		return Result{}, Verdict{StatusError, err.Error()}
	}
	want := readExpected(c, s.Root)
	spec := s.spec(c, bin, true)
	spec.StdoutLimit, spec.HashStdout = want.stdoutLimit(c), c.SHA256 != ""
	if update && c.SHA256 == "" {
		spec.StdoutLimit, spec.StdoutKeep = 0, maxFileBytes+1
	}
	res := s.Runner.Run(spec)
	return res, Judge(c, res, want)
}

func (s *Session) spec(c Case, bin string, capture bool) RunSpec {
	return RunSpec{Bin: bin, Args: c.Args, Dir: filepath.Join(s.Root, c.Entry), Stdin: c.Stdin, Timeout: c.Timeout, CaptureStdout: capture}
}

// Check runs each case once and compares it byte for byte. It prints one line
// a case and the details of each failure, and returns the number of failures.
func (s *Session) Check(cases []Case) int {
	failures := 0
	for i, c := range cases {
		s.Log.Transient("check [%d/%d] %s", i+1, len(cases), c.ID())
		res, v := s.runChecked(c, false)
		s.Log.Clear()
		if v.Status == StatusOK {
			fmt.Fprintf(s.Out, "ok    %-28s %7.3f s\n", c.ID(), res.Elapsed.Seconds())
			continue
		}
		failures++
		fmt.Fprintf(s.Out, "FAIL  %-28s %s\n      (case defined at %s)\n", c.ID(), indent(v.Message, "      "), displayPath(c.Source))
	}
	if failures > 0 {
		fmt.Fprintf(s.Out, "%d of %d cases failed\n", failures, len(cases))
	} else {
		fmt.Fprintf(s.Out, "all %d cases ok\n", len(cases))
	}
	return failures
}

// Update rewrites expected files from the current programs and lists the
// files that changed. A run that fails (bad status, timeout) is not written.
func (s *Session) Update(cases []Case) int {
	failures := 0
	for i, c := range cases {
		if c.Expect != "" {
			fmt.Fprintf(s.Out, "shared   %s: checked against %s, which its own case updates\n", c.ID(), displayPath(c.ExpectedPath(s.Root)))
			continue
		}
		if c.SHA256 != "" {
			s.Log.Transient("update [%d/%d] %s", i+1, len(cases), c.ID())
			res, v := s.runChecked(c, true)
			s.Log.Clear()
			if res.Err != nil || res.TimedOut || res.ExitCode != c.Exit {
				failures++
				fmt.Fprintf(s.Out, "FAIL     %s: %s\n", c.ID(), indent(v.Message, "         "))
				continue
			}
			sum, _ := outputSum(c, res)
			fmt.Fprintf(s.Out, "sha256   %s: @sha256=%s (%s keeps it; edit it there)\n", c.ID(), sum, displayPath(c.Source))
			continue
		}
		s.Log.Transient("update [%d/%d] %s", i+1, len(cases), c.ID())
		res, v := s.runChecked(c, true)
		s.Log.Clear()
		if v.Status != StatusOK && v.Status != StatusBadOutput && v.Status != StatusNoExpected {
			failures++
			fmt.Fprintf(s.Out, "FAIL     %s: %s (expected file left alone)\n", c.ID(), indent(v.Message, "         "))
			continue
		}
		if n := res.StdoutLen; n > maxFileBytes {
			failures++
			fmt.Fprintf(s.Out, "FAIL     %s: its output is %d bytes, past the %d MiB an expected file may hold: keep its SHA-256 on its line in %s instead: @sha256=%s (expected file left alone)\n",
				c.ID(), n, maxFileBytes>>20, displayPath(c.Source), res.StdoutSHA256)
			continue
		}
		path := c.ExpectedPath(s.Root)
		got := judgedOutput(c, res)
		old, err := readFile(path)
		switch {
		case err == nil && bytes.Equal(old, got):
			fmt.Fprintf(s.Out, "same     %s\n", displayPath(path))
			continue
		case err == nil:
			fmt.Fprintf(s.Out, "changed  %s: %s\n", displayPath(path), indent(DiffLabeled(old, got, "was", "now"), "         "))
		case errors.Is(err, fs.ErrNotExist):
			fmt.Fprintf(s.Out, "created  %s\n", displayPath(path))
		default:
			failures++
			fmt.Fprintf(s.Out, "FAIL     %s: %v (expected file left alone)\n", c.ID(), err)
			continue
		}
		err = os.MkdirAll(filepath.Dir(path), 0o755)
		if err == nil {
			err = s.Runner.unlessStopped(func() error { return replaceFile(path, got) })
		}
		if err != nil {
			failures++
			fmt.Fprintf(s.Out, "FAIL     %s: %v\n", c.ID(), err)
		}
	}
	return failures
}

func indent(msg, prefix string) string {
	return string(bytes.ReplaceAll([]byte(msg), []byte("\n"), []byte("\n"+prefix)))
}
