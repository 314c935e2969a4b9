// Meteor puzzle: the Computer Language Benchmarks Game's meteor-contest.
//
// The contest. Ten pieces, numbered 0 to 9, each made of five hexagonal
// cells, fill a board 5 cells wide and 10 rows high whose odd rows are shifted
// half a cell to the right (a cell touches two cells above, two below and one
// on each side). A piece may be rotated (6 ways) and flipped (2 ways). Find
// every way to fill the board (there are 2098), then print how many were
// found and the smallest and the largest, comparing solutions as the string
// of their 50 piece digits read row by row from the top.
//
// Usage: meteor [-v] [N]
//
//	N   stop after N solutions (default 2098). For N >= 2098 the output is the
//	    Benchmarks Game's expected file byte for byte; for N < 2098 it has the
//	    same layout for the solutions found first in this program's order.
//	-v  print the search's node count and timing on stderr.
//
// Output: "2098 solutions found", an empty line, then each of the two boards
// as 10 lines, every digit followed by a space and every odd row led by a
// space, each board followed by an empty line. A bad argument gets one line
// on stderr and exit status 2.
//
// Rules kept: one file, standard library only; piece shapes are walks of hex
// directions and every placement is generated at start-up; every solution is
// reached by the search and counted, none is stored in the source.
//
// How it works, in five lines:
//  1. The board is a 64-bit word, one bit a cell, with the ten piece bits above
//     the 50 cell bits, so one AND tests both "does it overlap" and "is the
//     piece used"; once the top two rows are full the board shifts up by
//     two rows, so only placements whose first cell is in rows 0-1 are needed.
//  2. The search always fills the first empty cell. Its candidates come from a
//     list per (first empty cell, occupancy of the next 16 cells, where the
//     board ends), built on first use; building it drops placements that
//     overlap or wall off a region no piece set can fill (a size not a
//     multiple of five, or five cells not shaped like a piece), once per list.
//  3. A child whose own list offers no unused piece is not entered (look-ahead);
//     piece 3 keeps half its shapes, so of each pair of solutions a half turn
//     swaps (one the other's string reversed) the search meets one.
//  4. A memo maps each state (board and used pieces) to its number of
//     completions, so a state reached again costs one lookup.
//  5. The count records each state's live edges (those leading to
//     completions); a second pass follows them, visiting each solution and
//     its half turn, keeping the smallest and the largest.
//
// Measured (go1.26.8, AMD EPYC, 2 cores; README, meteor section): 28.0 M
// instructions under callgrind with GOMAXPROCS=1 (the fastest published
// entry, C++ with OpenMP: 114 M; the Benchmarks Game's Go entry: 299 M);
// `make bench`: 0.012 s elapsed and CPU, about 810 minor page faults, 4.4 MB
// peak. 89,051 nodes, 70,578 memo states.
package main

import (
	"bytes"
	"io"
	"math"
	"math/bits"
	"os"
	"runtime/debug"
	"slices"
	"strconv"
	"time"
)

// ---------------------------------------------------------------- the board

const (
	boardWidth  = 5
	boardHeight = 10
	boardCells  = boardWidth * boardHeight
	pieceCount  = 10
	pieceCells  = 5

	cellMask   = uint64(1)<<boardCells - 1     // the 50 cell bits of a state
	pieceShift = boardCells                    // piece k is bit pieceShift+k
	allPieces  = uint64(1)<<pieceCount - 1     // every piece used
	topRows    = uint64(1)<<(2*boardWidth) - 1 // the two rows a placement starts in
	bottomRows = topRows << (boardCells - 2*boardWidth)
)

// A state is the board seen through a window: bit r*5+c is cell (r, c) of the
// window, set when filled; bits 50..59 are the pieces used. Once the window's
// top two rows are full it moves down two rows (the state shifts right by 10
// and the two rows below the board's bottom come in filled), which keeps the
// hex geometry, since row parity is unchanged, and lets every state use the
// placements anchored in rows 0-1.
func shiftUp(state uint64) (uint64, int) {
	shifts := 0
	for state&topRows == topRows && state&cellMask != cellMask {
		state = (state&cellMask)>>(2*boardWidth) | bottomRows | state&^cellMask
		shifts++
	}
	return state, shifts
}

// ------------------------------------------------------------ the pieces

// Hex directions in axial coordinates (q, r): r is the row, q the column
// minus half the row, so that E and W keep r, and a cell's lower neighbours
// are SE = (0, +1) and SW = (-1, +1).
type hex struct{ q, r int }

var directions = map[string]hex{
	"E": {1, 0}, "W": {-1, 0}, "NE": {1, -1}, "NW": {0, -1}, "SE": {0, 1}, "SW": {-1, 1},
}

// pieceWalks defines each piece as a walk from one of its cells; a step may
// return to a cell already visited.
var pieceWalks = [pieceCount][]string{
	{"E", "E", "E", "SE"},
	{"SE", "SW", "W", "SW"},
	{"W", "W", "SW", "SE"},
	{"E", "E", "SW", "SE"},
	{"SE", "SW", "NE", "E", "SE"},
	{"E", "E", "NE", "W"},
	{"W", "SE", "SW", "SE"},
	{"SW", "E", "E", "NE"},
	{"SE", "SE", "E", "SE"},
	{"SE", "SE", "SW", "E"},
}

func walkCells(walk []string) []hex {
	at := hex{0, 0}
	cells := []hex{at}
	for _, step := range walk {
		d := directions[step]
		at = hex{at.q + d.q, at.r + d.r}
		if !slices.Contains(cells, at) {
			cells = append(cells, at)
		}
	}
	return cells
}

// orientations lists the distinct shapes of a piece under the 6 rotations and
// the flip. Rotating 60 degrees clockwise maps (q, r) to (-r, q+r); the flip
// mirrors top and bottom, (q, r) to (q+r, -r). A shape met at rotation 0-2
// of its side is marked inHalf: for a piece with 12 distinct shapes those
// are one of each pair of shapes that a half turn swaps.
type orientation struct {
	cells  []hex
	inHalf bool
}

func orientations(cells []hex) []orientation {
	var shapes []orientation
	var seen []uint64
	for flip := 0; flip < 2; flip++ {
		var shapeCells [pieceCells]hex
		shape := shapeCells[:copy(shapeCells[:], cells)]
		if flip == 1 {
			for i, h := range shape {
				shape[i] = hex{h.q + h.r, -h.r}
			}
		}
		for rot := 0; rot < 6; rot++ {
			if key := shapeKey(shape); !slices.Contains(seen, key) {
				seen = append(seen, key)
				shapes = append(shapes, orientation{append([]hex(nil), shape...), rot < 3})
			}
			for i, h := range shape {
				shape[i] = hex{-h.r, h.q + h.r}
			}
		}
	}
	return shapes
}

// firstCell is the shape's first cell in row-major order.
func firstCell(shape []hex) hex {
	first := shape[0]
	for _, h := range shape[1:] {
		if h.r < first.r || h.r == first.r && h.q < first.q {
			first = h
		}
	}
	return first
}

// shapeKey identifies a shape up to translation: the set of its cells'
// offsets from its first cell, as a bit mask on a small grid.
func shapeKey(shape []hex) uint64 {
	first := firstCell(shape)
	var key uint64
	for _, h := range shape {
		key |= 1 << ((h.r-first.r)*12 + h.q - first.q + 5)
	}
	return key
}

// placeRow puts the shape's first cell in row-major order on window row
// `row` (0 or 1), in every column where it fits, and returns the masks by
// column (0 where it does not fit). Within a row the shape moves by a shift.
func placeRow(shape []hex, row int) (masks [boardWidth]uint64) {
	first := firstCell(shape)
	anchor := hex{-(row - row&1) / 2, row} // column 0
	type rc struct{ r, c int }
	var cells [pieceCells]rc
	minC, maxC := boardWidth, -boardWidth
	for i, h := range shape {
		a := hex{anchor.q + h.q - first.q, anchor.r + h.r - first.r}
		r, c := a.r, a.q+(a.r-a.r&1)/2
		if r < 0 || r >= boardHeight {
			return masks
		}
		cells[i] = rc{r, c}
		minC, maxC = min(minC, c), max(maxC, c)
	}
	var base uint64 // the shape with its leftmost cell in column 0
	for _, p := range cells {
		base |= 1 << (p.r*boardWidth + p.c - minC)
	}
	for col := max(0, -minC); col+maxC < boardWidth; col++ {
		masks[col] = base << (col + minC)
	}
	return masks
}

// Turning the board a half turn maps each solution to another one (none is
// its own image) and reverses its digit string. The search keeps only half
// of halfTurnPiece's shapes, one of each pair a half turn swaps, so it finds
// exactly one solution of each pair and the other is its reverse.
const halfTurnPiece = 3

// placementsByCell[f] holds every placement whose first cell is window cell
// f (f in the top two rows), as a state word: cell bits and the piece bit.
// placementsByNext(f, occ) keeps those that leave the next nextCells cells
// alone where occ has them filled, so building a list scans fewer; each
// such bucket is filtered from placementsByCell the first time it is asked
// for, into one shared backing array.
const nextCells = 6

// pieceShapes holds the cells of every piece in every orientation (the half
// turn piece's too) placed with its first cell in the top two rows: a
// walled-off region of five cells must be one of them. A set by open
// addressing, 0 marking a free slot.
var (
	placementsByCell [2 * boardWidth][]uint64
	pieceShapes      [1 << 11]uint64
	nextBuckets      [2 * boardWidth][1 << nextCells][]uint64
	bucketArena      []uint64
)

// hashMultiplier spreads keys over a table's slots (2^64 / the golden
// ratio); a slot is the top bits of key * hashMultiplier.
const hashMultiplier = 0x9E3779B97F4A7C15

func shapeSlot(cells uint64) int {
	i := int(cells*hashMultiplier>>53) & (len(pieceShapes) - 1)
	for pieceShapes[i] != 0 && pieceShapes[i] != cells {
		i = (i + 1) & (len(pieceShapes) - 1)
	}
	return i
}

// buildTables makes the start-up tables the search reads, once.
func buildTables() {
	if len(placementsByCell[0]) == 0 {
		buildPlacements()
		buildKeySteps()
	}
}

func buildPlacements() {
	for p := 0; p < pieceCount; p++ {
		shapes := orientations(walkCells(pieceWalks[p]))
		if p == halfTurnPiece && len(shapes) != 12 {
			panic("the half-turn piece must have 12 distinct shapes")
		}
		for _, shape := range shapes {
			kept := p != halfTurnPiece || shape.inHalf
			for row := 0; row < 2; row++ {
				for col, m := range placeRow(shape.cells, row) {
					if m == 0 {
						continue
					}
					f := row*boardWidth + col
					pieceShapes[shapeSlot(m)] = m
					if kept {
						placementsByCell[f] = append(placementsByCell[f], m|1<<(pieceShift+p))
					}
				}
			}
		}
	}
}

// isPieceShape reports whether a region of five cells has the shape of a
// piece. Moving it up by whole pairs of rows keeps the hex geometry and
// brings its first cell into the top two rows.
func isPieceShape(region uint64) bool {
	first := bits.TrailingZeros64(region)
	up := first / (2 * boardWidth) * (2 * boardWidth)
	region >>= uint(up)
	return pieceShapes[shapeSlot(region)] == region
}

func placementsByNext(f int, occ uint64) []uint64 {
	bucket := &nextBuckets[f][occ]
	if *bucket == nil {
		if cap(bucketArena)-len(bucketArena) < len(placementsByCell[f]) {
			bucketArena = make([]uint64, 0, 1<<14)
		}
		start := len(bucketArena)
		for _, p := range placementsByCell[f] {
			if p>>(f+1)&occ == 0 {
				bucketArena = append(bucketArena, p)
			}
		}
		*bucket = bucketArena[start:len(bucketArena):len(bucketArena)]
	}
	return *bucket
}

// Row and column masks for growing a set of cells by one step in every hex
// direction with shifts: a cell i in an even row touches i-6, i-5 above and
// i+4, i+5 below; in an odd row i-5, i-4 above and i+5, i+6 below. They are
// constants (a bit every five cells is cellMask/31; a row of five every ten
// cells is 31*cellMask/1023) so that grow loads nothing.
const (
	firstColumn  = cellMask / (1<<boardWidth - 1)
	lastColumn   = firstColumn << (boardWidth - 1)
	evenRows     = (1<<boardWidth - 1) * (cellMask / (1<<(2*boardWidth) - 1))
	oddRows      = evenRows << boardWidth
	evenNotFirst = evenRows &^ firstColumn // an even-row cell with neighbours above and below to its left
	oddNotLast   = oddRows &^ lastColumn   // an odd-row cell with neighbours above and below to its right
)

// neighbours is the cells next to some cell of m (cells off the board may be
// set; callers mask them off). Within a row a cell reaches one step left
// and right; the cells it touches in the rows above and below are itself
// and its left neighbour (even rows) or right neighbour (odd rows), moved
// up or down a row.
func neighbours(m uint64) uint64 {
	row := (m&^firstColumn)>>1 | (m&^lastColumn)<<1
	vertical := m | (m&evenNotFirst)>>1 | (m&oddNotLast)<<1
	return row | vertical<<boardWidth | vertical>>boardWidth
}

// grow adds to m every neighbour of its cells.
func grow(m uint64) uint64 { return m | neighbours(m) }

// ---------------------------------------------------- candidate lists

// The candidates at a state depend on its first empty cell f and the cells
// after it; a list is keyed by how far the window has moved (which says
// where the board's bottom is), f, and the occupancy of the lookAhead cells
// that follow, and is built the first time that key is met.
const lookAhead = 16

// arena holds every list's placements back to back, each list ended by a
// 0 word. It is a fixed array indexed by uint16, so reading a candidate
// needs no bounds check; the lists hold about 26,000 words.
var (
	arena     [1 << 16]uint64
	arenaUsed = 1 // arena[0] is never a list's start, so no entry is 0
)

const maxPlacements = pieceCount * 12 // in one list

// listIndex maps a key to the list's entry, one word that the search loop
// reads whole: where the list starts in the arena and the piece bits it
// offers (for the look-ahead). 0 means not built yet.
type entry uint32

const entryStart = pieceCount // the start sits above the piece bits

func (e entry) start() int { return int(e >> entryStart) }

// offersUnusedPiece is the look-ahead: can any unused piece cover the first
// empty cell of the state the entry was looked up for?
func (e entry) offersUnusedPiece(state uint64) bool {
	return uint64(e)&^(state>>pieceShift)&(1<<pieceCount-1) != 0
}

// The list index maps a key to its list's entry. Keys run below
// 3*2*boardWidth << lookAhead (21 bits), but a run meets only 6,782 of them,
// spread thin: a table with a slot for every key (8 MB) had 516 of its pages
// touched. So the index has two levels: the key's high bits pick a leaf of
// 16 entries in leafOf, and leaves are handed out in order as keys arrive,
// so that only the leaves in use take memory (about 3,600 leaves and 60
// pages of leafOf). Leaf 0 is all zeros: a key whose leaf is not there yet
// reads 0, "not built", like a key whose list is not.
//
//	list key:  bits 20 ........... 4   3 .. 0
//	           [ leaf in leafOf    ][ entry ]
const (
	keyBits       = 21
	listIndexSize = 1 << keyBits // keys are masked to this, which proves them in range
	leafBits      = 4
	leafSize      = 1 << leafBits
)

var (
	leafOf     [listIndexSize >> leafBits]uint16 // the key's leaf
	leaves     [1 << 16][leafSize]entry          // indexed by a uint16: no bounds check
	leavesUsed = 1                               // leaf 0 stays empty
	listsBuilt int
)

// lookupList is the entry for a key, 0 when its list is not built.
func lookupList(key int) entry {
	return leaves[leafOf[key&(listIndexSize-1)>>leafBits]][key&(leafSize-1)]
}

// setList records a new list's entry, handing out the key's leaf if it is
// the first of its leaf.
func setList(key int, e entry) {
	key &= listIndexSize - 1
	leaf := &leafOf[key>>leafBits]
	if *leaf == 0 {
		if leavesUsed == len(leaves) {
			panic("meteor: the list index is out of leaves")
		}
		*leaf = uint16(leavesUsed)
		leavesUsed++
	}
	leaves[*leaf][key&(leafSize-1)] = e
}

// A candidate carries in its top four bits how far past f the child's first
// empty cell is (0 for f+1, up to 14), read off the list's known cells, or
// slowStep when they do not say. With it the search finds the child's list
// key from keySteps instead of counting zeros and moving the window: the
// profile put a third of the search loop there.
const (
	stepShift = 60
	slowStep  = 15
	stepBits  = uint64(15) << stepShift
	pieceBits = allPieces << pieceShift
)

// keySteps[shifted<<6 | f'] says, for a child whose first empty cell is f' in
// the window of a parent moved down `shifted` times, what the search needs
// to go on to it:
//
//	key step: bits 49 48   47 ............. 32   31 ........... 8   7 6   5 ...... 0
//	          [ moves ][   child's rowBase   ][  key's high part ][ 0 ][ cellsFrom ]
//
//	cellsFrom  where the cells of the child's key start in the unmoved child (f'+1)
//	key's high part  the rest of the child's list key (window position and f')
//	rowBase    the child's window position << 6 | its first empty cell + 1
//	moves      how many times the window moves down (two rows each)
//
// The search loop reads the fields written out, with these names.
type keyStep uint64

const (
	stepCellsMask    = 1<<6 - 1
	stepHighShift    = 8
	stepHighMask     = 1<<24 - 1
	stepRowBaseShift = 32
	stepRowBaseMask  = 1<<16 - 1
	stepMovesShift   = 48
	stepMovesMask    = 3
)

func (s keyStep) cellsFrom() uint64 { return uint64(s) & stepCellsMask }
func (s keyStep) high() int         { return int(s>>stepHighShift) & stepHighMask }
func (s keyStep) rowBase() int      { return int(s>>stepRowBaseShift) & stepRowBaseMask }
func (s keyStep) moves() uint64     { return uint64(s>>stepMovesShift) & stepMovesMask }

var keySteps [8 << 6]keyStep

func buildKeySteps() {
	for shifted := 0; shifted < 6; shifted++ {
		for f := 0; f < boardCells; f++ {
			moves := f / (2 * boardWidth)
			childShifted, childF := shifted+moves, f%(2*boardWidth)
			if childShifted > boardHeight/2 {
				continue // past the board: never asked for
			}
			high := (keyBottom[childShifted] + childF) << lookAhead
			keySteps[shifted<<6|f] = keyStep(f+1) | keyStep(high)<<stepHighShift |
				keyStep(childShifted<<6|(childF+1))<<stepRowBaseShift | keyStep(moves)<<stepMovesShift
		}
	}
}

// listEntry returns the entry of the list for a state whose window has moved
// down `shifted` times, building the list on first use.
func listEntry(state uint64, shifted int) entry {
	if e := lookupList(listKey(state, shifted)); e != 0 {
		return e
	}
	return newList(state, shifted)
}

// listKey is the key of a state's list, from keySteps like the search
// loop's: the board's bottom is only in reach of the known cells in the
// last two windows; before that every window shares its lists.
func listKey(state uint64, shifted int) int {
	return listKeyAt(firstEmpty(state), state, shifted)
}

// listKeyAt is listKey for a state whose first empty cell f is known.
func listKeyAt(f int, state uint64, shifted int) int {
	return stepKey(keySteps[(shifted<<6|f)&(len(keySteps)-1)], state) & (listIndexSize - 1)
}

// firstEmpty is the first empty cell of a state whose board is not full:
// its lowest clear bit, below bit 50. The OR tells the compiler that the
// operand is not 0, which spares a test.
func firstEmpty(state uint64) int { return bits.TrailingZeros64(^state | 1<<63) }

// stepKey is the list key of a child whose first empty cell and window
// position the step describes: the rest of the key from the table, then
// the cells after the first empty one, read from the unmoved child (the
// window moves by whole rows, so they are the same bits). Cells past the
// board's bottom must read as filled.
func stepKey(step keyStep, cells uint64) int {
	return step.high() | int(cells>>step.cellsFrom())&(1<<lookAhead-1)
}

// keyBottom[shifted] is the key's offset for the window's position: the
// windows that cannot see the bottom (shifted 0-2) share offset 0, and
// buildList gets the window position back as keyBottom/(2*boardWidth) + 2.
var keyBottom = [8]int{0, 0, 0, 2 * boardWidth, 4 * boardWidth, 4 * boardWidth}

// newList builds the list for a state whose list is not built yet (the
// search loop has looked), records it in the index and returns its entry.
func newList(state uint64, shifted int) entry {
	f := firstEmpty(state)
	key := listKeyAt(f, state, shifted)
	start := arenaUsed
	pieces := buildList(f, state, keyBottom[shifted]/(2*boardWidth)+2)
	e := entry(start)<<entryStart | entry(pieces>>pieceShift)
	setList(key, e)
	listsBuilt++
	return e
}

// buildList keeps the placements at f that fit the known cells and leave no
// walled-off region that no set of pieces can fill, and tags each with the
// step to the child's first empty cell. Known cells:
// everything before f (filled, since f is the first empty cell), the
// lookAhead cells after it, and the rows below the board's bottom (filled);
// any other cell counts as open. The known cells after f reach row 4 at
// most, so the rows below the board only matter once they start there
// (shifted 3 and 4); before that they are left unknown, which gives the
// same verdicts and a shorter flood.
func buildList(f int, state uint64, shifted int) (pieces uint64) {
	known := uint64(1)<<(f+1+lookAhead) - 1
	if shifted > 2 {
		known |= cellMask &^ (uint64(1)<<(boardCells-shifted*2*boardWidth) - 1) // the rows below the board
	}
	filled := state & known
	// Known cells next to an unknown one: where buildList's flood starts.
	nextToUnknown := grow(cellMask&^known) & known
	if arenaUsed+maxPlacements+1 > len(arena) || arenaUsed+maxPlacements+1 > 1<<(32-entryStart) {
		panic("meteor: the list arena is full; make it larger")
	}
	for _, p := range placementsByNext(f, state>>(f+1)&(1<<nextCells-1)) {
		if p&filled != 0 { // filled holds no piece bits
			continue
		}
		cells := p & cellMask
		empty := known &^ (filled | cells)
		// Most walled-off regions are single cells: an empty cell with no
		// empty neighbour and none unknown. One step finds those (the
		// cells the piece covers past the known ones only make it stricter).
		if empty&^(neighbours(empty)|nextToUnknown) != 0 {
			continue
		}
		open := nextToUnknown
		if cells&^known != 0 { // the piece covers unknown cells, which then wall off
			open = grow(cellMask&^known&^cells) & known
		}
		// The flood: every empty cell that reaches an unknown one. It is
		// written out here, with only the rare walled-off case a call, so
		// that the loop keeps its values in registers (as a call on every
		// candidate it cost the loop a dozen reloads, 0.3 M in all).
		reached := empty & open
		for reached != empty { // usually every empty cell is reached in a step or two
			grown := grow(reached) & empty
			if grown == reached {
				break
			}
			reached = grown
		}
		if enclosed := empty &^ reached; enclosed != 0 &&
			(bits.OnesCount64(enclosed)%pieceCells != 0 || isBadEnclosure(enclosed)) {
			continue // a walled-off region that no set of pieces fills
		}
		// Where the child's first empty cell is, if the known cells say:
		// the empty known cells all come after f.
		step := uint64(bits.TrailingZeros64(empty>>(f+1) | 1<<slowStep))
		arena[arenaUsed] = p | step<<stepShift
		arenaUsed++
		pieces |= p & pieceBits
	}
	arena[arenaUsed] = 0 // the end of the list
	arenaUsed++
	return pieces
}

// isBadEnclosure reports whether the walled-off cells (they reach no
// unknown cell) hold a region with a size that is not a multiple of five, or
// five cells not shaped like a piece. buildList calls it only when the
// walled-off cells together are a multiple of five (otherwise one region is
// not, and one count says so); then the regions are measured one by one.
func isBadEnclosure(enclosed uint64) bool {
	for enclosed != 0 {
		region := enclosed & -enclosed
		for {
			grown := grow(region) & enclosed
			if grown == region {
				break
			}
			region = grown
		}
		if n := bits.OnesCount64(region); n%pieceCells != 0 || n == pieceCells && !isPieceShape(region) {
			return true
		}
		enclosed &^= region
	}
	return false
}

// -------------------------------------------------------------- the search

// The memo maps a state to its completions: an open-addressed table
// (linear probing) keyed by the state word with a spare bit set, so that 0
// marks an empty slot even though the empty board is state 0. Its size is
// fixed: the search meets the same 70,578 states whatever N is (the tests
// pin that number), just over half the slots: every page of the table is
// touched anyway (states land at random), so a table twice as large would
// cost 320 more page faults to save a few probes. A fixed array needs no
// length loads or bounds checks in the search loop. A state's count field
// (16 bits, a fifth of the memo's memory) says where its completions are:
//
//	count field = 0   no completion (or not done yet)
//	count field < 0   -(index of the state's header in liveEdges)
//
// liveEdges holds, for each state with completions, a header edge with its
// number of completions (at most the empty board's 1049), then its live
// edges (the candidates that lead to completions, which the walk follows),
// then an empty edge. The count records them as it goes, so the walk never
// works them out again; a state found again in the memo with completions
// (846 times) pays one more load for its number, and no table by slot
// (64 more pages) is needed.
const (
	occupied = uint64(1) << 63
	memoBits = 17
	memoSize = 1 << memoBits
	memoMask = memoSize - 1
	memoFull = memoSize * 3 / 4 // beyond this probing gets slow; never reached
)

type memo struct {
	keys   [memoSize]uint64
	counts [memoSize]int16
	used   int
}

// newMemo writes a zero into every page of the memo: a probe reads slots
// before any state is stored there, and a page first read is the kernel's
// shared page of zeros, which costs a second fault when it is written. One
// word a page is enough (new has zeroed the memory, or the kernel has), and
// costs 320 stores where clearing the whole table cost 160,000 instructions.
const pageBytes = 4096 // or a divisor of the page size: every page is still written

func newMemo() *memo {
	m := new(memo)
	for i := 0; i < len(m.keys); i += pageBytes / 8 {
		m.keys[i] = 0
	}
	for i := 0; i < len(m.counts); i += pageBytes / 2 {
		m.counts[i] = 0
	}
	return m
}

// slot is where the state is, or the empty slot where it would go.
func (m *memo) slot(state uint64) int {
	i := int(state*hashMultiplier>>(64-memoBits)) & memoMask
	for m.keys[i] != 0 && m.keys[i] != state|occupied {
		i = (i + 1) & memoMask
	}
	return i
}

// reserve stores a state that slot found missing at i before its count is
// known: its descendants, probing meanwhile, pass over the slot (a state is
// never its own descendant, so none finds it unfinished), and the count
// goes in when the state is done.
func (m *memo) reserve(i int, state uint64) {
	m.keys[i] = state | occupied
	m.used++
}

type search struct {
	memo  *memo
	nodes int64 // placements made: candidates that fit and pass the look-ahead
}

// The count loop's variables that live in memory, not in registers (the
// loop has none to spare: with these in registers the compiler spilled
// values on every candidate, 0.8 M instructions in all): the depth of the
// state being expanded, and, for the node count, the children found in the
// memo and the completed boards.
var counting struct{ depth, memoHits, completeBoards int }

// While a state is expanded, its live edges so far wait in pending, from
// where pendingTop was when it was entered (at most pieceCount+1 states on
// the path, of at most maxPlacements candidates each). These and liveEdges
// are package variables written only off the count loop's hot path (3,027
// states of 70,578 have completions), so that they take none of its
// registers; the writes are masked, and the count checks once at its end
// that nothing overflowed.
const (
	pendingMask   = 2047
	liveEdgesMask = 1<<15 - 1
)

var (
	liveEdges     [liveEdgesMask + 1]liveEdge
	liveEdgesUsed int
	pending       [pendingMask + 1]liveEdge
	pendingTop    int
)

// count returns the number of ways to complete the empty board (one of each
// half-turn pair) and leaves every state met in the memo with its
// completions (their number and live edges, see memo). The search is a
// loop over an explicit stack rather than a recursion: the state being
// expanded lives in registers, and a frame is written only on the way down
// (a call would reload everything after each child). The memo is probed
// for a child before it is entered, so a state met again costs one lookup,
// and the slot found is reserved for it at once (no second probe when it
// is done). The profile's lesson: every instruction on the path of a
// candidate that fits counts (190,000 of them), so the list ends with a 0
// word instead of a length, the child's list key comes from keySteps and
// the candidate's step bits, a complete board is noticed in the rare
// branch where the list could not say where the next empty cell is, and
// what the loop needs only off that path (the depth, the node counts, the
// live edges) is kept in memory, not in its variables: the Go compiler has
// too few registers for all of them and spilled on every candidate.
func (s *search) count() int32 {
	// rowBase is a state's window position << 6 | its first empty cell + 1,
	// so that rowBase plus a candidate's step is the keySteps index.
	type frame struct {
		state          uint64
		rowBase, slot  int
		next           uint16
		completionsYet int32
		pendingFrom    int // pendingTop when the child was entered: where the child's live edges start
	}
	const stackMask = 15 // a power of two above pieceCount, so masking proves the index in range
	var stack [stackMask + 1]frame
	counting.depth = 0
	memo := s.memo
	counting.memoHits, counting.completeBoards = 0, 0
	liveEdgesUsed = 1 // no header is at 0
	pendingTop = 0

	state, rowBase := uint64(0), 1
	next := uint16(listEntry(state, 0).start())
	slot := memo.slot(state)
	memo.reserve(slot, state)
	total := int32(0)
	for {
		p := arena[next]
		next++
		if p&state != 0 {
			continue // a cell or the piece is taken
		}
		if p == 0 { // the end of the list: the state is done
			if total > 0 { // its slot was reserved when it was entered; with no completion its field stays 0
				from := 0
				if counting.depth > 0 {
					from = stack[(counting.depth-1)&stackMask].pendingFrom
				}
				memo.counts[slot] = -int16(endRun(total, from))
			}
			if counting.depth == 0 {
				break
			}
			counting.depth--
			up := &stack[counting.depth&stackMask]
			if total > 0 { // the parent's edge to it is live
				addLiveEdge(liveEdge{up.next - 1, uint8(rowBase >> 6), int32(slot)})
			}
			state, rowBase, slot, next = up.state, up.rowBase, up.slot, up.next
			total += up.completionsYet
			continue
		}
		child := state | p // with the candidate's step bits, which no test below reads
		at, keyCells := rowBase+int(p>>stepShift), child
		if p>>stepShift == slowStep { // the list could not say where the next empty cell is
			if child|stepBits == ^uint64(0)>>4|stepBits { // every cell and piece: a solution
				counting.completeBoards++
				total++
				addLiveEdge(liveEdge{next - 1, 0, completeBoard})
				continue
			}
			at = rowBase&^63 | firstEmpty(child)
			keyCells = child | ^cellMask // past the board, cells read as filled
		}
		step := keySteps[at&(len(keySteps)-1)]
		// stepKey, written out: calling it, though inlined, costs this loop
		// 0.2 M instructions in how the compiler allocates registers.
		key := int(step>>stepHighShift)&stepHighMask | int(keyCells>>(step&stepCellsMask))&(1<<lookAhead-1)
		childEntry := leaves[leafOf[key&(listIndexSize-1)>>leafBits]][key&(leafSize-1)] // lookupList, written out
		if childEntry == 0 {                                                            // not built: newList works the key out again, so it need not be kept
			moved, movedShifted := shiftUp(child &^ stepBits)
			childEntry = newList(moved, (rowBase>>6)+movedShifted)
		}
		if !childEntry.offersUnusedPiece(child) {
			continue // look-ahead: no unused piece can cover the child's first empty cell
		}
		child &^= stepBits
		for moves := step >> stepMovesShift & stepMovesMask; moves > 0; moves-- {
			child = (child&cellMask)>>(2*boardWidth) | bottomRows | child&^cellMask
		}
		childSlot := memo.slot(child)
		if memo.keys[childSlot] == child|occupied {
			counting.memoHits++
			if header := -int(memo.counts[childSlot]); header > 0 {
				total += liveEdges[header&liveEdgesMask].childSlot // the header holds the count
				addLiveEdge(liveEdge{next - 1, uint8(step >> stepRowBaseShift >> 6), int32(childSlot)})
			}
			continue
		}
		memo.reserve(childSlot, child)
		up := &stack[counting.depth&stackMask]
		up.state, up.rowBase, up.slot, up.next, up.completionsYet, up.pendingFrom = state, rowBase, slot, next, total, pendingTop
		counting.depth++
		state, rowBase, slot, total = child, int(step>>stepRowBaseShift&stepRowBaseMask), childSlot, 0
		next = uint16(childEntry.start())
	}
	if memo.used > memoFull {
		panic("meteor: the memo is too full; raise memoSize")
	}
	if liveEdgesUsed > len(liveEdges) || liveEdgesUsed > math.MaxInt16 {
		panic("meteor: too many live edges; raise liveEdgesMask")
	}
	// Nodes: children entered (every state stored but the root), children
	// found in the memo, and completed boards.
	s.nodes += int64(memo.used - 1 + counting.memoHits + counting.completeBoards)
	return total
}

// addLiveEdge records a live edge of the state being expanded.
func addLiveEdge(e liveEdge) {
	pending[pendingTop&pendingMask] = e
	pendingTop++
}

// endRun moves the live edges of a state with completions, pending from
// index from on, to their run in liveEdges after a header holding the
// count, and returns the header's index. It makes no call, so that it is
// inlined in the count loop without the loop saving its registers for it.
func endRun(completions int32, from int) (header int) {
	header = liveEdgesUsed
	liveEdges[header&liveEdgesMask] = liveEdge{childSlot: completions}
	run := header + 1
	for i := from; i < pendingTop; i++ {
		liveEdges[run&liveEdgesMask] = pending[i&pendingMask]
		run++
	}
	liveEdges[run&liveEdgesMask] = liveEdge{}
	liveEdgesUsed, pendingTop = run+1, from
	return header
}

// solutions walks the solutions in search order, following the live edges
// the count recorded, and hands each board to found (which returns false
// to stop).
func (s *search) solutions(found func(board *[boardCells]byte) bool) {
	var digits walkBoard
	s.walk(s.memo.slot(0), 0, &digits, found)
}

// walkBoard holds the digits placed so far, with room up to 64 so that a
// cell index masked to 6 bits needs no bound check.
type walkBoard [64]byte

// A liveEdge leads from a state to a child with completions: the
// candidate's arena index, the child's window position (how many times
// the window has moved down) and its memo slot (or completeBoard).
type liveEdge struct {
	candidate uint16
	window    uint8
	childSlot int32
}

const completeBoard = -1

// walk visits the solutions below the state at memo slot slot, whose
// window has moved down shifted times.
func (s *search) walk(slot int, shifted int, board *walkBoard, found func(*[boardCells]byte) bool) bool {
	offset := shifted * 2 * boardWidth
	for e := -int(s.memo.counts[slot]) + 1; liveEdges[e].candidate != 0; e++ {
		edge := liveEdges[e]
		p := arena[edge.candidate]
		// The piece bit is the lowest above the cells (the step bits lie
		// above it); the OR tells the compiler the operand is not 0.
		digit := byte('0' + bits.TrailingZeros64(p>>pieceShift|1<<pieceCount))
		// A piece has five cells, written out: a loop over the bits cost
		// the walk a tenth more instructions.
		m := p & cellMask
		board[(offset+bits.TrailingZeros64(m))&63] = digit
		m &= m - 1
		board[(offset+bits.TrailingZeros64(m))&63] = digit
		m &= m - 1
		board[(offset+bits.TrailingZeros64(m))&63] = digit
		m &= m - 1
		board[(offset+bits.TrailingZeros64(m))&63] = digit
		m &= m - 1
		board[(offset+bits.TrailingZeros64(m))&63] = digit
		if edge.childSlot == completeBoard {
			if !found((*[boardCells]byte)(board[:boardCells])) {
				return false
			}
			continue
		}
		if !s.walk(int(edge.childSlot), int(edge.window), board, found) {
			return false
		}
	}
	return true
}

// compareTurned compares a solution, or its half turn when turned, with
// another, as strings: -1, 0 or 1.
func compareTurned(solution *[boardCells]byte, turned bool, other *[boardCells]byte) int {
	for i := range other {
		d := solution[i]
		if turned {
			d = solution[boardCells-1-i]
		}
		if d != other[i] {
			if d < other[i] {
				return -1
			}
			return 1
		}
	}
	return 0
}

// halfTurn is the solution turned a half turn: its string reversed.
func halfTurn(solution *[boardCells]byte) (turned [boardCells]byte) {
	for i, d := range solution {
		turned[boardCells-1-i] = d
	}
	return turned
}

// ------------------------------------------------------------------ output

func writeBoard(out *bytes.Buffer, solution []byte) {
	for r := 0; r < boardHeight; r++ {
		if r%2 == 1 {
			out.WriteByte(' ')
		}
		for c := 0; c < boardWidth; c++ {
			out.WriteByte(solution[r*boardWidth+c])
			out.WriteByte(' ')
		}
		out.WriteByte('\n')
	}
	out.WriteByte('\n')
}

const totalSolutions = 2098

func main() {
	// The program allocates a few megabytes and keeps all of it to the end:
	// the garbage collector would only spend time finding nothing to free.
	debug.SetGCPercent(-1)
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run is the whole program; it returns the exit status.
func run(args []string, stdout, stderr io.Writer) int {
	verbose, limit := false, totalSolutions
	if len(args) > 0 && args[0] == "-v" {
		verbose, args = true, args[1:]
	}
	if len(args) > 1 {
		io.WriteString(stderr, "meteor: expected at most one argument, N (a positive integer), got "+strconv.Itoa(len(args))+"\n")
		return 2
	}
	if len(args) == 1 {
		n, err := strconv.Atoi(args[0])
		if err != nil || n < 1 {
			io.WriteString(stderr, "meteor: expected N, a positive integer, got "+strconv.Quote(args[0])+"\n")
			return 2
		}
		limit = n
	}
	start := time.Now()
	out, s := solve(limit)
	stdout.Write(out)
	if verbose {
		io.WriteString(stderr, "nodes "+strconv.FormatInt(s.nodes, 10)+"\nlists "+strconv.Itoa(listsBuilt)+
			"\nmemo states "+strconv.Itoa(s.memo.used)+"\nelapsed "+
			strconv.FormatFloat(float64(time.Since(start).Microseconds())/1000, 'f', 3, 64)+" ms\n")
	}
	return 0
}

// solve searches and renders the answer for a solution limit.
func solve(limit int) ([]byte, *search) {
	buildTables()
	s := &search{memo: newMemo()}
	// First pass: count the completions of every state. The search finds one
	// solution of each half-turn pair.
	total := 2 * int(s.count())

	// Second pass: visit the solutions, each with its half turn, up to the
	// limit, keeping the smallest and largest. The half turn is compared
	// read backwards and copied only when it is a new extreme.
	count := 0
	var smallest, largest [boardCells]byte
	if total > 0 {
		s.solutions(func(board *[boardCells]byte) bool {
			if count == 0 {
				smallest, largest = *board, *board
			}
			count++
			if compareTurned(board, false, &smallest) < 0 {
				smallest = *board
			}
			if compareTurned(board, false, &largest) > 0 {
				largest = *board
			}
			if count < limit {
				count++
				if compareTurned(board, true, &smallest) < 0 {
					smallest = halfTurn(board)
				}
				if compareTurned(board, true, &largest) > 0 {
					largest = halfTurn(board)
				}
			}
			return count < limit
		})
	}

	var out bytes.Buffer
	out.WriteString(strconv.Itoa(count) + " solutions found\n\n")
	if count > 0 {
		writeBoard(&out, smallest[:])
		writeBoard(&out, largest[:])
	}
	return out.Bytes(), s
}
