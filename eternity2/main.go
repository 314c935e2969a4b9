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
// unit). With -all, part I takes the units u with u mod K = I (bench-easy:
// the largest of 64 parts is 1.3x the average); without it, part I takes
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
//
// -merge adds the counts and keeps the best board, the first unit's on a
// tie; without -all it takes the parts in order up to the first with a
// solution (the parts after it are not needed). The merged bytes are the
// single run's. Records of other boards, modes, K or cuts, and missing or
// repeated parts, are refused with one line.
//
// Checkpoints. -checkpoint FILE writes FILE.tmp and renames it over FILE,
// so FILE is always a whole checkpoint: the board, the mode, the budget,
// the parts and each part's position and counts (JSON, "format":
// "eternity2 checkpoint 1"). A run killed at any point, kill -9 included,
// and resumed from its last checkpoint prints exactly the bytes of a run
// never stopped. SIGINT and SIGTERM write the checkpoint and exit 130 or
// 143.
//
// Input: the JSON format ({"name", "width", "height", "pieces": [[U,R,D,L],
// ...], "hints": [{"pos", "piece", "rot"}]}, pos = row*width + col; width,
// height, pieces and each hint's three fields required), or plain text: an
// optional "name NAME" line, a "W H" line (which may be left out for a
// square board), one "U R D L" line a piece, then optional "hint POS PIECE
// ROT" lines; '#' starts a comment; lines of any length. A malformed file
// gets one line on stderr naming the problem and exit status 2.
//
// Rules kept: one file, standard library only; the search is the contest's,
// node for node.
//
// How it works, in five lines:
//  1. Each cell's right and down edges must be frame (0), some colour (not 0),
//     or a hint's colour: cells are grouped by that, and each group has a pool
//     of candidates per (up, left) colour pair, in the contest's order.
//  2. A candidate is one 32-bit word: piece, rotation, right and down colour;
//     each pool ends in a sentinel whose piece is always "used", so the loop
//     makes one test per candidate: is its piece free?
//  3. The search is one loop over a stack of pool positions, not recursion;
//     it stops every 2^20 nodes, so a position can be saved and resumed.
//  4. Every placement is legal, so the score depends only on the depth: the
//     loop compares the depth with a record and copies the board only when
//     the score improves.
//  5. A run on several cores is K work units on K cores, merged as -merge
//     merges records, so counts and output do not depend on scheduling.
//
// Measured (go1.26.8, AMD EPYC, one core; README, eternity2 section), nodes
// per second: this engine 72 M/s on bench-hard and 76 M/s on the real
// puzzle with the centre clue (175 and 185 instructions a node); the
// programs -emit writes 108 M/s and 102 M/s (57.4 and 61.5 instructions a
// node; the public Rust generated-code engine: 54-66 M/s on bench-hard).
// bench-easy's whole tree in 64 parts: the largest 1.21x the average.
package main

import (
	"bytes"
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

// quote shows at most 60 bytes of a bad line.
func quote(s string) string {
	if len(s) > 60 {
		return strconv.Quote(s[:60]) + "..."
	}
	return strconv.Quote(s)
}

// readPuzzle reads JSON (when the text starts with '{') or plain text, and
// validates the result.
func readPuzzle(name string, data []byte) (*puzzle, error) {
	var p *puzzle
	var err error
	if t := bytes.TrimSpace(data); len(t) > 0 && t[0] == '{' {
		p, err = readJSON(name, data)
	} else {
		p, err = readText(name, data)
	}
	if err != nil {
		return nil, err
	}
	if p.name == "" {
		p.name = strings.TrimSuffix(filepath.Base(name), filepath.Ext(name))
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
}

type hintJSON struct {
	Pos   *int `json:"pos"`
	Piece *int `json:"piece"`
	Rot   *int `json:"rot"`
}

func readJSON(name string, data []byte) (*puzzle, error) {
	var raw boardJSON
	if err := json.Unmarshal(data, &raw); err != nil {
		return nil, bad("%s: broken JSON: %v", name, err)
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
//	bit 31 ........ 18 17 16 15 ..... 8 7 ...... 0
//	    [   piece     ][rot ][  down   ][  right  ]
const (
	pieceShift = 18
	rotShift   = 16
	downShift  = 8
	colourMask = 0xff
	sentinel   = ^uint32(0) // its piece, 0x3fff, is always "used"
	maxPieces  = 1<<(32-pieceShift) - 1
)

func pieceOf(c uint32) int { return int(c >> pieceShift) }
func rotOf(c uint32) int   { return int(c>>rotShift) & 3 }

// step describes the cell filled at one depth: where to read the up and left
// colours, where to write this cell's right and down colours, and which
// group of pools serves it. Edge slots: 0 is the frame (colour 0), cell i
// is slot i+1.
type step struct {
	aboveSlot, leftSlot, slot int32
	poolBase                  int32 // index of the (0, 0) pool of the cell's group
}

// engine holds everything the search reads.
type engine struct {
	p          *puzzle
	colours    int      // colours in use, 0..colours-1
	candidates []uint32 // every pool, each ending in the sentinel
	poolStart  []int32  // pool of (group, up, left) -> index into candidates
	steps      []step
	scoreAt    []int // score of the board after d placements
	maxScore   int
	hintRight  []uint8 // edge slots' initial colours (frame and hints)
	hintDown   []uint8
	hintsLegal bool // the hints break no rule among themselves
	hintUsed   []uint8
	hintAt     []*hint // by cell
}

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
func newEngine(p *puzzle) *engine {
	e := &engine{p: p, maxScore: 2*p.width*p.height - p.width - p.height}
	for _, piece := range p.pieces {
		for _, c := range piece {
			e.colours = max(e.colours, c+1)
		}
	}
	e.placeHints()
	base := e.judgeHints()
	groups := e.fillOrder(base)
	e.buildPools(groups)
	return e
}

// placeHints marks the hints' cells, pieces and edges.
func (e *engine) placeHints() {
	p := e.p
	n := p.width * p.height
	e.hintAt = make([]*hint, n)
	e.hintRight, e.hintDown = make([]uint8, n+1), make([]uint8, n+1)
	e.hintUsed = make([]uint8, len(p.pieces))
	for i := range p.hints {
		h := &p.hints[i]
		e.hintAt[h.Pos] = h
		r := rotated(p.pieces[h.Piece], h.Rot)
		e.hintRight[h.Pos+1], e.hintDown[h.Pos+1] = uint8(r[right]), uint8(r[down])
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

// fillOrder makes a step for each cell without a hint, in row-major order,
// with the score after it, and returns the groups the steps point at.
func (e *engine) fillOrder(base int) []group {
	W, H := e.p.width, e.p.height
	groupIndex := map[group]int{}
	var groups []group
	e.scoreAt = []int{base}
	for cell := 0; cell < W*H; cell++ {
		if e.hintAt[cell] != nil {
			continue
		}
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
		s := step{slot: int32(cell + 1), poolBase: int32(gi * e.colours * e.colours)}
		if r > 0 {
			s.aboveSlot = int32(cell - W + 1)
		}
		if c > 0 {
			s.leftSlot = int32(cell - 1 + 1)
		}
		e.steps = append(e.steps, s)
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
	e.poolStart = make([]int32, len(groups)*C*C)
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
				k := r[up]*C + r[left]
				if buckets[k] == nil {
					keys = append(keys, k)
				}
				buckets[k] = append(buckets[k], cand)
			}
		}
		slices.Sort(keys)
		for _, k := range keys {
			e.poolStart[gi*C*C+k] = int32(len(e.candidates))
			e.candidates = append(append(e.candidates, buckets[k]...), sentinel)
		}
	}
}

// ------------------------------------------------------------ the search

// searcher is one search's mutable state: the board, the position (depth d
// and the next pool position i there) and what it has counted. The best
// board seen is the first with the highest score: the score depends only
// on the depth, so a board can beat the best only when it is deeper than
// every board before it (recordDepth).
type searcher struct {
	e      *engine
	used   []uint8 // by piece; the sentinel's piece is always used
	right  []uint8 // by edge slot
	down   []uint8
	placed []uint32 // candidate at each depth
	next   []int32  // next pool position to try at each depth
	d      int      // depth: placements made
	i      int32    // next pool position to try at depth d
	floor  int      // run stops when depth floor's pool is exhausted

	nodes, solutions int64
	bestDepth        int      // depth of the best board, -1 before any node
	best             []uint32 // its placements
	bestUnit         int      // the unit it was found in
	recordDepth      int
	unit             int // the unit being searched
}

func newSearcher(e *engine) *searcher {
	s := &searcher{
		e:         e,
		used:      make([]uint8, maxPieces+1),
		right:     slices.Clone(e.hintRight),
		down:      slices.Clone(e.hintDown),
		placed:    make([]uint32, len(e.steps)+1),
		next:      make([]int32, len(e.steps)+1),
		bestDepth: -1,
		bestUnit:  -1,
	}
	copy(s.used, e.hintUsed)
	s.used[maxPieces] = 1
	return s
}

// place puts candidate c at depth d, the next candidate there being at i.
func (s *searcher) place(d int, c uint32, i int32) {
	st := &s.e.steps[d]
	s.used[pieceOf(c)] = 1
	s.right[st.slot], s.down[st.slot] = uint8(c), uint8(c>>downShift)
	s.placed[d], s.next[d] = c, i
}

// poolAt is where depth d's candidates start, given the board above it.
func (s *searcher) poolAt(d int) int32 {
	st := &s.e.steps[d]
	C := int32(s.e.colours)
	return s.e.poolStart[st.poolBase+int32(s.down[st.aboveSlot])*C+int32(s.right[st.leftSlot])]
}

// consider takes the board after d placements as the best when it is deeper
// than any before and scores higher than the best.
func (s *searcher) consider(d int) {
	if d > s.recordDepth {
		s.recordDepth = d
		if s.bestDepth < 0 || s.e.scoreAt[d] > s.e.scoreAt[s.bestDepth] {
			s.bestDepth, s.bestUnit = d, s.unit
			s.best = append(s.best[:0], s.placed[:d]...)
		}
	}
}

// Why run returned.
type stopReason int

const (
	exhausted stopReason = iota // the pool at depth floor is used up
	solved                      // a solution, in first-solution mode
	paused                      // limit nodes placed: run again to go on
)

// run continues the search from depth s.d, pool position s.i, until the
// pool at depth s.floor is exhausted, a solution is found (unless all), or
// limit nodes are placed. The state it leaves is a position run can take up
// again, or a checkpoint can save.
func (s *searcher) run(limit int64, all bool) stopReason {
	e := s.e
	steps, candidates, used, scoreAt := e.steps, e.candidates, s.used, e.scoreAt
	end, floor := len(steps), s.floor
	C := int32(e.colours)
	d, i := s.d, s.i
	recordDepth := s.recordDepth
	left := limit // nodes still to place; the count is limit - left
	var reason stopReason
	var st *step
	for {
		c := candidates[i]
		i++
		if used[c>>pieceShift] != 0 {
			if c != sentinel {
				continue
			}
			// Pool exhausted: take back the placement one level up.
			if d == floor {
				reason = exhausted
				break
			}
			d--
			used[s.placed[d]>>pieceShift] = 0
			i = s.next[d]
			continue
		}
		st = &steps[d]
		used[c>>pieceShift] = 1
		s.right[st.slot], s.down[st.slot] = uint8(c), uint8(c>>downShift)
		s.placed[d], s.next[d] = c, i
		d++
		left--
		if d > recordDepth {
			recordDepth = d
			if s.bestDepth < 0 || scoreAt[d] > scoreAt[s.bestDepth] {
				s.bestDepth, s.bestUnit = d, s.unit
				s.best = append(s.best[:0], s.placed[:d]...)
			}
		}
		if d == end {
			if e.hintsLegal {
				s.solutions++
				if !all {
					reason = solved
					break
				}
			}
			d--
			used[c>>pieceShift] = 0
		} else {
			st = &steps[d]
			i = e.poolStart[st.poolBase+int32(s.down[st.aboveSlot])*C+int32(s.right[st.leftSlot])]
		}
		if left == 0 {
			reason = paused
			break
		}
	}
	s.d, s.i, s.recordDepth = d, i, recordDepth
	s.nodes += limit - left
	return reason
}

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
// come out even on bench-easy (the largest of 64 parts 1.3x the average
// with -all), few enough to walk to at once.
const unitsPerPart = 64

// makePlan cuts the tree for K parts at the first depth with at least
// unitsPerPart*K nodes (or, in a tree without one, the depth with the most).
func makePlan(e *engine, parts int, all bool) plan {
	pl := plan{parts: parts, all: all, units: 1}
	if parts == 1 || len(e.steps) == 0 {
		return pl
	}
	target := int64(unitsPerPart) * int64(parts)
	bestDepth, bestCount := 1, int64(-1)
	for depth := 1; depth <= len(e.steps); depth++ {
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
	s := newSearcher(e)
	s.i = s.poolAt(0)
	var count int64
	s.walkAbove(depth, func(d int) walkStep {
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
// from the searcher's position, calling visit after each node (d: its
// depth, its placements in s.placed). It returns true when visit stops it,
// the searcher at depth d with the node placed, false when the tree is
// walked to its end.
func (s *searcher) walkAbove(limit int, visit func(d int) walkStep) bool {
	e := s.e
	d, i := s.d, s.i
	for {
		c := e.candidates[i]
		i++
		if s.used[pieceOf(c)] != 0 {
			if c != sentinel {
				continue
			}
			if d == 0 {
				s.d, s.i = 0, 0
				return false
			}
			d--
			s.used[pieceOf(s.placed[d])] = 0
			i = s.next[d]
			continue
		}
		s.place(d, c, i)
		switch visit(d + 1) {
		case stopHere:
			s.d = d + 1
			return true
		case descend:
			if d+1 < limit {
				d++
				i = s.poolAt(d)
				continue
			}
		}
		s.used[pieceOf(c)] = 0
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
// another part are counted there, not here. Its searcher holds the
// position: above the split while walking, below it in a subtree.
type part struct {
	index     int
	pl        plan
	s         *searcher
	roots     int  // roots passed so far: the next root is unit `roots`
	inSubtree bool // the searcher is in unit s.unit's subtree
	done      bool
	solved    bool  // without -all: it found its solution and stopped
	budget    int64 // nodes, 0 for none (one part only)
}

func newPart(e *engine, pl plan, index int, budget int64) *part {
	p := &part{index: index, pl: pl, s: newSearcher(e), budget: budget}
	if pl.split > 0 {
		p.s.i = p.s.poolAt(0)
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

// enterSubtree sets the searcher at the first candidate below the root.
func (p *part) enterSubtree() {
	s := p.s
	s.d, s.floor = p.pl.split, p.pl.split
	if s.d < len(s.e.steps) {
		s.i = s.poolAt(s.d)
		return
	}
	// The root is a whole board: its subtree is itself, a solution when
	// the hints are legal.
	s.i = 0 // the shared sentinel: nothing below
	if s.e.hintsLegal {
		s.solutions++
		if !p.pl.all {
			p.solved, p.done = true, true
		}
	}
}

// sliceNodes is how many nodes run places between looks at the clock, the
// signals and the other parts: about 10-20 ms.
const sliceNodes = 1 << 20

// advance searches on for about limit nodes (a few more when it walks
// from one subtree to the next), or until the part is done.
func (p *part) advance(limit int64) {
	s := p.s
	stopAt := s.nodes + limit
	for !p.done {
		if p.inSubtree {
			n := stopAt - s.nodes
			if n <= 0 {
				return
			}
			if p.budget > 0 {
				n = min(n, p.budget-s.nodes)
			}
			switch s.run(n, p.pl.all) {
			case paused:
				if p.budget > 0 && s.nodes == p.budget {
					p.done = true
				}
				return
			case solved:
				p.solved, p.done = true, true
				return
			}
			p.inSubtree = false
			if p.pl.split == 0 {
				p.done = true
				return
			}
			// Back above the split: take back the root.
			s.d = p.pl.split - 1
			s.used[pieceOf(s.placed[s.d])] = 0
			s.i = s.next[s.d]
		}
		p.walkToRoot()
	}
}

// walkToRoot walks above the split from the searcher's position to the
// next root of this part, and enters its subtree, or to the end of the
// tree. The nodes it passes belong to the unit of the next root; they are
// counted (nodes, best board) tentatively, and kept if that unit is this
// part's.
func (p *part) walkToRoot() {
	s, split := p.s, p.pl.split
	kept := struct {
		recordDepth, bestDepth, bestUnit int
		best                             []uint32
	}{s.recordDepth, s.bestDepth, s.bestUnit, slices.Clone(s.best)}
	pending := int64(0)
	settle := func(unit int) {
		if p.pl.owner(unit) == p.index {
			s.nodes += pending
		} else {
			s.recordDepth, s.bestDepth, s.bestUnit = kept.recordDepth, kept.bestDepth, kept.bestUnit
			s.best = append(s.best[:0], kept.best...)
		}
		pending = 0
	}
	rootFound := s.walkAbove(split, func(d int) walkStep {
		pending++
		s.unit = p.roots
		s.consider(d)
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
		settle(p.pl.units)
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

// record is the part's result so far.
func (p *part) record() record {
	s, e := p.s, p.s.e
	depth := max(s.bestDepth, 0)
	return record{
		part: p.index, parts: p.pl.parts, header: e.p.header(), check: e.p.fingerprint(),
		all: p.pl.all, units: p.pl.units, nodes: s.nodes, solutions: s.solutions,
		score: e.scoreAt[depth], maxScore: e.maxScore, bestUnit: s.bestUnit,
		url: e.viewerURL(s.best[:depth]), rows: e.boardRows(s.best[:depth]),
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
		cells[e.steps[d].slot-1] = fmt.Sprintf("%d/%d", pieceOf(c), rotOf(c))
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

// parseRecord reads one record; name names it in errors.
func parseRecord(name string, data []byte) (record, error) {
	var r record
	lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	at := func(i int) string {
		if i < len(lines) {
			return lines[i]
		}
		return ""
	}
	fail := func(i int, want string) (record, error) {
		return record{}, bad("%s line %d: expected %s, got %s", name, i+1, want, quote(at(i)))
	}
	if _, err := fmt.Sscanf(at(0), "eternity2 part %d of %d", &r.part, &r.parts); err != nil ||
		at(0) != fmt.Sprintf("eternity2 part %d of %d", r.part, r.parts) || r.parts < 1 || r.part < 0 || r.part >= r.parts {
		return fail(0, `"eternity2 part I of K" (0 <= I < K)`)
	}
	r.header = at(1)
	var width, height, pieces, hints int
	var boardName string
	if _, err := fmt.Sscanf(r.header, "board %s %dx%d pieces %d hints %d", &boardName, &width, &height, &pieces, &hints); err != nil ||
		width < 1 || height < 1 || width > maxSide || height > maxSide {
		return fail(1, `"board NAME WxH pieces P hints H"`)
	}
	if c, ok := strings.CutPrefix(at(2), "check "); ok && len(c) == 16 {
		r.check = c
	} else {
		return fail(2, `"check" and 16 hex digits`)
	}
	switch at(3) {
	case "mode all":
		r.all = true
	case "mode first":
	default:
		return fail(3, `"mode all" or "mode first"`)
	}
	numbers := []struct {
		key string
		v   *int64
	}{{"units", nil}, {"nodes", &r.nodes}, {"solutions", &r.solutions}}
	for k, f := range numbers {
		v, ok := strings.CutPrefix(at(4+k), f.key+" ")
		n, err := strconv.ParseInt(v, 10, 64)
		if !ok || err != nil || n < 0 {
			return fail(4+k, fmt.Sprintf("%q and a count", f.key))
		}
		if f.v != nil {
			*f.v = n
		} else if n > 1<<40 {
			return fail(4+k, fmt.Sprintf("%q and a count", f.key))
		} else {
			r.units = int(n)
		}
	}
	var unit string
	if _, err := fmt.Sscanf(at(7), "best %d/%d unit %s", &r.score, &r.maxScore, &unit); err != nil ||
		at(7) != fmt.Sprintf("best %d/%d unit %s", r.score, r.maxScore, unit) {
		return fail(7, `"best B/MAX unit U"`)
	}
	r.bestUnit = -1
	if unit != "-" {
		u, err := strconv.Atoi(unit)
		if err != nil || u < 0 || u > r.units {
			return fail(7, `"best B/MAX unit U" with U a unit or -`)
		}
		r.bestUnit = u
	}
	link, ok := strings.CutPrefix(at(8), "url ")
	if !ok {
		return fail(8, `"url" and a link or -`)
	}
	if link != "-" {
		r.url = link
	}
	r.rows = lines[min(9, len(lines)):]
	if len(r.rows) != height {
		return record{}, bad("%s: %d board lines, expected %d", name, len(r.rows), height)
	}
	for i, row := range r.rows {
		if len(strings.Fields(row)) != width {
			return fail(9+i, fmt.Sprintf("a board line of %d cells", width))
		}
	}
	return r, nil
}

// merge combines the records of one search's parts into the single run's:
// counts added, the best board the highest-scoring, the first unit's on a
// tie. Without -all the parts are taken in order up to the first with a
// solution, and only those are needed.
func merge(records []record) (record, error) {
	if len(records) == 0 {
		return record{}, bad("-merge: no records")
	}
	first := records[0]
	byPart := make([]*record, first.parts)
	for i := range records {
		r := &records[i]
		switch {
		case r.header != first.header || r.check != first.check:
			return record{}, bad("-merge: part %d is of another board (%s, check %s) than part %d (%s, check %s)", r.part, r.header, r.check, first.part, first.header, first.check)
		case r.all != first.all:
			return record{}, bad("-merge: part %d is of mode %s, part %d of mode %s", r.part, r.mode(), first.part, first.mode())
		case r.parts != first.parts || r.units != first.units:
			return record{}, bad("-merge: part %d is one of %d parts (%d units), part %d one of %d (%d units)", r.part, r.parts, r.units, first.part, first.parts, first.units)
		case byPart[r.part] != nil:
			return record{}, bad("-merge: part %d given twice", r.part)
		}
		byPart[r.part] = r
	}
	total := record{header: first.header, check: first.check, all: first.all, parts: 1, units: first.units, bestUnit: -1}
	total.score, total.maxScore, total.rows, total.url = first.score, first.maxScore, first.rows, first.url
	for i, r := range byPart {
		if r == nil {
			return record{}, bad("-merge: part %d of %d is missing", i, first.parts)
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
	return total, nil
}

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
		cells[e.steps[d].slot-1] = cellView{pieceOf(c) + 1, rotated(p.pieces[pieceOf(c)], rotOf(c))}
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
	return fmt.Sprintf("https://e2.bucas.name/#puzzle=%s&board_w=%d&board_h=%d&board_edges=%s&board_pieces=%s",
		url.QueryEscape(p.name), p.width, p.height, edges.String(), pieces.String())
}

// ------------------------------------------------------------ checkpoints

const checkpointFormat = "eternity2 checkpoint 1"

// checkpoint is a saved search: the board, how it is cut and searched, and
// each part's position and counts.
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
	s := p.s
	return partState{
		Part: p.index, Roots: p.roots, InSubtree: p.inSubtree, Done: p.done, Solved: p.solved,
		Depth: s.d, Pos: s.i, Placed: slices.Clone(s.placed[:s.d]), Pools: slices.Clone(s.next[:s.d]),
		Unit: s.unit, Nodes: s.nodes, Solutions: s.solutions, BestDepth: s.bestDepth,
		Best: slices.Clone(s.best), BestUnit: s.bestUnit, Record: s.recordDepth,
	}
}

// restorePart rebuilds a part from its state, checking every placement
// against the board: a checkpoint that does not describe a position of
// this search is refused.
func restorePart(e *engine, pl plan, st partState, budget int64) (*part, error) {
	corrupt := func(what string) (*part, error) {
		return nil, fmt.Errorf("part %d: %s", st.Part, what)
	}
	end := len(e.steps)
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
	}
	if !replayable(e, st.Best) {
		return corrupt("the best board is not one of the search's")
	}
	p := newPart(e, pl, st.Part, budget)
	p.s = newSearcher(e)
	p.roots, p.inSubtree, p.done, p.solved = st.Roots, st.InSubtree, st.Done, st.Solved
	s := p.s
	s.unit, s.nodes, s.solutions = st.Unit, st.Nodes, st.Solutions
	s.bestDepth, s.best, s.bestUnit, s.recordDepth = st.BestDepth, st.Best, st.BestUnit, st.Record
	if p.done {
		return p, nil
	}
	if st.InSubtree != (st.Depth >= pl.split) || !st.InSubtree && (st.Depth != 0 || st.Roots != 0) {
		return corrupt("position neither above the split at the start nor in a subtree")
	}
	for d := 0; d < st.Depth; d++ {
		at := st.Pools[d] - 1
		if !inPool(e, s.poolAt(d), at) || e.candidates[at] != st.Placed[d] || s.used[pieceOf(st.Placed[d])] != 0 {
			return corrupt(fmt.Sprintf("depth %d: the placement is not in its pool", d))
		}
		s.place(d, st.Placed[d], st.Pools[d])
	}
	s.d, s.i = st.Depth, st.Pos
	if st.InSubtree {
		s.floor = pl.split
	}
	switch {
	case !st.InSubtree && s.i != s.poolAt(0),
		st.InSubtree && s.d < end && !inPool(e, s.poolAt(s.d), s.i),
		s.d == end && s.i != 0:
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
	s := newSearcher(e)
	for d, c := range placed {
		if d >= len(e.steps) || s.used[pieceOf(c)] != 0 || c == sentinel {
			return false
		}
		at := s.poolAt(d)
		for e.candidates[at] != sentinel && e.candidates[at] != c {
			at++
		}
		if e.candidates[at] != c {
			return false
		}
		s.place(d, c, at+1)
	}
	return true
}

// saveCheckpoint writes the checkpoint next to file, then renames it over
// file, so that file always holds a whole checkpoint. crash, for tests,
// stops between the two, as a kill would.
func saveCheckpoint(file string, c *checkpoint, crash bool) error {
	data, err := json.Marshal(c)
	if err != nil {
		return err
	}
	tmp := file + ".tmp"
	f, err := os.Create(tmp)
	if err != nil {
		return err
	}
	if _, err := f.Write(append(data, '\n')); err != nil {
		f.Close()
		return err
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	if crash {
		return errCrash
	}
	return os.Rename(tmp, file)
}

// errCrash is a test's kill -9.
var errCrash = errors.New("crashed (a test's kill)")

// loadCheckpoint reads and checks a checkpoint: its format, its board and
// every part's position.
func loadCheckpoint(file string) (*checkpoint, *engine, plan, []*part, error) {
	fail := func(format string, args ...any) (*checkpoint, *engine, plan, []*part, error) {
		return nil, nil, plan{}, nil, bad("checkpoint %s: "+format, append([]any{file}, args...)...)
	}
	data, err := os.ReadFile(file)
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
	raw, _ := json.Marshal(c.Board)
	p, err := readJSON(file, raw)
	if err == nil {
		if p.name == "" {
			err = bad("no board name")
		} else {
			err = p.validate(file)
		}
	}
	if err != nil {
		return fail("corrupt board: %v", err)
	}
	if p.fingerprint() != c.Check {
		return fail("corrupt: the board does not match its check %s", quote(c.Check))
	}
	if c.Parts < 1 || c.Parts > maxParts || c.Budget < 0 || c.Budget > 0 && c.Parts != 1 {
		return fail("corrupt: %d parts, budget %d", c.Parts, c.Budget)
	}
	e := newEngine(p)
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

// ------------------------------------------------------------- a search

// maxParts is the most parts a search is cut into.
const maxParts = 1 << 16

// search is one run of the program: the parts it searches (every part of
// a whole run, one with -part), and where it saves them.
type search struct {
	e      *engine
	pl     plan
	budget int64
	parts  []*part
	whole  bool // the parts are every part: print the output, not a record

	checkpointFile string
	every          time.Duration
	slice          int64 // nodes between looks at the clock (0: sliceNodes)
	// Tests' kill -9: stop, saving nothing more, once this many nodes are
	// placed (0: never), or between writing a checkpoint and renaming it.
	crashAfter   int64
	crashInWrite bool
}

// newSearch starts a search of K parts, of which it runs the given ones.
func newSearch(e *engine, parts int, all bool, budget int64, indices []int) *search {
	pl := makePlan(e, parts, all)
	sr := &search{e: e, pl: pl, budget: budget, whole: len(indices) == parts}
	for _, k := range indices {
		sr.parts = append(sr.parts, newPart(e, pl, k, budget))
	}
	return sr
}

// errStopped: a signal stopped the search, after saving it.
type errStopped struct{ sig syscall.Signal }

func (e errStopped) Error() string { return "stopped by " + e.sig.String() }

// run searches every part to its end on its own goroutine, saving them
// every sr.every and when a signal comes. Without -all, a part that finds
// its solution stops the parts after it: they cannot matter.
func (sr *search) run() error {
	var (
		mu        sync.Mutex
		changed   = sync.NewCond(&mu)
		states    = make([]partState, len(sr.parts))
		savedGen  = make([]int, len(sr.parts)) // the last save request each part answered
		gen       int                          // save requests made
		running   = len(sr.parts)
		stop      atomic.Bool // a signal: save and stop
		cancelled = make([]atomic.Bool, len(sr.parts))
		placed    atomic.Int64 // nodes placed in this process, for crashAfter
		crashed   atomic.Bool
	)
	for k, p := range sr.parts {
		states[k] = p.state()
		go func() {
			for !p.done && !stop.Load() && !cancelled[k].Load() && !crashed.Load() {
				limit := int64(sliceNodes)
				if sr.slice > 0 {
					limit = sr.slice
				}
				if sr.crashAfter > 0 {
					limit = min(limit, max(1, sr.crashAfter-placed.Load()))
				}
				before := p.s.nodes
				p.advance(limit)
				if n := placed.Add(p.s.nodes - before); sr.crashAfter > 0 && n >= sr.crashAfter {
					crashed.Store(true)
					break
				}
				mu.Lock()
				if savedGen[k] < gen {
					states[k], savedGen[k] = p.state(), gen
					changed.Broadcast()
				}
				mu.Unlock()
			}
			if cancelled[k].Load() {
				p.done = true
			}
			mu.Lock()
			if !crashed.Load() {
				states[k] = p.state()
			}
			savedGen[k] = 1 << 62
			running--
			if p.solved && !sr.pl.all {
				for j, q := range sr.parts {
					if q.index > p.index {
						cancelled[j].Store(true)
					}
				}
			}
			changed.Broadcast()
			mu.Unlock()
		}()
	}
	signals := make(chan os.Signal, 1)
	if sr.checkpointFile != "" {
		signal.Notify(signals, syscall.SIGINT, syscall.SIGTERM)
		defer signal.Stop(signals)
	}
	every := sr.every
	if every <= 0 {
		every = time.Hour
	}
	ticker := time.NewTicker(every)
	defer ticker.Stop()
	done := make(chan struct{})
	go func() {
		mu.Lock()
		for running > 0 {
			changed.Wait()
		}
		mu.Unlock()
		close(done)
	}()
	// save asks every running part for its state and writes them.
	save := func() error {
		mu.Lock()
		gen++
		for {
			answered := true
			for k := range sr.parts {
				answered = answered && savedGen[k] >= gen
			}
			if answered || crashed.Load() {
				break
			}
			changed.Wait()
		}
		c := sr.checkpoint(slices.Clone(states))
		mu.Unlock()
		if crashed.Load() {
			return errCrash
		}
		return saveCheckpoint(sr.checkpointFile, c, sr.crashInWrite)
	}
	for {
		select {
		case <-done:
			if crashed.Load() {
				return errCrash
			}
			if sr.checkpointFile != "" {
				if err := saveCheckpoint(sr.checkpointFile, sr.checkpoint(states), sr.crashInWrite); err != nil {
					return err
				}
			}
			return nil
		case <-ticker.C:
			if sr.checkpointFile != "" {
				if err := save(); err != nil {
					stop.Store(true)
					<-done
					return err
				}
			}
		case sig := <-signals:
			stop.Store(true)
			<-done
			if err := saveCheckpoint(sr.checkpointFile, sr.checkpoint(states), sr.crashInWrite); err != nil {
				return err
			}
			return errStopped{sig.(syscall.Signal)}
		}
	}
}

func (sr *search) checkpoint(states []partState) *checkpoint {
	p := sr.e.p
	return &checkpoint{
		Format: checkpointFormat, Check: p.fingerprint(), Board: p.toJSON(), All: sr.pl.all, Budget: sr.budget,
		Parts: sr.pl.parts, Split: sr.pl.split, Units: sr.pl.units, Whole: sr.whole, Runs: states,
	}
}

// result is the run's output: the merged records of a whole run, or the
// record of its one part.
func (sr *search) result() (record, error) {
	var records []record
	for _, p := range sr.parts {
		records = append(records, p.record())
	}
	if !sr.whole {
		return records[0], nil
	}
	return merge(records)
}

// ------------------------------------------------------------ the program

const usage = `usage: eternity2 [-all] [-nodes N] [-v] [-url] [BOARD]
       eternity2 [-all] -parts K -part I [-v] [BOARD]     one work unit: prints its record
       eternity2 -merge [-v] [-url] [RECORD...]            the records of every unit: prints the run's output
       eternity2 [...] -checkpoint FILE [-every DUR] [BOARD]
       eternity2 -resume FILE [-checkpoint FILE] [-every DUR] [-v] [-url]
       eternity2 -emit [BOARD]                              a Go program for BOARD (it takes -all, -nodes, -v)
BOARD: a JSON or text board file, or - or nothing for stdin. Default: stop at
the first solution; -all: the whole tree; -nodes N: stop after N nodes; -v:
time and rate on stderr; -url: a viewer link to the best board on stderr.
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

func parseArgs(args []string) (options, error) {
	var o options
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
		return o, bad("%v (eternity2 -h for the usage)", err)
	}
	o.args = fs.Args()
	given := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { given[f.Name] = true })
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
		return o, bad("-nodes %d: expected a budget of at least 1 node (leave -nodes out for none)", o.budget)
	case given["every"] && o.every <= 0:
		return o, bad("-every %v: expected a positive duration such as 30s or 5m", o.every)
	case given["every"] && o.checkpoint == "":
		return o, bad("-every: expected -checkpoint FILE with it")
	case o.emit && others("emit") != "":
		return o, bad("-emit writes a program for BOARD and takes no %s: give -all, -nodes and -v to that program", others("emit"))
	case o.merge && others("merge", "v", "url") != "":
		return o, bad("-merge takes the records and -v or -url, not %s", others("merge", "v", "url"))
	case o.resume != "" && others("resume", "checkpoint", "every", "v", "url") != "":
		return o, bad("-resume takes the board, mode and budget from the checkpoint, not %s", others("resume", "checkpoint", "every", "v", "url"))
	case o.resume != "" && len(o.args) > 0:
		return o, bad("-resume takes the board from the checkpoint, not %s", quote(o.args[0]))
	case given["parts"] != given["part"]:
		return o, bad("-parts K and -part I go together")
	case given["parts"] && (o.parts < 1 || o.parts > maxParts):
		return o, bad("-parts %d: expected 1 to %d", o.parts, maxParts)
	case given["parts"] && (o.part < 0 || o.part >= o.parts):
		return o, bad("-part %d: expected 0 to %d (-parts %d)", o.part, o.parts-1, o.parts)
	case given["parts"] && given["nodes"]:
		return o, bad("-nodes cuts one whole search at a node; run the parts without it")
	case given["parts"] && o.url:
		return o, bad("-url shows the merged best board: give it to -merge")
	case !o.merge && len(o.args) > 1:
		return o, bad("expected one BOARD, got %d", len(o.args))
	}
	return o, nil
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
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

// program runs the options: emit, merge, resume or search.
func program(o options, stdin io.Reader, stdout, stderr io.Writer) error {
	start := time.Now()
	if o.merge {
		return mergeFiles(o, stdin, stdout, stderr, start)
	}
	var sr *search
	if o.resume != "" {
		c, e, pl, parts, err := loadCheckpoint(o.resume)
		if err != nil {
			return err
		}
		sr = &search{e: e, pl: pl, budget: c.Budget, parts: parts, whole: c.Whole}
	} else {
		name, data, err := readInput(o.args, stdin)
		if err != nil {
			return err
		}
		p, err := readPuzzle(name, data)
		if err != nil {
			return err
		}
		e := newEngine(p)
		if o.emit {
			return emitProgram(e, stdout)
		}
		parts, indices := o.parts, []int{o.part}
		if parts == 0 {
			// A whole run: a part a core, merged here as -merge would.
			parts = runtime.GOMAXPROCS(0)
			if o.budget > 0 {
				parts = 1 // a budget cuts the search at one node
			}
			indices = nil
			for k := range parts {
				indices = append(indices, k)
			}
		}
		sr = newSearch(e, parts, o.all, o.budget, indices)
	}
	sr.checkpointFile, sr.every = o.checkpoint, o.every
	if err := sr.run(); err != nil {
		if errors.As(err, new(errStopped)) {
			return fmt.Errorf("%w; resume with -resume %s", err, sr.checkpointFile)
		}
		return err
	}
	res, err := sr.result()
	if err != nil {
		return err
	}
	if !sr.whole {
		if err := res.write(stdout); err != nil {
			return err
		}
	} else if _, err := stdout.Write(res.output()); err != nil {
		return err
	}
	report(o, res, stderr, start)
	return nil
}

// report writes -v's figures and -url's link on stderr.
func report(o options, res record, stderr io.Writer, start time.Time) {
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
}

// mergeFiles merges the records in the files (or on stdin) and prints the
// run's output.
func mergeFiles(o options, stdin io.Reader, stdout, stderr io.Writer, start time.Time) error {
	var records []record
	add := func(name string, data []byte) error {
		text := string(data)
		starts := []int{}
		for i := 0; i < len(text); {
			if strings.HasPrefix(text[i:], "eternity2 part ") {
				starts = append(starts, i)
			}
			nl := strings.IndexByte(text[i:], '\n')
			if nl < 0 {
				break
			}
			i += nl + 1
		}
		if len(starts) == 0 || starts[0] != 0 {
			return bad("%s: expected records starting \"eternity2 part I of K\"", name)
		}
		for k, from := range starts {
			to := len(text)
			if k+1 < len(starts) {
				to = starts[k+1]
			}
			r, err := parseRecord(name, []byte(text[from:to]))
			if err != nil {
				return err
			}
			records = append(records, r)
		}
		return nil
	}
	if len(o.args) == 0 {
		data, err := io.ReadAll(io.LimitReader(stdin, maxBoard*4))
		if err != nil {
			return err
		}
		if err := add("stdin", data); err != nil {
			return err
		}
	}
	for _, name := range o.args {
		data, err := os.ReadFile(name)
		if err != nil {
			return bad("%v", err)
		}
		if err := add(name, data); err != nil {
			return err
		}
	}
	res, err := merge(records)
	if err != nil {
		return err
	}
	if _, err := stdout.Write(res.output()); err != nil {
		return err
	}
	report(o, res, stderr, start)
	return nil
}

func readInput(args []string, stdin io.Reader) (string, []byte, error) {
	if len(args) == 0 || args[0] == "-" {
		data, err := io.ReadAll(io.LimitReader(stdin, maxBoard+1))
		if err == nil && len(data) > maxBoard {
			err = bad("stdin: larger than %d MiB", maxBoard>>20)
		}
		return "stdin", data, err
	}
	f, err := os.Open(args[0])
	if err != nil {
		return args[0], nil, bad("%v", err)
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, maxBoard+1))
	if err == nil && len(data) > maxBoard {
		err = bad("%s: larger than %d MiB", args[0], maxBoard>>20)
	}
	return args[0], data, err
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

// emitData is what the template fills in.
type emitData struct {
	Name, Header                               string
	Width, Height, Cells                       int
	MaxScore, Colours                          int
	HintsLegal                                 bool
	CandidateRows                              []string // the candidates, a dozen a line
	SmallCandidates                            bool     // at most 1<<16: indexed by a uint16, no bounds check
	PoolLen                                    int
	PoolEntries                                []poolEntry
	ScoreAt, CellOf, HintPieces                []int
	Hints                                      []hintLabel
	Depths                                     []depthCode
	MaxPieces, PieceShift, RotShift, DownShift int
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
	data := emitData{
		Name: p.name, Header: p.header(), Width: p.width, Height: p.height, Cells: p.width * p.height,
		MaxScore: e.maxScore, Colours: e.colours, HintsLegal: e.hintsLegal, ScoreAt: e.scoreAt,
		SmallCandidates: len(e.candidates) <= 1<<16, PoolLen: len(e.poolStart),
		MaxPieces: maxPieces, PieceShift: pieceShift, RotShift: rotShift, DownShift: downShift,
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
			data.PoolEntries = append(data.PoolEntries, poolEntry{int32(k), start})
		}
	}
	depthOf := make([]int, data.Cells) // the depth a cell without a hint is filled at
	for d, st := range e.steps {
		depthOf[st.slot-1] = d
		data.CellOf = append(data.CellOf, int(st.slot-1))
	}
	for _, h := range p.hints {
		data.Hints = append(data.Hints, hintLabel{h.Pos, fmt.Sprintf("%d/%d", h.Piece, h.Rot)})
		data.HintPieces = append(data.HintPieces, h.Piece)
	}
	for d, st := range e.steps {
		cell := int(st.slot - 1)
		r, col := cell/p.width, cell%p.width
		code := depthCode{D: d, Prev: d - 1, Next: d + 1, PoolBase: int(st.poolBase), Up: "0", Left: "0", Last: d == len(e.steps)-1}
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
		data.Depths = append(data.Depths, code)
	}
	return data
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

const sentinel = ^uint32(0)

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
	i = poolStart[{{.PoolBase}}+({{.Up}})*{{$.Colours}}+({{.Left}})]
l{{.D}}:
	c = {{if $.SmallCandidates}}candidates[uint16(i)]{{else}}candidates[i]{{end}}
	i++
	if used[c>>{{$.PieceShift}}] != 0 {
		if c == sentinel {
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
	depth := max(res.bestDepth, 0)
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
