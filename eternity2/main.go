// Eternity2: an edge-matching backtracker in a fixed fill order, judged in
// placements per second; long runs split into work units, checkpointed and
// resumed.
//
// The contest. A board of W x H square cells and W*H square pieces; each
// piece has four edge colours listed up, right, down, left (URDL); colour 0
// is the grey frame. Rotation r turns the listed edges clockwise r quarter
// turns (rotation 1 turns [u,r,d,l] into [l,u,r,d]). Hints fix some pieces.
// A placement is legal when every edge facing the frame is 0, no 0 edge faces
// another cell, and every edge facing an occupied cell has that cell's
// colour. A board's score is its number of matched edges between adjacent
// occupied cells (2WH - W - H when solved).
//
// The search, fixed so every correct program walks the same tree: depth
// first; cells in row-major order from the top left, hint cells skipped;
// candidates by ascending piece index (input order, 0-based), then rotation
// 0, 1, 2, 3. A node is one legal placement (hints are not nodes).
//
// Usage (what -h prints):
//
//	usage: eternity2 [-all] [-pin] [-nodes N] [-v] [-url] [-progress] [BOARD]
//	       eternity2 [-all] -parts K -part I [-v] [BOARD]      one work unit: prints its record
//	       eternity2 -merge [-v] [-url] [RECORD...]             the records of every unit: prints the run's output
//	       eternity2 [...] -checkpoint FILE [-every DUR] [BOARD]
//	       eternity2 -resume FILE [-checkpoint FILE] [-every DUR] [-v] [-url] [-progress]
//	       eternity2 -emit DIR [BOARD]                          write this program, its search specialised to BOARD, as a Go module
//	       eternity2 -compiled [...] [BOARD]                    run it, built once into the user's cache (needs Go)
//	       eternity2 [...] -block WxH+X+Y [BOARD]               any of these on the W x H block from column X, row Y
//	BOARD: a JSON or text board file, or - or nothing for stdin; flags go before
//	it. Default: stop at the first solution; -all: the whole tree; -pin: the
//	first corner piece pinned, one filling of each rotation class; -nodes N:
//	stop after N nodes; -v: time and rate on stderr; -url: a viewer link to the
//	best board on stderr; -progress: a status line on stderr (the default on a
//	terminal; -progress=false for none).
//
// The flags in detail:
//
//	-all       search the whole tree and count every solution (default:
//	           stop at the first solution); on a square board of side 2 or
//	           more without hints, the count is followed by the number of
//	           classes under rotation, a quarter of it: "solutions 260 (65
//	           up to rotation)"
//	-pin       the first corner piece (in input order) pinned in the
//	           top-left corner, its 0 edges up and left, on a square board
//	           without hints: the search of one filling of each class, as
//	           the Eternity II list counts a board's solutions; the board
//	           is named NAME@pin, and the pinned placement is its first
//	           node (the list counts it)
//	-nodes N   stop after N nodes (N >= 1): a deterministic budget, searched
//	           on every core
//	-v         elapsed time and nodes per second on stderr
//	-url       a link to the public viewer (e2.bucas.name) showing the best
//	           board, on stderr after the run: "url https://...", four edge
//	           letters a cell (URDL, 'a'+colour, so colours 0-25) and
//	           three-digit 1-based piece numbers, "aaaa" and 000 when empty
//	-progress  a status line on stderr (the default on a terminal;
//	           -progress=false for none): nodes, rate, the best board, the
//	           time, and for a budget or parts the share done and the time
//	           left; with -url, the best board's link
//	-parts K -part I   work unit I of K (below), printed as its record
//	-checkpoint FILE   save the search to FILE every DUR (-every, 1m) and
//	                   on SIGINT/SIGTERM; -resume FILE goes on from it
//	-emit DIR          this program, specialised to BOARD, as a Go module
//	-compiled          the same run by that program, built once
//	-block WxH+X+Y     the W x H cells from column X, row Y (below)
//
// Output, exactly: "board NAME WxH pieces P hints K", "nodes N",
// "solutions S" (after a whole -all count on a square board of side 2 or
// more without hints, " (C up to rotation)", C = S/4), "best B/MAX" where
// best is the highest-scoring board seen
// (the first in search order on a tie), then that board as H lines of W
// cells separated by single spaces, each "piece/rotation" or "-" when empty.
//
// Input: the JSON format ({"name", "width", "height", "pieces": [[U,R,D,L],
// ...], "hints": [{"pos", "piece", "rot"}]}, pos = row*width + col; width,
// height, pieces and each hint's three fields required; "id", "family",
// "numColors", "maxScore" and "seed" of the public board files read and
// not used; any other key refused; read by encoding/json, which takes a
// key in other letters for the key and the last of a key given twice), or
// plain text: an optional "name NAME" line, a "W H" line
// (which may be left out for a square board), one "U R D L" line a piece,
// then optional "hint POS PIECE ROT" lines; '#' starts a comment; lines
// of any length. A name is printable UTF-8 with no spaces, at most 200
// bytes; a board without one takes its file's. A malformed file gets one
// line on stderr naming the problem and exit status 2. Boards are up to
// 64x64, with colours 0-255, at most 2^20 candidates (a piece in a
// rotation that fits a kind of cell) and 2^26 pool entries (kinds of cell
// x colours x 256).
//
// Blocks. -block WxH+X+Y (or "block": "WxH+X+Y" in a JSON board) searches
// the W x H cells from column X, row Y of BOARD as a board of its own,
// named NAME@WxH+X+Y, as the community's sub-grid counts do: its edges on
// the board's frame are 0, those facing the rest of the board any colour
// but 0, its own edges match; the board's pieces, each once, but those
// hinted outside the block; the hints inside it pinned. The output, -all's
// count of its fillings, records, checkpoints (which hold the board and
// the block), -emit and -compiled are the block's. The block must lie
// inside the board; an empty one is refused ("block": null is none), and
// so is a -block other than the board's own; a block of hints only is
// answered as a board of hints only. testdata/subgrid.sh computes the
// community's table with it.
//
// Work units. The tree is cut at the first depth with at least 64*K nodes
// (the units, in search order; the nodes above a unit's root, since the
// root before it, belong to it, and those after the last root to a last
// unit). With -all, part I takes the units u with u mod K = I (bench-easy
// in 64 parts: the largest 1.21x the average); without it, part I takes
// the I-th of K runs of consecutive units and stops at its first solution.
// A part prints a record instead of the output:
//
//	eternity2 part I of K
//	board NAME WxH pieces P hints H          the output's first line
//	check HEX                                the board's fingerprint (FNV-64a)
//	mode all|first
//	units M
//	nodes N                                  the part's nodes
//	solutions S
//	best B/MAX unit U                        its best board's score and unit (U "-": no node)
//	url URL|-                                that board's viewer link
//	H lines: that board
//	sum HEX                                  FNV-64a of the lines above
//
// -merge adds the counts and keeps the best board, the first unit's on a
// tie; without -all it takes the parts in order up to the first with a
// solution. It reads the records (files in order, or stdin) as they come
// and stops as soon as the answer is known, so a pipeline of parts can end
// when part 0 finds the solution; until then it fails naming the missing
// part (an empty file is a part still running). The merged bytes are the
// single run's. Records of other boards, modes, K or cuts, repeated parts,
// and edited or damaged ones (their checksum) are refused with one line.
//
// A budget on every core: budget.go. Checkpoints: -checkpoint FILE writes
// FILE.tmp and renames it over FILE, so FILE is always a whole checkpoint
// (JSON, "Format": "eternity2 checkpoint 6", with a checksum); the first
// is written before the search starts, so a FILE that cannot be written
// is refused at once, and FILE.lock keeps a second run from saving to the
// same FILE. A save that fails later is told on stderr and the search
// goes on. A run killed at any point, kill -9 included, and resumed from
// its last checkpoint prints exactly the bytes of a run never stopped.
// SIGINT and SIGTERM write the checkpoint and exit 130 or 143.
//
// How it works, a file each: board.go reads the board; tables.go groups
// the cells by what their right and down edges must be (frame, any
// colour, a hint's) and pools each group's candidates by the colours
// above and to the left, one 32-bit word a candidate, and bits.go the
// same pools as words of bits for boards of at most 64 pieces; search.go
// holds a cursor, one search's position and what it found, and the search
// the command line asks for; explore_tables.go (generated by gen_explore.go)
// is the search loop for any board, emit.go writes the one for a single
// board (-emit, -compiled); units.go cuts the tree into work units and
// parts, budget.go spreads a budget over the cores, coordinator.go runs a
// process's parts and saves them in checkpoint.go's files; output.go
// writes the contest's output, records.go a part's record and -merge's
// merge; progress.go shows the status line; files.go holds the messages
// and file reads. A whole run is a part a core, their findings added in
// part order as -merge adds records, so counts and output do not depend
// on scheduling.
//
// Rules kept: standard library only; the search is the contest's, node
// for node. Times and what was tried: the README's eternity2 section.
package main

import (
	"cmp"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"
)

// usage is the header's usage section, the one place it is written (line
// ends as a checkout may have made them).
func usage() string {
	src, _ := source.ReadFile("main.go")
	_, text, _ := strings.Cut(strings.ReplaceAll(string(src), "\r\n", "\n"), "// Usage (what -h prints):\n//\n//\t")
	text, _, _ = strings.Cut(text, "\n//\n")
	return strings.ReplaceAll(text, "\n//\t", "\n") + "\n"
}

// options is the command line, parsed and checked once.
type options struct {
	all, pin, verbose, url, merge, compiled bool
	progress, progressGiven                 bool
	budget, parts, part                     int64
	checkpoint, resume, emit, block         string
	every                                   time.Duration
	args                                    []string
	flags                                   []string // the arguments before BOARD
}

// maxArgument is the longest argument taken: no path or number is longer.
const maxArgument = 4096

func parseArgs(args []string) (options, error) {
	o := options{part: -1}
	for _, a := range args {
		if len(a) > maxArgument {
			return o, bad("argument %s is longer than %d bytes", quote(a), maxArgument)
		}
	}
	fs := flag.NewFlagSet("eternity2", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.BoolVar(&o.all, "all", false, "")
	fs.BoolVar(&o.pin, "pin", false, "")
	for name, n := range map[string]*int64{"nodes": &o.budget, "parts": &o.parts, "part": &o.part} {
		fs.Func(name, "", func(s string) error { return decimal(s, n) })
	}
	fs.BoolVar(&o.verbose, "v", false, "")
	fs.StringVar(&o.emit, "emit", "", "")
	fs.BoolVar(&o.compiled, "compiled", false, "")
	fs.BoolVar(&o.url, "url", false, "")
	fs.BoolVar(&o.progress, "progress", false, "")
	fs.BoolVar(&o.merge, "merge", false, "")
	fs.StringVar(&o.checkpoint, "checkpoint", "", "")
	fs.StringVar(&o.resume, "resume", "", "")
	fs.StringVar(&o.block, "block", "", "")
	fs.DurationVar(&o.every, "every", time.Minute, "")
	fs.VisitAll(func(f *flag.Flag) { f.Value = &once{Value: f.Value} })
	if err := fs.Parse(args); err != nil {
		if err == flag.ErrHelp {
			return o, err
		}
		return o, bad("%s (eternity2 -h for the usage)", flagError(err))
	}
	o.args, o.flags = fs.Args(), args[:len(args)-fs.NArg()]
	given := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { given[f.Name] = true })
	o.progressGiven = given["progress"]
	return o, o.check(given)
}

// once is a flag's value that refuses a second setting, which would
// otherwise win without a word.
type once struct {
	flag.Value
	set bool
}

func (v *once) Set(s string) error {
	if v.set {
		return errors.New("given twice")
	}
	v.set = true
	return v.Value.Set(s)
}

func (v *once) IsBoolFlag() bool {
	b, ok := v.Value.(interface{ IsBoolFlag() bool })
	return ok && b.IsBoolFlag()
}

// decimal sets n to a count given as decimal digits: the flag package's
// own would take 0x10 for 16 and 010 for 8.
func decimal(s string, n *int64) error {
	v, err := strconv.ParseInt(s, 10, 64)
	switch {
	case errors.Is(err, strconv.ErrRange):
		return errors.New("value out of range")
	case err != nil || s != strconv.FormatInt(v, 10):
		return errors.New("expected a whole number in decimal digits")
	}
	*n = v
	return nil
}

// flagError is the flag package's message with the argument in it quoted
// short.
func flagError(err error) string {
	msg := err.Error()
	if f, ok := strings.CutSuffix(msg, ": given twice"); ok { // "invalid value "6" for flag -nodes", "invalid boolean flag all"
		return "-" + strings.TrimPrefix(f[strings.LastIndex(f, " ")+1:], "-") + " given twice: give it once"
	}
	if v, rest, ok := strings.Cut(msg, "invalid value \""); ok {
		if i := strings.LastIndex(rest, "\" for flag "); i >= 0 {
			return v + "invalid value " + quote(rest[:i]) + rest[i+1:]
		}
	}
	for _, prefix := range []string{"flag provided but not defined: ", "bad flag syntax: ", "flag needs an argument: "} {
		if arg, ok := strings.CutPrefix(msg, prefix); ok {
			return prefix + shown(arg)
		}
	}
	return msg
}

// check refuses options that do not go together.
func (o options) check(given map[string]bool) error {
	others := func(allowed ...string) string {
		for name := range given {
			if !slices.Contains(allowed, name) {
				return "-" + name
			}
		}
		return ""
	}
	notEmit, notMerge, notResume := others("emit", "block", "pin"), others("merge", "v", "url"), others("resume", "checkpoint", "every", "v", "url", "progress", "compiled")
	switch {
	case given["nodes"] && o.budget < 1:
		return bad("-nodes %d: expected a budget of at least 1 node (leave -nodes out for none)", o.budget)
	case given["every"] && o.every <= 0:
		return bad("-every %v: expected a duration such as 30s or 5m", o.every)
	case given["block"] && o.block == "":
		return bad("-block: expected WxH+X+Y, got nothing (leave -block out for the whole board)")
	case given["every"] && o.checkpoint == "":
		return bad("-every: expected -checkpoint FILE with it")
	case given["emit"] && (o.emit == "" || strings.HasPrefix(o.emit, "-")):
		return bad("-emit DIR: expected a folder, got %s", quote(o.emit))
	case given["emit"] && notEmit != "":
		return bad("-emit writes a program for BOARD and takes no %s: give it to that program", notEmit)
	case o.merge && notMerge != "":
		return bad("-merge takes the records and -v or -url, not %s", notMerge)
	case o.resume != "" && notResume != "":
		return bad("-resume takes no %s: the checkpoint holds the search", notResume)
	case o.resume != "" && len(o.args) > 0:
		return bad("-resume takes no BOARD %s: the checkpoint holds it", quote(o.args[0]))
	case given["parts"] != given["part"]:
		return bad("-parts K and -part I go together")
	case given["parts"] && (o.parts < 1 || o.parts > maxParts):
		return bad("-parts %d: expected 1 to %d", o.parts, maxParts)
	case given["parts"] && (o.part < 0 || o.part >= o.parts):
		return bad("-part %d: expected 0 to %d (-parts %d)", o.part, o.parts-1, o.parts)
	case given["parts"] && given["nodes"]:
		return bad("-nodes cuts one whole search: not with -parts")
	case !o.merge && len(o.args) > 1 && strings.HasPrefix(o.args[1], "-"):
		return bad("flag %s after BOARD %s: flags go before BOARD", quote(o.args[1]), quote(o.args[0]))
	case !o.merge && len(o.args) > 1:
		return bad("expected one BOARD, got %d: %s, %s, ...", len(o.args), quote(o.args[0]), quote(o.args[1]))
	}
	return nil
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run is the program for a command line: its exit status is 0, 1 (a
// failed write), 2 (bad input), or 128 + a signal that stopped it.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	o, err := parseArgs(args)
	if err == flag.ErrHelp {
		if _, err := io.WriteString(stdout, usage()); err != nil {
			fmt.Fprintf(stderr, "eternity2: writing the usage: %v\n", err)
			return 1
		}
		return 0
	}
	if err == nil {
		err = program(o, stdin, stdout, stderr)
	}
	if err == nil {
		return 0
	}
	fmt.Fprintf(stderr, "eternity2: %v\n", err)
	var ie *inputError
	var stopped errStopped
	switch {
	case errors.As(err, &ie):
		return 2
	case errors.As(err, &stopped):
		return 128 + int(stopped.sig)
	}
	return 1
}

// program runs the options: merge, or the search of a board or of a
// checkpoint, here or in the program specialised to its board.
func program(o options, stdin io.Reader, stdout, stderr io.Writer) error {
	start := time.Now()
	if o.merge {
		return mergeRecords(o, stdin, stdout, stderr, start)
	}
	s, e, err := o.search(stdin)
	if err != nil {
		return err
	}
	switch {
	case o.emit != "":
		return emitModule(o.emit, e)
	case o.compiled && builtinBoard == "":
		return runCompiled(e, slices.DeleteFunc(o.flags, func(f string) bool {
			return strings.TrimLeft(f, "-") == "compiled" || strings.TrimLeft(f, "-") == "compiled=true"
		}), stderr)
	}
	procs := runtime.GOMAXPROCS(0)
	if s == nil && o.budget > 0 && procs > 1 && o.checkpoint == "" {
		pr := o.startProgress(e, nil, stderr)
		f := searchBudget(e, o.budget, o.all, procs, pr)
		pr.end(f)
		return finish(o, e.output(f, o.all && f.Nodes < o.budget), f.Nodes, e.viewerURL(f.Board), stdout, stderr, start)
	}
	if s == nil {
		s = o.newSearch(e, procs)
	}
	pr := o.startProgress(e, s, stderr)
	if o.checkpoint != "" && o.every < time.Second {
		fmt.Fprintf(stderr, "eternity2: -every %v: under a second, so a save, synced to disk, as often as every 2^20 nodes\n", o.every)
	}
	if err := newCoordinator(s, saving{o.checkpoint, o.every, saveCheckpoint, stderr}, sliceNodes, pr).run(); err != nil {
		return err
	}
	out, f, url := s.answer()
	pr.end(f)
	return finish(o, out, f.Nodes, url, stdout, stderr, start)
}

// startProgress starts the status line when it is asked for, or by
// default on a terminal, for search s or, when it is nil, a budget on
// every core.
func (o options) startProgress(e *engine, s *search, stderr io.Writer) *progress {
	if !o.progress && (o.progressGiven || !isTerminal(stderr)) {
		return nil
	}
	if s == nil {
		return startProgress(e, stderr, o.url, o.budget, 0)
	}
	units := 0
	for _, p := range s.parts {
		units += p.pl.owned(p.index)
	}
	if s.budget > 0 {
		units = 0
	}
	return startProgress(e, stderr, o.url, s.budget, units)
}

// search is the board's engine, and with -resume the checkpoint's search;
// a program specialised to a board searches that board only.
func (o options) search(stdin io.Reader) (*search, *engine, error) {
	if o.resume != "" {
		s, err := loadCheckpoint(o.resume)
		if err != nil {
			return nil, nil, err
		}
		return s, s.e, specialisedTo(s.e.p, "checkpoint "+shown(o.resume))
	}
	var p *puzzle
	var err error
	if builtinBoard != "" && len(o.args) == 0 {
		p, err = builtin(o.block)
	} else {
		p, err = readBoard(o.args, stdin, o.block)
	}
	if err == nil && o.pin && p.pin == nil {
		err = p.pinCorner()
	}
	if err == nil {
		err = specialisedTo(p, "BOARD")
	}
	if err != nil {
		return nil, nil, err
	}
	e, err := newEngine(p)
	return nil, e, err
}

// builtin is the board a specialised program is written for, and the
// block asked for (its own, or -block's).
func builtin(block string) (*puzzle, error) {
	p, err := readPuzzle("the built-in board", []byte(builtinBoard))
	if err != nil {
		return nil, err
	}
	return p.cutBlock(block, "the built-in board")
}

// specialisedTo refuses a board other than the one this program's search
// is written for, if it is written for one.
func specialisedTo(p *puzzle, what string) error {
	if builtinBoard == "" {
		return nil
	}
	own, err := builtin("")
	if err == nil && own.fingerprint() != p.fingerprint() {
		err = bad("this program searches board %s only, and %s is board %s", own.name, what, p.name)
	}
	return err
}

// newSearch is the search the options ask for on a new board: one part of
// -parts, a whole run cut into a part a core (merged here as -merge
// would), or one part for a budget on one core.
func (o options) newSearch(e *engine, procs int) *search {
	switch {
	case o.parts > 0:
		return newSearch(e, int(o.parts), o.all, 0, []int{int(o.part)}, false)
	case o.budget > 0:
		return newSearch(e, 1, o.all, o.budget, []int{0}, true)
	}
	var indices []int
	for k := range procs {
		indices = append(indices, k)
	}
	return newSearch(e, procs, o.all, 0, indices, true)
}

// finish writes the output, then -v's figures and -url's link on stderr:
// the one place they are written.
func finish(o options, out []byte, nodes int64, url string, stdout, stderr io.Writer, start time.Time) error {
	if _, err := stdout.Write(out); err != nil {
		return err
	}
	if o.verbose {
		elapsed := time.Since(start)
		fmt.Fprintf(stderr, "elapsed %.3f s\nnodes/s %.1fM\n", elapsed.Seconds(), float64(nodes)/elapsed.Seconds()/1e6)
	}
	if o.url {
		fmt.Fprintln(stderr, "url", cmp.Or(url, "-: the viewer shows colours 0-25 and 999 pieces"))
	}
	return nil
}
