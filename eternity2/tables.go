package main

// tables.go: what the search reads, built once from the board: the
// candidates of each kind of cell, pooled by the colours above and to the
// left, and a record for each depth.

import "slices"

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
	// The pools as words of bits, for a board of at most 64 pieces
	// (bits.go); nil for the others.
	poolPieces []uint64
	poolNumber []uint16
	slots      [][maxBitPieces + 1]uint32
	rights     [][maxBitPieces + 1]uint8
	firsts     [][maxBitPieces + 1]int32
	twins      bool
	keyShift   uint32 // a pool's key shifted right by it is its bit pool's, but for the left colour
}

// Limits of the tables and of a cursor's fixed arrays (see cursorArrays):
// boards past them are refused with one line. The pool table has 256
// entries for each kind of cell and up colour: 2^26 of them (256 MB of
// address space, touched only where a pool starts) take a 64x64 board
// with a thousand kinds of cell and 251 colours.
const (
	maxPoolEntries = 1 << 26
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

// group is what a cell demands of a candidate beyond its up and left
// colour: in the top row (first column), 0 there on the frame, or any
// colour but 0 on a block's side that faces the rest of the board; its
// pools are not keyed by that colour, which the cell reads as 0.
type group struct {
	top, first  bool
	right, down constraint
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
		return nil, bad("board %s: %d pool entries, past %d", quote(p.name), n, maxPoolEntries)
	}
	e.buildPools(groups)
	if len(e.candidates) > maxCandidates {
		return nil, bad("board %s: %d candidates, past %d", quote(p.name), len(e.candidates), maxCandidates)
	}
	e.buildBits()
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
	for _, piece := range p.taken {
		e.hintUsed[piece] = 1
	}
}

// hintEdges is the edges of the hint at cell.
func (e *engine) hintEdges(cell int) [4]int {
	h := e.hintAt[cell]
	return rotated(e.p.pieces[h.Piece], h.Rot)
}

// judgeHints sets hintsLegal and returns the score of the hints alone:
// a hint's edge on the frame must be 0 (on a block's open side, not 0),
// and one facing another hint must match it and not be 0.
func (e *engine) judgeHints() (base int) {
	W, H := e.p.width, e.p.height
	e.hintsLegal = true
	for _, h := range e.p.hints {
		r, c, edges := h.Pos/W, h.Pos%W, e.hintEdges(h.Pos)
		for dir, next := range [4]int{h.Pos - W, h.Pos + 1, h.Pos + W, h.Pos - 1} {
			switch {
			case [4]bool{r == 0, c == W-1, r == H-1, c == 0}[dir]:
				e.hintsLegal = e.hintsLegal && (edges[dir] == 0) != e.p.open[dir]
			case e.hintAt[next] != nil:
				facing := e.hintEdges(next)[(dir+2)%4]
				e.hintsLegal = e.hintsLegal && edges[dir] == facing && facing != 0
				if edges[dir] == facing && (dir == right || dir == down) {
					base++
				}
			}
		}
	}
	return base
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
		open := e.p.open
		g := group{top: r == 0, first: c == 0}
		g.right = e.edgeConstraint(c == W-1 && !open[right], c == W-1, cell+1, left)
		g.down = e.edgeConstraint(r == H-1 && !open[down], r == H-1, cell+W, up)
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
// the hint's colour on the facing side; else (a block's open side too)
// any colour but 0.
func (e *engine) edgeConstraint(onFrame, onSide bool, neighbour int, facing int) constraint {
	switch {
	case onFrame:
		return constraint{kind: mustBeFrame}
	case !onSide && e.hintAt[neighbour] != nil:
		return constraint{kind: exactColour, colour: e.hintEdges(neighbour)[facing]}
	}
	return constraint{kind: anyColour}
}

// buildPools lays out, for each group and (up, left) pair, the candidates in
// the contest's order (piece, then rotation), each pool ending in the
// sentinel. Pools with no candidate share the sentinels at index 0; the
// last depth's pools end in sentinels up to a multiple of four entries, so
// that a count can read them four at a time (the sentinel's piece is used).
func (e *engine) buildPools(groups []group) {
	C := e.colours
	e.candidates = []uint32{sentinel, sentinel, sentinel, sentinel}
	last := -1
	if len(e.recs) > 0 {
		last = int(e.recs[len(e.recs)-1].base) // its group's number, here
	}
	e.poolStart = make([]int32, len(groups)*C<<rowShift)
	for gi, g := range groups {
		buckets := map[int][]uint32{}
		var keys []int
		for pi, piece := range e.p.pieces {
			if e.hintUsed[pi] != 0 {
				continue
			}
			for rot := 0; rot < 4; rot++ {
				if pin := e.p.pin; pin != nil && g.top && g.first && (pi != pin.Piece || rot != pin.Rot) {
					continue // the top-left corner holds the pinned piece only
				}
				r := rotated(piece, rot)
				if (r[up] == 0) != (g.top && !e.p.open[up]) || (r[left] == 0) != (g.first && !e.p.open[left]) ||
					!g.right.allows(r[right]) || !g.down.allows(r[down]) {
					continue
				}
				cand := uint32(pi)<<pieceShift | uint32(rot)<<rotShift | uint32(r[down])<<downShift | uint32(r[right])
				k := r[up]<<rowShift + r[left]
				if g.top {
					k &= colourMask
				}
				if g.first {
					k &^= colourMask
				}
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
			for gi == last && (len(pool)+1)%4 != 0 {
				e.candidates, pool = append(e.candidates, sentinel), append(pool, sentinel)
			}
		}
		if len(e.candidates) > maxCandidates {
			return
		}
	}
	for d := range e.recs {
		e.recs[d].base = e.recs[d].base * uint32(C) << rowShift
	}
}
