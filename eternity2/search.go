package main

import (
	"bytes"
	"slices"
)

// search.go: a cursor, one depth-first search's position and what it has
// found. The step that moves a cursor, explore, is written out in
// explore_tables.go (any board: it reads each depth's record from tables)
// or, in a program -emit writes, in explore_board.go (one board: every
// offset a constant). Both keep the same contract, so every feature above
// them (parts, a budget on every core, checkpoints, records) is the same
// code for both.

//go:generate go run gen_explore.go

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
	// The walk of bit pools (bits.go): by depth, the pieces left to try
	// and the pool; then the engine's bit tables, copied.
	rem        [maxBitPieces]uint64
	pool       [maxBitPieces]uint16
	poolPieces [maxBitKeys + 256]uint64
	poolNumber [maxBitKeys + 256]uint16
	slots      [maxBitPools][maxBitPieces + 1]uint32
	rights     [maxBitPools][maxBitPieces + 1]uint8
	firsts     [maxBitPools][maxBitPieces + 1]int32
	// Read by the loop from memory, not registers: it has none to spare.
	end, floor, recordDepth int
}

// cursor is one depth-first search's position, depth d (placements made)
// and the next pool position i there, above depth floor, and what it has
// found. The best board is the first with the highest score: the score
// depends only on the depth, so a board can beat the best only when it is
// deeper than every board before it (recordDepth).
type cursor struct {
	e     *engine
	a     *cursorArrays
	d     int
	i     int32
	unit  int // the unit being searched: a best board found now is its
	found found
}

// found is what a stretch of the search found: its nodes and solutions,
// and its best board, the first with the highest score, with the unit it
// lies in. Stretches add up in any order: the unit breaks a tie. A cursor
// counts into one; parts, work units, checkpoints and records hold one.
type found struct {
	Nodes, Solutions int64
	Score            int      // the best board's
	Unit             int      // -1: no node, the best board is the hints alone
	Board            []uint32 // its placements, depth by depth (a record shows rows instead)
}

func nothingFound() found { return found{Unit: -1} }

// beats says whether g's best board wins over f's: a higher score, or the
// same in an earlier unit.
func (g found) beats(f found) bool {
	return g.Unit >= 0 && (f.Unit < 0 || g.Score > f.Score || g.Score == f.Score && g.Unit < f.Unit)
}

// add takes in what another stretch found.
func (f *found) add(g found) {
	f.Nodes += g.Nodes
	f.Solutions += g.Solutions
	if g.beats(*f) {
		f.Score, f.Unit, f.Board = g.Score, g.Unit, g.Board
	}
}

func newCursor(e *engine) *cursor {
	c := &cursor{e: e, a: new(cursorArrays), found: nothingFound()}
	copy(c.a.cands[:], e.candidates)
	copy(c.a.poolPieces[:], e.poolPieces)
	copy(c.a.poolNumber[:], e.poolNumber)
	copy(c.a.slots[:], e.slots)
	copy(c.a.rights[:], e.rights)
	copy(c.a.firsts[:], e.firsts)
	copy(c.a.recs[:], e.recs)
	copy(c.a.used[:], e.hintUsed)
	c.a.used[pieceSlots-1] = 1
	copy(c.a.placed[len(e.recs):], e.constants)
	c.a.end = len(e.recs)
	return c
}

// take hands over what the cursor found and starts it counting afresh
// (the board it hands over is no longer its own).
func (c *cursor) take() found {
	f := c.found
	c.found = nothingFound()
	return f
}

// place puts candidate w at depth d, the next candidate there being at i.
func (c *cursor) place(d int, w uint32, i int32) {
	c.a.used[pieceOf(w)] = 1
	c.a.placed[d], c.a.next[d] = w, i
}

// free counts the candidates of a pool of the last depth from k whose
// piece is not used, four at a time: those pools end in sentinels (whose
// piece is used) to a multiple of four, so the loop's exit, at the end of
// a pool, is mostly after its first round and predicted (a count one by
// one took 1.5 times the CPU on the official board's 3x3 side block).
//
//lint:ignore U1000 the program -emit writes calls it
func (a *cursorArrays) free(k int32) (n int64) {
	for ; ; k += 4 {
		w, x, y, z := a.cands[k&(maxCandidates-1)], a.cands[(k+1)&(maxCandidates-1)], a.cands[(k+2)&(maxCandidates-1)], a.cands[(k+3)&(maxCandidates-1)]
		n += int64(4 - a.used[w>>pieceShift] - a.used[x>>pieceShift] - a.used[y>>pieceShift] - a.used[z>>pieceShift])
		if (w|x|y|z)&lastInPool != 0 {
			return n
		}
	}
}

// unplace takes back the placement at depth d.
func (c *cursor) unplace(d int) { c.a.used[pieceOf(c.a.placed[d])] = 0 }

// poolAt is where depth d's candidates start, given the board above it.
func (c *cursor) poolAt(d int) int32 {
	r, p := &c.a.recs[d], &c.a.placed
	return c.e.poolStart[r.base+p[r.above]&(colourMask<<rowShift)+p[r.left]&colourMask]
}

// reached takes the board after d placements, deeper than any before, as
// the best when it scores higher than the best so far.
func (c *cursor) reached(d int) {
	c.a.recordDepth = d
	if s := c.e.scoreAt[d]; c.found.Unit < 0 || s > c.found.Score {
		c.found.Score, c.found.Unit = s, c.unit
		c.found.Board = append(c.found.Board[:0], c.a.placed[:d]...)
	}
}

// Why explore returned.
type stopReason int

const (
	exhausted stopReason = iota // the pool at depth floor is used up
	solved                      // a solution, in first-solution mode
	paused                      // limit nodes placed: explore again to go on
)

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

// mark is a cursor's position (the placements and the next pool position
// at each depth above Depth, and the next at Depth) and what it has found:
// a part's state in a checkpoint, a chunk's in a budget.
type mark struct {
	Depth        int
	Pos          int32
	Placed       []uint32
	Pools        []int32
	Unit, Record int
	Found        found
}

func (c *cursor) mark() mark {
	f := c.found
	f.Board = slices.Clone(f.Board)
	return mark{c.d, c.i, slices.Clone(c.a.placed[:c.d]), slices.Clone(c.a.next[:c.d]), c.unit, c.a.recordDepth, f}
}

// restore sets a cursor with nothing placed at a mark.
func (c *cursor) restore(m mark) {
	for d, w := range m.Placed {
		c.place(d, w, m.Pools[d])
	}
	c.d, c.i, c.unit, c.a.recordDepth, c.found = m.Depth, m.Pos, m.Unit, m.Record, m.Found
}

// depth is the depth of the best board found: a board after it must be
// deeper to matter.
func (f found) depth() int { return len(f.Board) }

// search is one search as the command line asks for it: the board's
// engine, how its tree is cut, the budget, and the parts this process
// searches (every part of a whole run, which prints the output, or the one
// part of -part, which prints its record).
type search struct {
	e      *engine
	pl     plan
	budget int64 // nodes, 0 for none (one part only)
	whole  bool
	parts  []*part
}

// newSearch is the search of the parts indices of K parts.
func newSearch(e *engine, parts int, all bool, budget int64, indices []int, whole bool) *search {
	s := &search{e: e, pl: makePlan(e, parts, all), budget: budget, whole: whole}
	for _, k := range indices {
		s.parts = append(s.parts, newPart(e, s.pl, k, budget))
	}
	return s
}

// total is what the search's parts found, added in part order: without
// -all, up to the first part with a solution, as -merge takes records.
func (s *search) total() found {
	total := nothingFound()
	for _, p := range s.parts {
		total.add(p.c.found)
		if !s.pl.all && p.c.found.Solutions > 0 {
			break
		}
	}
	return total
}

// answer is what the search prints (a whole run's output, or its one
// part's record), what it found, and the viewer's link to its best board.
func (s *search) answer() ([]byte, found, string) {
	f := s.total()
	if s.whole {
		return s.e.output(f, s.pl.all && (s.budget == 0 || f.Nodes < s.budget)), f, s.e.viewerURL(f.Board)
	}
	r := s.e.record(s.pl, s.parts[0].index, f)
	var b bytes.Buffer
	r.write(&b)
	return b.Bytes(), f, r.url
}
