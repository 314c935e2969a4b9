// Pentomino: pack the 12 pentominoes into a board, every solution once.
//
// The contest. The 12 free pentominoes, named by the letters they resemble
// and used in any rotation or reflection, fill a board with every cell
// covered once. BOARD is RxC, R rows of C columns: 6x10 (the default, 2339
// solutions), 5x12 (1010), 4x15 (368), 3x20 (2), or 8x8, the 8x8 square with
// its central 2x2 cells left empty (65). Solutions are counted up to the
// board's symmetries: 4 for a rectangle (identity, half turn, the two
// mirrors), 8 for the square.
//
// Usage: pentomino [-v] [BOARD]
//
// Output, byte for byte: the solutions in ascending order, each in its
// canonical form, the smallest of its images under the board's symmetries
// (comparing the R rows joined top to bottom as one string). Each solution
// is "Answer No. k" (k from 1), then R lines of C piece letters ('.' for the
// empty cells of the 8x8), then an empty line; the last line is
// "N solutions found". -v prints the node count and timing on stderr; -h
// the usage. Any other argument gets one line on stderr and exit status 2.
//
// Rules kept: one file, standard library only; piece shapes are drawn below
// and every placement is generated at start-up; every solution is found by
// the search, once. The search runs on every core; the output does not
// depend on how many there are or how they are scheduled (it is sorted).
//
// How it works, in five lines:
//  1. The board is a 64-bit mask, numbered along the short side first, and the
//     search always fills the first empty cell, so the frontier stays short.
//  2. Symmetry is broken at the root: X, the piece every symmetry fixes, is
//     placed first, only with its centre in one quarter of the rectangle (one
//     eighth of the square); where X sits on a mirror axis, F keeps only one
//     of each pair of orientations that mirror swaps. So each class is
//     reached once (the argument is in the README).
//  3. Candidates come from a list per (row of the first empty cell, distance
//     to the board's end, occupancy of the next few cells, F restricted or
//     not), built on first use and shared by every line: a group per piece of
//     placements counted from the first empty cell; the list drops placements
//     that overlap or wall off a region whose size is not a multiple of five,
//     so those checks are paid once per list.
//  4. The loop jumps to the groups of the unused pieces the list offers; a
//     placement is not entered if the next empty cell then has no unused piece
//     (look-ahead), or if its state (board, pieces used) was searched before
//     and led nowhere. The roots (X's place, the first piece) are shared out
//     among the cores, which share the lists and the dead states.
//  5. Solutions are turned into canonical form, sorted and printed.
//
// Memory is sized to the work: the two tables looked up at random (the list
// index and the dead states) are hash tables sized for each board's search
// that double in place if they must, so a run touches pages in proportion to
// the lists and states it makes; the arrays written in order (the lists) are
// reserved large and touched only as far as they are filled.
//
// Measured: see the README's pentomino section (instructions, page faults,
// nodes per board, and the make bench table).
package main

import (
	"bytes"
	"encoding/binary"
	"errors"
	"io"
	"math/bits"
	"os"
	"runtime"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// ------------------------------------------------------------ the pieces

const (
	pieceCount = 12
	pieceCells = 5 // every piece covers five cells
	// maxOrientations: a piece has at most 8 distinct shapes (4 turns, 2
	// sides), so at most 8 placements of a piece share a first cell.
	maxOrientations = 8
)

// pieceShapes: the pentominoes as drawn in the contest, one string a row.
var pieceShapes = [pieceCount]struct {
	letter byte
	rows   []string
}{
	{'F', []string{".##", "##.", ".#."}},
	{'I', []string{"#####"}},
	{'L', []string{"####", "#..."}},
	{'N', []string{"###.", "..##"}},
	{'P', []string{"###", "##."}},
	{'T', []string{"###", ".#.", ".#."}},
	{'U', []string{"#.#", "###"}},
	{'V', []string{"#..", "#..", "###"}},
	{'W', []string{"#..", "##.", ".##"}},
	{'X', []string{".#.", "###", ".#."}},
	{'Y', []string{"####", ".#.."}},
	{'Z', []string{"##.", ".#.", ".##"}},
}

// pieceF and pieceX are found by their letters: X is placed first, F breaks
// the mirror symmetry (see solveBoard).
var (
	pieceF = pieceIndex('F')
	pieceX = pieceIndex('X')
)

// pieceLetters[k] is piece k's letter (padded to a power of two, so that a
// mask replaces a bounds check).
var pieceLetters = func() (l [16]byte) {
	for k, p := range pieceShapes {
		l[k] = p.letter
	}
	return l
}()

func pieceIndex(letter byte) int {
	for k, p := range pieceShapes {
		if p.letter == letter {
			return k
		}
	}
	panic("pentomino: no piece " + string(letter))
}

type cell struct{ r, c int }

func shapeCells(rows []string) []cell {
	var cells []cell
	for r, row := range rows {
		for c := range row {
			if row[c] == '#' {
				cells = append(cells, cell{r, c})
			}
		}
	}
	return cells
}

// The eight symmetries of the square grid, as maps of (r, c): t = 0..3 turn
// a quarter turn t times; t = 4..7 mirror left-right first.
func transform(t int, p cell) cell {
	if t >= 4 {
		p = cell{p.r, -p.c}
	}
	for ; t%4 != 0; t-- {
		p = cell{p.c, -p.r}
	}
	return p
}

// normalized moves a shape so its smallest row and column are 0 and sorts it,
// so equal shapes compare equal.
func normalized(cells []cell) []cell {
	out := append([]cell(nil), cells...)
	minR, minC := out[0].r, out[0].c
	for _, p := range out {
		minR, minC = min(minR, p.r), min(minC, p.c)
	}
	for i := range out {
		out[i] = cell{out[i].r - minR, out[i].c - minC}
	}
	slices.SortFunc(out, func(a, b cell) int {
		if a.r != b.r {
			return a.r - b.r
		}
		return a.c - b.c
	})
	return out
}

func sameShape(a, b []cell) bool {
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// orientation is one distinct shape of a piece and the symmetries that give it.
type orientation struct {
	cells []cell
	from  []int // the transforms t that produce this shape
}

func orientations(cells []cell) []orientation {
	var out []orientation
	for t := 0; t < 8; t++ {
		img := make([]cell, len(cells))
		for i, p := range cells {
			img[i] = transform(t, p)
		}
		img = normalized(img)
		found := false
		for i := range out {
			if sameShape(out[i].cells, img) {
				out[i].from = append(out[i].from, t)
				found = true
			}
		}
		if !found {
			out = append(out, orientation{img, []int{t}})
		}
	}
	return out
}

// ------------------------------------------------------------ the board

// board describes one contest board and its numbering: cell (r, c) is bit
// bitOf[r][c], counting along the short side first. A line is one run along
// the short side (a column of 6x10); a cell's row is its place in its line.
type board struct {
	name        string
	rows, cols  int
	short, long int
	bitOf       [][]int
	holes       uint64 // cells of the mask that are not part of the board
	cells       uint64 // every bit in use (board and holes)
	square      bool
	firstLine   uint64 // cells with no neighbour before them along the short side
	lastLine    uint64 // cells with no neighbour after them along the short side
	tuning
}

// tuning: per board, how many cells after the first empty one a list knows,
// and how many lists and dead states its search makes, about (measured;
// README). The look-ahead is a trade: a longer one makes lists that filter
// more and are shared less; 6x10 does best with 13 cells, the 8x8 (whose
// lines are 8 long) with 10. The hash tables start at the size the counts
// need, so that they do not double while the search runs (they would, if a
// board needed more).
type tuning struct {
	lookAhead           int
	exactEnd            bool
	listsHint, deadHint int
}

var tunings = map[string]tuning{
	"6x10": {13, false, 8_700, 193_000},
	"5x12": {11, false, 2_900, 58_000},
	"4x15": {9, false, 950, 15_000},
	"3x20": {11, false, 280, 1_100},
	"8x8":  {10, true, 11_200, 70_000},
}

func newBoard(name string) (*board, error) {
	b := &board{name: name}
	t, ok := tunings[name]
	if !ok {
		return nil, errors.New("expected a board 6x10, 5x12, 4x15, 3x20 or 8x8, got " + strconv.Quote(name))
	}
	b.tuning = t
	if name == "8x8" {
		b.rows, b.cols, b.square = 8, 8, true
	} else {
		r, c, _ := strings.Cut(name, "x")
		b.rows, _ = strconv.Atoi(r)
		b.cols, _ = strconv.Atoi(c)
	}
	b.short, b.long = min(b.rows, b.cols), max(b.rows, b.cols)
	b.bitOf = make([][]int, b.rows)
	for r := range b.bitOf {
		b.bitOf[r] = make([]int, b.cols)
		for c := range b.bitOf[r] {
			if b.rows <= b.cols {
				b.bitOf[r][c] = c*b.rows + r
			} else {
				b.bitOf[r][c] = r*b.cols + c
			}
		}
	}
	n := b.rows * b.cols
	b.cells = ^uint64(0) >> (64 - n)
	if b.square {
		for _, p := range []cell{{3, 3}, {3, 4}, {4, 3}, {4, 4}} {
			b.holes |= 1 << b.bitOf[p.r][p.c]
		}
	}
	b.firstLine, b.lastLine = b.lineMasks(0)
	return b, nil
}

// lineMasks are the first-of-line and last-of-line cells over all 64 bits,
// counted from a cell in row r: the cells where a step along the short side
// leaves the line.
func (b *board) lineMasks(r int) (first, last uint64) {
	for i := 0; i < 64; i++ {
		switch (r + i) % b.short {
		case 0:
			first |= 1 << i
		case b.short - 1:
			last |= 1 << i
		}
	}
	return first, last
}

// grow adds the neighbours of the cells in m.
func (b *board) grow(m uint64) uint64 {
	return grow(m, b.firstLine, b.lastLine, uint(b.short))
}

// neighbours is the cells next to some cell of m.
func (b *board) neighbours(m uint64) uint64 {
	return neighbours(m, b.firstLine, b.lastLine, uint(b.short))
}

// neighbours and grow with the board's masks in registers: the flood's loop
// calls grow with them hoisted. (The mask on the shift tells the compiler it
// is below 64.)
func neighbours(m, firstLine, lastLine uint64, short uint) uint64 {
	return (m&^lastLine)<<1 | (m&^firstLine)>>1 | m<<(short&63) | m>>(short&63)
}

func grow(m, firstLine, lastLine uint64, short uint) uint64 {
	return m | neighbours(m, firstLine, lastLine, short)
}

// symmetries are the board's own: maps of (r, c) onto the board.
func (b *board) symmetries() []func(cell) cell {
	R, C := b.rows-1, b.cols-1
	syms := []func(cell) cell{
		func(p cell) cell { return p },
		func(p cell) cell { return cell{R - p.r, C - p.c} },
		func(p cell) cell { return cell{p.r, C - p.c} },
		func(p cell) cell { return cell{R - p.r, p.c} },
	}
	if b.square {
		syms = append(syms,
			func(p cell) cell { return cell{p.c, p.r} },
			func(p cell) cell { return cell{C - p.c, R - p.r} },
			func(p cell) cell { return cell{p.c, R - p.r} },
			func(p cell) cell { return cell{C - p.c, p.r} },
		)
	}
	return syms
}

// ------------------------------------------------------------ placements

// A placement is a mask of board cells. The lists hold placements counted
// from their first cell (lowest bit), which is then bit 0: a placement of a
// shape is the same word wherever its first cell is, as long as that cell
// has the same row (its place along the short side) and the board goes on
// far enough. atRow[v][r] lists the placements whose first cell is in row
// r, piece by piece in the order of the shape table, X left out (it is
// placed first, never offered by a list); v = 1 is the same with F
// restricted to half its orientations. Holes are not in them: a hole is a
// filled cell of the board.
type placements struct {
	atRow [2][8][]cellPlacement
	span  int // how far past its first cell a placement reaches, at most
}

type cellPlacement struct {
	mask  uint64
	piece uint8
}

// buildPlacements generates every placement of every piece. fMirror, when
// not nil, is the mirror whose pairs F is restricted to one of (so that
// mirror images of a solution are not both found).
func (b *board) buildPlacements(fMirror func(cell) cell) *placements {
	// A shape's cells as (line, row) offsets from its first cell.
	lineRow := func(p cell) (int, int) {
		if b.rows <= b.cols {
			return p.c, p.r
		}
		return p.r, p.c
	}
	pl := &placements{}
	for k, piece := range pieceShapes { // piece by piece, so each row's list is in piece order
		if k == pieceX {
			continue
		}
		for _, o := range orientations(shapeCells(piece.rows)) {
			restricted := k != pieceF || fMirror != nil && fAllowed(o, fMirror)
			l0, r0 := lineRow(o.cells[0])
			for _, p := range o.cells {
				if l, r := lineRow(p); l < l0 || l == l0 && r < r0 {
					l0, r0 = l, r
				}
			}
			for row := 0; row < b.short; row++ {
				var m uint64
				fits := true
				for _, p := range o.cells {
					l, r := lineRow(p)
					r += row - r0
					fits = fits && r >= 0 && r < b.short
					m |= 1 << ((l-l0)*b.short + r - row)
				}
				if !fits {
					continue
				}
				pl.span = max(pl.span, 63-bits.LeadingZeros64(m))
				pl.atRow[0][row] = append(pl.atRow[0][row], cellPlacement{m, uint8(k)})
				if restricted {
					pl.atRow[1][row] = append(pl.atRow[1][row], cellPlacement{m, uint8(k)})
				}
			}
		}
	}
	return pl
}

// fAllowed picks one orientation of each pair the mirror swaps: F has 8
// distinct orientations and no mirror symmetry, so a mirror pairs them up;
// the one kept is the one whose normalized cells compare smaller.
func fAllowed(o orientation, mirror func(cell) cell) bool {
	img := make([]cell, len(o.cells))
	for i, p := range o.cells {
		img[i] = mirror(p)
	}
	img = normalized(img)
	for i := range img {
		if o.cells[i] != img[i] {
			return o.cells[i].r < img[i].r || o.cells[i].r == img[i].r && o.cells[i].c < img[i].c
		}
	}
	panic("F is never its own mirror image")
}

// place puts the shape with its top-left corner at (r, c).
func (b *board) place(shape []cell, r, c int) (uint64, bool) {
	var m uint64
	for _, p := range shape {
		rr, cc := r+p.r, c+p.c
		if rr < 0 || rr >= b.rows || cc < 0 || cc >= b.cols {
			return 0, false
		}
		bit := uint64(1) << b.bitOf[rr][cc]
		if bit&b.holes != 0 {
			return 0, false
		}
		m |= bit
	}
	return m, true
}

// ------------------------------------------------------ shared hash tables

// hashTable is a set of 64-bit words (0 marks a free slot) with open
// addressing and linear probing, used for the list index and the dead
// states, the two tables the search reads at random. Its slots are reserved
// at the largest size it may reach but only the first size of them, and a
// few past the end where probes run on, are used: a word's home is the top
// bits of its hash, and the table doubles in place when it passes its load
// limit, so it touches pages in proportion to its entries and never copies
// itself. Probes run forward and never wrap; no table comes near its
// reserve (the 6x10 dead states use 2^18 of 2^21 slots).
//
// Lookups take no lock and read the slots atomically; a lookup that runs
// while another worker adds or doubles may miss a word, never find a wrong
// one (every word in the table is one that was added), and a miss only
// costs the slow path (lists) or a search again (dead states).
const (
	tableSlots       = 1 << 20
	tableSlotMask    = tableSlots - 1
	firstTableBits   = 10
	hashMultiplier   = 0x9E3779B97F4A7C15 // 2^64 / the golden ratio: spreads keys over the top bits
	hashMultiplier32 = 0x9E3779B1         // 2^32 / the golden ratio
)

type hashTable struct {
	slots    [tableSlots]uint64
	shift    atomic.Uint32 // 64 - log2(size): a home is the top bits of a hash
	keyMask  uint64        // a slot's key is (slot & keyMask) >> keyShift (its hash is taken of that)
	keyShift uint
	load     float64      // the load at which the table doubles
	shared   bool         // several workers add: with compare-and-swap, counted atomically
	narrow   bool         // keys of 32 bits, homes by homeNarrow
	room     int          // words the only worker may add before the table doubles
	counted  atomic.Int64 // words added, by several (approximate while doubling)
	limit    atomic.Int64 // load * size, for several
}

// init makes the table hold hint words below its load.
func (t *hashTable) init(keyMask uint64, keyShift uint, load float64, hint int, shared bool) {
	t.keyMask, t.keyShift, t.load, t.shared = keyMask, keyShift, load, shared
	logSize := uint(firstTableBits)
	for float64(hint) > load*float64(uint64(1)<<logSize) {
		logSize++
	}
	t.prepare(0, 1<<logSize)
	t.setBits(logSize, 0)
}

// setBits sets the size, with count words in the table.
func (t *hashTable) setBits(logSize uint, count int) {
	t.shift.Store(uint32(64 - logSize))
	limit := int(t.load * float64(uint64(1)<<logSize))
	t.limit.Store(int64(limit))
	t.counted.Store(int64(count))
	if !t.shared {
		t.room = limit - count
	}
}

// prepare writes zeros to slots [from, to), before any worker can read
// them. Slots never written read as the kernel's shared page of zeros, and
// the first write to such a page costs a second page fault: probes read far
// more slots than adds write, so each new page would cost two faults, not
// one. Only whole pages past from's page are written; from's own page is in
// use already.
func (t *hashTable) prepare(from, to uint64) {
	const slotsPerPage = 4096 / 8
	from = (from + slotsPerPage - 1) &^ (slotsPerPage - 1)
	clear(t.slots[min(from, to):to])
}

// keyOf is the key a slot word holds, the part its home is computed from.
func (t *hashTable) keyOf(v uint64) uint64 { return v & t.keyMask >> t.keyShift }

// home is where a key's probe starts.
func home(key uint64, shift uint32) uint64 { return key * hashMultiplier >> (shift & 63) }

// homeNarrow is home for keys of 32 bits (the list index's): their 32-bit
// product spreads them as well, and its multiplier fits in the instruction.
func homeNarrow(key uint32, shift uint32) uint64 {
	return uint64(key * hashMultiplier32 >> ((shift - 32) & 31))
}

// homeOf is where a slot word's probe starts.
func (t *hashTable) homeOf(v uint64, shift uint32) uint64 {
	if t.narrow {
		return homeNarrow(uint32(t.keyOf(v)), shift)
	}
	return home(t.keyOf(v), shift)
}

// add stores a slot word that is not in the table, probing from slot i on.
func (t *hashTable) add(v, i uint64) {
	if !t.shared {
		for t.slots[i&tableSlotMask] != 0 {
			i++
		}
		t.slots[i&tableSlotMask] = v
		t.room--
		return
	}
	for ; ; i++ {
		p := &t.slots[i&tableSlotMask]
		if atomic.CompareAndSwapUint64(p, 0, v) {
			break
		}
		if atomic.LoadUint64(p) == v {
			return // another worker added it first
		}
	}
	t.counted.Add(1)
}

// full says whether the table is past its load limit.
func (t *hashTable) full() bool {
	if t.shared {
		return t.counted.Load() >= t.limit.Load()
	}
	return t.room <= 0
}

// double doubles the table in place. An entry whose home was h goes to
// 2h or 2h+1: at or past its old slot p, unless it sat further from its
// home than h (only near the start of the table). So, moving entries from
// the top slot down, each probes only slots already moved or never used;
// the few that would land before their old slot are set aside and added
// back at the end. No table doubles past its reserve.
func (t *hashTable) double() bool {
	shift := t.shift.Load()
	logSize := 64 - uint(shift)
	if logSize+1 >= 20 {
		return false
	}
	end := uint64(1) << logSize
	for end < tableSlots && atomic.LoadUint64(&t.slots[end]) != 0 {
		end++ // the words that ran past the last home
	}
	t.prepare(end+1, 2<<logSize)
	count := 0
	if t.shared {
		count = int(t.counted.Load())
	} else {
		count = int(t.limit.Load()) - t.room
	}
	t.setBits(logSize+1, count)
	newShift := shift - 1
	var early []uint64
	if !t.shared {
		slots := &t.slots
		for p := end; p > 0; {
			p--
			v := slots[p]
			if v == 0 {
				continue
			}
			slots[p] = 0
			h := t.homeOf(v, newShift)
			if h < p {
				early = append(early, v)
				continue
			}
			for slots[h&tableSlotMask] != 0 {
				h++
			}
			slots[h&tableSlotMask] = v
		}
		t.room += len(early) // added back below
	} else {
		for p := end; p > 0; {
			p--
			v := atomic.SwapUint64(&t.slots[p], 0)
			if v == 0 {
				continue
			}
			if h := t.homeOf(v, newShift); h >= p {
				t.add(v, h)
				t.counted.Add(-1) // moved, not added
			} else {
				early = append(early, v)
			}
		}
		t.counted.Add(-int64(len(early))) // added back below
	}
	for _, v := range early {
		t.add(v, t.homeOf(v, newShift))
	}
	return true
}

// --------------------------------------------------------- candidate lists

// The candidates at a state depend on its first empty cell f and the cells
// after it. A list is keyed by the row of f, how far the board's end is
// from f (up to a cap past which the list cannot tell), the occupancy of
// the lookAhead cells after f, and whether F is restricted; it is built the
// first time it is needed. Since the list holds placements counted from f,
// states with f in different lines share it (6x10 builds 7,900 lists where
// a list for every f would make 14,800).
//
//	list key:  bit 31   30    29 .... 24   23 .. 21   20 ....  lookAhead-1 .. 0
//	           [  1  ][ F r ][ end dist ][   row   ][   0   ][ occupancy of f+1.. ]
//
// keyHigh[f] holds the bits from 21 up for a first empty cell f (but the
// restricted bit, which belongs to the root), so the search makes a key
// with one load. The end distance is capped at lookAhead + short + 1: past
// that no cell the list knows, nor any of their neighbours, is beyond the
// board, and a placement that runs off the board is one the search's
// overlap test rejects (the board's mask has every cell past its end set).
const (
	maxLookAhead  = 21
	keyFieldRow   = 21
	keyFieldEnd   = 24
	keyRestricted = 30 // the bit that says F is restricted
	keyPresent    = 31 // set in every key, so that no key is 0
)

// listGeometry is what the lists of a board know of it, for one row of f.
type listGeometry struct {
	firstLine, lastLine uint64 // the line-end masks counted from a cell in this row
}

// endCap is the end distance past which lists cannot tell the board's end.
func (b *board) endCap() int {
	if b.exactEnd {
		return 4*b.short + 1 // a placement reaches 4 lines past its first cell
	}
	return b.lookAhead + b.short + 1
}

// keyHigh fills the key bits of each first empty cell.
func (b *board) keyHigh() (high [64]uint32) {
	n := b.rows * b.cols
	for f := 0; f < n; f++ {
		high[f] = 1<<keyPresent | uint32(min(n-f, b.endCap()))<<keyFieldEnd | uint32(f%b.short)<<keyFieldRow
	}
	return high
}

// The lists live back to back in one arena of words, each piece's
// placements together, pieces in the order of the shape table. A list's
// entry holds its number and the pieces it offers; listStart says where the
// list starts and groupStart, a byte a piece, where each piece's group
// starts, so that piece k's group runs from groupStart k to groupStart k+1
// and the loop jumps straight to the groups of the unused pieces.
//
//	list entry: bits 31 ....... 12   11 ........ 0
//	            [  list number   ][ pieces offered ]
//
//	groupStart of a list: byte 0   1   ...  11   12    13..15
//	                          [ F ][ I ][...][ Z ][ end ][unused]   (from listStart)
//
// These arrays are written in order, so they are reserved at their largest
// and only the pages the lists fill are ever touched; the loop indexes them
// with a mask instead of a bounds check.
const (
	arenaWords     = 1 << 18 // the 8x8 lists take 70,503
	arenaMask      = arenaWords - 1
	maxLists       = 1 << 16
	groupSlots     = 16 // bytes a list has in groupStart (13 used)
	entryListShift = pieceCount
	// A list holds at most every orientation of every piece.
	maxListWords = pieceCount * maxOrientations
)

// The list index maps a key to its entry; a slot holds the key in its high
// half (never 0) and the entry in its low half, and its home is the hash of
// the high half.
func indexSlot(key, entry uint32) uint64 { return uint64(key)<<32 | uint64(entry) }

const indexKeyShift = 32

// indexLoad: the index doubles at 60% full, so that a lookup, made for
// nearly every candidate that fits, probes about once.
const indexLoad = 0.6

// lists are the candidate lists of one board, shared by the workers: the
// search reads them without locks; building one takes the mutex.
type lists struct {
	mu        sync.Mutex // list building: the buckets, the arena's tail, the index
	parallel  bool       // more than one worker: take mu
	b         *board
	pl        *placements
	arenaUsed int
	built     int
	index     hashTable
	buckets   nextBuckets
	geometry  [8]listGeometry // by the row of f
	keyHigh   [2][64]uint32   // by F restricted or not, and f
	lookMask  uint32          // the occupancy bits of a key

	arena      [arenaWords]uint64
	listStart  [maxLists]uint32
	groupStart [maxLists][groupSlots]uint8
}

func newLists(b *board, pl *placements, parallel bool) *lists {
	ls := &lists{b: b, pl: pl, parallel: parallel, built: 1, // no list is number 0, so no entry is 0
		lookMask: 1<<b.lookAhead - 1}
	ls.keyHigh[0] = b.keyHigh()
	for f, h := range ls.keyHigh[0] {
		ls.keyHigh[1][f] = h | 1<<keyRestricted
	}
	for r := range b.short {
		ls.geometry[r].firstLine, ls.geometry[r].lastLine = b.lineMasks(r)
	}
	ls.index.narrow = true
	ls.index.init(^uint64(0), indexKeyShift, indexLoad, b.listsHint, parallel)
	return ls
}

// lookup finds a key's entry in the list index, 0 when it is not there.
func (t *hashTable) lookup(key uint32) uint32 {
	for i := homeNarrow(key, t.shift.Load()); ; i++ {
		v := atomic.LoadUint64(&t.slots[i&tableSlotMask])
		if uint32(v>>indexKeyShift) == key {
			return uint32(v)
		}
		if v == 0 {
			return 0
		}
	}
}

// entry returns the list's entry for a key, building the list if no worker
// has; f is the first empty cell of boardMask, whose key it is.
func (ls *lists) entry(key uint32, f int, boardMask uint64) uint32 {
	if ls.parallel {
		ls.mu.Lock()
		defer ls.mu.Unlock()
	}
	t := &ls.index
	if e := t.lookup(key); e != 0 {
		return e // built by another worker meanwhile
	}
	if ls.built >= maxLists {
		panic("pentomino: too many lists; raise maxLists")
	}
	list := ls.built
	ls.built++
	e := uint32(list)<<entryListShift | uint32(ls.build(list, f, boardMask, int(key>>keyRestricted&1)))
	if t.full() && !t.double() {
		panic("pentomino: the list index is full")
	}
	t.add(indexSlot(key, e), homeNarrow(key, t.shift.Load()))
	return e
}

// build keeps the placements at f that fit the known cells and leave no
// walled-off region whose size is not a multiple of five, writing them to
// the arena a group per piece, counted from f. Known cells: those before f
// (filled), the lookAhead cells after it, and when the key tells the
// board's end, every cell past it (filled); any other cell counts as open.
// It works with cells counted from f, bit 0 being f.
func (ls *lists) build(list, f int, boardMask uint64, restricted int) (pieces uint16) {
	b := ls.b
	firstLine, lastLine := ls.geometry[f%b.short].firstLine, ls.geometry[f%b.short].lastLine
	short := uint(b.short)
	known := uint64(1)<<(b.lookAhead+1) - 1
	board := boardMask >> f
	if end := b.rows*b.cols - f; end < b.endCap() {
		known |= ^uint64(0) << end // past the end: filled
		board |= ^uint64(0) << end
	}
	filled := board & known
	unknown := ^known
	// Known cells next to an unknown one: where the flood starts.
	nextToUnknown := grow(unknown, firstLine, lastLine, short) & known
	start := ls.arenaUsed
	if start+maxListWords > arenaWords {
		panic("pentomino: the list arena is full; make it larger")
	}
	ls.listStart[list] = uint32(start)
	starts := &ls.groupStart[list]
	words := ls.arena[start : start+maxListWords]
	n, k := 0, 0 // words kept; the first piece whose group's start is not yet known
	bucket, at := ls.buckets.placements(ls.pl, restricted, f%b.short, board>>1&(1<<nextCells-1))
	for _, j := range bucket {
		m := at[j].mask
		if m&filled != 0 {
			continue
		}
		empty := known &^ (filled | m)
		// Most walled-off regions are single cells: an empty cell with no
		// empty neighbour and none unknown. One step finds those (the
		// cells the piece covers past the known ones only make it stricter).
		if empty&^(neighbours(empty, firstLine, lastLine, short)|nextToUnknown) != 0 {
			continue
		}
		open := nextToUnknown
		if m&unknown != 0 { // the piece covers unknown cells, which then wall off
			open = grow(unknown&^m, firstLine, lastLine, short) & known
		}
		if wallsOffBadRegion(empty, open, firstLine, lastLine, short) {
			continue
		}
		for p := int(at[j].piece); k <= p; k++ {
			starts[k] = uint8(n) // piece p's group, and the empty ones before it, start here
		}
		words[n] = m
		n++
		pieces |= 1 << at[j].piece
	}
	for ; k <= pieceCount; k++ {
		starts[k] = uint8(n) // and the list ends here
	}
	ls.arenaUsed += n
	return pieces
}

// nextBuckets: the placements at a first cell in row r (F's restricted or
// not) that leave the next nextCells cells alone where the board has them
// filled, so that building a list scans fewer. Each bucket is filtered the
// first time it is asked for: its placements' places in atRow (a byte each)
// go to the end of one array, written in order, and the bucket records
// where they are.
//
//	bucket word: bits 31 .......... 8   7 ...... 0
//	             [ start in entries ][ how many ]
const (
	nextCells     = 8
	bucketEntries = 1 << 16 // the buckets take a few thousand
)

type nextBuckets struct {
	where   [2 * 8][1 << nextCells]uint32
	used    int
	entries [bucketEntries]uint8
}

func (nb *nextBuckets) placements(pl *placements, restricted int, row int, occ uint64) (bucket []uint8, at []cellPlacement) {
	at = pl.atRow[restricted][row]
	w := &nb.where[restricted*8+row][occ]
	if *w == 0 {
		if nb.used+len(at) > bucketEntries {
			panic("pentomino: the bucket array is full; make it larger")
		}
		start := nb.used
		for j, p := range at {
			if p.mask>>1&occ == 0 {
				nb.entries[nb.used] = uint8(j)
				nb.used++
			}
		}
		*w = uint32(start+1)<<8 | uint32(nb.used-start)
	}
	start, n := int(*w>>8)-1, int(*w&0xff)
	return nb.entries[start : start+n], at
}

// wallsOffBadRegion reports whether some region of the empty known cells is
// walled off (reaches no unknown cell) with a size that is not a multiple of
// five. One flood from the empty cells next to an unknown one marks every
// open region. Regions are measured one by one only when the walled-off
// cells together are a multiple of five: otherwise one of them is not.
func wallsOffBadRegion(empty, nextToUnknown, firstLine, lastLine uint64, short uint) bool {
	open := empty & nextToUnknown
	for open != empty { // usually every empty cell is reached in a step or two
		grown := grow(open, firstLine, lastLine, short) & empty
		if grown == open {
			break
		}
		open = grown
	}
	enclosed := empty &^ open
	if enclosed == 0 {
		return false
	}
	if bits.OnesCount64(enclosed)%pieceCells != 0 {
		return true
	}
	for enclosed != 0 {
		region := enclosed & -enclosed
		for {
			grown := grow(region, firstLine, lastLine, short) & enclosed
			if grown == region {
				break
			}
			region = grown
		}
		if bits.OnesCount64(region)%pieceCells != 0 {
			return true
		}
		enclosed &^= region
	}
	return false
}

// ------------------------------------------------------------ dead states

// The dead states are the states already searched that have no completion:
// more than half of the states the search enters were entered before by
// another path (two pieces swapped, say), and nearly all of those lead
// nowhere. States with completions are searched again each time, since each
// path to them makes new solutions. Without this table 6x10 takes 426,205
// nodes instead of 186,762.
//
// A state is packed into one word, its key. Every cell before the first
// empty cell f is filled, and no piece reaches further than span cells past
// the cell it was placed at, which was at most f; only X, placed first, may
// lie further on. So f and the cells after it, as far as the span and X
// reach (at most 33 on the contest's boards: 46 are kept), say which cells
// are filled:
//
//	dead-state key: bits 63 ............. 18   17 .. 12   11 ........ 0
//	                [ cells f+1 ... f+46   ][    f     ][ pieces used ]
//
// When F is restricted and not yet placed, its bit in "pieces used" is set
// anyway: a state dead with F restricted may live without the restriction,
// and no real state has that board with F used (it would have five more
// cells filled). No key is 0: X is always used.
const (
	deadFieldF      = pieceCount
	deadFieldCells  = pieceCount + 6
	deadWindowCells = 64 - deadFieldCells
	// deadLoad: the dead states double at 75% full; fuller tables save
	// pages, emptier ones probes.
	deadLoad = 0.75
)

// deadStates is the table and the lock taken to double it.
type deadStates struct {
	hashTable
	doubling sync.Mutex
}

// addDead stores a dead state, probing from slot i where its lookup stopped
// under the given shift (from its home, if the table has doubled since).
// The table is only a memory of work done: when it cannot double (it is at
// its reserve, or another worker is doubling it) the state is not stored.
func (d *deadStates) addDead(key, i uint64, shift uint32) {
	if d.full() {
		if !d.doubling.TryLock() {
			return
		}
		room := !d.full() || d.double()
		d.doubling.Unlock()
		if !room {
			return
		}
	}
	if now := d.shift.Load(); now != shift {
		i = home(key, now)
	}
	d.add(key, i)
}

// ------------------------------------------------------------ the search

// A task is one root of the search: X at one centre and the piece that
// fills the first empty cell. Tasks are taken in order; one worker does them
// in the order of the single search.
type task struct {
	centre    int
	xMask     uint64
	boardMask uint64
	f         int // the first empty cell
	entry     uint32
	piece     int
	fOnAxis   bool // F restricted
}

// worker is one core's search; the lists and dead states are shared.
type worker struct {
	ls        *lists
	dead      *deadStates
	keyHigh   [64]uint32 // the lists' keyHigh, with the restricted bit when F is restricted at this root (a copy: one load fewer a key)
	lookMask  uint32
	restrictF uint16 // F's bit in the pieces of a dead-state key, while F is restricted
	nodes     int64  // placements made
	depth     int
	stack     [stackSlots]uint64 // the placements made, X first
	pieceAt   [stackSlots]int
	found     solutions
	b         *board
	sym       *symmetryMaps
}

// A solution is stored as its canonical form: the text of its rows as
// printed, each with its line end (the longest, 8x8's, takes 72 bytes). They
// are kept in chunks, so that storing them never copies the ones stored
// before.
const solutionBytes = 72

type solution [solutionBytes]byte

type solutions struct {
	chunks [][]solution
	count  int
}

const solutionChunk = 256

func (s *solutions) add() *solution {
	if s.count%solutionChunk == 0 {
		s.chunks = append(s.chunks, make([]solution, solutionChunk))
	}
	sol := &s.chunks[s.count/solutionChunk][s.count%solutionChunk]
	s.count++
	return sol
}

// symmetryMaps: for each of the board's symmetries and each byte of a
// solution's text, the bit of the image of the cell printed there; a line
// end maps to lineEnd, a cell beyond the mask's whose letter is always '\n'.
type symmetryMaps struct {
	bitOf [8][solutionBytes]uint8
	count int
}

const (
	lineEnd   = 64
	gridCells = 128 // a grid of letters by bit: the mask's 64 and lineEnd, padded so that a mask replaces a bounds check
)

const (
	allPieces  = 1<<pieceCount - 1
	stackSlots = 16 // a power of two at least pieceCount, so a mask replaces a bounds check
)

// solve fills the first empty cell of boardMask, f, with every unused
// piece the list entry offers, recursing until every piece is used.
func (w *worker) solve(boardMask uint64, f int, used uint16, entry uint32) {
	ls, dead := w.ls, w.dead
	list := entry >> entryListShift
	// The list's words count cells from f; so does this view of the board,
	// with every cell past the last bit read as filled.
	board := boardMask>>(uint(f)&63) | ^(^uint64(0) >> (uint(f) & 63))
	base := ls.listStart[list&(maxLists-1)]
	starts := &ls.groupStart[list&(maxLists-1)]
	for avail := uint16(entry) & allPieces &^ used; avail != 0; avail &= avail - 1 {
		k := bits.TrailingZeros16(avail)
		childUsed := used | 1<<k
		for next, end := base+uint32(starts[k&(groupSlots-1)]), base+uint32(starts[(k+1)&(groupSlots-1)]); next < end; next++ {
			if ls.arena[next&arenaMask]&board != 0 {
				continue
			}
			m := ls.arena[next&arenaMask] << (uint(f) & 63)
			child := boardMask | m
			if childUsed == allPieces {
				w.nodes++
				w.stack[w.depth&(stackSlots-1)], w.pieceAt[w.depth&(stackSlots-1)] = m, k
				w.record(w.depth + 1)
				continue
			}
			// The child's list: its key, then the index (written out here so
			// that it is inlined).
			cf := bits.TrailingZeros64(^child | 1<<63) // the same when bit 63 is empty, and tells the compiler ^child is not 0
			after := child >> (uint(cf) & 63) >> 1     // the cells after cf
			key := w.keyHigh[cf&63] | uint32(after)&w.lookMask
			i := homeNarrow(key, ls.index.shift.Load())
			v := atomic.LoadUint64(&ls.index.slots[i&tableSlotMask])
			for uint32(v>>indexKeyShift) != key && v != 0 {
				i++
				v = atomic.LoadUint64(&ls.index.slots[i&tableSlotMask])
			}
			e := uint32(v) // 0 only for an empty slot: no entry is 0
			if e == 0 {
				e = ls.entry(key, cf, child)
			}
			if uint16(e)&allPieces&^childUsed == 0 {
				continue // look-ahead: no unused piece can fill the next empty cell
			}
			deadKey := uint64(childUsed|w.restrictF) | uint64(cf)<<deadFieldF | after<<deadFieldCells
			shift := dead.shift.Load()
			i = home(deadKey, shift)
			v = atomic.LoadUint64(&dead.slots[i&tableSlotMask])
			for v != deadKey && v != 0 {
				i++
				v = atomic.LoadUint64(&dead.slots[i&tableSlotMask])
			}
			if v != 0 {
				continue // searched before, without a solution
			}
			w.nodes++
			w.stack[w.depth&(stackSlots-1)], w.pieceAt[w.depth&(stackSlots-1)] = m, k
			w.depth++
			before := w.found.count
			w.solve(child, cf, childUsed, e)
			if w.found.count == before {
				if dead.room > 0 { // one worker, and room: add it here
					// Slot i, or past it in its run: states added since came
					// after it, if at all. (Had the table doubled meanwhile,
					// the state would land where no lookup finds it: a state
					// forgotten, searched again if met.)
					for dead.slots[i&tableSlotMask] != 0 {
						i++
					}
					dead.slots[i&tableSlotMask] = deadKey
					dead.room--
				} else {
					dead.addDead(deadKey, i, shift)
				}
			}
			w.depth--
		}
	}
}

// record turns the placements on the stack into the solution's canonical
// form: the smallest of its images, as text.
func (w *worker) record(n int) {
	var grid [gridCells]byte // letters by bit
	for m := w.b.holes; m != 0; m &= m - 1 {
		grid[bits.TrailingZeros64(m)] = '.'
	}
	grid[lineEnd] = '\n'
	for i := 0; i < n; i++ {
		letter := pieceLetters[w.pieceAt[i&(stackSlots-1)]&(stackSlots-1)]
		m := w.stack[i&(stackSlots-1)]
		// Every piece has five cells: written out, with no test a cell.
		grid[bits.TrailingZeros64(m)] = letter
		m &= m - 1
		grid[bits.TrailingZeros64(m)] = letter
		m &= m - 1
		grid[bits.TrailingZeros64(m)] = letter
		m &= m - 1
		grid[bits.TrailingZeros64(m)] = letter
		m &= m - 1
		grid[bits.TrailingZeros64(m)] = letter
	}
	// Find the smallest image comparing cell by cell, without building the
	// images: two images usually part within the first few cells.
	textBytes := w.b.textBytes()
	sym := w.sym
	best := &sym.bitOf[0]
	for k := 1; k < sym.count; k++ {
		perm := &sym.bitOf[k]
		for i := 0; i < textBytes; i++ {
			if x, y := grid[perm[i]&(gridCells-1)], grid[best[i]&(gridCells-1)]; x != y {
				if x < y {
					best = perm
				}
				break
			}
		}
	}
	// Copied eight bytes at a time (a text's bytes past its end, up to a
	// multiple of eight, are line ends).
	sol := w.found.add()
	for i := 0; i < textBytes; i += 8 {
		p := (*[8]uint8)(best[i:])
		binary.LittleEndian.PutUint64(sol[i:], uint64(grid[p[0]&(gridCells-1)])|uint64(grid[p[1]&(gridCells-1)])<<8|
			uint64(grid[p[2]&(gridCells-1)])<<16|uint64(grid[p[3]&(gridCells-1)])<<24|
			uint64(grid[p[4]&(gridCells-1)])<<32|uint64(grid[p[5]&(gridCells-1)])<<40|
			uint64(grid[p[6]&(gridCells-1)])<<48|uint64(grid[p[7]&(gridCells-1)])<<56)
	}
}

// textBytes is the length of a solution's text.
func (b *board) textBytes() int { return b.rows * (b.cols + 1) }

// run does one task: X and the first piece at one root.
func (w *worker) run(t task) {
	w.keyHigh, w.restrictF = w.ls.keyHigh[0], 0
	if t.fOnAxis {
		w.keyHigh, w.restrictF = w.ls.keyHigh[1], 1<<pieceF
	}
	w.stack[0], w.pieceAt[0], w.depth = t.xMask, pieceX, 1
	w.solve(t.boardMask, t.f, 1<<pieceX, t.entry&^allPieces|1<<t.piece) // only the task's piece
}

// xCentres lists X's centre positions in the fundamental region: one quarter
// of the rectangle (rows <= (R-1)/2, columns <= (C-1)/2), one eighth of the
// square (also column <= row). mirror is the symmetry that fixes the centre
// when it is on an axis (nil when it is not).
func (b *board) xCentres() (centres []cell, mirrors []func(cell) cell) {
	R, C := b.rows-1, b.cols-1
	for r := 1; 2*r <= R; r++ {
		for c := 1; 2*c <= C; c++ {
			if b.square && c > r {
				continue
			}
			var mirror func(cell) cell
			switch {
			case b.square && r == c:
				mirror = func(p cell) cell { return cell{p.c, p.r} }
			case 2*r == R:
				mirror = func(p cell) cell { return cell{-p.r, p.c} }
			case 2*c == C:
				mirror = func(p cell) cell { return cell{p.r, -p.c} }
			}
			centres = append(centres, cell{r, c})
			mirrors = append(mirrors, mirror)
		}
	}
	return centres, mirrors
}

// solveBoard solves one board with the given number of workers, writes the
// answer to out and returns the node count. With one worker the count is
// that of a plain depth-first search; with more it depends a little on
// timing (which worker marks a state dead first), never the answer.
func solveBoard(b *board, workers int, out io.Writer) (int64, error) {
	centres, mirrors := b.xCentres()
	// At most one kind of axis occurs on each board of the contest, so one
	// restricted F set serves every centre on an axis.
	var fMirror func(cell) cell
	for _, m := range mirrors {
		if m != nil {
			fMirror = m
		}
	}
	pl := b.buildPlacements(fMirror)
	ls := newLists(b, pl, workers > 1)
	sym := new(symmetryMaps)
	for k, f := range b.symmetries() {
		for i := range sym.bitOf[k] {
			sym.bitOf[k][i] = lineEnd
		}
		for r := 0; r < b.rows; r++ {
			for c := 0; c < b.cols; c++ {
				img := f(cell{r, c})
				sym.bitOf[k][r*(b.cols+1)+c] = uint8(b.bitOf[img.r][img.c])
			}
			sym.bitOf[k][r*(b.cols+1)+b.cols] = lineEnd
		}
		sym.count++
	}

	// The roots, in the order of the single search. The dead-state window
	// covers the span and X wherever it is.
	xShape := normalized(shapeCells(pieceShapes[pieceX].rows))
	var tasks []task
	var nodes int64
	window := pl.span
	for i, centre := range centres {
		xMask, ok := b.place(xShape, centre.r-1, centre.c-1)
		if !ok {
			continue
		}
		window = max(window, 63-bits.LeadingZeros64(xMask))
		nodes++ // placing X
		boardMask := b.holes | xMask | ^b.cells
		f := bits.TrailingZeros64(^boardMask)
		restricted := 0
		if mirrors[i] != nil {
			restricted = 1
		}
		key := ls.keyHigh[restricted][f] | uint32(boardMask>>(f+1))&ls.lookMask
		e := ls.entry(key, f, boardMask)
		for avail := uint16(e) & allPieces &^ (1 << pieceX); avail != 0; avail &= avail - 1 {
			tasks = append(tasks, task{i, xMask, boardMask, f, e, bits.TrailingZeros16(avail), mirrors[i] != nil})
		}
	}
	if window > deadWindowCells {
		panic("pentomino: a dead-state key does not fit in a word on this board")
	}
	dead := new(deadStates)
	dead.init(^uint64(0), 0, deadLoad, b.deadHint, workers > 1)

	// The workers take the tasks in order.
	var nextTask atomic.Int64
	ws := make([]*worker, workers)
	var wg sync.WaitGroup
	for i := range ws {
		w := &worker{ls: ls, dead: dead, b: b, sym: sym, lookMask: ls.lookMask}
		ws[i] = w
		work := func() {
			for {
				n := int(nextTask.Add(1)) - 1
				if n >= len(tasks) {
					return
				}
				w.run(tasks[n])
			}
		}
		if workers == 1 {
			work()
			continue
		}
		wg.Add(1)
		go func() { defer wg.Done(); work() }()
	}
	wg.Wait()

	total := 0
	for _, w := range ws {
		nodes += w.nodes
		total += w.found.count
	}
	found := make([]*solution, 0, total) // where they are: a copy would cost pages
	for _, w := range ws {
		for i := 0; i < w.found.count; i++ {
			found = append(found, &w.found.chunks[i/solutionChunk][i%solutionChunk])
		}
	}
	return nodes, printSolutions(out, b, found, sortedOrder(found))
}

// sortedOrder is the order of the solutions by their forms. A sort of
// plain words is several times cheaper than one that calls a comparison:
// each word holds the first sixteen bytes of a solution's text (keyCode's
// four bits each), cut to leave room for its index below them; only
// solutions whose words tie are then compared whole.
func sortedOrder(found []*solution) []int {
	indexBits := uint(bits.Len(uint(len(found))))
	indexMask := uint64(1)<<indexBits - 1
	keys := make([]uint64, len(found))
	for i := range found {
		var key uint64
		for _, c := range found[i][:64/keyCodeBits] {
			key = key<<keyCodeBits | uint64(keyCode[c])
		}
		keys[i] = key&^indexMask | uint64(i)
	}
	slices.Sort(keys)
	order := make([]int, len(found))
	for i, key := range keys {
		order[i] = int(key & indexMask)
	}
	for start := 0; start < len(keys); {
		end := start + 1
		for end < len(keys) && keys[end]&^indexMask == keys[start]&^indexMask {
			end++
		}
		if end-start > 1 {
			slices.SortFunc(order[start:end], func(x, y int) int { return bytes.Compare(found[x][:], found[y][:]) })
		}
		start = end
	}
	return order
}

// keyCode numbers the bytes of a solution's text in their order: '\n', '.',
// then the letters.
const keyCodeBits = 4

var keyCode = func() (code [256]uint8) {
	alphabet := []byte{'\n', '.'}
	for _, p := range pieceShapes {
		alphabet = append(alphabet, p.letter)
	}
	slices.Sort(alphabet)
	for i, c := range alphabet {
		code[c] = uint8(i)
	}
	return code
}()

// printSolutions writes the answers in the contest's layout, in the given
// order.
func printSolutions(out io.Writer, b *board, found []*solution, order []int) error {
	number := []byte{'1'} // the answer's number in decimal, counted up in place
	buf := make([]byte, 0, outputBuffer)
	textBytes := b.textBytes()
	for _, i := range order {
		if len(buf)+len("Answer No. \n")+len(number)+textBytes+1 > cap(buf) {
			if _, err := out.Write(buf); err != nil {
				return err
			}
			buf = buf[:0]
		}
		buf = append(buf, "Answer No. "...)
		buf = append(buf, number...)
		buf = append(buf, '\n')
		buf = append(buf, found[i][:textBytes]...)
		buf = append(buf, '\n')
		number = countUp(number)
	}
	buf = strconv.AppendInt(buf, int64(len(found)), 10)
	buf = append(buf, " solutions found\n"...)
	_, err := out.Write(buf)
	return err
}

const outputBuffer = 1 << 16

// countUp adds one to a decimal number written in ASCII digits.
func countUp(number []byte) []byte {
	for i := len(number) - 1; i >= 0; i-- {
		if number[i] != '9' {
			number[i]++
			return number
		}
		number[i] = '0'
	}
	return append([]byte{'1'}, number...)
}

const usage = `usage: pentomino [-v] [BOARD]
  BOARD  6x10 (default), 5x12, 4x15, 3x20 or 8x8 (the square without its centre)
  -v     print the node count and the time on stderr
`

func main() {
	// The program keeps nearly everything it allocates to the end; the
	// collector would only walk it.
	debug.SetGCPercent(-1)
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	verbose := false
	if len(args) > 0 && (args[0] == "-h" || args[0] == "-help" || args[0] == "--help") {
		io.WriteString(stdout, usage)
		return 0
	}
	if len(args) > 0 && args[0] == "-v" {
		verbose, args = true, args[1:]
	}
	name := "6x10"
	switch len(args) {
	case 0:
	case 1:
		name = args[0]
	default:
		io.WriteString(stderr, "pentomino: expected at most one argument, the board, got "+strconv.Itoa(len(args))+"\n")
		return 2
	}
	b, err := newBoard(name)
	if err != nil {
		io.WriteString(stderr, "pentomino: "+err.Error()+"\n")
		return 2
	}
	start := time.Now()
	nodes, err := solveBoard(b, runtime.GOMAXPROCS(0), stdout)
	if err != nil {
		io.WriteString(stderr, "pentomino: writing the answer: "+err.Error()+"\n")
		return 1
	}
	if verbose {
		io.WriteString(stderr, "nodes "+strconv.FormatInt(nodes, 10)+"\nelapsed "+
			strconv.FormatFloat(float64(time.Since(start).Microseconds())/1000, 'f', 3, 64)+" ms\n")
	}
	return 0
}
