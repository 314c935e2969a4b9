package main

// cases.go parses the case file: one line a case, readable at a glance.
//
//	# ENTRY/CASE      CLASS  ARGS...                        [< STDIN]  [@OPTION=VALUE...]
//	meteor/2098       bench  2098                                      @rate=nodes
//	acrostic/eras     check  -puzzles testdata/eras.txt    < testdata/words4.txt
//	eternity2/badjson check  testdata/broken.json                      @exit=2
//
// CLASS is check (under about 2 s, run by make test), bench (the timed
// workload) or long (heavy, run only on request). ARGS are passed to the
// program as they are, with no shell; paths in ARGS and STDIN are relative to
// the entry's folder, which is the program's working directory. Options:
//
//	@rate=WORD    the program prints "WORD N" (stdout or stderr); bench reports N/s
//	@exit=N       the run must exit with status N and print nothing on stdout;
//	              the expected file then holds its stderr (the one-line message)
//	@timeout=DUR  per-run time limit (Go duration), overriding the class default
//	@emit=ARGS    the program under test is generated: the entry, run with
//	              -emit FOLDER and ARGS (comma-separated), writes a Go module into
//	              a new folder, which is built and timed in place of the entry
//	@expect=CASE  compare with expected/ENTRY/CASE.out, another case's file (for
//	              a generated program that must print what the entry prints)
//	@sha256=HEX   compare the output's SHA-256 with HEX instead of an expected
//	              file (for outputs too large to keep in the repository)
//
// The expected output of case C of entry E is expected/E/C.out, by name.

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
)

// Class says when a case runs.
type Class string

const (
	ClassCheck Class = "check"
	ClassBench Class = "bench"
	ClassLong  Class = "long"
)

// Default per-run time limits by class; @timeout overrides them.
var defaultTimeout = map[Class]time.Duration{
	ClassCheck: 60 * time.Second,
	ClassBench: 10 * time.Minute,
	ClassLong:  2 * time.Hour,
}

// Case is one line of the case file.
type Case struct {
	Entry   string
	Name    string
	Class   Class
	Args    []string
	Stdin   string // relative to the entry folder; "" for none
	Rate    string // work-count label printed by the program, "" for none
	Exit    int    // expected exit status; non-zero means an error case
	Timeout time.Duration
	// TimeoutFromFlag says -timeout set Timeout, not the case file.
	TimeoutFromFlag bool
	Emit            []string // arguments that make the entry print a generated program
	Expect          string   // the case whose expected file this one shares, "" for its own
	SHA256          string   // the output's SHA-256 in hex, compared instead of an expected file; "" for none
	Source          string   // file:line the case came from
}

// Line is the case's arguments, stdin and options as the case file has them.
func (c Case) Line() string {
	f := slices.Clone(c.Args)
	if c.Stdin != "" {
		f = append(f, "<", c.Stdin)
	}
	for _, o := range []struct{ key, val string }{{"rate", c.Rate}, {"exit", strconv.Itoa(c.Exit)}, {"emit", strings.Join(c.Emit, ",")},
		{"expect", c.Expect}, {"sha256", c.SHA256}} {
		if o.val != "" && o.val != "0" {
			f = append(f, "@"+o.key+"="+o.val)
		}
	}
	if c.Timeout != defaultTimeout[c.Class] {
		f = append(f, "@timeout="+c.Timeout.String())
	}
	return strings.Join(f, " ")
}

// ID is ENTRY/CASE, the name used on the command line and in reports.
func (c Case) ID() string { return c.Entry + "/" + c.Name }

// ExpectedPath is derived from the names, never listed by hand.
func (c Case) ExpectedPath(root string) string {
	name := c.Name
	if c.Expect != "" {
		name = c.Expect
	}
	return filepath.Join(root, "expected", c.Entry, name+".out")
}

var nameRE = regexp.MustCompile(`^[a-z0-9][a-z0-9_.-]*$`)

// ParseCases reads a case file. Errors are "file:line: what was expected".
func ParseCases(file string, r io.Reader) ([]Case, error) {
	var cases []Case
	seen := map[string]string{}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), maxCaseLine)
	line := 1
	for ; sc.Scan(); line++ {
		text := sc.Text()
		if line == 1 && strings.HasPrefix(text, "\ufeff") {
			return nil, fmt.Errorf("%s:1: starts with a byte-order mark: save it as UTF-8 without one", file)
		}
		if i := strings.Index(text, "#"); i >= 0 && strings.TrimSpace(text[:i]) == "" {
			text = "" // whole-line comment; a '#' inside arguments is kept
		}
		fields := strings.Fields(text)
		if len(fields) == 0 {
			continue
		}
		where := fmt.Sprintf("%s:%d", file, line)
		c, err := parseCaseLine(fields)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", where, err)
		}
		if prev, dup := seen[c.ID()]; dup {
			return nil, fmt.Errorf("%s: case %s is already defined at %s", where, c.ID(), prev)
		}
		seen[c.ID()] = where
		c.Source = where
		cases = append(cases, c)
	}
	switch err := sc.Err(); {
	case errors.Is(err, bufio.ErrTooLong):
		return nil, fmt.Errorf("%s:%d: a line longer than %d bytes", file, line, maxCaseLine)
	case err != nil:
		return nil, fmt.Errorf("%s: %v", file, unwrapPath(err))
	case len(cases) == 0:
		return nil, fmt.Errorf("%s: no cases (expected lines of ENTRY/CASE CLASS ARGS...)", file)
	}
	// A case checked against another's expected file names one that has it.
	for _, c := range cases {
		if c.Expect == "" {
			continue
		}
		if c.Expect == c.Name {
			return nil, fmt.Errorf("%s: @expect=%s names the case itself: leave @expect out for its own file", c.Source, c.Expect)
		}
		other, ok := seen[c.Entry+"/"+c.Expect]
		if !ok {
			return nil, fmt.Errorf("%s: @expect=%s names no case of %s (expected a case whose expected file this one shares)", c.Source, c.Expect, c.Entry)
		}
		for _, o := range cases {
			if o.Source == other && o.Expect != "" {
				return nil, fmt.Errorf("%s: @expect=%s names a case that shares another's file; name %s instead", c.Source, c.Expect, o.Expect)
			}
		}
	}
	return cases, nil
}

// unwrapPath is an error without the path that os puts in it.
func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// maxCaseLine is the longest line of a case file.
const maxCaseLine = 1 << 20

func parseCaseLine(fields []string) (Case, error) {
	var c Case
	entry, name, ok := strings.Cut(fields[0], "/")
	if !ok || !nameRE.MatchString(entry) || !nameRE.MatchString(name) {
		return c, fmt.Errorf("expected ENTRY/CASE (lower-case letters, digits, '-', '_', '.') as the first field, got %q", fields[0])
	}
	c.Entry, c.Name = entry, name
	if len(fields) < 2 {
		return c, fmt.Errorf("expected a class (check, bench or long) after %s", fields[0])
	}
	switch Class(fields[1]) {
	case ClassCheck, ClassBench, ClassLong:
		c.Class = Class(fields[1])
	default:
		return c, fmt.Errorf("expected a class (check, bench or long), got %q", fields[1])
	}
	c.Timeout = defaultTimeout[c.Class]
	rest := fields[2:]
	given := map[string]bool{}
	for i := 0; i < len(rest); i++ {
		f := rest[i]
		switch {
		case f == "<":
			if i+1 >= len(rest) || strings.HasPrefix(rest[i+1], "@") {
				return c, fmt.Errorf("expected a file name after '<'")
			}
			if c.Stdin != "" {
				return c, fmt.Errorf("expected at most one '< FILE', got a second")
			}
			c.Stdin = rest[i+1]
			i++
		case strings.HasPrefix(f, "<"):
			return c, fmt.Errorf("expected a space between '<' and the file name in %q", f)
		case strings.HasPrefix(f, "@"):
			key, _, _ := strings.Cut(f[1:], "=")
			if given[key] {
				return c, fmt.Errorf("expected @%s once, got it twice", key)
			}
			given[key] = true
			if err := c.setOption(f[1:]); err != nil {
				return c, err
			}
		default:
			if c.Stdin != "" {
				return c, fmt.Errorf("expected only @options after '< %s', got %q", c.Stdin, f)
			}
			c.Args = append(c.Args, f)
		}
	}
	return c, nil
}

func (c *Case) setOption(opt string) error {
	key, val, ok := strings.Cut(opt, "=")
	if !ok || val == "" {
		return fmt.Errorf("expected @KEY=VALUE, got %q", "@"+opt)
	}
	switch key {
	case "rate":
		if !nameRE.MatchString(val) {
			return fmt.Errorf("expected a word after @rate=, got %q", val)
		}
		c.Rate = val
	case "exit":
		n, err := strconv.Atoi(val)
		if err != nil || n < 1 || n > 255 {
			return fmt.Errorf("expected an exit status 1..255 after @exit=, got %q", val)
		}
		c.Exit = n
	case "timeout":
		d, err := time.ParseDuration(val)
		if err != nil || d <= 0 {
			return fmt.Errorf("expected a positive duration such as 30s after @timeout=, got %q", val)
		}
		c.Timeout = d
	case "emit":
		c.Emit = strings.Split(val, ",")
	case "expect":
		if !nameRE.MatchString(val) {
			return fmt.Errorf("expected a case name after @expect=, got %q", val)
		}
		c.Expect = val
	case "sha256":
		if len(val) != 64 || strings.Trim(val, "0123456789abcdef") != "" {
			return fmt.Errorf("expected 64 lower-case hex digits after @sha256=, got %q", val)
		}
		c.SHA256 = val
	default:
		return fmt.Errorf("expected an option @rate, @exit, @timeout, @emit, @expect or @sha256, got %q", "@"+key)
	}
	return nil
}

// LoadCases reads the case file at path.
func LoadCases(path string) ([]Case, error) {
	data, err := readFile(path)
	if err != nil {
		return nil, err
	}
	return ParseCases(path, bytes.NewReader(data))
}

// Select keeps the cases named by patterns (ENTRY or ENTRY/CASE; none means
// all) whose class is in classes; a case named in full runs whatever its
// class. A pattern that matches nothing is an error, so a typo never silently
// checks nothing.
func Select(cases []Case, patterns []string, classes ...Class) ([]Case, error) {
	var out []Case
	matched := make([]bool, len(patterns))
	for _, c := range cases {
		named, inEntry := false, len(patterns) == 0
		for i, p := range patterns {
			if p == c.ID() {
				matched[i], named = true, true
			} else if p == c.Entry {
				matched[i], inEntry = true, true
			}
		}
		if named || (inEntry && slices.Contains(classes, c.Class)) {
			out = append(out, c)
		}
	}
	for i, p := range patterns {
		if !matched[i] {
			return nil, fmt.Errorf("no case matches %q (want ENTRY or ENTRY/CASE from the case file)", p)
		}
	}
	return out, nil
}
