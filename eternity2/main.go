// Eternity2: an edge-matching backtracker in a fixed fill order, judged in
// placements per second.
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
// Usage: eternity2 [-all] [-nodes N] [-v] [-emit] [BOARD]
//
//	BOARD     a board file, or - or nothing for stdin
//	-all      search the whole tree and count every solution (default: stop
//	          at the first solution)
//	-nodes N  stop after N nodes: a deterministic budget
//	-v        elapsed time and nodes per second on stderr
//	-emit     print, instead of searching, a Go program specialised to BOARD
//	          that takes the same flags (but no BOARD) and prints the same output
//
// Output, exactly: "board NAME WxH pieces P hints K", "nodes N",
// "solutions S", "best B/MAX" where best is the highest-scoring board seen
// (the first in search order on a tie), then that board as H lines of W
// cells separated by single spaces, each "piece/rotation" or "-" when empty.
//
// Input: the JSON format ({"name", "width", "height", "pieces": [[U,R,D,L],
// ...], "hints": [{"pos", "piece", "rot"}]}, pos = row*width + col), or plain
// text: an optional "name NAME" line, a "W H" line (which may be left out for
// a square board), one "U R D L" line a piece, then optional "hint POS PIECE
// ROT" lines; '#' starts a comment. A malformed file gets one line on stderr
// naming the problem and exit status 2.
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
//  3. The search is one loop over a stack of pool positions, not recursion.
//  4. Every placement is legal, so the score depends only on the depth: the
//     loop compares the depth with a record and copies the board only when
//     the score improves.
//  5. -all splits the tree at a shallow depth over every core and merges the
//     subtrees in order, so counts and output do not depend on scheduling.
//
// Measured (go1.26.8, AMD EPYC, one core; README, eternity2 section), nodes
// per second over 300 M nodes: this engine 50 M/s on bench-hard and on the
// real puzzle with the centre clue; the programs -emit writes 108 M/s and
// 102 M/s (the public Rust generated-code engine: 54-66 M/s on bench-hard).
package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"go/format"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
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

const maxColour = 255

// inputError is bad input: one line for stderr, exit status 2.
type inputError struct{ msg string }

func (e *inputError) Error() string { return e.msg }

func bad(format string, args ...any) error { return &inputError{fmt.Sprintf(format, args...)} }

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

func readJSON(name string, data []byte) (*puzzle, error) {
	var raw struct {
		Name   *string           `json:"name"`
		ID     *string           `json:"id"`
		Width  *int              `json:"width"`
		Height *int              `json:"height"`
		Pieces []json.RawMessage `json:"pieces"`
		Hints  []hint            `json:"hints"`
	}
	if err := json.Unmarshal(data, &raw); err != nil {
		return nil, bad("%s: broken JSON: %v", name, err)
	}
	if raw.Width == nil || raw.Height == nil {
		return nil, bad("%s: expected \"width\" and \"height\"", name)
	}
	p := &puzzle{width: *raw.Width, height: *raw.Height, hints: raw.Hints}
	switch {
	case raw.Name != nil:
		p.name = *raw.Name
	case raw.ID != nil:
		p.name = *raw.ID
	}
	for i, r := range raw.Pieces {
		var e []int
		if err := json.Unmarshal(r, &e); err != nil || len(e) != 4 {
			return nil, bad("%s: piece %d: expected four integer colours [U,R,D,L], got %s", name, i, r)
		}
		p.pieces = append(p.pieces, [4]int{e[0], e[1], e[2], e[3]})
	}
	return p, nil
}

func readText(name string, data []byte) (*puzzle, error) {
	p := &puzzle{width: -1}
	sc := bufio.NewScanner(bytes.NewReader(data))
	for line := 1; sc.Scan(); line++ {
		text, _, _ := strings.Cut(sc.Text(), "#")
		f := strings.Fields(text)
		where := fmt.Sprintf("%s line %d", name, line)
		switch {
		case len(f) == 0:
		case f[0] == "name" && len(f) == 2:
			p.name = f[1]
		case f[0] == "hint":
			n, err := ints(f[1:])
			if err != nil || len(n) != 3 {
				return nil, bad("%s: expected \"hint POS PIECE ROT\", got %q", where, sc.Text())
			}
			p.hints = append(p.hints, hint{n[0], n[1], n[2]})
		case len(f) == 2 && p.width < 0 && len(p.pieces) == 0:
			n, err := ints(f)
			if err != nil {
				return nil, bad("%s: expected \"W H\", got %q", where, sc.Text())
			}
			p.width, p.height = n[0], n[1]
		case len(f) == 4:
			n, err := ints(f)
			if err != nil {
				return nil, bad("%s: expected four integer colours \"U R D L\", got %q", where, sc.Text())
			}
			if len(p.hints) > 0 {
				return nil, bad("%s: a piece after the hints; pieces come first", where)
			}
			p.pieces = append(p.pieces, [4]int{n[0], n[1], n[2], n[3]})
		default:
			return nil, bad("%s: expected \"W H\", \"U R D L\", \"hint POS PIECE ROT\" or \"name NAME\", got %q", where, sc.Text())
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
	if p.width < 1 || p.height < 1 || p.width > 64 || p.height > 64 {
		return bad("%s: board %dx%d: expected a width and height from 1 to 64", name, p.width, p.height)
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

// A candidate is one word: piece<<18 | rotation<<16 | down<<8 | right.
const (
	pieceShift = 18
	rotShift   = 16
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

func newEngine(p *puzzle) *engine {
	e := &engine{p: p}
	W, H := p.width, p.height
	n := W * H
	for _, piece := range p.pieces {
		for _, c := range piece {
			e.colours = max(e.colours, c+1)
		}
	}
	hintAt := make([]*hint, n)
	for i := range p.hints {
		hintAt[p.hints[i].Pos] = &p.hints[i]
	}
	// Edge slots hold the frame and the hints from the start.
	e.hintRight, e.hintDown = make([]uint8, n+1), make([]uint8, n+1)
	e.hintUsed = make([]uint8, len(p.pieces))
	hintEdges := func(cell int) [4]int {
		h := hintAt[cell]
		return rotated(p.pieces[h.Piece], h.Rot)
	}
	for _, h := range p.hints {
		r := rotated(p.pieces[h.Piece], h.Rot)
		e.hintRight[h.Pos+1], e.hintDown[h.Pos+1] = uint8(r[right]), uint8(r[down])
		e.hintUsed[h.Piece] = 1
	}
	// The hints among themselves, and the base score.
	e.hintsLegal = true
	base := 0
	for _, h := range p.hints {
		r, c := h.Pos/W, h.Pos%W
		edges := hintEdges(h.Pos)
		frame := [4]bool{r == 0, c == W-1, r == H-1, c == 0}
		for dir := 0; dir < 4; dir++ {
			if frame[dir] != (edges[dir] == 0) {
				if frame[dir] || edges[dir] == 0 && neighbourIsHint(hintAt, W, H, r, c, dir) {
					e.hintsLegal = false
				}
			}
		}
		if c+1 < W && hintAt[h.Pos+1] != nil {
			if edges[right] == hintEdges(h.Pos + 1)[left] {
				base++
			} else {
				e.hintsLegal = false
			}
		}
		if r+1 < H && hintAt[h.Pos+W] != nil {
			if edges[down] == hintEdges(h.Pos + W)[up] {
				base++
			} else {
				e.hintsLegal = false
			}
		}
	}
	e.maxScore = 2*W*H - W - H
	e.scoreAt = []int{base}

	// Groups of cells and their pools.
	groupIndex := map[group]int{}
	var groups []group
	for cell := 0; cell < n; cell++ {
		if hintAt[cell] != nil {
			continue
		}
		r, c := cell/W, cell%W
		g := group{upFrame: r == 0, leftFrame: c == 0}
		g.right = edgeConstraint(c == W-1, cell+1, hintAt, left, hintEdges)
		g.down = edgeConstraint(r == H-1, cell+W, hintAt, up, hintEdges)
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
		if c+1 < W && hintAt[cell+1] != nil {
			gain++
		}
		if r+1 < H && hintAt[cell+W] != nil {
			gain++
		}
		e.scoreAt = append(e.scoreAt, e.scoreAt[len(e.scoreAt)-1]+gain)
	}
	e.buildPools(groups)
	return e
}

func neighbourIsHint(hintAt []*hint, W, H, r, c, dir int) bool {
	switch dir {
	case up:
		return r > 0 && hintAt[(r-1)*W+c] != nil
	case right:
		return c+1 < W && hintAt[r*W+c+1] != nil
	case down:
		return r+1 < H && hintAt[(r+1)*W+c] != nil
	}
	return c > 0 && hintAt[r*W+c-1] != nil
}

// edgeConstraint: an edge on the frame must be 0; facing a hint it must be
// the hint's colour on the facing side; else any colour but 0.
func edgeConstraint(onFrame bool, neighbour int, hintAt []*hint, facing int, hintEdges func(int) [4]int) constraint {
	switch {
	case onFrame:
		return constraint{kind: mustBeFrame}
	case hintAt[neighbour] != nil:
		return constraint{kind: exactColour, colour: hintEdges(neighbour)[facing]}
	}
	return constraint{kind: anyColour}
}

// buildPools lays out, for each group and (up, left) pair, the candidates in
// the contest's order (piece, then rotation), each pool ending in the
// sentinel. Pools with no candidate share one sentinel.
func (e *engine) buildPools(groups []group) {
	C := e.colours
	e.candidates = []uint32{sentinel}
	e.poolStart = make([]int32, len(groups)*C*C)
	for gi, g := range groups {
		buckets := make([][]uint32, C*C)
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
				cand := uint32(pi)<<pieceShift | uint32(rot)<<rotShift | uint32(r[down])<<8 | uint32(r[right])
				buckets[r[up]*C+r[left]] = append(buckets[r[up]*C+r[left]], cand)
			}
		}
		for k, b := range buckets {
			if len(b) == 0 {
				continue // the shared sentinel at index 0
			}
			e.poolStart[gi*C*C+k] = int32(len(e.candidates))
			e.candidates = append(append(e.candidates, b...), sentinel)
		}
	}
}

// ------------------------------------------------------------ the search

// result is what one search (or one subtree) found. The boards seen are
// those after each node; the best is the first with the highest score, or,
// when there was no node at all, the board of hints alone (bestDepth -1).
type result struct {
	nodes     int64
	solutions int64
	bestDepth int      // depth of the best board
	best      []uint32 // its placements, depth by depth
}

// searcher is one search's mutable state.
type searcher struct {
	e      *engine
	used   []uint8 // by piece; the sentinel's piece is always used
	right  []uint8 // by edge slot
	down   []uint8
	placed []uint32 // candidate at each depth
	next   []int32  // next pool position to try at each depth
}

func newSearcher(e *engine) *searcher {
	s := &searcher{
		e:      e,
		used:   make([]uint8, maxPieces+1),
		right:  append([]uint8(nil), e.hintRight...),
		down:   append([]uint8(nil), e.hintDown...),
		placed: make([]uint32, len(e.steps)+1),
		next:   make([]int32, len(e.steps)+1),
	}
	copy(s.used, e.hintUsed)
	s.used[maxPieces] = 1
	return s
}

// place puts candidate c at depth d.
func (s *searcher) place(d int, c uint32) {
	st := &s.e.steps[d]
	s.used[pieceOf(c)] = 1
	s.right[st.slot], s.down[st.slot] = uint8(c), uint8(c>>8)
	s.placed[d] = c
}

// poolAt is where depth d's candidates start, given the board above it.
func (s *searcher) poolAt(d int) int32 {
	st := &s.e.steps[d]
	C := int32(s.e.colours)
	return s.e.poolStart[st.poolBase+int32(s.down[st.aboveSlot])*C+int32(s.right[st.leftSlot])]
}

// run searches from depth `from` (the placements above it already made)
// until the subtree is exhausted, the budget of nodes is spent, or (unless
// all) the first solution is found. recordDepth is the depth of the best
// board already known; a deeper board with a higher score replaces it.
func (s *searcher) run(from int, budget int64, all bool, recordDepth int) result {
	e := s.e
	steps, candidates, used, scoreAt := e.steps, e.candidates, s.used, e.scoreAt
	end := len(steps)
	res := result{bestDepth: -1}
	if from == end { // nothing to place
		if e.hintsLegal {
			res.solutions = 1
		}
		return res
	}
	C := int32(e.colours)
	d := from
	st := &steps[d]
	i := e.poolStart[st.poolBase+int32(s.down[st.aboveSlot])*C+int32(s.right[st.leftSlot])]
	var nodes int64
	for {
		c := candidates[i]
		i++
		if used[c>>pieceShift] != 0 {
			if c != sentinel {
				continue
			}
			// Pool exhausted: take back the placement one level up.
			if d == from {
				break
			}
			d--
			used[s.placed[d]>>pieceShift] = 0
			i = s.next[d]
			continue
		}
		st = &steps[d]
		used[c>>pieceShift] = 1
		s.right[st.slot], s.down[st.slot] = uint8(c), uint8(c>>8)
		s.placed[d], s.next[d] = c, i
		d++
		nodes++
		if d > recordDepth {
			recordDepth = d
			if res.bestDepth < 0 || scoreAt[d] > scoreAt[res.bestDepth] {
				res.bestDepth = d
				res.best = append(res.best[:0], s.placed[:d]...)
			}
		}
		if d == end {
			if e.hintsLegal {
				res.solutions++
				if !all {
					break
				}
			}
			d--
			used[c>>pieceShift] = 0
		} else {
			st = &steps[d]
			i = e.poolStart[st.poolBase+int32(s.down[st.aboveSlot])*C+int32(s.right[st.leftSlot])]
		}
		if nodes == budget {
			break
		}
	}
	res.nodes = nodes
	return res
}

// search runs the whole contest search. With all and no budget it splits
// the tree over every core.
func search(e *engine, budget int64, all bool) result {
	if all && budget <= 0 && runtime.GOMAXPROCS(0) > 1 && len(e.steps) > splitDepth+1 {
		return searchParallel(e)
	}
	s := newSearcher(e)
	res := s.run(0, budget, all, 0)
	return res
}

// splitDepth is where -all cuts the tree into subtrees for the cores: deep
// enough for hundreds of subtrees, shallow enough to enumerate at once.
const splitDepth = 4

// searchParallel enumerates the nodes down to splitDepth in order (counting
// them and the best board among them), searches each subtree below them on
// the cores, and merges in search order: counts add up, and the best board
// is the first one, in order, with the highest score.
func searchParallel(e *engine) result {
	type root struct {
		placed []uint32
	}
	var roots []root
	prefix := result{bestDepth: -1}
	s := newSearcher(e)
	// A depth-first walk to splitDepth, in the contest's order.
	var walk func(d int)
	walk = func(d int) {
		if d == splitDepth {
			roots = append(roots, root{append([]uint32(nil), s.placed[:d]...)})
			return
		}
		for i := s.poolAt(d); ; i++ {
			c := e.candidates[i]
			if s.used[pieceOf(c)] != 0 {
				if c == sentinel {
					return
				}
				continue
			}
			s.place(d, c)
			prefix.nodes++
			if prefix.bestDepth < 0 || e.scoreAt[d+1] > e.scoreAt[prefix.bestDepth] {
				prefix.bestDepth = d + 1
				prefix.best = append([]uint32(nil), s.placed[:d+1]...)
			}
			walk(d + 1)
			s.used[pieceOf(c)] = 0
		}
	}
	walk(0)

	results := make([]result, len(roots))
	var next int
	var mu sync.Mutex
	var wg sync.WaitGroup
	for w := 0; w < runtime.GOMAXPROCS(0); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				mu.Lock()
				k := next
				next++
				mu.Unlock()
				if k >= len(roots) {
					return
				}
				s := newSearcher(e)
				for d, c := range roots[k].placed {
					s.place(d, c)
				}
				r := s.run(splitDepth, 0, true, splitDepth)
				if r.bestDepth >= 0 {
					r.best = append(append([]uint32(nil), roots[k].placed...), r.best[splitDepth:]...)
				}
				results[k] = r
			}
		}()
	}
	wg.Wait()

	total := prefix
	for _, r := range results {
		total.nodes += r.nodes
		total.solutions += r.solutions
		if r.bestDepth >= 0 && (total.bestDepth < 0 || e.scoreAt[r.bestDepth] > e.scoreAt[total.bestDepth]) {
			total.bestDepth, total.best = r.bestDepth, r.best
		}
	}
	return total
}

// ------------------------------------------------------------------ output

func (e *engine) render(res result) []byte {
	p := e.p
	var out bytes.Buffer
	fmt.Fprintf(&out, "board %s %dx%d pieces %d hints %d\n", p.name, p.width, p.height, len(p.pieces), len(p.hints))
	fmt.Fprintf(&out, "nodes %d\nsolutions %d\n", res.nodes, res.solutions)
	depth := max(res.bestDepth, 0)
	fmt.Fprintf(&out, "best %d/%d\n", e.scoreAt[depth], e.maxScore)
	cells := make([]string, p.width*p.height)
	for i := range cells {
		cells[i] = "-"
	}
	for _, h := range p.hints {
		cells[h.Pos] = fmt.Sprintf("%d/%d", h.Piece, h.Rot)
	}
	for d := 0; d < depth; d++ {
		c := res.best[d]
		cells[e.steps[d].slot-1] = fmt.Sprintf("%d/%d", pieceOf(c), rotOf(c))
	}
	for r := 0; r < p.height; r++ {
		out.WriteString(strings.Join(cells[r*p.width:(r+1)*p.width], " "))
		out.WriteByte('\n')
	}
	return out.Bytes()
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("eternity2", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	all := fs.Bool("all", false, "")
	budget := fs.Int64("nodes", 0, "")
	verbose := fs.Bool("v", false, "")
	emit := fs.Bool("emit", false, "")
	if err := fs.Parse(args); err != nil {
		fmt.Fprintf(stderr, "eternity2: %v (usage: eternity2 [-all] [-nodes N] [-v] [-emit] [BOARD])\n", err)
		return 2
	}
	if *budget < 0 {
		fmt.Fprintf(stderr, "eternity2: -nodes %d: expected a positive budget\n", *budget)
		return 2
	}
	if fs.NArg() > 1 {
		fmt.Fprintf(stderr, "eternity2: expected one BOARD, got %d\n", fs.NArg())
		return 2
	}
	name, data, err := readInput(fs.Arg(0), stdin)
	if err == nil {
		var p *puzzle
		if p, err = readPuzzle(name, data); err == nil {
			if len(p.pieces) >= maxPieces {
				err = bad("%s: %d pieces: at most %d", name, len(p.pieces), maxPieces-1)
			} else if *emit {
				return emitProgram(newEngine(p), stdout, stderr)
			} else {
				start := time.Now()
				e := newEngine(p)
				res := search(e, *budget, *all)
				elapsed := time.Since(start)
				stdout.Write(e.render(res))
				if *verbose {
					fmt.Fprintf(stderr, "elapsed %.3f s\nnodes/s %.1fM\n", elapsed.Seconds(), float64(res.nodes)/elapsed.Seconds()/1e6)
				}
				return 0
			}
		}
	}
	fmt.Fprintf(stderr, "eternity2: %v\n", err)
	var ie *inputError
	if errors.As(err, &ie) {
		return 2
	}
	return 1
}

func readInput(arg string, stdin io.Reader) (string, []byte, error) {
	if arg == "" || arg == "-" {
		data, err := io.ReadAll(stdin)
		return "stdin", data, err
	}
	data, err := os.ReadFile(arg)
	if err != nil {
		return arg, nil, bad("%v", err)
	}
	return arg, data, nil
}

// ------------------------------------------------------ generated programs

// emitProgram writes a Go program specialised to this board: the same
// search, node for node, with one labelled block per depth in which every
// offset is a constant, the up and left colours read straight from the
// placements above and to the left (or written in as constants for the
// frame and hints), and jumps between depths instead of a loop over a
// table of steps. It takes -all, -nodes and -v and prints the same output.
func emitProgram(e *engine, stdout, stderr io.Writer) int {
	p := e.p
	var b strings.Builder
	w := func(format string, args ...any) { fmt.Fprintf(&b, format, args...) }
	n := len(e.steps)
	W := p.width
	w("// Code generated by eternity2 -emit for board %s; DO NOT EDIT.\n", p.name)
	w("// It searches that one board exactly as eternity2 does: same nodes, same output.\n")
	w("package main\n\nimport (\n\t\"flag\"\n\t\"fmt\"\n\t\"os\"\n\t\"strings\"\n\t\"time\"\n)\n\n")
	w("const sentinel = ^uint32(0)\n\n")
	// With at most 65536 candidates the array is padded to that size and
	// indexed by a uint16, so the compiler drops the bounds check from the
	// hottest load.
	index := "candidates[i]"
	if len(e.candidates) <= 1<<16 {
		w("var candidates = [1 << 16]uint32{")
		index = "candidates[uint16(i)]"
	} else {
		w("var candidates = [...]uint32{")
	}
	for i, c := range e.candidates {
		if i%12 == 0 {
			w("\n\t")
		}
		w("%#x, ", c)
	}
	w("\n}\n\nvar poolStart = [...]int32{")
	for i, v := range e.poolStart {
		if i%16 == 0 {
			w("\n\t")
		}
		w("%d, ", v)
	}
	w("\n}\n\n")
	w("var scoreAt = [...]int{")
	for _, v := range e.scoreAt {
		w("%d, ", v)
	}
	w("}\n\n// cellOf[d] is the board cell filled at depth d.\nvar cellOf = [...]int{")
	for _, st := range e.steps {
		w("%d, ", st.slot-1)
	}
	w("}\n\nvar hintLabels = map[int]string{")
	for _, h := range p.hints {
		w("%d: \"%d/%d\", ", h.Pos, h.Piece, h.Rot)
	}
	w("}\n\n")
	w("var used [%d]uint8\n\n", maxPieces+1)
	w("func init() {\n\tused[%d] = 1\n", maxPieces)
	for _, h := range p.hints {
		w("\tused[%d] = 1\n", h.Piece)
	}
	w("}\n\n")
	w("type result struct {\n\tnodes, solutions int64\n\tbestDepth        int\n\tbest             [%d]uint32\n}\n\n", n+1)
	w("func search(budget int64, all bool) (res result) {\n")
	w("\tvar placed, next [%d]uint32\n", n+1)
	w("\tvar c uint32\n\tvar i int32\n\tvar nodes int64\n\trecord := 0\n\tres.bestDepth = -1\n\tgoto d0\n")
	if n == 0 {
		w("\tif %v {\n\t\tres.solutions = 1\n\t}\n\treturn res\n}\n", e.hintsLegal)
	} else {
		for d := 0; d < n; d++ {
			st := e.steps[d]
			cell := int(st.slot - 1)
			r, col := cell/W, cell%W
			// The up colour: frame, a hint's, or the down colour of the placement above.
			upExpr := "0"
			if r > 0 {
				above := cell - W
				if h := hintAtCell(p, above); h != nil {
					upExpr = strconv.Itoa(rotated(p.pieces[h.Piece], h.Rot)[down])
				} else {
					upExpr = fmt.Sprintf("int32(placed[%d]>>8&0xff)", depthOf(e, above))
				}
			}
			leftExpr := "0"
			if col > 0 {
				if h := hintAtCell(p, cell-1); h != nil {
					leftExpr = strconv.Itoa(rotated(p.pieces[h.Piece], h.Rot)[right])
				} else if ld := depthOf(e, cell-1); ld == d-1 {
					// Depth d is entered only from the placement at d-1, whose
					// candidate is still in c: the left colour needs no load.
					leftExpr = "int32(c&0xff)"
				} else {
					leftExpr = fmt.Sprintf("int32(placed[%d]&0xff)", ld)
				}
			}
			w("d%d:\n\ti = poolStart[%d+(%s)*%d+(%s)]\n", d, st.poolBase, upExpr, e.colours, leftExpr)
			w("l%d:\n\tc = %s\n\ti++\n\tif used[c>>%d] != 0 {\n\t\tif c == sentinel {\n\t\t\tgoto b%d\n\t\t}\n\t\tgoto l%d\n\t}\n", d, index, pieceShift, d, d)
			w("\tused[c>>%d] = 1\n\tplaced[%d], next[%d] = c, uint32(i)\n\tnodes++\n", pieceShift, d, d)
			w("\tif record < %d {\n\t\trecord = %d\n\t\tif res.bestDepth < 0 || scoreAt[%d] > scoreAt[res.bestDepth] {\n\t\t\tres.bestDepth = %d\n\t\t\tcopy(res.best[:], placed[:%d])\n\t\t}\n\t}\n", d+1, d+1, d+1, d+1, d+1)
			if d == n-1 {
				w("\tif %v {\n\t\tres.solutions++\n\t\tif !all {\n\t\t\tgoto stop\n\t\t}\n\t}\n", e.hintsLegal)
				w("\tused[c>>%d] = 0\n\tif nodes == budget {\n\t\tgoto stop\n\t}\n\tgoto l%d\n", pieceShift, d)
			} else {
				w("\tif nodes == budget {\n\t\tgoto stop\n\t}\n\tgoto d%d\n", d+1)
			}
			w("b%d:\n", d)
			if d == 0 {
				w("\tgoto stop\n")
			} else {
				w("\tc = placed[%d]\n\tused[c>>%d] = 0\n\ti = int32(next[%d])\n\tgoto l%d\n", d-1, pieceShift, d-1, d-1)
			}
		}
		w("stop:\n\tres.nodes = nodes\n\treturn res\n}\n")
	}
	w(`
func main() {
	all := flag.Bool("all", false, "search the whole tree")
	budget := flag.Int64("nodes", 0, "stop after N nodes")
	verbose := flag.Bool("v", false, "timing on stderr")
	flag.Parse()
	if *budget < 0 || flag.NArg() > 0 {
		fmt.Fprintln(os.Stderr, "usage: [-all] [-nodes N] [-v] (this program is specialised to one board)")
		os.Exit(2)
	}
	start := time.Now()
	res := search(*budget, *all)
	elapsed := time.Since(start)
	cells := make([]string, %d)
	for i := range cells {
		cells[i] = "-"
	}
	for pos, label := range hintLabels {
		cells[pos] = label
	}
	depth := max(res.bestDepth, 0)
	for d := 0; d < depth; d++ {
		c := res.best[d]
		cells[cellOf[d]] = fmt.Sprintf("%%d/%%d", c>>%d, c>>%d&3)
	}
	var out strings.Builder
	fmt.Fprintf(&out, "board %%s %%dx%%d pieces %%d hints %%d\n", %q, %d, %d, %d, %d)
	fmt.Fprintf(&out, "nodes %%d\nsolutions %%d\nbest %%d/%%d\n", res.nodes, res.solutions, scoreAt[depth], %d)
	for r := 0; r < %d; r++ {
		out.WriteString(strings.Join(cells[r*%d:(r+1)*%d], " "))
		out.WriteByte('\n')
	}
	os.Stdout.WriteString(out.String())
	if *verbose {
		fmt.Fprintf(os.Stderr, "elapsed %%.3f s\nnodes/s %%.1fM\n", elapsed.Seconds(), float64(res.nodes)/elapsed.Seconds()/1e6)
	}
}
`, p.width*p.height, pieceShift, rotShift, p.name, p.width, p.height, len(p.pieces), len(p.hints), e.maxScore, p.height, W, W)
	src, err := format.Source([]byte(b.String()))
	if err != nil {
		fmt.Fprintf(stderr, "eternity2: the generated program does not parse: %v\n", err)
		return 1
	}
	if _, err := stdout.Write(src); err != nil {
		fmt.Fprintf(stderr, "eternity2: %v\n", err)
		return 1
	}
	return 0
}

func hintAtCell(p *puzzle, cell int) *hint {
	for i := range p.hints {
		if p.hints[i].Pos == cell {
			return &p.hints[i]
		}
	}
	return nil
}

// depthOf is the depth at which a cell without a hint is filled.
func depthOf(e *engine, cell int) int {
	for d, st := range e.steps {
		if int(st.slot-1) == cell {
			return d
		}
	}
	panic("depthOf: a hint cell")
}
