// Command harness builds, checks and times the puzzle entries.
//
//	harness check        [flags] [ENTRY[/CASE]...]  run cases, compare stdout byte for byte
//	harness bench        [flags] [ENTRY[/CASE]...]  time the bench cases (Benchmarks Game protocol)
//	harness instructions [flags] [ENTRY[/CASE]...]  count instructions under callgrind
//	harness instructions -- COMMAND [ARG...]        the same for any command
//	harness update       [flags] [ENTRY[/CASE]...]  rewrite expected files from the current programs
//	harness lint         [flags] [ENTRY...]         check the submission rules
//	harness list         [flags] [ENTRY[/CASE]...]  print the cases
//	harness compare      A.json B.json [C.json...]  saved runs (-save) set against the first
//	harness history      [-svg FILE] HISTORY [CASE...]  a history file's trends (bench -history)
//
// Cases live in harness/cases.txt (see cases.go for the format); expected
// outputs in expected/ENTRY/CASE.out. Each command takes only its own flags:
// `harness CMD -h` lists them. The commands are in commands.go, bench's in
// benchcmd.go.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

const usage = `usage: harness COMMAND [flags] [ENTRY[/CASE]...]

commands:
  check         run the check and bench cases (long ones with -long) and compare
                stdout with expected/ENTRY/CASE.out byte for byte
  bench         time the bench cases: one checked run, then -runs timed runs;
                elapsed, CPU, system CPU, page faults, peak memory; -instructions,
                -baseline, -vs, -fail-over, -svg
  instructions  count the instructions of bench cases (or of -- COMMAND ARGS)
                under callgrind: the figure a busy machine does not move
  update        rewrite expected files from the current programs; shows changes
  lint          check entries against the submission rules
  list          print the selected cases
  compare       A.json B.json [C.json...]: saved runs (bench -save) against the
                first, without running anything
  history       [-svg FILE] HISTORY [CASE...]: the trends in a file that
                bench -history appends to, as a table and a chart

harness COMMAND -h lists the command's flags.
exit status: 0 all ok; 1 a case failed or regressed; 2 bad usage, a broken
case file or a missing tool; 3 a write failed (the results on stdout, or a
file the command writes); 130 or 143 stopped by SIGINT or SIGTERM, with its
temporary folders and worktrees removed.
`

// Exit statuses.
const (
	exitOK     = 0
	exitFailed = 1 // a case failed or regressed
	exitUsage  = 2 // bad usage, a broken case file, a missing tool
	exitWrite  = 3 // a write failed: stdout, or a file the command writes
)

// tools are what the harness works with outside itself: a runner of
// programs and a counter of their instructions (tests give fakes).
type tools struct {
	runner  *Runner
	counter Counter
}

// run is main without os.Exit, for tests.
func run(args []string, stdout, stderr io.Writer) int {
	r := NewRunner()
	return runWith(tools{r, callgrind{r}}, args, stdout, stderr)
}

// command is one subcommand: what its usage line says after its flags,
// and declare, which declares its flags and returns what it does once they
// are parsed.
type command struct {
	name, operands string
	declare        func(fs *flag.FlagSet) action
}

// action runs a command with its flags parsed.
type action func(c *cmdline) int

// cmdline is what a command works with: its names (the arguments after the
// flags) or, for instructions, the command after --, its tools, and where
// it writes.
type cmdline struct {
	name           string
	names, command []string
	tools          tools
	stdout         *output
	stderr         io.Writer
}

// fail prints a one-line error as the command's and returns the status.
func (c *cmdline) fail(status int, format string, args ...any) int {
	fmt.Fprintf(c.stderr, "harness %s: %s\n", c.name, fmt.Sprintf(format, args...))
	return status
}

// output is stdout, remembering the first write that failed.
type output struct {
	w   io.Writer
	err error
}

func (o *output) Write(p []byte) (int, error) {
	n, err := o.w.Write(p)
	if err != nil && o.err == nil {
		o.err = err
	}
	return n, err
}

// runWith runs a command line with the given tools. A failed write of the
// command's results ends it with exitWrite; SIGINT or SIGTERM stop it,
// removing what it made, with 128 + the signal.
func runWith(t tools, args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return exitUsage
	}
	if args[0] == "-h" || args[0] == "-help" || args[0] == "--help" || args[0] == "help" {
		if _, err := io.WriteString(stdout, usage); err != nil {
			fmt.Fprintf(stderr, "harness: writing the usage: %v\n", err)
			return exitWrite
		}
		return exitOK
	}
	i := slices.IndexFunc(commands, func(c command) bool { return c.name == args[0] })
	if i < 0 {
		fmt.Fprintf(stderr, "harness: unknown command %q\n%s", args[0], usage)
		return exitUsage
	}
	c := &cmdline{name: args[0], tools: t, stdout: &output{w: stdout}, stderr: stderr}
	fs := flag.NewFlagSet("harness "+c.name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	act := commands[i].declare(fs)
	repeated := refuseRepeats(fs)
	rest := args[1:]
	if c.name == "instructions" {
		if k := slices.Index(rest, "--"); k >= 0 {
			if rest, c.command = rest[:k], rest[k+1:]; len(c.command) == 0 {
				return c.fail(exitUsage, "expected a command after --")
			}
		}
	}
	names, err := parseInterleaved(fs, rest)
	if errors.Is(err, flag.ErrHelp) {
		return c.usage(fs, commands[i].operands)
	}
	if *repeated != "" {
		err = fmt.Errorf("-%s given twice: give it once", *repeated)
	}
	if err != nil {
		return c.fail(exitUsage, "%v\nrun `harness %s -h` for its flags", flagHint(err, c.name), c.name)
	}
	c.names = names
	defer t.runner.stopOnSignal(stderr)()
	status := act(c)
	if c.stdout.err != nil && status != exitWrite {
		return c.fail(exitWrite, "writing the results to stdout: %v", c.stdout.err)
	}
	return status
}

// usage prints the command's usage and flags on stdout.
func (c *cmdline) usage(fs *flag.FlagSet, operands string) int {
	flags := 0
	fs.VisitAll(func(fl *flag.Flag) {
		if v, ok := fl.Value.(*onceValue); ok {
			fl.Value = v.Value // the flag package names a flag's kind from its own types
		}
		flags++
	})
	if flags == 0 {
		fmt.Fprintf(c.stdout, "usage: harness %s %s\n", c.name, operands)
	} else {
		fmt.Fprintf(c.stdout, "usage: harness %s [flags] %s\n\nflags:\n", c.name, operands)
	}
	fs.SetOutput(c.stdout)
	fs.PrintDefaults()
	if c.stdout.err != nil {
		return c.fail(exitWrite, "writing the usage: %v", c.stdout.err)
	}
	return exitOK
}

// refuseRepeats makes a flag given twice an error (but -vs, which is given
// once a program): otherwise the last would win without a word. The name
// of the first repeated flag lands in *repeated.
func refuseRepeats(fs *flag.FlagSet) (repeated *string) {
	repeated = new(string)
	fs.VisitAll(func(fl *flag.Flag) {
		if _, many := fl.Value.(*stringList); !many {
			fl.Value = &onceValue{Value: fl.Value, name: fl.Name, repeated: repeated}
		}
	})
	return repeated
}

// onceValue is a flag's value that notes a second setting.
type onceValue struct {
	flag.Value
	name     string
	set      bool
	repeated *string
}

func (v *onceValue) Set(s string) error {
	if v.set && *v.repeated == "" {
		*v.repeated = v.name
	}
	v.set = true
	return v.Value.Set(s)
}

// IsBoolFlag keeps -q and the like taking no value.
func (v *onceValue) IsBoolFlag() bool {
	b, ok := v.Value.(interface{ IsBoolFlag() bool })
	return ok && b.IsBoolFlag()
}

// flagHint turns "flag provided but not defined: -runs" into a sentence that
// says which commands take the flag.
func flagHint(err error, cmdName string) error {
	name, ok := strings.CutPrefix(err.Error(), "flag provided but not defined: -")
	if !ok {
		return err
	}
	var owners []string
	for _, c := range commands {
		fs := flag.NewFlagSet(c.name, flag.ContinueOnError)
		c.declare(fs)
		if fs.Lookup(name) != nil {
			owners = append(owners, c.name)
		}
	}
	if len(owners) == 0 {
		return fmt.Errorf("no such flag -%s", name)
	}
	return fmt.Errorf("-%s is a flag of %s, not of %s", name, strings.Join(owners, " and "), cmdName)
}

// parseInterleaved lets flags and names mix: `bench meteor -runs 3`.
func parseInterleaved(fs *flag.FlagSet, args []string) ([]string, error) {
	var positional []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		args = fs.Args()
		if len(args) == 0 {
			return positional, nil
		}
		positional = append(positional, args[0])
		args = args[1:]
	}
}

// findRoot walks up from the working directory to the folder with go.mod.
func findRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("no go.mod in this folder or above it; run from the repository or pass -root")
		}
		dir = parent
	}
}
