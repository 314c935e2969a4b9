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
// Usage:
//
//	eternity2 [-all] [-nodes N] [-v] [-url] [BOARD]        search (BOARD: a file, or - or nothing for stdin)
//	eternity2 ... -parts K -part I [BOARD]                 search work unit I of K, print its record
//	eternity2 -merge [RECORD...]                           merge the K records (files, or stdin) into the run's output
//	eternity2 ... -checkpoint FILE [-every DUR] [BOARD]    save the search every DUR (1m) and on SIGINT/SIGTERM
//	eternity2 -resume FILE [-checkpoint FILE] [-v] [-url]  continue a saved search
//	eternity2 -emit [BOARD]                                print a Go program specialised to BOARD
//	eternity2 -h                                           print the usage
//
//	-all      search the whole tree and count every solution (default: stop
//	          at the first solution)
//	-nodes N  stop after N nodes (N >= 1): a deterministic budget
//	-v        elapsed time and nodes per second on stderr
//	-url      a link to the public viewer (e2.bucas.name) showing the best
//	          board, on stderr after the run: "url https://...", four edge
//	          letters a cell (URDL, 'a'+colour, so colours 0-25) and
//	          three-digit 1-based piece numbers, "aaaa" and 000 when empty
//
// Output, exactly: "board NAME WxH pieces P hints K", "nodes N",
// "solutions S", "best B/MAX" where best is the highest-scoring board seen
// (the first in search order on a tie), then that board as H lines of W
// cells separated by single spaces, each "piece/rotation" or "-" when empty.
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
//	nodes N                                  the part's nodes (at most 2^56)
//	solutions S
//	best B/MAX unit U                        its best board's score and unit (U "-": no node)
//	url URL|-                                that board's viewer link
//	H lines: that board
//
// -merge adds the counts and keeps the best board, the first unit's on a
// tie; without -all it takes the parts in order up to the first with a
// solution. It reads the records (files in order, or stdin) as they come
// and stops as soon as the answer is known, so a pipeline of parts can end
// when part 0 finds the solution; until then it fails naming the missing
// part (an empty file is a part still running). The merged bytes are the
// single run's. Records of other boards, modes, K or cuts, repeated parts,
// and edited fields (a count past 2^56, a score past MAX, a cell not of
// the board, a link elsewhere) are refused with one line.
//
// A budget on every core. -nodes N cuts the search at its Nth node. On
// several cores, a pilot searches the first N/256 nodes, looking at its
// path 256 times, and picks the shallowest depth at which no subtree holds
// a quarter of the looks: the first N nodes then span thousands of units.
// One walker goes through the tree above that depth handing out units in
// order, the workers search their subtrees, and the results are taken in
// order; the unit holding the Nth node is searched again from its start
// for the nodes left, so the output is the single core's. With
// -checkpoint, a budget runs on one core.
//
// Checkpoints. -checkpoint FILE writes FILE.tmp and renames it over FILE,
// so FILE is always a whole checkpoint: the board, the mode, the budget,
// the parts and each part's position and counts, with a checksum over all
// of it (JSON, "format": "eternity2 checkpoint 3"). The first is written
// before the search starts, so a FILE that cannot be written is refused at
// once. A run killed at any point, kill -9 included, and resumed from its
// last checkpoint prints exactly the bytes of a run never stopped. SIGINT
// and SIGTERM write the checkpoint and exit 130 or 143.
//
// Input: the JSON format ({"name", "width", "height", "pieces": [[U,R,D,L],
// ...], "hints": [{"pos", "piece", "rot"}]}, pos = row*width + col; width,
// height, pieces and each hint's three fields required; "id", "family",
// "numColors", "maxScore" and "seed" of the public board files read and
// not used; any other key refused), or plain text: an optional "name NAME"
// line, a "W H" line (which may be left out for a square board), one
// "U R D L" line a piece, then optional "hint POS PIECE ROT" lines; '#'
// starts a comment; lines of any length. A name is printable UTF-8 with no
// spaces, at most 200 bytes; a board without one takes its file's. A
// malformed file gets one line on stderr naming the problem and exit
// status 2.
//
// Rules kept: one file, standard library only; the search is the contest's,
// node for node.
//
// How it works:
//  1. Each cell's right and down edges must be frame (0), some colour (not 0),
//     or a hint's colour: cells are grouped by that, and each group has a pool
//     of candidates per (up, left) colour pair, in the contest's order, in a
//     table of 256 entries an up colour, so that the row is the down colour
//     of the cell above masked in place (the programs -emit writes pack the
//     rows tighter, shifting by a constant).
//  2. A candidate is one 32-bit word: piece, last-in-pool mark, rotation,
//     right and down colour; each pool ends in a sentinel whose piece is
//     always "used", so the loop makes one test per candidate: is its piece
//     free? When it is not, the mark says whether the pool is done.
//  3. Each depth has one small record: its cell, its group's pools, and
//     where its up and left colours are in the placements (constant words
//     after the depths stand for the frame and the hints); the left colour
//     comes from the candidate just placed when it is the left neighbour.
//  4. The search works on fixed arrays behind one pointer, indexed by masks
//     (no bounds checks, no spills), in one step written out 16 times, a
//     copy for each depth mod 16, so that the processor predicts the
//     "used?" and "end of pool?" branches of each copy apart; it stops
//     every 2^20 nodes, so a position can be saved and resumed.
//  5. Every placement is legal, so the score depends only on the depth: the
//     loop copies the board only when it is deeper than any before.
//  6. A whole run on several cores is K work units on K cores, merged as
//     -merge merges records, so counts and output do not depend on
//     scheduling.
//
// Measured (callgrind, 1 M to 3 M nodes; go1.26.8), instructions and
// mispredicted branches a node: this engine 73.7 and 1.29 on bench-hard,
// 79.0 and 1.44 on the real puzzle with the centre clue (the first engine:
// 172.0 and 2.30, 182.3 and 2.32; with its step written once, 71.6 and
// 1.75, 76.3 and 1.88); the programs -emit writes 51.4 and 1.16, 55.0 and
// 1.21 (first: 57.5 and 1.39). Tried and dropped, same
// nodes: a 64-bit mask of free candidates per pool (the placed piece
// cleared in each of its pools: 1.4-1.8x the instructions, no fewer
// mispredictions); testing four or two candidates' "used" bytes at once
// (more instructions, as many mispredictions); pools in blocks of four,
// each block's free candidates a mask taken lowest bit first (1.39x the
// instructions, 0.60x the mispredictions, 1.25x the CPU on an AMD EPYC:
// the CPU predicts far better than callgrind's model, so instructions
// and load chains decide); the left colour always loaded (1.12x the CPU:
// it waits on the store just made); the pool's first candidate kept in
// its table entry (as fast); 256-entry rows in the programs -emit writes
// (1.06x the CPU on the centre clue: the larger table). Times: the
// README's eternity2 section.
package main

import (
	"bufio"
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"go/format"
	"hash/fnv"
	"io"
	"net/url"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"text/template"
	"time"
	"unicode"
	"unicode/utf8"
)

// ------------------------------------------------------------- the board

type hint struct {
	Pos   int `json:"pos"`
	Piece int `json:"piece"`
	Rot   int `json:"rot"`
}

// puzzle is a board as read, before any search structure is built.
type puzzle struct {
	name          string
	width, height int
	pieces        [][4]int // URDL
	hints         []hint
}

const (
	maxColour = 255
	maxSide   = 64
	maxBoard  = 16 << 20 // bytes of a board file
)

// inputError is bad input: one line for stderr, exit status 2.
type inputError struct{ msg string }

func (e *inputError) Error() string { return e.msg }

func bad(format string, args ...any) error { return &inputError{fmt.Sprintf(format, args...)} }

// shorten cuts a message to 100 bytes.
func shorten(s string) string {
	if len(s) > 100 {
		return strings.ToValidUTF8(s[:97], "") + "..."
	}
	return s
}

// quote shows a bad line or argument in at most about 60 bytes.
func quote(s string) string {
	q := strconv.Quote(s)
	for n := min(len(s), 60); len(q) > 62; n-- {
		q = strconv.Quote(s[:n]) + "..."
	}
	return q
}

// readPuzzle reads JSON (when the text starts with '{') or plain text, and
// validates the result.
func readPuzzle(name string, data []byte) (*puzzle, error) {
	var p *puzzle
	var err error
	if bytes.HasPrefix(data, []byte("\xef\xbb\xbf")) {
		return nil, bad("%s: starts with a byte-order mark: save it as UTF-8 without one", name)
	}
	if t := bytes.TrimSpace(data); len(t) > 0 && t[0] == '{' {
		p, err = readJSON(name, data)
	} else {
		p, err = readText(name, data)
	}
	if err != nil {
		return nil, err
	}
	return p, p.validate(name)
}

// boardJSON is the JSON form; every field the format needs is a pointer, so
// that a missing one is told from a zero.
type boardJSON struct {
	Name   *string           `json:"name,omitempty"`
	ID     *string           `json:"id,omitempty"`
	Width  *int              `json:"width"`
	Height *int              `json:"height"`
	Pieces []json.RawMessage `json:"pieces"`
	Hints  []hintJSON        `json:"hints"`
	// Other keys of the public board files, read and not used; any other
	// key is refused, so that a misspelt "hints" cannot drop the hints.
	Family    json.RawMessage `json:"family,omitempty"`
	NumColors json.RawMessage `json:"numColors,omitempty"`
	MaxScore  json.RawMessage `json:"maxScore,omitempty"`
	Seed      json.RawMessage `json:"seed,omitempty"`
}

type hintJSON struct {
	Pos   *int `json:"pos"`
	Piece *int `json:"piece"`
	Rot   *int `json:"rot"`
}

func readJSON(name string, data []byte) (*puzzle, error) {
	var raw boardJSON
	if err := json.Unmarshal(data, &raw); err != nil {
		return nil, bad("%s: broken JSON: %s", name, shorten(err.Error()))
	}
	strict := json.NewDecoder(bytes.NewReader(data))
	strict.DisallowUnknownFields()
	if err := strict.Decode(&raw); err != nil {
		return nil, bad("%s: %s", name, shorten(err.Error()))
	}
	if raw.Width == nil || raw.Height == nil || raw.Pieces == nil {
		return nil, bad("%s: expected \"width\", \"height\" and \"pieces\"", name)
	}
	p := &puzzle{width: *raw.Width, height: *raw.Height}
	switch {
	case raw.Name != nil:
		p.name = *raw.Name
	case raw.ID != nil:
		p.name = *raw.ID
	}
	if p.width < 1 || p.height < 1 || p.width > maxSide || p.height > maxSide {
		return nil, bad("%s: board %dx%d: expected a width and height from 1 to %d", name, p.width, p.height, maxSide)
	}
	for i, r := range raw.Pieces {
		var e []int
		if err := json.Unmarshal(r, &e); err != nil || len(e) != 4 {
			return nil, bad("%s: piece %d: expected four integer colours [U,R,D,L], got %s", name, i, quote(string(r)))
		}
		p.pieces = append(p.pieces, [4]int{e[0], e[1], e[2], e[3]})
	}
	for i, h := range raw.Hints {
		if h.Pos == nil || h.Piece == nil || h.Rot == nil {
			return nil, bad("%s: hint %d: expected \"pos\", \"piece\" and \"rot\"", name, i)
		}
		p.hints = append(p.hints, hint{*h.Pos, *h.Piece, *h.Rot})
	}
	return p, nil
}

func readText(name string, data []byte) (*puzzle, error) {
	p := &puzzle{width: -1}
	for i, raw := range bytes.Split(data, []byte("\n")) {
		line := strings.TrimSuffix(string(raw), "\r")
		text, _, _ := strings.Cut(line, "#")
		f := strings.Fields(text)
		where := fmt.Sprintf("%s line %d", name, i+1)
		switch {
		case len(f) == 0:
		case f[0] == "name":
			if len(f) != 2 {
				return nil, bad("%s: expected \"name NAME\", got %s", where, quote(line))
			}
			p.name = f[1]
		case f[0] == "hint":
			n, err := ints(f[1:])
			if err != nil || len(n) != 3 {
				return nil, bad("%s: expected \"hint POS PIECE ROT\", got %s", where, quote(line))
			}
			p.hints = append(p.hints, hint{n[0], n[1], n[2]})
		case len(f) == 2 && p.width < 0 && len(p.pieces) == 0:
			n, err := ints(f)
			if err != nil {
				return nil, bad("%s: expected \"W H\", got %s", where, quote(line))
			}
			p.width, p.height = n[0], n[1]
		case len(f) == 4:
			n, err := ints(f)
			if err != nil {
				return nil, bad("%s: expected four integer colours \"U R D L\", got %s", where, quote(line))
			}
			if len(p.hints) > 0 {
				return nil, bad("%s: a piece after the hints; pieces come first", where)
			}
			if len(p.pieces) == maxSide*maxSide {
				return nil, bad("%s: more than %d pieces", where, maxSide*maxSide)
			}
			p.pieces = append(p.pieces, [4]int{n[0], n[1], n[2], n[3]})
		default:
			return nil, bad("%s: expected \"W H\", \"U R D L\", \"hint POS PIECE ROT\" or \"name NAME\", got %s", where, quote(line))
		}
	}
	if p.width < 0 { // no "W H" line: a square board
		side := 0
		for side*side < len(p.pieces) {
			side++
		}
		if side*side != len(p.pieces) || side == 0 {
			return nil, bad("%s: no \"W H\" line and %d pieces is not a square board; add a \"W H\" line", name, len(p.pieces))
		}
		p.width, p.height = side, side
	}
	return p, nil
}

func ints(f []string) ([]int, error) {
	n := make([]int, len(f))
	for i, s := range f {
		v, err := strconv.Atoi(s)
		if err != nil {
			return nil, err
		}
		n[i] = v
	}
	return n, nil
}

func (p *puzzle) validate(name string) error {
	if p.name != "" && !validName(p.name) {
		return bad("%s: name %s: expected at most %d bytes of printable UTF-8 without spaces", name, quote(p.name), maxName)
	}
	if p.width < 1 || p.height < 1 || p.width > maxSide || p.height > maxSide {
		return bad("%s: board %dx%d: expected a width and height from 1 to %d", name, p.width, p.height, maxSide)
	}
	if len(p.pieces) != p.width*p.height {
		return bad("%s: %d pieces for a %dx%d board: expected %d", name, len(p.pieces), p.width, p.height, p.width*p.height)
	}
	for i, e := range p.pieces {
		for _, c := range e {
			if c < 0 || c > maxColour {
				return bad("%s: piece %d has colour %d: expected 0 to %d", name, i, c, maxColour)
			}
		}
	}
	posUsed, pieceUsed := map[int]int{}, map[int]int{}
	for i, h := range p.hints {
		switch {
		case h.Pos < 0 || h.Pos >= p.width*p.height:
			return bad("%s: hint %d: position %d is off the %dx%d board", name, i, h.Pos, p.width, p.height)
		case h.Piece < 0 || h.Piece >= len(p.pieces):
			return bad("%s: hint %d: piece %d does not exist (pieces are 0 to %d)", name, i, h.Piece, len(p.pieces)-1)
		case h.Rot < 0 || h.Rot > 3:
			return bad("%s: hint %d: rotation %d: expected 0 to 3", name, i, h.Rot)
		}
		if j, dup := posUsed[h.Pos]; dup {
			return bad("%s: hint %d: position %d already holds hint %d", name, i, h.Pos, j)
		}
		if j, dup := pieceUsed[h.Piece]; dup {
			return bad("%s: hint %d: piece %d is already used by hint %d", name, i, h.Piece, j)
		}
		posUsed[h.Pos], pieceUsed[h.Piece] = i, i
	}
	return nil
}

// maxName is the longest board name.
const maxName = 200

// validName says whether a board name can stand in the output's first
// line and round-trip through JSON: printable UTF-8, no spaces.
func validName(name string) bool {
	if len(name) > maxName || !utf8.ValidString(name) {
		return false
	}
	for _, r := range name {
		if !unicode.IsPrint(r) || unicode.IsSpace(r) {
			return false
		}
	}
	return true
}

// header is the output's first line.
func (p *puzzle) header() string {
	return fmt.Sprintf("board %s %dx%d pieces %d hints %d", p.name, p.width, p.height, len(p.pieces), len(p.hints))
}

// fingerprint names the board's content (name, size, pieces, hints), so
// that records and checkpoints of another board are refused.
func (p *puzzle) fingerprint() string {
	h := fnv.New64a()
	fmt.Fprintf(h, "%s %d %d %v %v", p.name, p.width, p.height, p.pieces, p.hints)
	return fmt.Sprintf("%016x", h.Sum64())
}

// toJSON is the board in the JSON input format, for checkpoints.
func (p *puzzle) toJSON() boardJSON {
	w, h := p.width, p.height
	b := boardJSON{Name: &p.name, Width: &w, Height: &h}
	for _, e := range p.pieces {
		raw, _ := json.Marshal(e[:])
		b.Pieces = append(b.Pieces, raw)
	}
	b.Hints = []hintJSON{}
	for _, x := range p.hints {
		x := x
		b.Hints = append(b.Hints, hintJSON{&x.Pos, &x.Piece, &x.Rot})
	}
	return b
}

// rotated returns the piece's edges after r clockwise quarter turns.
func rotated(e [4]int, r int) [4]int {
	return [4]int{e[(4-r)%4], e[(5-r)%4], e[(6-r)%4], e[(7-r)%4]}
}

const (
	up = iota
	right
	down
	left
)

// ------------------------------------------------------- search tables

// A candidate is one word:
//
//	bit 31 ....... 19 18  17 16 15 ..... 8 7 ...... 0
//	    [   piece     ][L][rot ][  down   ][  right  ]
//
// L marks the last candidate of its pool, so that a loop skipping a used
// piece knows the pool is done without reading on to the sentinel.
const (
	pieceShift = 19
	lastInPool = 1 << 18
	rotShift   = 16
	downShift  = 8
	colourMask = 0xff
	sentinel   = ^uint32(0) // its piece, 0x1fff, is always "used", and L is set
	maxPieces  = 1<<(32-pieceShift) - 1
	// A pool row holds 256 entries, one a left colour, so that a
	// candidate's down colour masked in place is its row's offset.
	rowShift = downShift
)

func pieceOf(c uint32) int { return int(c >> pieceShift) }
func rotOf(c uint32) int   { return int(c>>rotShift) & 3 }

// rec is what the search reads at one depth: the cell filled there, where
// its group's pools start, and where in a cursor's placed array its up and
// left colours are: the down colour of placed[above], the right colour of
// placed[left]. Past the depths, placed holds constant words: 0 for the
// frame, then each hint's colours (hintWord), so that reading a colour
// never asks what is there. leftIsPrev says the left cell is filled at the
// depth before, whose candidate the loop still holds.
type rec struct {
	cell        int32
	base        uint32
	above, left uint16
	leftIsPrev  bool
}

// engine holds everything the search reads.
type engine struct {
	p          *puzzle
	colours    int      // colours in use, 0..colours-1
	candidates []uint32 // every pool, each ending in the sentinel
	// poolStart is where the pool of (group, up, left) starts in
	// candidates, at group*colours<<rowShift + up<<rowShift + left.
	poolStart  []int32
	recs       []rec    // by depth
	constants  []uint32 // the words after the depths in placed: the frame's, then the hints'
	scoreAt    []int    // score of the board after d placements
	maxScore   int
	hintsLegal bool // the hints break no rule among themselves
	hintUsed   []uint8
	hintAt     []*hint // by cell
}

// Limits of a cursor's fixed arrays (see cursorArrays): boards past them
// are refused with one line.
const (
	maxPoolEntries = 1 << 24
	maxCandidates  = 1 << 20
	maxDepths      = 1 << 13                // cells, and the constants after them in placed
	pieceSlots     = 1 << (32 - pieceShift) // a piece number is 13 bits; the sentinel's is the last
)

// constraint on a right or down edge: the frame, any colour but 0, or one colour.
type constraint struct{ kind, colour int }

const (
	mustBeFrame = iota
	anyColour
	exactColour
)

func (c constraint) allows(colour int) bool {
	switch c.kind {
	case mustBeFrame:
		return colour == 0
	case anyColour:
		return colour != 0
	}
	return colour == c.colour && colour != 0
}

// group is what a cell demands of a candidate beyond its up and left colour.
type group struct {
	upFrame, leftFrame bool
	right, down        constraint
}

// newEngine builds the tables in four steps: the hints on the board, the
// hints judged among themselves (with the score they start from), the
// cells' groups in fill order, and the groups' pools.
func newEngine(p *puzzle) (*engine, error) {
	e := &engine{p: p, maxScore: 2*p.width*p.height - p.width - p.height}
	for _, piece := range p.pieces {
		for _, c := range piece {
			e.colours = max(e.colours, c+1)
		}
	}
	e.placeHints()
	base := e.judgeHints()
	groups := e.fillOrder(base)
	if n := len(groups) * e.colours << rowShift; n > maxPoolEntries {
		return nil, bad("board %s: %d kinds of cell with %d colours need %d pool entries, past the limit of %d", quote(p.name), len(groups), e.colours, n, maxPoolEntries)
	}
	e.buildPools(groups)
	if len(e.candidates) > maxCandidates {
		return nil, bad("board %s: %d candidates, past the limit of %d", quote(p.name), len(e.candidates), maxCandidates)
	}
	return e, nil
}

// hintWord is a hint's colours as a candidate word holds them (for
// placed's constants).
func (e *engine) hintWord(cell int) uint32 {
	r := e.hintEdges(cell)
	return uint32(r[down])<<downShift | uint32(r[right])
}

// placeHints marks the hints' cells, pieces and edges.
func (e *engine) placeHints() {
	p := e.p
	n := p.width * p.height
	e.hintAt = make([]*hint, n)
	e.hintUsed = make([]uint8, len(p.pieces))
	for i := range p.hints {
		h := &p.hints[i]
		e.hintAt[h.Pos] = h
		e.hintUsed[h.Piece] = 1
	}
}

// hintEdges is the edges of the hint at cell.
func (e *engine) hintEdges(cell int) [4]int {
	h := e.hintAt[cell]
	return rotated(e.p.pieces[h.Piece], h.Rot)
}

// judgeHints sets hintsLegal and returns the score of the hints alone.
func (e *engine) judgeHints() int {
	W, H := e.p.width, e.p.height
	e.hintsLegal = true
	base := 0
	for _, h := range e.p.hints {
		r, c := h.Pos/W, h.Pos%W
		edges := e.hintEdges(h.Pos)
		frame := [4]bool{r == 0, c == W-1, r == H-1, c == 0}
		for dir := 0; dir < 4; dir++ {
			if frame[dir] != (edges[dir] == 0) {
				if frame[dir] || edges[dir] == 0 && e.neighbourIsHint(r, c, dir) {
					e.hintsLegal = false
				}
			}
		}
		if c+1 < W && e.hintAt[h.Pos+1] != nil {
			if edges[right] == e.hintEdges(h.Pos + 1)[left] {
				base++
			} else {
				e.hintsLegal = false
			}
		}
		if r+1 < H && e.hintAt[h.Pos+W] != nil {
			if edges[down] == e.hintEdges(h.Pos + W)[up] {
				base++
			} else {
				e.hintsLegal = false
			}
		}
	}
	return base
}

func (e *engine) neighbourIsHint(r, c, dir int) bool {
	W, H := e.p.width, e.p.height
	switch dir {
	case up:
		return r > 0 && e.hintAt[(r-1)*W+c] != nil
	case right:
		return c+1 < W && e.hintAt[r*W+c+1] != nil
	case down:
		return r+1 < H && e.hintAt[(r+1)*W+c] != nil
	}
	return c > 0 && e.hintAt[r*W+c-1] != nil
}

// fillOrder makes a rec for each cell without a hint, in row-major order,
// with the score after it, and returns the groups the recs point at (their
// base is the group's number until buildPools knows the pools' layout).
func (e *engine) fillOrder(base int) []group {
	W, H := e.p.width, e.p.height
	groupIndex := map[group]int{}
	var groups []group
	depthOf := make([]int, W*H)
	e.scoreAt = []int{base}
	for cell := 0; cell < W*H; cell++ {
		if e.hintAt[cell] == nil {
			depthOf[cell] = len(e.recs)
			e.recs = append(e.recs, rec{cell: int32(cell)})
		}
	}
	frame := uint16(len(e.recs))
	e.constants = []uint32{0}
	for cell, h := range e.hintAt {
		if h != nil {
			depthOf[cell] = len(e.recs) + len(e.constants)
			e.constants = append(e.constants, e.hintWord(cell))
		}
	}
	for d := range e.recs {
		cell := int(e.recs[d].cell)
		r, c := cell/W, cell%W
		g := group{upFrame: r == 0, leftFrame: c == 0}
		g.right = e.edgeConstraint(c == W-1, cell+1, left)
		g.down = e.edgeConstraint(r == H-1, cell+W, up)
		gi, ok := groupIndex[g]
		if !ok {
			gi = len(groups)
			groupIndex[g] = gi
			groups = append(groups, g)
		}
		rc := &e.recs[d]
		rc.base, rc.above, rc.left = uint32(gi), frame, frame
		if r > 0 {
			rc.above = uint16(depthOf[cell-W])
		}
		if c > 0 {
			rc.left = uint16(depthOf[cell-1])
			rc.leftIsPrev = int(rc.left) == d-1
		}
		// Score: this cell's neighbours occupied when it is placed.
		gain := 0
		if r > 0 {
			gain++
		}
		if c > 0 {
			gain++
		}
		if c+1 < W && e.hintAt[cell+1] != nil {
			gain++
		}
		if r+1 < H && e.hintAt[cell+W] != nil {
			gain++
		}
		e.scoreAt = append(e.scoreAt, e.scoreAt[len(e.scoreAt)-1]+gain)
	}
	return groups
}

// edgeConstraint: an edge on the frame must be 0; facing a hint it must be
// the hint's colour on the facing side; else any colour but 0.
func (e *engine) edgeConstraint(onFrame bool, neighbour int, facing int) constraint {
	switch {
	case onFrame:
		return constraint{kind: mustBeFrame}
	case e.hintAt[neighbour] != nil:
		return constraint{kind: exactColour, colour: e.hintEdges(neighbour)[facing]}
	}
	return constraint{kind: anyColour}
}

// buildPools lays out, for each group and (up, left) pair, the candidates in
// the contest's order (piece, then rotation), each pool ending in the
// sentinel. Pools with no candidate share one sentinel, at index 0.
func (e *engine) buildPools(groups []group) {
	C := e.colours
	e.candidates = []uint32{sentinel}
	e.poolStart = make([]int32, len(groups)*C<<rowShift)
	for gi, g := range groups {
		buckets := map[int][]uint32{}
		var keys []int
		for pi, piece := range e.p.pieces {
			if e.hintUsed[pi] != 0 {
				continue
			}
			for rot := 0; rot < 4; rot++ {
				r := rotated(piece, rot)
				if (r[up] == 0) != g.upFrame || (r[left] == 0) != g.leftFrame ||
					!g.right.allows(r[right]) || !g.down.allows(r[down]) {
					continue
				}
				cand := uint32(pi)<<pieceShift | uint32(rot)<<rotShift | uint32(r[down])<<downShift | uint32(r[right])
				k := r[up]<<rowShift + r[left]
				if buckets[k] == nil {
					keys = append(keys, k)
				}
				buckets[k] = append(buckets[k], cand)
			}
		}
		slices.Sort(keys)
		for _, k := range keys {
			e.poolStart[gi*C<<rowShift+k] = int32(len(e.candidates))
			pool := buckets[k]
			pool[len(pool)-1] |= lastInPool
			e.candidates = append(append(e.candidates, pool...), sentinel)
		}
		if len(e.candidates) > maxCandidates {
			return
		}
	}
	for d := range e.recs {
		e.recs[d].base = e.recs[d].base * uint32(C) << rowShift
	}
}

// ------------------------------------------------------------ the search

// cursorArrays is what the search loop reads and writes, behind one
// pointer, in fixed arrays indexed by masked values: no bounds checks, and
// few enough live values that the compiler keeps the loop in registers
// (with slices, it spilled on every candidate: 159 instructions a node on
// bench-hard against 105). The candidates and recs are the engine's,
// copied; pages past what a board fills are never touched.
type cursorArrays struct {
	cands  [maxCandidates]uint32
	recs   [maxDepths]rec
	used   [pieceSlots]uint8 // by piece; the sentinel's piece is always used
	placed [1 << 16]uint32   // the candidate at each depth, then the constants: a uint16 index needs no mask
	next   [maxDepths]int32  // the next pool position to try at each depth
	// Read by the loop from memory, not registers: it has none to spare.
	end, floor, recordDepth int
}

// cursor is one depth-first search's position and what it has counted:
// depth d (placements made) and the next pool position i there, above
// depth floor. The best board seen is the first with the highest score:
// the score depends only on the depth, so a board can beat the best only
// when it is deeper than every board before it (recordDepth).
type cursor struct {
	e *engine
	a *cursorArrays
	d int
	i int32

	nodes, solutions int64
	bestDepth        int      // depth of the best board, -1 before any node
	best             []uint32 // its placements
	bestUnit         int      // the unit it was found in
	unit             int      // the unit being searched
}

func newCursor(e *engine) *cursor {
	c := &cursor{e: e, a: new(cursorArrays), bestDepth: -1, bestUnit: -1}
	copy(c.a.cands[:], e.candidates)
	copy(c.a.recs[:], e.recs)
	copy(c.a.used[:], e.hintUsed)
	c.a.used[pieceSlots-1] = 1
	copy(c.a.placed[len(e.recs):], e.constants)
	c.a.end = len(e.recs)
	return c
}

// place puts candidate w at depth d, the next candidate there being at i.
func (c *cursor) place(d int, w uint32, i int32) {
	c.a.used[pieceOf(w)] = 1
	c.a.placed[d], c.a.next[d] = w, i
}

// unplace takes back the placement at depth d.
func (c *cursor) unplace(d int) { c.a.used[pieceOf(c.a.placed[d])] = 0 }

// poolAt is where depth d's candidates start, given the board above it.
func (c *cursor) poolAt(d int) int32 {
	r, p := &c.a.recs[d], &c.a.placed
	return c.e.poolStart[r.base+p[r.above]&(colourMask<<rowShift)+p[r.left]&colourMask]
}

// consider takes the board after d placements as the best when it is deeper
// than any before and scores higher than the best.
func (c *cursor) consider(d int) {
	if d > c.a.recordDepth {
		c.a.recordDepth = d
		if c.bestDepth < 0 || c.e.scoreAt[d] > c.e.scoreAt[c.bestDepth] {
			c.bestDepth, c.bestUnit = d, c.unit
			c.best = append(c.best[:0], c.a.placed[:d]...)
		}
	}
}

// Why explore returned.
type stopReason int

const (
	exhausted stopReason = iota // the pool at depth floor is used up
	solved                      // a solution, in first-solution mode
	paused                      // limit nodes placed: explore again to go on
)

// explore continues the search from depth c.d, pool position c.i, until
// the pool at depth floor is exhausted, a solution is found (unless all),
// or limit nodes are placed. The position it leaves is one explore can
// take up again, or a checkpoint can save. A candidate's piece is "used"
// for the pool's end too (the sentinel's piece always is), so a step
// tests one byte a candidate, and L when it is used.
//
// The step is written out stepCopies times, at0 for the depths d with d
// mod 16 = 0, at1 for the next, and so on round (a step goes to the copy
// of d+1 or of d-1): the processor then predicts each copy's two
// data-dependent branches, "used?" and "end of pool?", from that copy's
// own history. One copy in a loop takes 1.19x the CPU of 16 on bench-hard
// and on the centre clue (11 pairs of 3e8 nodes, one core, AMD EPYC); 4
// copies 1.08-1.12x, 12 1.03x, 20 and 32 as 16. TestExploreCopies keeps
// the copies one text.
func (c *cursor) explore(limit int64, all bool) stopReason {
	a, pools := c.a, c.e.poolStart
	d, i := c.d, c.i
	left := limit // nodes still to place; the count is limit - left
	var reason stopReason
	var w, lw uint32
	var r *rec
	_ = a.end // a's nil check here, not in the steps
dispatch:
	switch d & (stepCopies - 1) {
	case 1:
		goto at1
	case 2:
		goto at2
	case 3:
		goto at3
	case 4:
		goto at4
	case 5:
		goto at5
	case 6:
		goto at6
	case 7:
		goto at7
	case 8:
		goto at8
	case 9:
		goto at9
	case 10:
		goto at10
	case 11:
		goto at11
	case 12:
		goto at12
	case 13:
		goto at13
	case 14:
		goto at14
	case 15:
		goto at15
	}
at0:
	w = a.cands[i&(maxCandidates-1)]
	i++
	if a.used[w>>pieceShift] != 0 {
		if w&lastInPool == 0 {
			goto at0
		}
		if d == a.floor {
			reason = exhausted
			goto stop
		}
		d--
		a.used[a.placed[d&(maxDepths-1)]>>pieceShift] = 0
		i = a.next[d&(maxDepths-1)]
		goto at15
	}
	a.used[w>>pieceShift] = 1
	a.placed[d&(maxDepths-1)], a.next[d&(maxDepths-1)] = w, i
	d++
	left--
	if d > a.recordDepth {
		c.consider(d)
	}
	if d == a.end {
		goto full
	}
	r, lw = &a.recs[d&(maxDepths-1)], w
	if !r.leftIsPrev {
		lw = a.placed[r.left]
	}
	i = pools[r.base+a.placed[r.above]&(colourMask<<rowShift)+lw&colourMask]
	if left == 0 {
		reason = paused
		goto stop
	}
	goto at1
at1:
	w = a.cands[i&(maxCandidates-1)]
	i++
	if a.used[w>>pieceShift] != 0 {
		if w&lastInPool == 0 {
			goto at1
		}
		if d == a.floor {
			reason = exhausted
			goto stop
		}
		d--
		a.used[a.placed[d&(maxDepths-1)]>>pieceShift] = 0
		i = a.next[d&(maxDepths-1)]
		goto at0
	}
	a.used[w>>pieceShift] = 1
	a.placed[d&(maxDepths-1)], a.next[d&(maxDepths-1)] = w, i
	d++
	left--
	if d > a.recordDepth {
		c.consider(d)
	}
	if d == a.end {
		goto full
	}
	r, lw = &a.recs[d&(maxDepths-1)], w
	if !r.leftIsPrev {
		lw = a.placed[r.left]
	}
	i = pools[r.base+a.placed[r.above]&(colourMask<<rowShift)+lw&colourMask]
	if left == 0 {
		reason = paused
		goto stop
	}
	goto at2
at2:
	w = a.cands[i&(maxCandidates-1)]
	i++
	if a.used[w>>pieceShift] != 0 {
		if w&lastInPool == 0 {
			goto at2
		}
		if d == a.floor {
			reason = exhausted
			goto stop
		}
		d--
		a.used[a.placed[d&(maxDepths-1)]>>pieceShift] = 0
		i = a.next[d&(maxDepths-1)]
		goto at1
	}
	a.used[w>>pieceShift] = 1
	a.placed[d&(maxDepths-1)], a.next[d&(maxDepths-1)] = w, i
	d++
	left--
	if d > a.recordDepth {
		c.consider(d)
	}
	if d == a.end {
		goto full
	}
	r, lw = &a.recs[d&(maxDepths-1)], w
	if !r.leftIsPrev {
		lw = a.placed[r.left]
	}
	i = pools[r.base+a.placed[r.above]&(colourMask<<rowShift)+lw&colourMask]
	if left == 0 {
		reason = paused
		goto stop
	}
	goto at3
at3:
	w = a.cands[i&(maxCandidates-1)]
	i++
	if a.used[w>>pieceShift] != 0 {
		if w&lastInPool == 0 {
			goto at3
		}
		if d == a.floor {
			reason = exhausted
			goto stop
		}
		d--
		a.used[a.placed[d&(maxDepths-1)]>>pieceShift] = 0
		i = a.next[d&(maxDepths-1)]
		goto at2
	}
	a.used[w>>pieceShift] = 1
	a.placed[d&(maxDepths-1)], a.next[d&(maxDepths-1)] = w, i
	d++
	left--
	if d > a.recordDepth {
		c.consider(d)
	}
	if d == a.end {
		goto full
	}
	r, lw = &a.recs[d&(maxDepths-1)], w
	if !r.leftIsPrev {
		lw = a.placed[r.left]
	}
	i = pools[r.base+a.placed[r.above]&(colourMask<<rowShift)+lw&colourMask]
	if left == 0 {
		reason = paused
		goto stop
	}
	goto at4
at4:
	w = a.cands[i&(maxCandidates-1)]
	i++
	if a.used[w>>pieceShift] != 0 {
		if w&lastInPool == 0 {
			goto at4
		}
		if d == a.floor {
			reason = exhausted
			goto stop
		}
		d--
		a.used[a.placed[d&(maxDepths-1)]>>pieceShift] = 0
		i = a.next[d&(maxDepths-1)]
		goto at3
	}
	a.used[w>>pieceShift] = 1
	a.placed[d&(maxDepths-1)], a.next[d&(maxDepths-1)] = w, i
	d++
	left--
	if d > a.recordDepth {
		c.consider(d)
	}
	if d == a.end {
		goto full
	}
	r, lw = &a.recs[d&(maxDepths-1)], w
	if !r.leftIsPrev {
		lw = a.placed[r.left]
	}
	i = pools[r.base+a.placed[r.above]&(colourMask<<rowShift)+lw&colourMask]
	if left == 0 {
		reason = paused
		goto stop
	}
	goto at5
at5:
	w = a.cands[i&(maxCandidates-1)]
	i++
	if a.used[w>>pieceShift] != 0 {
		if w&lastInPool == 0 {
			goto at5
		}
		if d == a.floor {
			reason = exhausted
			goto stop
		}
		d--
		a.used[a.placed[d&(maxDepths-1)]>>pieceShift] = 0
		i = a.next[d&(maxDepths-1)]
		goto at4
	}
	a.used[w>>pieceShift] = 1
	a.placed[d&(maxDepths-1)], a.next[d&(maxDepths-1)] = w, i
	d++
	left--
	if d > a.recordDepth {
		c.consider(d)
	}
	if d == a.end {
		goto full
	}
	r, lw = &a.recs[d&(maxDepths-1)], w
	if !r.leftIsPrev {
		lw = a.placed[r.left]
	}
	i = pools[r.base+a.placed[r.above]&(colourMask<<rowShift)+lw&colourMask]
	if left == 0 {
		reason = paused
		goto stop
	}
	goto at6
at6:
	w = a.cands[i&(maxCandidates-1)]
	i++
	if a.used[w>>pieceShift] != 0 {
		if w&lastInPool == 0 {
			goto at6
		}
		if d == a.floor {
			reason = exhausted
			goto stop
		}
		d--
		a.used[a.placed[d&(maxDepths-1)]>>pieceShift] = 0
		i = a.next[d&(maxDepths-1)]
		goto at5
	}
	a.used[w>>pieceShift] = 1
	a.placed[d&(maxDepths-1)], a.next[d&(maxDepths-1)] = w, i
	d++
	left--
	if d > a.recordDepth {
		c.consider(d)
	}
	if d == a.end {
		goto full
	}
	r, lw = &a.recs[d&(maxDepths-1)], w
	if !r.leftIsPrev {
		lw = a.placed[r.left]
	}
	i = pools[r.base+a.placed[r.above]&(colourMask<<rowShift)+lw&colourMask]
	if left == 0 {
		reason = paused
		goto stop
	}
	goto at7
at7:
	w = a.cands[i&(maxCandidates-1)]
	i++
	if a.used[w>>pieceShift] != 0 {
		if w&lastInPool == 0 {
			goto at7
		}
		if d == a.floor {
			reason = exhausted
			goto stop
		}
		d--
		a.used[a.placed[d&(maxDepths-1)]>>pieceShift] = 0
		i = a.next[d&(maxDepths-1)]
		goto at6
	}
	a.used[w>>pieceShift] = 1
	a.placed[d&(maxDepths-1)], a.next[d&(maxDepths-1)] = w, i
	d++
	left--
	if d > a.recordDepth {
		c.consider(d)
	}
	if d == a.end {
		goto full
	}
	r, lw = &a.recs[d&(maxDepths-1)], w
	if !r.leftIsPrev {
		lw = a.placed[r.left]
	}
	i = pools[r.base+a.placed[r.above]&(colourMask<<rowShift)+lw&colourMask]
	if left == 0 {
		reason = paused
		goto stop
	}
	goto at8
at8:
	w = a.cands[i&(maxCandidates-1)]
	i++
	if a.used[w>>pieceShift] != 0 {
		if w&lastInPool == 0 {
			goto at8
		}
		if d == a.floor {
			reason = exhausted
			goto stop
		}
		d--
		a.used[a.placed[d&(maxDepths-1)]>>pieceShift] = 0
		i = a.next[d&(maxDepths-1)]
		goto at7
	}
	a.used[w>>pieceShift] = 1
	a.placed[d&(maxDepths-1)], a.next[d&(maxDepths-1)] = w, i
	d++
	left--
	if d > a.recordDepth {
		c.consider(d)
	}
	if d == a.end {
		goto full
	}
	r, lw = &a.recs[d&(maxDepths-1)], w
	if !r.leftIsPrev {
		lw = a.placed[r.left]
	}
	i = pools[r.base+a.placed[r.above]&(colourMask<<rowShift)+lw&colourMask]
	if left == 0 {
		reason = paused
		goto stop
	}
	goto at9
at9:
	w = a.cands[i&(maxCandidates-1)]
	i++
	if a.used[w>>pieceShift] != 0 {
		if w&lastInPool == 0 {
			goto at9
		}
		if d == a.floor {
			reason = exhausted
			goto stop
		}
		d--
		a.used[a.placed[d&(maxDepths-1)]>>pieceShift] = 0
		i = a.next[d&(maxDepths-1)]
		goto at8
	}
	a.used[w>>pieceShift] = 1
	a.placed[d&(maxDepths-1)], a.next[d&(maxDepths-1)] = w, i
	d++
	left--
	if d > a.recordDepth {
		c.consider(d)
	}
	if d == a.end {
		goto full
	}
	r, lw = &a.recs[d&(maxDepths-1)], w
	if !r.leftIsPrev {
		lw = a.placed[r.left]
	}
	i = pools[r.base+a.placed[r.above]&(colourMask<<rowShift)+lw&colourMask]
	if left == 0 {
		reason = paused
		goto stop
	}
	goto at10
at10:
	w = a.cands[i&(maxCandidates-1)]
	i++
	if a.used[w>>pieceShift] != 0 {
		if w&lastInPool == 0 {
			goto at10
		}
		if d == a.floor {
			reason = exhausted
			goto stop
		}
		d--
		a.used[a.placed[d&(maxDepths-1)]>>pieceShift] = 0
		i = a.next[d&(maxDepths-1)]
		goto at9
	}
	a.used[w>>pieceShift] = 1
	a.placed[d&(maxDepths-1)], a.next[d&(maxDepths-1)] = w, i
	d++
	left--
	if d > a.recordDepth {
		c.consider(d)
	}
	if d == a.end {
		goto full
	}
	r, lw = &a.recs[d&(maxDepths-1)], w
	if !r.leftIsPrev {
		lw = a.placed[r.left]
	}
	i = pools[r.base+a.placed[r.above]&(colourMask<<rowShift)+lw&colourMask]
	if left == 0 {
		reason = paused
		goto stop
	}
	goto at11
at11:
	w = a.cands[i&(maxCandidates-1)]
	i++
	if a.used[w>>pieceShift] != 0 {
		if w&lastInPool == 0 {
			goto at11
		}
		if d == a.floor {
			reason = exhausted
			goto stop
		}
		d--
		a.used[a.placed[d&(maxDepths-1)]>>pieceShift] = 0
		i = a.next[d&(maxDepths-1)]
		goto at10
	}
	a.used[w>>pieceShift] = 1
	a.placed[d&(maxDepths-1)], a.next[d&(maxDepths-1)] = w, i
	d++
	left--
	if d > a.recordDepth {
		c.consider(d)
	}
	if d == a.end {
		goto full
	}
	r, lw = &a.recs[d&(maxDepths-1)], w
	if !r.leftIsPrev {
		lw = a.placed[r.left]
	}
	i = pools[r.base+a.placed[r.above]&(colourMask<<rowShift)+lw&colourMask]
	if left == 0 {
		reason = paused
		goto stop
	}
	goto at12
at12:
	w = a.cands[i&(maxCandidates-1)]
	i++
	if a.used[w>>pieceShift] != 0 {
		if w&lastInPool == 0 {
			goto at12
		}
		if d == a.floor {
			reason = exhausted
			goto stop
		}
		d--
		a.used[a.placed[d&(maxDepths-1)]>>pieceShift] = 0
		i = a.next[d&(maxDepths-1)]
		goto at11
	}
	a.used[w>>pieceShift] = 1
	a.placed[d&(maxDepths-1)], a.next[d&(maxDepths-1)] = w, i
	d++
	left--
	if d > a.recordDepth {
		c.consider(d)
	}
	if d == a.end {
		goto full
	}
	r, lw = &a.recs[d&(maxDepths-1)], w
	if !r.leftIsPrev {
		lw = a.placed[r.left]
	}
	i = pools[r.base+a.placed[r.above]&(colourMask<<rowShift)+lw&colourMask]
	if left == 0 {
		reason = paused
		goto stop
	}
	goto at13
at13:
	w = a.cands[i&(maxCandidates-1)]
	i++
	if a.used[w>>pieceShift] != 0 {
		if w&lastInPool == 0 {
			goto at13
		}
		if d == a.floor {
			reason = exhausted
			goto stop
		}
		d--
		a.used[a.placed[d&(maxDepths-1)]>>pieceShift] = 0
		i = a.next[d&(maxDepths-1)]
		goto at12
	}
	a.used[w>>pieceShift] = 1
	a.placed[d&(maxDepths-1)], a.next[d&(maxDepths-1)] = w, i
	d++
	left--
	if d > a.recordDepth {
		c.consider(d)
	}
	if d == a.end {
		goto full
	}
	r, lw = &a.recs[d&(maxDepths-1)], w
	if !r.leftIsPrev {
		lw = a.placed[r.left]
	}
	i = pools[r.base+a.placed[r.above]&(colourMask<<rowShift)+lw&colourMask]
	if left == 0 {
		reason = paused
		goto stop
	}
	goto at14
at14:
	w = a.cands[i&(maxCandidates-1)]
	i++
	if a.used[w>>pieceShift] != 0 {
		if w&lastInPool == 0 {
			goto at14
		}
		if d == a.floor {
			reason = exhausted
			goto stop
		}
		d--
		a.used[a.placed[d&(maxDepths-1)]>>pieceShift] = 0
		i = a.next[d&(maxDepths-1)]
		goto at13
	}
	a.used[w>>pieceShift] = 1
	a.placed[d&(maxDepths-1)], a.next[d&(maxDepths-1)] = w, i
	d++
	left--
	if d > a.recordDepth {
		c.consider(d)
	}
	if d == a.end {
		goto full
	}
	r, lw = &a.recs[d&(maxDepths-1)], w
	if !r.leftIsPrev {
		lw = a.placed[r.left]
	}
	i = pools[r.base+a.placed[r.above]&(colourMask<<rowShift)+lw&colourMask]
	if left == 0 {
		reason = paused
		goto stop
	}
	goto at15
at15:
	w = a.cands[i&(maxCandidates-1)]
	i++
	if a.used[w>>pieceShift] != 0 {
		if w&lastInPool == 0 {
			goto at15
		}
		if d == a.floor {
			reason = exhausted
			goto stop
		}
		d--
		a.used[a.placed[d&(maxDepths-1)]>>pieceShift] = 0
		i = a.next[d&(maxDepths-1)]
		goto at14
	}
	a.used[w>>pieceShift] = 1
	a.placed[d&(maxDepths-1)], a.next[d&(maxDepths-1)] = w, i
	d++
	left--
	if d > a.recordDepth {
		c.consider(d)
	}
	if d == a.end {
		goto full
	}
	r, lw = &a.recs[d&(maxDepths-1)], w
	if !r.leftIsPrev {
		lw = a.placed[r.left]
	}
	i = pools[r.base+a.placed[r.above]&(colourMask<<rowShift)+lw&colourMask]
	if left == 0 {
		reason = paused
		goto stop
	}
	goto at0
full: // a solution: count it, or stop at it
	if c.e.hintsLegal {
		c.solutions++
		if !all {
			reason = solved
			goto stop
		}
	}
	d--
	a.used[w>>pieceShift] = 0
	if left != 0 {
		goto dispatch
	}
	reason = paused
stop:
	c.d, c.i = d, i
	c.nodes += limit - left
	return reason
}

// stepCopies is how many times explore's step is written out.
const stepCopies = 16

// ------------------------------------------------------------ work units

// plan is how the tree is cut into units: the nodes at depth split, in
// search order, are the roots of units 0..units-1; unit `units` holds the
// nodes after the last root. One part (parts = 1) takes the whole tree as
// unit 0, its root the empty board.
type plan struct {
	parts, split, units int
	all                 bool
}

// unitsPerPart is how many units a part gets at least: enough that parts
// come out even on bench-easy (the largest of 64 parts 1.21x the average
// with -all), few enough to walk to at once.
const unitsPerPart = 64

// makePlan cuts the tree for K parts at the first depth with at least
// unitsPerPart*K nodes (or, in a tree without one, the depth with the most).
func makePlan(e *engine, parts int, all bool) plan {
	pl := plan{parts: parts, all: all, units: 1}
	if parts == 1 || len(e.recs) == 0 {
		return pl
	}
	target := int64(unitsPerPart) * int64(parts)
	bestDepth, bestCount := 1, int64(-1)
	for depth := 1; depth <= len(e.recs); depth++ {
		count := countAtDepth(e, depth)
		if count >= target {
			bestDepth, bestCount = depth, count
			break
		}
		if count > bestCount {
			bestDepth, bestCount = depth, count
		}
		if count == 0 {
			break
		}
	}
	pl.split, pl.units = bestDepth, int(bestCount)
	return pl
}

// countAtDepth counts the nodes at a depth, walking the tree above it.
func countAtDepth(e *engine, depth int) int64 {
	c := newCursor(e)
	c.i = c.poolAt(0)
	var count int64
	c.walkAbove(depth, func(d int) walkStep {
		if d == depth {
			count++
			return skipBelow
		}
		return descend
	})
	return count
}

// What walkAbove does after a node.
type walkStep int

const (
	descend   walkStep = iota // go below it (not below depth limit)
	skipBelow                 // go on to the next node, not below it
	stopHere                  // stop, the node placed
)

// walkAbove continues a depth-first walk of the tree above depth limit
// from the cursor's position, calling visit after each node (d: its depth,
// its placements in the cursor's placed). It returns true when visit stops
// it, the cursor at depth d with the node placed, false when the tree is
// walked to its end.
func (c *cursor) walkAbove(limit int, visit func(d int) walkStep) bool {
	e, a := c.e, c.a
	d, i := c.d, c.i
	for {
		w := e.candidates[i]
		i++
		if a.used[pieceOf(w)] != 0 {
			if w != sentinel {
				continue
			}
			if d == 0 {
				c.d, c.i = 0, 0
				return false
			}
			d--
			c.unplace(d)
			i = a.next[d]
			continue
		}
		c.place(d, w, i)
		switch visit(d + 1) {
		case stopHere:
			c.d = d + 1
			return true
		case descend:
			if d+1 < limit {
				d++
				i = c.poolAt(d)
				continue
			}
		}
		c.unplace(d)
	}
}

// owner is the part that searches unit u.
func (pl plan) owner(u int) int {
	if pl.all {
		return u % pl.parts
	}
	if u >= pl.units {
		return pl.parts - 1
	}
	return int(int64(u) * int64(pl.parts) / int64(pl.units))
}

// part searches the units of one part, in order: the nodes above each of
// its roots (since the root before), then the root's subtree. The nodes
// above the roots are walked by every part; the ones before a root of
// another part are counted there, not here. Its cursor holds the position:
// above the split while walking, below it in a subtree.
type part struct {
	index     int
	pl        plan
	c         *cursor
	roots     int  // roots passed so far: the next root is unit `roots`
	inSubtree bool // the cursor is in unit c.unit's subtree
	done      bool
	solved    bool  // without -all: it found its solution and stopped
	budget    int64 // nodes, 0 for none (one part only)
}

func newPart(e *engine, pl plan, index int, budget int64) *part {
	p := &part{index: index, pl: pl, c: newCursor(e), budget: budget}
	if pl.split > 0 {
		p.c.i = p.c.poolAt(0)
		return p
	}
	// One unit, the whole tree, its root the empty board.
	p.roots = 1
	if pl.owner(0) != index {
		p.done = true
		return p
	}
	p.inSubtree = true
	p.enterSubtree()
	return p
}

// enterSubtree sets the cursor at the first candidate below the root.
func (p *part) enterSubtree() {
	c := p.c
	c.d, c.a.floor = p.pl.split, p.pl.split
	if c.d < len(c.e.recs) {
		c.i = c.poolAt(c.d)
		return
	}
	// The root is a whole board: its subtree is itself, a solution when
	// the hints are legal.
	c.i = 0 // the shared sentinel: nothing below
	if c.e.hintsLegal {
		c.solutions++
		if !p.pl.all {
			p.solved, p.done = true, true
		}
	}
}

// sliceNodes is how many nodes explore places between looks at the clock,
// the signals and the other parts: about 10-20 ms.
const sliceNodes = 1 << 20

// advance searches on for about limit nodes (a few more when it walks
// from one subtree to the next), or until the part is done.
func (p *part) advance(limit int64) {
	c := p.c
	stopAt := c.nodes + limit
	for !p.done {
		if p.inSubtree {
			n := stopAt - c.nodes
			if n <= 0 {
				return
			}
			if p.budget > 0 {
				n = min(n, p.budget-c.nodes)
			}
			switch c.explore(n, p.pl.all) {
			case paused:
				if p.budget > 0 && c.nodes == p.budget {
					p.done = true
				}
				return
			case solved:
				p.solved, p.done = true, true
				return
			}
			if p.pl.split == 0 {
				p.inSubtree, p.done = false, true
				return
			}
			p.leaveSubtree()
		}
		p.walkToRoot()
	}
}

// leaveSubtree goes back above the split from an exhausted subtree,
// taking back its root.
func (p *part) leaveSubtree() {
	c := p.c
	p.inSubtree = false
	c.d = p.pl.split - 1
	c.unplace(c.d)
	c.i = c.a.next[c.d]
}

// walkToRoot walks above the split from the cursor's position to the next
// root of this part, and enters its subtree, or to the end of the tree. The
// nodes it passes belong to the unit of the next root; they are counted
// (nodes, best board) tentatively, and kept if that unit is this part's.
func (p *part) walkToRoot() {
	c, split := p.c, p.pl.split
	kept := struct {
		recordDepth, bestDepth, bestUnit int
		best                             []uint32
	}{c.a.recordDepth, c.bestDepth, c.bestUnit, slices.Clone(c.best)}
	pending := int64(0)
	settle := func(unit int) {
		if p.pl.owner(unit) == p.index {
			c.nodes += pending
		} else {
			c.a.recordDepth, c.bestDepth, c.bestUnit = kept.recordDepth, kept.bestDepth, kept.bestUnit
			c.best = append(c.best[:0], kept.best...)
		}
		pending = 0
	}
	rootFound := c.walkAbove(split, func(d int) walkStep {
		pending++
		c.unit = p.roots
		c.consider(d)
		if d < split {
			return descend
		}
		// A root: unit p.roots.
		u := p.roots
		p.roots++
		settle(u)
		if p.pl.owner(u) == p.index {
			return stopHere
		}
		return skipBelow
	})
	if !rootFound {
		// The end of the tree: the last unit's nodes.
		settle(p.roots)
		p.done = true
		return
	}
	p.inSubtree = true
	p.enterSubtree()
}

// ------------------------------------------------------ records and merge

// record is what a part found, in the form -parts prints and -merge reads
// (see the header for the text); a whole run is its parts' records merged.
type record struct {
	part, parts      int
	header           string // the output's first line
	check            string
	all              bool
	units            int
	nodes, solutions int64
	score, maxScore  int
	bestUnit         int    // -1: the part placed no piece (its board: the hints alone)
	url              string // "" when a colour has no letter in the viewer's format
	rows             []string
}

// recordOf is a whole run's record of what a search found.
func (e *engine) recordOf(r unitResult) record {
	depth := max(r.bestDepth, 0)
	return record{
		parts: 1, header: e.p.header(), check: e.p.fingerprint(), all: false, nodes: r.nodes, solutions: r.solutions,
		score: e.scoreAt[depth], maxScore: e.maxScore, bestUnit: -1,
		url: e.viewerURL(r.best[:depth]), rows: e.boardRows(r.best[:depth]),
	}
}

// record is the part's result so far.
func (p *part) record() record {
	c, e := p.c, p.c.e
	depth := max(c.bestDepth, 0)
	return record{
		part: p.index, parts: p.pl.parts, header: e.p.header(), check: e.p.fingerprint(),
		all: p.pl.all, units: p.pl.units, nodes: c.nodes, solutions: c.solutions,
		score: e.scoreAt[depth], maxScore: e.maxScore, bestUnit: c.bestUnit,
		url: e.viewerURL(c.best[:depth]), rows: e.boardRows(c.best[:depth]),
	}
}

// boardRows is the board with the hints and the given placements (depth
// by depth), a line a row.
func (e *engine) boardRows(placed []uint32) []string {
	p := e.p
	cells := make([]string, p.width*p.height)
	for i := range cells {
		cells[i] = "-"
	}
	for _, h := range p.hints {
		cells[h.Pos] = fmt.Sprintf("%d/%d", h.Piece, h.Rot)
	}
	for d, c := range placed {
		cells[e.recs[d].cell] = fmt.Sprintf("%d/%d", pieceOf(c), rotOf(c))
	}
	rows := make([]string, p.height)
	for r := range rows {
		rows[r] = strings.Join(cells[r*p.width:(r+1)*p.width], " ")
	}
	return rows
}

// output is the program's output for a run that found these (the merged
// record of its parts): the format is written here once.
func (r record) output() []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "%s\nnodes %d\nsolutions %d\nbest %d/%d\n", r.header, r.nodes, r.solutions, r.score, r.maxScore)
	for _, row := range r.rows {
		b.WriteString(row)
		b.WriteByte('\n')
	}
	return b.Bytes()
}

func (r record) mode() string {
	if r.all {
		return "all"
	}
	return "first"
}

// write prints the record in the text form -merge reads.
func (r record) write(w io.Writer) error {
	var b bytes.Buffer
	fmt.Fprintf(&b, "eternity2 part %d of %d\n%s\ncheck %s\nmode %s\nunits %d\nnodes %d\nsolutions %d\n",
		r.part, r.parts, r.header, r.check, r.mode(), r.units, r.nodes, r.solutions)
	unit := "-"
	if r.bestUnit >= 0 {
		unit = strconv.Itoa(r.bestUnit)
	}
	link := r.url
	if link == "" {
		link = "-"
	}
	fmt.Fprintf(&b, "best %d/%d unit %s\nurl %s\n", r.score, r.maxScore, unit, link)
	for _, row := range r.rows {
		b.WriteString(row)
		b.WriteByte('\n')
	}
	_, err := w.Write(b.Bytes())
	return err
}

// Counts a record may hold: past them a sum of records could wrap around.
const maxCount = 1 << 56

// recordHead is the part of a record before its board lines: 9 lines.
const recordHead = 9

// parseRecord reads one record; name names it in errors. Every field is
// checked against the others (the score against the board's, each cell
// against the pieces), so an edited record is refused, not merged.
func parseRecord(name string, firstLine int, data []byte) (record, error) {
	var r record
	lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	r.rows = lines[min(recordHead, len(lines)):]
	lines = append(lines[:len(lines):len(lines)], make([]string, recordHead)...) // a missing head line reads as ""
	fail := func(i int, want string) (record, error) {
		return record{}, bad("%s line %d: expected %s, got %s", name, firstLine+i+1, want, quote(lines[i]))
	}
	_, err := fmt.Sscanf(lines[0], "eternity2 part %d of %d", &r.part, &r.parts)
	if err != nil || lines[0] != fmt.Sprintf("eternity2 part %d of %d", r.part, r.parts) || r.parts < 1 || r.parts > maxParts || r.part < 0 || r.part >= r.parts {
		return fail(0, fmt.Sprintf(`"eternity2 part I of K" (0 <= I < K <= %d)`, maxParts))
	}
	r.header = lines[1]
	width, height, pieces, ok := parseHeader(r.header)
	if !ok {
		return fail(1, `"board NAME WxH pieces P hints H"`)
	}
	if r.check, ok = strings.CutPrefix(lines[2], "check "); !ok || len(r.check) != 16 || strings.Trim(r.check, "0123456789abcdef") != "" {
		return fail(2, `"check" and 16 hex digits`)
	}
	if r.all = lines[3] == "mode all"; !r.all && lines[3] != "mode first" {
		return fail(3, `"mode all" or "mode first"`)
	}
	var units int64
	for k, f := range []struct {
		key string
		v   *int64
	}{{"units", &units}, {"nodes", &r.nodes}, {"solutions", &r.solutions}} {
		v, ok := strings.CutPrefix(lines[4+k], f.key+" ")
		n, err := strconv.ParseInt(v, 10, 64)
		if !ok || err != nil || n < 0 || n > maxCount || v != strconv.FormatInt(n, 10) {
			return fail(4+k, fmt.Sprintf("%q and a count up to 2^56", f.key))
		}
		*f.v = n
	}
	r.units = int(units)
	r.maxScore = 2*width*height - width - height
	if r.score, r.bestUnit, ok = parseBest(lines[7], r.maxScore, r.units); !ok {
		return fail(7, fmt.Sprintf(`"best B/%d unit U" (0 <= B <= %d, U a unit or -)`, r.maxScore, r.maxScore))
	}
	link, ok := strings.CutPrefix(lines[8], "url ")
	if !ok || link != "-" && !strings.HasPrefix(link, viewer) {
		return fail(8, `"url" and `+viewer+`... or -`)
	}
	if link != "-" {
		r.url = link
	}
	if len(r.rows) != height {
		return record{}, bad("%s line %d: %d board lines, expected %d", name, firstLine+1, len(r.rows), height)
	}
	if i := badBoardRow(r.rows, width, pieces); i >= 0 {
		return fail(recordHead+i, fmt.Sprintf("a board line of %d cells, each PIECE/ROT or -", width))
	}
	return r, nil
}

// parseHeader reads the output's first line.
func parseHeader(line string) (width, height, pieces int, ok bool) {
	var hints int
	var name string
	_, err := fmt.Sscanf(line, "board %s %dx%d pieces %d hints %d", &name, &width, &height, &pieces, &hints)
	ok = err == nil && line == fmt.Sprintf("board %s %dx%d pieces %d hints %d", name, width, height, pieces, hints) &&
		width >= 1 && height >= 1 && width <= maxSide && height <= maxSide && pieces == width*height && hints >= 0 && hints <= pieces
	return width, height, pieces, ok
}

// parseBest reads "best B/MAX unit U" (U "-": -1).
func parseBest(line string, maxScore, units int) (score, unit int, ok bool) {
	var of int
	var u string
	_, err := fmt.Sscanf(line, "best %d/%d unit %s", &score, &of, &u)
	ok = err == nil && line == fmt.Sprintf("best %d/%d unit %s", score, of, u) && of == maxScore && score >= 0 && score <= maxScore
	if u == "-" {
		return score, -1, ok
	}
	unit, err = strconv.Atoi(u)
	return score, unit, ok && err == nil && unit >= 0 && unit <= units && u == strconv.Itoa(unit)
}

// badBoardRow is the first of the rows that is not width cells, each "-"
// or PIECE/ROT with a piece of the board, or -1.
func badBoardRow(rows []string, width, pieces int) int {
	for i, row := range rows {
		cells := strings.Split(row, " ")
		ok := len(cells) == width
		for _, cell := range cells {
			piece, rot, found := strings.Cut(cell, "/")
			pi, err1 := strconv.Atoi(piece)
			ro, err2 := strconv.Atoi(rot)
			ok = ok && (cell == "-" || found && err1 == nil && err2 == nil && pi >= 0 && pi < pieces && ro >= 0 && ro < 4 && cell == fmt.Sprintf("%d/%d", pi, ro))
		}
		if !ok {
			return i
		}
	}
	return -1
}

// merging takes the records of one search's parts, as they come, in any
// order, and says when the single run's answer is known: with -all once
// every part is in; without, once the parts before the first with a
// solution are in, and it.
type merging struct {
	first  *record
	byPart []*record
}

// add takes a record, refusing one of another search or a repeated part.
func (m *merging) add(r record) error {
	if m.first == nil {
		m.first, m.byPart = &r, make([]*record, r.parts)
	}
	first := m.first
	switch {
	case r.header != first.header || r.check != first.check:
		return bad("-merge: part %d is of another board (%s, check %s) than part %d (%s, check %s)", r.part, r.header, r.check, first.part, first.header, first.check)
	case r.all != first.all:
		return bad("-merge: part %d is of mode %s, part %d of mode %s", r.part, r.mode(), first.part, first.mode())
	case r.parts != first.parts || r.units != first.units:
		return bad("-merge: part %d is one of %d parts (%d units), part %d one of %d (%d units)", r.part, r.parts, r.units, first.part, first.parts, first.units)
	case m.byPart[r.part] != nil:
		return bad("-merge: part %d given twice", r.part)
	}
	m.byPart[r.part] = &r
	return nil
}

// result merges the records in: counts added, the best board the
// highest-scoring, the first unit's on a tie. ok is false while the answer
// needs a part that is not in, which missing names.
func (m *merging) result() (total record, ok bool, missing int) {
	if m.first == nil {
		return record{}, false, 0
	}
	first := m.first
	total = record{header: first.header, check: first.check, all: first.all, parts: 1, units: first.units, bestUnit: -1,
		score: first.score, maxScore: first.maxScore, rows: first.rows, url: first.url}
	for i, r := range m.byPart {
		if r == nil {
			return record{}, false, i
		}
		total.nodes += r.nodes
		total.solutions += r.solutions
		if r.bestUnit >= 0 && (total.bestUnit < 0 || r.score > total.score || r.score == total.score && r.bestUnit < total.bestUnit) {
			total.score, total.bestUnit, total.rows, total.url = r.score, r.bestUnit, r.rows, r.url
		}
		if !first.all && r.solutions > 0 {
			break // the first solution: the parts after it are not needed
		}
	}
	return total, true, 0
}

// merge is result for records all in hand.
func merge(records []record) (record, error) {
	var m merging
	for _, r := range records {
		if err := m.add(r); err != nil {
			return record{}, err
		}
	}
	total, ok, missing := m.result()
	switch {
	case m.first == nil:
		return record{}, bad("-merge: no records")
	case !ok:
		return record{}, bad("-merge: part %d of %d is missing", missing, m.first.parts)
	}
	return total, nil
}

// readRecords reads the records of one input as they come, a line at a
// time (any number of records, no line longer than maxRecordLine), handing
// each to the merging; it stops as soon as the answer is known.
func (m *merging) readRecords(name string, in io.Reader) (decided bool, err error) {
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 64<<10), maxRecordLine)
	var lines []string
	want, line := -1, 0 // the lines of the record being read, once its board line says
	flush := func() (bool, error) {
		r, err := parseRecord(name, line-len(lines), []byte(strings.Join(lines, "\n")+"\n"))
		lines, want = lines[:0], -1
		if err == nil {
			err = m.add(r)
		}
		_, ok, _ := m.result()
		return ok && err == nil, err
	}
	for sc.Scan() {
		text := sc.Text()
		isStart := strings.HasPrefix(text, "eternity2 part ")
		if len(lines) > 0 && isStart { // the record before ended early: parsing says how
			if done, err := flush(); err != nil || done {
				return done, err
			}
		}
		line++
		if len(lines) == 0 && !isStart {
			return false, bad("%s line %d: expected a record starting \"eternity2 part I of K\", got %s", name, line, quote(text))
		}
		lines = append(lines, text)
		var w, h int
		if _, err := fmt.Sscanf(text, "board %s %dx%d", new(string), &w, &h); len(lines) == 2 && err == nil && h >= 0 && h <= maxSide {
			want = recordHead + h
		}
		if len(lines) == want {
			if done, err := flush(); err != nil || done {
				return done, err
			}
		}
	}
	if err := sc.Err(); err != nil {
		return false, bad("%s line %d: %v (a record line is at most %d bytes)", name, line+1, err, maxRecordLine)
	}
	if len(lines) > 0 {
		return flush()
	}
	return false, nil
}

// maxRecordLine is the longest record line read: a 64x64 board's viewer
// link is about 29 KB.
const maxRecordLine = 1 << 20

const viewer = "https://e2.bucas.name/#"

// viewerURL is a link to the public Eternity II viewer showing the board
// with the hints and these placements, or "" when a colour is past 'z' or
// a piece number past 999.
func (e *engine) viewerURL(placed []uint32) string {
	p := e.p
	if len(p.pieces) > 999 {
		return "" // piece numbers have three digits
	}
	type cellView struct {
		piece int // 1-based; 0 empty
		edges [4]int
	}
	cells := make([]cellView, p.width*p.height)
	for _, h := range p.hints {
		cells[h.Pos] = cellView{h.Piece + 1, rotated(p.pieces[h.Piece], h.Rot)}
	}
	for d, c := range placed {
		cells[e.recs[d].cell] = cellView{pieceOf(c) + 1, rotated(p.pieces[pieceOf(c)], rotOf(c))}
	}
	var edges, pieces strings.Builder
	for _, cell := range cells {
		for _, colour := range cell.edges {
			if colour > 'z'-'a' {
				return ""
			}
			edges.WriteByte(byte('a' + colour))
		}
		fmt.Fprintf(&pieces, "%03d", cell.piece)
	}
	return fmt.Sprintf(viewer+"puzzle=%s&board_w=%d&board_h=%d&board_edges=%s&board_pieces=%s",
		url.QueryEscape(p.name), p.width, p.height, edges.String(), pieces.String())
}

// ------------------------------------------------------------ checkpoints

const checkpointFormat = "eternity2 checkpoint 3"

// checkpoint is a saved search: the board, how it is cut and searched, and
// each part's position and counts, with a checksum over all of it (Sum,
// FNV-64a of the JSON with Sum empty), so that an edited checkpoint is
// refused rather than printed as an answer.
type checkpoint struct {
	Format string      `json:"format"`
	Check  string      `json:"check"`
	Board  boardJSON   `json:"board"`
	All    bool        `json:"all"`
	Budget int64       `json:"budget"`
	Parts  int         `json:"parts"`
	Split  int         `json:"split"`
	Units  int         `json:"units"`
	Whole  bool        `json:"whole"` // every part: the run prints the output, not a record
	Runs   []partState `json:"runs"`
	Sum    string      `json:"sum"`
}

// partState is a part between two slices of its search.
type partState struct {
	Part      int      `json:"part"`
	Roots     int      `json:"roots"`
	InSubtree bool     `json:"in_subtree"`
	Done      bool     `json:"done"`
	Solved    bool     `json:"solved"`
	Depth     int      `json:"depth"`
	Pos       int32    `json:"pos"`    // the next pool position at Depth
	Placed    []uint32 `json:"placed"` // the candidate at each depth above
	Pools     []int32  `json:"pools"`  // the next pool position at each depth above
	Unit      int      `json:"unit"`
	Nodes     int64    `json:"nodes"`
	Solutions int64    `json:"solutions"`
	BestDepth int      `json:"best_depth"`
	Best      []uint32 `json:"best"`
	BestUnit  int      `json:"best_unit"`
	Record    int      `json:"record_depth"`
}

func (p *part) state() partState {
	c := p.c
	return partState{
		Part: p.index, Roots: p.roots, InSubtree: p.inSubtree, Done: p.done, Solved: p.solved,
		Depth: c.d, Pos: c.i, Placed: slices.Clone(c.a.placed[:c.d]), Pools: slices.Clone(c.a.next[:c.d]),
		Unit: c.unit, Nodes: c.nodes, Solutions: c.solutions, BestDepth: c.bestDepth,
		Best: slices.Clone(c.best), BestUnit: c.bestUnit, Record: c.a.recordDepth,
	}
}

// restorePart rebuilds a part from its state, checking every placement
// against the board: a checkpoint that does not describe a position of
// this search is refused.
func restorePart(e *engine, pl plan, st partState, budget int64) (*part, error) {
	corrupt := func(what string) (*part, error) {
		return nil, fmt.Errorf("part %d: %s", st.Part, what)
	}
	end := len(e.recs)
	switch {
	case st.Part < 0 || st.Part >= pl.parts:
		return corrupt("no such part")
	case st.Roots < 0 || st.Roots > pl.units+1 || st.Unit < 0 || st.Unit > pl.units:
		return corrupt("unit out of range")
	case st.Nodes < 0 || st.Solutions < 0 || budget > 0 && st.Nodes > budget:
		return corrupt("negative counts or past the budget")
	case st.BestDepth < -1 || st.BestDepth > end || len(st.Best) != max(st.BestDepth, 0) || st.BestUnit < -1 || st.BestUnit > pl.units:
		return corrupt("best board out of range")
	case st.Record < max(st.BestDepth, 0) || st.Record > end:
		return corrupt("record depth out of range")
	case len(st.Placed) != st.Depth || len(st.Pools) != st.Depth || st.Depth < 0 || st.Depth > end:
		return corrupt("position out of range")
	case !replayable(e, st.Best):
		return corrupt("the best board is not one of the search's")
	}
	p := newPart(e, pl, st.Part, budget)
	c := newCursor(e)
	p.c, p.roots, p.inSubtree, p.done, p.solved = c, st.Roots, st.InSubtree, st.Done, st.Solved
	c.unit, c.nodes, c.solutions = st.Unit, st.Nodes, st.Solutions
	c.bestDepth, c.best, c.bestUnit, c.a.recordDepth = st.BestDepth, st.Best, st.BestUnit, st.Record
	if p.done {
		return p, nil
	}
	if st.InSubtree != (st.Depth >= pl.split) || !st.InSubtree && (st.Depth != 0 || st.Roots != 0) {
		return corrupt("position neither above the split at the start nor in a subtree")
	}
	for d := 0; d < st.Depth; d++ {
		at := st.Pools[d] - 1
		if !inPool(e, c.poolAt(d), at) || e.candidates[at] != st.Placed[d] || c.a.used[pieceOf(st.Placed[d])] != 0 {
			return corrupt(fmt.Sprintf("depth %d: the placement is not in its pool", d))
		}
		c.place(d, st.Placed[d], st.Pools[d])
	}
	c.d, c.i = st.Depth, st.Pos
	if st.InSubtree {
		c.a.floor = pl.split
	}
	switch {
	case !st.InSubtree && c.i != c.poolAt(0),
		st.InSubtree && c.d < end && !inPool(e, c.poolAt(c.d), c.i),
		c.d == end && c.i != 0:
		return corrupt("the position is not in its pool")
	}
	return p, nil
}

// inPool says whether candidates[at] lies in the pool starting at start
// (the pool's sentinel included).
func inPool(e *engine, start, at int32) bool {
	if at < start || at >= int32(len(e.candidates)) {
		return false
	}
	for k := start; k < at; k++ {
		if e.candidates[k] == sentinel {
			return false
		}
	}
	return true
}

// replayable says whether the placements are a legal board of the search.
func replayable(e *engine, placed []uint32) bool {
	c := newCursor(e)
	for d, w := range placed {
		if d >= len(e.recs) || w == sentinel || c.a.used[pieceOf(w)] != 0 {
			return false
		}
		at := c.poolAt(d)
		for e.candidates[at] != sentinel && e.candidates[at] != w {
			at++
		}
		if e.candidates[at] != w {
			return false
		}
		c.place(d, w, at+1)
	}
	return true
}

// sum is the checkpoint's checksum.
func (c checkpoint) sum() string {
	c.Sum = ""
	data, _ := json.Marshal(c)
	h := fnv.New64a()
	h.Write(data)
	return fmt.Sprintf("%016x", h.Sum64())
}

// saveCheckpoint writes the checkpoint next to file, then renames it over
// file, so that file always holds a whole checkpoint; on failure it leaves
// no temporary file behind.
func saveCheckpoint(file string, c *checkpoint) error {
	c.Sum = c.sum()
	data, err := json.Marshal(c)
	if err != nil {
		return err
	}
	tmp := file + ".tmp"
	if err := writeSynced(tmp, append(data, '\n')); err != nil {
		os.Remove(tmp)
		return err
	}
	if err := os.Rename(tmp, file); err != nil {
		os.Remove(tmp)
		return err
	}
	return nil
}

// writeSynced writes a file and waits for the disk to have it.
func writeSynced(file string, data []byte) error {
	f, err := os.Create(file)
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	if err == nil {
		err = f.Sync()
	}
	if err2 := f.Close(); err == nil {
		err = err2
	}
	return err
}

// loadCheckpoint reads and checks a checkpoint: its format and checksum,
// its board and every part's position.
func loadCheckpoint(file string) (*checkpoint, *engine, plan, []*part, error) {
	fail := func(format string, args ...any) (*checkpoint, *engine, plan, []*part, error) {
		return nil, nil, plan{}, nil, bad("checkpoint %s: "+format, append([]any{shown(file)}, args...)...)
	}
	data, err := readFile(file, maxBoard*4)
	if err != nil {
		return fail("%v", err)
	}
	var c checkpoint
	if err := json.Unmarshal(data, &c); err != nil {
		return fail("corrupt: %v", err)
	}
	if c.Format != checkpointFormat {
		return fail("format %s, expected %q", quote(c.Format), checkpointFormat)
	}
	if c.Sum != c.sum() {
		return fail("corrupt: its checksum does not match (edited or damaged)")
	}
	raw, _ := json.Marshal(c.Board)
	p, err := readJSON("board", raw)
	if err == nil {
		err = p.validate("board")
	}
	if err == nil && p.name == "" {
		err = bad("no board name")
	}
	if err != nil {
		return fail("corrupt: %v", err)
	}
	if p.fingerprint() != c.Check {
		return fail("corrupt: the board does not match its check %s", quote(c.Check))
	}
	if c.Parts < 1 || c.Parts > maxParts || c.Budget < 0 || c.Budget > 0 && c.Parts != 1 {
		return fail("corrupt: %d parts, budget %d", c.Parts, c.Budget)
	}
	e, err := newEngine(p)
	if err != nil {
		return fail("%v", err)
	}
	pl := makePlan(e, c.Parts, c.All)
	if pl.split != c.Split || pl.units != c.Units {
		return fail("cut at depth %d into %d units, but this program cuts this board at %d into %d", c.Split, c.Units, pl.split, pl.units)
	}
	if len(c.Runs) == 0 || c.Whole && len(c.Runs) != c.Parts || !c.Whole && len(c.Runs) != 1 {
		return fail("corrupt: %d parts saved", len(c.Runs))
	}
	parts := make([]*part, len(c.Runs))
	for k, st := range c.Runs {
		if c.Whole && st.Part != k {
			return fail("corrupt: part %d saved in place %d", st.Part, k)
		}
		if parts[k], err = restorePart(e, pl, st, c.Budget); err != nil {
			return fail("corrupt: %v", err)
		}
	}
	return &c, e, pl, parts, nil
}

// ---------------------------------------------------------- a coordinator

// maxParts is the most parts a search is cut into.
const maxParts = 1 << 16

// coordinator runs the parts of one process (every part of a whole run,
// one with -part), each on its own goroutine, and saves them every `every`
// and on SIGINT/SIGTERM. Without -all, a part that finds its solution
// stops the parts after it: they cannot matter.
type coordinator struct {
	e      *engine
	pl     plan
	budget int64
	parts  []*part
	whole  bool // the parts are every part: print the output, not a record

	checkpointFile string
	every          time.Duration
	sliceNodes     int64                                  // nodes a part searches between looks at the others
	save           func(file string, c *checkpoint) error // saveCheckpoint; tests put a kill in it

	mu       sync.Mutex
	changed  *sync.Cond
	states   []partState // each part's last state
	answered []int       // the last save request each part answered
	finished []bool
	requests int // save requests made
	running  int
	stop     atomic.Bool   // a signal or a failed save: stop every part
	cancel   []atomic.Bool // a part before it found the solution
}

// newCoordinator starts a search of K parts, of which it runs the given ones.
func newCoordinator(e *engine, parts int, all bool, budget int64, indices []int, whole bool) *coordinator {
	pl := makePlan(e, parts, all)
	co := &coordinator{e: e, pl: pl, budget: budget, whole: whole}
	for _, k := range indices {
		co.parts = append(co.parts, newPart(e, pl, k, budget))
	}
	return co
}

// errStopped: a signal stopped the search, after saving it.
type errStopped struct {
	sig  syscall.Signal
	file string
}

func (e errStopped) Error() string {
	name := map[syscall.Signal]string{syscall.SIGINT: "SIGINT", syscall.SIGTERM: "SIGTERM"}[e.sig]
	return fmt.Sprintf("%s: the search is saved in %s; resume it with -resume %s", name, shown(e.file), shown(e.file))
}

// run searches every part to its end and returns when they are done, or
// when a signal or a failed save stops them.
func (co *coordinator) run() error {
	if co.sliceNodes == 0 {
		co.sliceNodes = sliceNodes
	}
	if co.save == nil {
		co.save = saveCheckpoint
	}
	n := len(co.parts)
	co.changed = sync.NewCond(&co.mu)
	co.states, co.answered, co.finished = make([]partState, n), make([]int, n), make([]bool, n)
	co.running, co.cancel = n, make([]atomic.Bool, n)
	for k, p := range co.parts {
		co.states[k] = p.state()
	}
	if co.checkpointFile != "" {
		// A checkpoint that cannot be written is bad input, found now and
		// not after the search.
		if info, err := os.Stat(co.checkpointFile); err == nil && info.IsDir() {
			return bad("-checkpoint %s: a directory, expected a file", shown(co.checkpointFile))
		}
		if err := co.save(co.checkpointFile, co.checkpoint(co.states)); err != nil {
			return bad("-checkpoint %s: %v", shown(co.checkpointFile), unwrapPath(err))
		}
	}
	for k := range co.parts {
		go co.searchPart(k)
	}
	return co.wait()
}

// searchPart runs part k in slices, answering save requests between them.
func (co *coordinator) searchPart(k int) {
	p := co.parts[k]
	for !p.done && !co.stop.Load() && !co.cancel[k].Load() {
		p.advance(co.sliceNodes)
		co.mu.Lock()
		if co.answered[k] < co.requests {
			co.states[k], co.answered[k] = p.state(), co.requests
			co.changed.Broadcast()
		}
		co.mu.Unlock()
	}
	if co.cancel[k].Load() {
		p.done = true
	}
	co.mu.Lock()
	defer co.mu.Unlock()
	co.states[k], co.finished[k] = p.state(), true
	co.running--
	if p.solved && !co.pl.all {
		for j, q := range co.parts {
			if q.index > p.index {
				co.cancel[j].Store(true)
			}
		}
	}
	co.changed.Broadcast()
}

// wait saves every co.every and on a signal until the parts are done.
func (co *coordinator) wait() error {
	signals := make(chan os.Signal, 1)
	ticks := (<-chan time.Time)(nil)
	if co.checkpointFile != "" {
		signal.Notify(signals, syscall.SIGINT, syscall.SIGTERM)
		defer signal.Stop(signals)
		ticker := time.NewTicker(cmp.Or(co.every, time.Minute))
		defer ticker.Stop()
		ticks = ticker.C
	}
	done := make(chan struct{})
	go func() {
		co.mu.Lock()
		for co.running > 0 {
			co.changed.Wait()
		}
		co.mu.Unlock()
		close(done)
	}()
	stopAll := func() { co.stop.Store(true); <-done }
	for {
		select {
		case <-done:
			if co.checkpointFile == "" {
				return nil
			}
			return co.save(co.checkpointFile, co.checkpoint(co.states))
		case <-ticks:
			if err := co.save(co.checkpointFile, co.collect()); err != nil {
				stopAll()
				return err
			}
		case sig := <-signals:
			stopAll()
			if err := co.save(co.checkpointFile, co.checkpoint(co.states)); err != nil {
				return err
			}
			return errStopped{sig.(syscall.Signal), co.checkpointFile}
		}
	}
}

// collect asks every running part for its state and waits for the answers.
func (co *coordinator) collect() *checkpoint {
	co.mu.Lock()
	defer co.mu.Unlock()
	co.requests++
	for k := 0; k < len(co.parts); {
		if co.finished[k] || co.answered[k] >= co.requests {
			k++
			continue
		}
		co.changed.Wait()
		k = 0
	}
	return co.checkpoint(slices.Clone(co.states))
}

func (co *coordinator) checkpoint(states []partState) *checkpoint {
	p := co.e.p
	return &checkpoint{
		Format: checkpointFormat, Check: p.fingerprint(), Board: p.toJSON(), All: co.pl.all, Budget: co.budget,
		Parts: co.pl.parts, Split: co.pl.split, Units: co.pl.units, Whole: co.whole, Runs: states,
	}
}

// result is the run's output: the merged records of a whole run, or the
// record of its one part.
func (co *coordinator) result() (record, error) {
	var records []record
	for _, p := range co.parts {
		records = append(records, p.record())
	}
	if !co.whole {
		return records[0], nil
	}
	return merge(records)
}

// ------------------------------------------------- a budget on every core

// A budget cuts the search at its Nth node in search order. On several
// cores, the tree is cut at a depth deep enough that the first N nodes
// span thousands of subtrees (the pilot picks it). One walker goes through
// the tree above that depth in order, handing out each root it meets, with
// the nodes it passed since the root before, as the next unit; the workers
// search the units' subtrees (each up to N nodes). The results are taken
// in unit order; the unit in which the Nth node falls is searched again,
// from its start, for exactly the nodes left, and the units after it are
// dropped. So the counts and the best board are the single core's,
// whatever the scheduling.
type budgetQueue struct {
	e      *engine
	split  int
	budget int64
	all    bool

	stop atomic.Bool // the answer is known: stop every worker
	mu   sync.Mutex
	// The walker above the split, and what it has handed out.
	walker   *cursor
	units    int                // units handed out
	walked   int64              // nodes it passed
	ended    bool               // the tree, or the budget, ends in the last unit handed out
	results  map[int]unitResult // units searched, not yet taken
	taken    int                // units taken in order so far
	total    unitResult         // what they found
	cut      int                // the unit the budget ends in, -1 for none
	lastRoot position           // the root of the last unit taken
	// takenDepth is the depth of the best board of the units taken: a
	// board after them must be deeper to matter, so no unit records less.
	takenDepth int
	done       chan struct{} // closed when the answer is known
}

// unitResult is what a stretch of the search found; the best board is its
// first with the highest score.
type unitResult struct {
	nodes, solutions int64
	bestDepth        int
	best             []uint32
	solved           bool     // first-solution mode: the search stops in it
	last             bool     // nothing after it is searched
	root             position // a unit's root (d 0: none)
}

// pilotSamples is how often the pilot looks at its path; of those looks,
// one unit may hold at most pilotUnit, the tree above the split (which
// one walker goes through) pilotAbove.
const (
	pilotSamples = 256
	pilotUnit    = pilotSamples / 4
	pilotAbove   = pilotSamples / 8
)

// pilot searches the first budget/256 nodes, looking at its path 256
// times, and returns the shallowest depth at which no unit holds more
// than 1/16 of those looks and at most 1/8 are above it (or 0: no such
// depth, search on one core). When the search ends in those nodes, it
// returns what it found as done.
func pilot(e *engine, budget int64, all bool) (split int, done *unitResult) {
	c := newCursor(e)
	c.i = c.poolAt(0)
	var paths [][]int32
	for range pilotSamples {
		if c.explore(budget/pilotSamples/pilotSamples, all) != paused {
			return 0, &unitResult{nodes: c.nodes, solutions: c.solutions, bestDepth: c.bestDepth, best: c.best, solved: true, last: true}
		}
		paths = append(paths, slices.Clone(c.a.next[:c.d]))
	}
	for depth := 1; depth < len(e.recs); depth++ {
		run, longest, above := 0, 0, 0
		for s, path := range paths {
			switch {
			case len(path) < depth:
				above++
				run = 0
			case s > 0 && len(paths[s-1]) >= depth && slices.Equal(path[:depth], paths[s-1][:depth]):
				run++
			default:
				run = 1
			}
			longest = max(longest, run)
		}
		if above > pilotAbove {
			return 0, nil
		}
		if longest <= pilotUnit {
			return depth, nil
		}
	}
	return 0, nil
}

// searchBudget is a budgeted whole run on the given number of workers.
func searchBudget(e *engine, budget int64, all bool, workers int) unitResult {
	if budget < pilotSamples*pilotSamples || len(e.recs) < 2 {
		return searchStretch(e, position{}, budget, all)
	}
	split, done := pilot(e, budget, all)
	if done != nil {
		return *done
	}
	if split == 0 {
		return searchStretch(e, position{}, budget, all)
	}
	q := &budgetQueue{e: e, split: split, budget: budget, all: all, walker: newCursor(e), results: map[int]unitResult{},
		cut: -1, total: unitResult{bestDepth: -1}, done: make(chan struct{})}
	q.walker.i = q.walker.poolAt(0)
	for range workers {
		go q.work()
	}
	<-q.done
	if q.cut >= 0 {
		// The cut unit starts after the subtree of the root before it.
		start := q.lastRoot
		if start.d > 0 {
			start.d--
			start.i = start.next[start.d]
			start.placed, start.next = start.placed[:start.d], start.next[:start.d]
		}
		q.total.add(searchStretch(e, start, budget-q.total.nodes, all), e.scoreAt)
	}
	return q.total
}

// task is a unit handed out: the stretch above the split before its root,
// and the root's path (none when the tree or the budget ended first).
type task struct {
	unit    int
	stretch unitResult
	root    position
}

// position is a point of the search: the placements and the next pool
// position at each depth above d, and the next pool position i at d.
type position struct {
	d      int
	i      int32
	placed []uint32
	next   []int32
}

func (c *cursor) position() position {
	return position{c.d, c.i, slices.Clone(c.a.placed[:c.d]), slices.Clone(c.a.next[:c.d])}
}

// moveTo sets a cursor with nothing placed at a position.
func (c *cursor) moveTo(pos position) {
	for d, w := range pos.placed {
		c.place(d, w, pos.next[d])
	}
	c.d, c.i = pos.d, pos.i
}

// nextTask walks above the split to the next root; ok is false when the
// units have run out or the answer is known.
func (q *budgetQueue) nextTask() (t task, ok bool) {
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.ended || q.stop.Load() {
		return t, false
	}
	c := q.walker
	c.nodes, c.solutions, c.bestDepth, c.best, c.a.recordDepth = 0, 0, -1, nil, q.takenDepth
	rootFound := c.walkAbove(q.split, func(d int) walkStep {
		c.nodes++
		c.consider(d)
		if d == q.split || q.walked+c.nodes > q.budget {
			return stopHere
		}
		return descend
	})
	q.walked += c.nodes
	t = task{unit: q.units, stretch: unitResult{nodes: c.nodes, bestDepth: c.bestDepth, best: c.best}}
	q.units++
	if !rootFound || c.d < q.split {
		q.ended = true // the tree ends, or the budget does, in this stretch
		t.stretch.last = true
		return t, true
	}
	t.root = c.position()
	t.stretch.root = t.root
	c.d--
	c.unplace(c.d)
	c.i = c.a.next[c.d]
	return t, true
}

// work searches units until they run out or the answer is known.
func (q *budgetQueue) work() {
	c := newCursor(q.e)
	c.a.floor = q.split
	for {
		t, ok := q.nextTask()
		if !ok {
			return
		}
		r := t.stretch
		if t.root.d > 0 {
			sub, ok := q.searchSubtree(c, t)
			if !ok {
				return
			}
			r.add(sub, q.e.scoreAt)
			r.solved = sub.solved
		}
		q.deliver(t.unit, r)
		if r.solved || r.nodes >= q.budget {
			return // the units after it cannot matter
		}
	}
}

// searchSubtree searches below a task's root, up to the budget; ok is
// false when the answer became known first.
func (q *budgetQueue) searchSubtree(c *cursor, t task) (unitResult, bool) {
	c.moveTo(t.root)
	c.i = c.poolAt(q.split)
	q.mu.Lock()
	c.nodes, c.solutions, c.bestDepth, c.best, c.a.recordDepth = 0, 0, -1, nil, max(q.split, q.takenDepth)
	q.mu.Unlock()
	reason := paused
	for reason == paused && c.nodes < q.budget {
		if q.stop.Load() {
			return unitResult{}, false
		}
		reason = c.explore(min(sliceNodes, q.budget-c.nodes), q.all)
	}
	for d := range t.root.placed {
		c.unplace(d)
	}
	return unitResult{nodes: c.nodes, solutions: c.solutions, bestDepth: c.bestDepth, best: c.best, solved: reason == solved}, true
}

// deliver takes a unit's result, and every result after the ones taken.
func (q *budgetQueue) deliver(u int, r unitResult) {
	q.mu.Lock()
	defer q.mu.Unlock()
	q.results[u] = r
	for !q.stop.Load() {
		r, ok := q.results[q.taken]
		if !ok {
			return
		}
		delete(q.results, q.taken)
		if q.total.nodes+r.nodes > q.budget {
			q.cut = q.taken
		} else {
			q.total.add(r, q.e.scoreAt)
			q.takenDepth = max(q.takenDepth, q.total.bestDepth)
			q.lastRoot = r.root
		}
		if q.cut >= 0 || q.total.nodes == q.budget || r.solved || r.last {
			q.stop.Store(true)
			close(q.done)
		}
		q.taken++
	}
}

// add takes in the result of the stretch after the ones in u.
func (u *unitResult) add(r unitResult, scoreAt []int) {
	u.nodes += r.nodes
	u.solutions += r.solutions
	if r.bestDepth >= 0 && (u.bestDepth < 0 || scoreAt[r.bestDepth] > scoreAt[u.bestDepth]) {
		u.bestDepth, u.best = r.bestDepth, r.best
	}
}

// searchStretch searches on one core from a position (the zero one: the
// start) for at most limit nodes.
func searchStretch(e *engine, from position, limit int64, all bool) unitResult {
	c := newCursor(e)
	c.moveTo(from)
	if from.d == 0 && from.i == 0 {
		c.i = c.poolAt(0)
	}
	reason := c.explore(limit, all)
	return unitResult{nodes: c.nodes, solutions: c.solutions, bestDepth: c.bestDepth, best: c.best, solved: reason == solved}
}

// ------------------------------------------------------------ the program

const usage = `usage: eternity2 [-all] [-nodes N] [-v] [-url] [BOARD]
       eternity2 [-all] -parts K -part I [-v] [BOARD]     one work unit: prints its record
       eternity2 -merge [-v] [-url] [RECORD...]            the records of every unit: prints the run's output
       eternity2 [...] -checkpoint FILE [-every DUR] [BOARD]
       eternity2 -resume FILE [-checkpoint FILE] [-every DUR] [-v] [-url]
       eternity2 -emit [BOARD]                              a Go program for BOARD (it takes -all, -nodes, -v)
BOARD: a JSON or text board file, or - or nothing for stdin; flags go before
it. Default: stop at the first solution; -all: the whole tree; -nodes N:
stop after N nodes; -v: time and rate on stderr; -url: a viewer link to the
best board on stderr.
`

// options is the command line, parsed and checked once.
type options struct {
	all, verbose, emit, url, merge bool
	budget                         int64
	parts, part                    int
	checkpoint, resume             string
	every                          time.Duration
	args                           []string
}

// maxArgument is the longest argument taken: no path or number is longer.
const maxArgument = 4096

func parseArgs(args []string) (options, error) {
	var o options
	for _, a := range args {
		if len(a) > maxArgument {
			return o, bad("argument %s is longer than %d bytes", quote(a), maxArgument)
		}
	}
	fs := flag.NewFlagSet("eternity2", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.BoolVar(&o.all, "all", false, "")
	fs.Int64Var(&o.budget, "nodes", 0, "")
	fs.BoolVar(&o.verbose, "v", false, "")
	fs.BoolVar(&o.emit, "emit", false, "")
	fs.BoolVar(&o.url, "url", false, "")
	fs.BoolVar(&o.merge, "merge", false, "")
	fs.IntVar(&o.parts, "parts", 0, "")
	fs.IntVar(&o.part, "part", -1, "")
	fs.StringVar(&o.checkpoint, "checkpoint", "", "")
	fs.StringVar(&o.resume, "resume", "", "")
	fs.DurationVar(&o.every, "every", time.Minute, "")
	if err := fs.Parse(args); err != nil {
		if err == flag.ErrHelp {
			return o, err
		}
		return o, bad("%s (eternity2 -h for the usage)", flagError(err))
	}
	o.args = fs.Args()
	given := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { given[f.Name] = true })
	return o, o.check(given)
}

// flagError is the flag package's message with the argument in it quoted
// short.
func flagError(err error) string {
	msg := err.Error()
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
	switch {
	case given["nodes"] && o.budget < 1:
		return bad("-nodes %d: expected a budget of at least 1 node (leave -nodes out for none)", o.budget)
	case given["every"] && o.every <= 0:
		return bad("-every %v: expected a positive duration such as 30s or 5m", o.every)
	case given["every"] && o.checkpoint == "":
		return bad("-every: expected -checkpoint FILE with it")
	case o.emit && others("emit") != "":
		return bad("-emit writes a program for BOARD and takes no %s: give -all, -nodes and -v to that program", others("emit"))
	case o.merge && others("merge", "v", "url") != "":
		return bad("-merge takes the records and -v or -url, not %s", others("merge", "v", "url"))
	case o.resume != "" && others("resume", "checkpoint", "every", "v", "url") != "":
		return bad("-resume takes the board, mode and budget from the checkpoint, not %s", others("resume", "checkpoint", "every", "v", "url"))
	case o.resume != "" && len(o.args) > 0:
		return bad("-resume takes the board from the checkpoint, not %s", quote(o.args[0]))
	case given["parts"] != given["part"]:
		return bad("-parts K and -part I go together")
	case given["parts"] && (o.parts < 1 || o.parts > maxParts):
		return bad("-parts %d: expected 1 to %d", o.parts, maxParts)
	case given["parts"] && (o.part < 0 || o.part >= o.parts):
		return bad("-part %d: expected 0 to %d (-parts %d)", o.part, o.parts-1, o.parts)
	case given["parts"] && given["nodes"]:
		return bad("-nodes cuts one whole search at a node; run the parts without it")
	case given["parts"] && o.url:
		return bad("-url shows the merged best board: give it to -merge")
	case !o.merge && len(o.args) > 1 && strings.HasPrefix(o.args[1], "-"):
		return bad("flag %s after BOARD %s: flags go before BOARD", quote(o.args[1]), quote(o.args[0]))
	case !o.merge && len(o.args) > 1:
		return bad("expected one BOARD, got %d: %s, %s, ...", len(o.args), quote(o.args[0]), quote(o.args[1]))
	}
	return nil
}

func main() {
	os.Exit(runMain(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// runMain is the program for a command line: its exit status is 0, 1 (a
// failed write), 2 (bad input), or 128 + a signal that stopped it.
func runMain(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	o, err := parseArgs(args)
	if err == flag.ErrHelp {
		io.WriteString(stdout, usage)
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

// program runs the options: merge, emit, resume or search.
func program(o options, stdin io.Reader, stdout, stderr io.Writer) error {
	start := time.Now()
	if o.merge {
		return mergeRecords(o, stdin, stdout, stderr, start)
	}
	var co *coordinator
	if o.resume != "" {
		c, e, pl, parts, err := loadCheckpoint(o.resume)
		if err != nil {
			return err
		}
		co = &coordinator{e: e, pl: pl, budget: c.Budget, parts: parts, whole: c.Whole}
	} else {
		p, err := readBoard(o.args, stdin)
		if err != nil {
			return err
		}
		e, err := newEngine(p)
		switch {
		case err != nil:
			return err
		case o.emit:
			return emitProgram(e, stdout)
		case o.budget > 0 && o.parts == 0 && o.checkpoint == "" && runtime.GOMAXPROCS(0) > 1:
			res := e.recordOf(searchBudget(e, o.budget, o.all, runtime.GOMAXPROCS(0)))
			return finish(o, res.output(), res, stdout, stderr, start)
		}
		parts, indices := 1, []int{0}
		switch {
		case o.parts > 0:
			parts, indices = o.parts, []int{o.part}
		case o.budget == 0:
			// A whole run: a part a core, merged here as -merge would.
			parts, indices = runtime.GOMAXPROCS(0), nil
			for k := range parts {
				indices = append(indices, k)
			}
		}
		co = newCoordinator(e, parts, o.all, o.budget, indices, o.parts == 0)
	}
	co.checkpointFile, co.every = o.checkpoint, o.every
	if err := co.run(); err != nil {
		return err
	}
	res, err := co.result()
	if err != nil {
		return err
	}
	if !co.whole {
		var b bytes.Buffer
		res.write(&b)
		return finish(o, b.Bytes(), res, stdout, stderr, start)
	}
	return finish(o, res.output(), res, stdout, stderr, start)
}

// finish writes the output, then -v's figures and -url's link on stderr.
func finish(o options, out []byte, res record, stdout, stderr io.Writer, start time.Time) error {
	if _, err := stdout.Write(out); err != nil {
		return err
	}
	if o.verbose {
		elapsed := time.Since(start)
		fmt.Fprintf(stderr, "elapsed %.3f s\nnodes/s %.1fM\n", elapsed.Seconds(), float64(res.nodes)/elapsed.Seconds()/1e6)
	}
	if o.url {
		if res.url == "" {
			fmt.Fprintln(stderr, "url -: the viewer's format has letters for colours 0-25 and numbers for 999 pieces")
		} else {
			fmt.Fprintln(stderr, "url", res.url)
		}
	}
	return nil
}

// mergeRecords merges the records in the files (or on stdin), reading
// each as it comes and stopping once the answer is known, and prints the
// run's output. An empty file is a part still running: it is missing.
func mergeRecords(o options, stdin io.Reader, stdout, stderr io.Writer, start time.Time) error {
	var m merging
	decided := false
	if len(o.args) == 0 {
		var err error
		if decided, err = m.readRecords("stdin", stdin); err != nil {
			return err
		}
	}
	for _, name := range o.args {
		if decided {
			break
		}
		f, err := openFile(name)
		if err != nil {
			return err
		}
		decided, err = m.readRecords(shown(name), f)
		f.Close()
		if err != nil {
			return err
		}
	}
	res, ok, missing := m.result()
	switch {
	case m.first == nil:
		return bad("-merge: no records")
	case !ok:
		return bad("-merge: part %d of %d is missing", missing, m.first.parts)
	}
	return finish(o, res.output(), res, stdout, stderr, start)
}

// readBoard reads BOARD (a file, or stdin for - or none) and its puzzle;
// a board with no name of its own takes the file's.
func readBoard(args []string, stdin io.Reader) (*puzzle, error) {
	name, data := "stdin", []byte(nil)
	var err error
	if len(args) == 0 || args[0] == "-" {
		data, err = readAll("stdin", stdin, maxBoard)
	} else {
		name = args[0]
		data, err = readFile(name, maxBoard)
	}
	if err != nil {
		return nil, err
	}
	p, err := readPuzzle(shown(name), data)
	if err != nil {
		return nil, err
	}
	if p.name == "" {
		p.name = nameOf(name)
	}
	return p, nil
}

// openFile opens a file for reading: a directory or an unreadable file
// is bad input.
func openFile(name string) (*os.File, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, bad("%s: %v", shown(name), unwrapPath(err))
	}
	if info, err := f.Stat(); err != nil || info.IsDir() {
		f.Close()
		return nil, bad("%s: a directory, expected a file", shown(name))
	}
	return f, nil
}

// readFile reads a whole file of at most limit bytes.
func readFile(name string, limit int64) ([]byte, error) {
	f, err := openFile(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return readAll(shown(name), f, limit)
}

// readAll reads at most limit bytes; more, or a failed read, is bad input.
func readAll(name string, r io.Reader, limit int64) ([]byte, error) {
	data, err := io.ReadAll(io.LimitReader(r, limit+1))
	switch {
	case err != nil:
		return nil, bad("%s: %v", name, unwrapPath(err))
	case int64(len(data)) > limit:
		return nil, bad("%s: larger than %d MiB", name, limit>>20)
	}
	return data, nil
}

// unwrapPath is an error without the path that os puts in it (the
// message names the file once, shortened).
func unwrapPath(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// shown is a file name as messages show it: at most 48 bytes, its end,
// quoted when it holds anything but printable UTF-8.
func shown(name string) string {
	if len(name) > 48 {
		name = "..." + name[len(name)-45:]
	}
	if !utf8.ValidString(name) || strings.ContainsFunc(name, func(r rune) bool { return !unicode.IsPrint(r) }) {
		return quote(name)
	}
	return name
}

// nameOf is the board name a file gives: its base name without the
// extension, with anything but printable non-space UTF-8 made '_'.
func nameOf(file string) string {
	base := strings.TrimSuffix(filepath.Base(file), filepath.Ext(file))
	base = strings.Map(func(r rune) rune {
		if r == utf8.RuneError || !unicode.IsPrint(r) || unicode.IsSpace(r) {
			return '_'
		}
		return r
	}, strings.ToValidUTF8(base, "_"))
	if len(base) > maxName {
		base = base[:maxName]
	}
	return cmp.Or(strings.ToValidUTF8(base, ""), "board")
}

// ------------------------------------------------------ generated programs

// emitProgram writes a Go program specialised to this board: the same
// search, node for node, with one labelled block per depth in which every
// offset is a constant, the up and left colours read straight from the
// placements above and to the left (or written in as constants for the
// frame and hints), and jumps between depths instead of a loop over a
// table of steps. It takes -all, -nodes, -v and -h and prints the same
// output. Its size grows with the board's cells and candidates: the pool
// table is filled at start-up from its non-empty entries.
func emitProgram(e *engine, stdout io.Writer) error {
	if len(e.recs) > maxEmitCells {
		return bad("-emit: %d cells to fill: past %d, the Go compiler takes minutes and gigabytes on the program; search this board with eternity2 itself", len(e.recs), maxEmitCells)
	}
	var b bytes.Buffer
	if err := programTemplate.Execute(&b, newEmitData(e)); err != nil {
		return err
	}
	src, err := format.Source(b.Bytes())
	if err != nil {
		return fmt.Errorf("the generated program does not parse: %v", err)
	}
	_, err = stdout.Write(src)
	return err
}

// maxEmitCells is the most cells a generated program fills: a 32x32
// board's compiles in about 10 s.
const maxEmitCells = 1024

// emitData is what the template fills in.
type emitData struct {
	Name, Header                               string
	Width, Height, Cells                       int
	MaxScore, PoolShift                        int
	HintsLegal                                 bool
	CandidateRows                              []string // the candidates, a dozen a line
	SmallCandidates                            bool     // at most 1<<16: indexed by a uint16, no bounds check
	PoolLen                                    int
	PoolEntries                                []poolEntry
	ScoreAt, CellOf, HintPieces                []int
	Hints                                      []hintLabel
	Depths                                     []depthCode
	MaxPieces, PieceShift, RotShift, DownShift int
	LastInPool                                 int
}

type poolEntry struct{ Key, Start int32 }

type hintLabel struct {
	Pos   int
	Label string
}

// depthCode is one depth's block: where its pool is, given the up and left
// colours as Go expressions.
type depthCode struct {
	D, Prev, Next, PoolBase int
	Up, Left                string
	Last                    bool
}

func newEmitData(e *engine) emitData {
	p := e.p
	// The program's pool rows are 2^shift entries, the fewest that hold
	// every colour, not the engine's 256: its code shifts by a constant at
	// no cost, and the smaller table stays in cache (the centre clue's
	// 256-entry rows took 1.06x the CPU).
	var shift uint
	for 1<<shift < e.colours {
		shift++
	}
	packed := func(k int) int { return k>>rowShift<<shift + k&colourMask } // row (group*colours + up), then left
	data := emitData{
		Name: p.name, Header: p.header(), Width: p.width, Height: p.height, Cells: p.width * p.height,
		MaxScore: e.maxScore, PoolShift: int(shift), HintsLegal: e.hintsLegal, ScoreAt: e.scoreAt,
		SmallCandidates: len(e.candidates) <= 1<<16, PoolLen: len(e.poolStart) >> rowShift << shift,
		MaxPieces: maxPieces, PieceShift: pieceShift, RotShift: rotShift, DownShift: downShift, LastInPool: lastInPool,
	}
	for i := 0; i < len(e.candidates); i += 12 {
		var row []string
		for _, c := range e.candidates[i:min(i+12, len(e.candidates))] {
			row = append(row, fmt.Sprintf("%#x,", c))
		}
		data.CandidateRows = append(data.CandidateRows, strings.Join(row, " "))
	}
	for k, start := range e.poolStart {
		if start != 0 {
			data.PoolEntries = append(data.PoolEntries, poolEntry{int32(packed(k)), start})
		}
	}
	depthOf := make([]int, data.Cells) // the depth a cell without a hint is filled at
	for d, r := range e.recs {
		depthOf[r.cell] = d
		data.CellOf = append(data.CellOf, int(r.cell))
	}
	for _, h := range p.hints {
		data.Hints = append(data.Hints, hintLabel{h.Pos, fmt.Sprintf("%d/%d", h.Piece, h.Rot)})
		data.HintPieces = append(data.HintPieces, h.Piece)
	}
	for d := range e.recs {
		data.Depths = append(data.Depths, e.emitDepth(d, depthOf, packed(int(e.recs[d].base))))
	}
	return data
}

// emitDepth is depth d's block; depthOf gives the depth of each cell
// without a hint, poolBase the packed key of its pools' first row.
func (e *engine) emitDepth(d int, depthOf []int, poolBase int) depthCode {
	p, cell := e.p, int(e.recs[d].cell)
	r, col := cell/p.width, cell%p.width
	code := depthCode{D: d, Prev: d - 1, Next: d + 1, PoolBase: poolBase, Up: "0", Left: "0", Last: d == len(e.recs)-1}
	// The up colour: the frame's, a hint's, or the down colour of the placement above.
	if above := cell - p.width; r > 0 && e.hintAt[above] != nil {
		code.Up = strconv.Itoa(e.hintEdges(above)[down])
	} else if r > 0 {
		code.Up = fmt.Sprintf("int32(placed[%d]>>%d&0xff)", depthOf[above], downShift)
	}
	switch leftCell := cell - 1; {
	case col == 0:
	case e.hintAt[leftCell] != nil:
		code.Left = strconv.Itoa(e.hintEdges(leftCell)[right])
	case depthOf[leftCell] == d-1:
		// Depth d is entered only from the placement at d-1, whose
		// candidate is still in c: the left colour needs no load.
		code.Left = "int32(c&0xff)"
	default:
		code.Left = fmt.Sprintf("int32(placed[%d]&0xff)", depthOf[leftCell])
	}
	return code
}

var programTemplate = template.Must(template.New("program").Parse(`// Code generated by eternity2 -emit for board {{.Name}}; DO NOT EDIT.
// It searches that one board exactly as eternity2 does: same nodes, same output.
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"time"
)

const lastInPool = {{.LastInPool}} // marks a pool's last candidate (the sentinel has it too)

{{if .SmallCandidates}}// At most 65536 candidates: the array is padded to that size and indexed
// by a uint16, so the compiler drops the bounds check from the hottest load.
var candidates = [1 << 16]uint32{ {{else}}var candidates = [...]uint32{ {{end}}
{{range .CandidateRows}}	{{.}}
{{end}}}

// poolStart[key] is where the pool of (group, up, left) starts; the empty
// ones share the sentinel at 0, and only the others are listed.
var poolStart [{{.PoolLen}}]int32

var poolEntries = [...][2]int32{ {{range .PoolEntries}}{ {{.Key}}, {{.Start}} }, {{end}} }

var scoreAt = [...]int{ {{range .ScoreAt}}{{.}}, {{end}} }

// cellOf[d] is the board cell filled at depth d.
var cellOf = [...]int{ {{range .CellOf}}{{.}}, {{end}} }

var hintLabels = map[int]string{ {{range .Hints}}{{.Pos}}: "{{.Label}}", {{end}} }

var used [{{.MaxPieces}} + 1]uint8

func init() {
	for _, e := range poolEntries {
		poolStart[e[0]] = e[1]
	}
	used[{{.MaxPieces}}] = 1
	for _, piece := range []int{ {{range .HintPieces}}{{.}}, {{end}} } {
		used[piece] = 1
	}
}

type result struct {
	nodes, solutions int64
	bestDepth        int
	best             [{{len .Depths}} + 1]uint32
}

func search(budget int64, all bool) (res result) {
	res.bestDepth = -1
{{- if not .Depths}}
	if {{.HintsLegal}} {
		res.solutions = 1
	}
	return res
}
{{- else}}
	var placed, next [{{len .Depths}} + 1]uint32
	var c uint32
	var i int32
	var nodes int64
	record := 0
	goto d0
{{- range .Depths}}
d{{.D}}:
	i = poolStart[{{.PoolBase}}+({{.Up}})<<{{$.PoolShift}}+({{.Left}})]
l{{.D}}:
	c = {{if $.SmallCandidates}}candidates[uint16(i)]{{else}}candidates[i]{{end}}
	i++
	if used[c>>{{$.PieceShift}}] != 0 {
		if c&lastInPool != 0 {
			goto b{{.D}}
		}
		goto l{{.D}}
	}
	used[c>>{{$.PieceShift}}] = 1
	placed[{{.D}}], next[{{.D}}] = c, uint32(i)
	nodes++
	if record < {{.Next}} {
		record = {{.Next}}
		if res.bestDepth < 0 || scoreAt[{{.Next}}] > scoreAt[res.bestDepth] {
			res.bestDepth = {{.Next}}
			copy(res.best[:], placed[:{{.Next}}])
		}
	}
{{- if .Last}}
	if {{$.HintsLegal}} {
		res.solutions++
		if !all {
			goto stop
		}
	}
	used[c>>{{$.PieceShift}}] = 0
	if nodes == budget {
		goto stop
	}
	goto l{{.D}}
{{- else}}
	if nodes == budget {
		goto stop
	}
	goto d{{.Next}}
{{- end}}
b{{.D}}:
{{- if eq .D 0}}
	goto stop
{{- else}}
	c = placed[{{.Prev}}]
	used[c>>{{$.PieceShift}}] = 0
	i = int32(next[{{.Prev}}])
	goto l{{.Prev}}
{{- end}}
{{- end}}
stop:
	res.nodes = nodes
	return res
}
{{- end}}

const usage = "usage: [-all] [-nodes N] [-v] (this program searches board {{.Name}} only)\n"

func main() {
	fs := flag.NewFlagSet("eternity2", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	all := fs.Bool("all", false, "search the whole tree")
	budget := fs.Int64("nodes", 0, "stop after N nodes")
	verbose := fs.Bool("v", false, "timing on stderr")
	err := fs.Parse(os.Args[1:])
	if err == flag.ErrHelp {
		fmt.Print(usage)
		return
	}
	budgetGiven := false
	fs.Visit(func(f *flag.Flag) { budgetGiven = budgetGiven || f.Name == "nodes" })
	switch {
	case err != nil:
		fmt.Fprintf(os.Stderr, "eternity2: %v (%s)", err, strings.TrimSuffix(usage, "\n"))
		fmt.Fprintln(os.Stderr)
		os.Exit(2)
	case budgetGiven && *budget < 1:
		fmt.Fprintf(os.Stderr, "eternity2: -nodes %d: expected a budget of at least 1 node (leave -nodes out for none)\n", *budget)
		os.Exit(2)
	case fs.NArg() > 0:
		fmt.Fprintf(os.Stderr, "eternity2: this program is specialised to board {{.Name}} and takes no BOARD\n")
		os.Exit(2)
	}
	start := time.Now()
	res := search(*budget, *all)
	elapsed := time.Since(start)
	cells := make([]string, {{.Cells}})
	for i := range cells {
		cells[i] = "-"
	}
	for pos, label := range hintLabels {
		cells[pos] = label
	}
	depth := res.bestDepth
	if depth < 0 {
		depth = 0
	}
	for d := 0; d < depth; d++ {
		c := res.best[d]
		cells[cellOf[d]] = fmt.Sprintf("%d/%d", c>>{{.PieceShift}}, c>>{{.RotShift}}&3)
	}
	var out strings.Builder
	fmt.Fprintf(&out, "%s\nnodes %d\nsolutions %d\nbest %d/%d\n", {{printf "%q" .Header}}, res.nodes, res.solutions, scoreAt[depth], {{.MaxScore}})
	for r := 0; r < {{.Height}}; r++ {
		out.WriteString(strings.Join(cells[r*{{.Width}}:(r+1)*{{.Width}}], " "))
		out.WriteByte('\n')
	}
	os.Stdout.WriteString(out.String())
	if *verbose {
		fmt.Fprintf(os.Stderr, "elapsed %.3f s\nnodes/s %.1fM\n", elapsed.Seconds(), float64(res.nodes)/elapsed.Seconds()/1e6)
	}
}
`))
