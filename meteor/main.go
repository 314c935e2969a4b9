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
//     list per (first empty cell, occupancy of the next 15 cells, where the
//     board ends), built on first use; building it drops placements that
//     overlap or wall off a region whose size is not a multiple of five, so
//     those checks are paid once per list instead of once per node.
//  3. A child whose own list offers no unused piece is not entered (look-ahead);
//     piece 3 keeps half its shapes, so of each pair of solutions a half turn
//     swaps (one the other's string reversed) the search meets one.
//  4. A memo maps each state (board and used pieces) to its number of
//     completions, so a state reached again costs one lookup.
//  5. A second pass walks only the states with completions, visiting each
//     solution and its half turn, keeping the smallest and the largest.
//
// Measured (go1.26.8, AMD EPYC, 2 cores; README, meteor section): 46.0 M
// instructions under callgrind with GOMAXPROCS=1 (the fastest published
// entry, C++ with OpenMP: 114 M; the Benchmarks Game's Go entry: 299 M);
// `make bench`: 0.039 s elapsed, 0.040 s CPU, 7.7 MB peak. 96,818 nodes.
package main

import (
	"bytes"
	"fmt"
	"io"
	"math/bits"
	"os"
	"runtime/debug"
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
		if !containsHex(cells, at) {
			cells = append(cells, at)
		}
	}
	return cells
}

func containsHex(cells []hex, h hex) bool {
	for _, c := range cells {
		if c == h {
			return true
		}
	}
	return false
}

// orientations lists the distinct shapes of a piece under the 6 rotations and
// the flip. Rotating 60 degrees clockwise maps (q, r) to (-r, q+r); the flip
// mirrors top and bottom, (q, r) to (q+r, -r). With halfOnly, only rotations
// 0-2 of each side are kept: one of each pair of shapes that a half turn
// swaps (the piece must have 12 distinct shapes for that to hold).
func orientations(cells []hex, halfOnly bool) [][]hex {
	var shapes [][]hex
	seen := map[uint64]bool{}
	for flip := 0; flip < 2; flip++ {
		shape := append([]hex(nil), cells...)
		if flip == 1 {
			for i, h := range shape {
				shape[i] = hex{h.q + h.r, -h.r}
			}
		}
		for rot := 0; rot < 6; rot++ {
			if key := shapeKey(shape); !seen[key] && (!halfOnly || rot < 3) {
				shapes = append(shapes, append([]hex(nil), shape...))
			}
			seen[shapeKey(shape)] = true
			for i, h := range shape {
				shape[i] = hex{-h.r, h.q + h.r}
			}
		}
	}
	if halfOnly && len(shapes) != 6 {
		panic("the half-turn piece must have 12 distinct shapes")
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

// placeAt puts the shape's first cell in row-major order on window cell
// (row, col) and returns its mask; ok is false if a cell falls off the
// window's sides, top or bottom.
func placeAt(shape []hex, row, col int) (mask uint64, ok bool) {
	first := firstCell(shape)
	anchor := hex{col - (row-row&1)/2, row}
	for _, h := range shape {
		a := hex{anchor.q + h.q - first.q, anchor.r + h.r - first.r}
		r, c := a.r, a.q+(a.r-a.r&1)/2
		if r < 0 || r >= boardHeight || c < 0 || c >= boardWidth {
			return 0, false
		}
		mask |= 1 << (r*boardWidth + c)
	}
	return mask, true
}

// Turning the board a half turn maps each solution to another one (none is
// its own image) and reverses its digit string. The search keeps only half
// of halfTurnPiece's shapes, one of each pair a half turn swaps, so it finds
// exactly one solution of each pair and the other is its reverse.
var halfTurnPiece = 3

// placementsByCell[f] holds every placement whose first cell is window cell
// f (f in the top two rows), as a state word: cell bits and the piece bit.
// placementsByNext[f][occ] keeps those that leave the next nextCells cells
// alone where occ has them filled, so building a list scans fewer.
const nextCells = 4

var (
	placementsByCell [2 * boardWidth][]uint64
	placementsByNext [2 * boardWidth][1 << nextCells][]uint64
)

func buildPlacements() {
	for p := 0; p < pieceCount; p++ {
		for _, shape := range orientations(walkCells(pieceWalks[p]), p == halfTurnPiece) {
			for f := 0; f < 2*boardWidth; f++ {
				if m, ok := placeAt(shape, f/boardWidth, f%boardWidth); ok {
					placementsByCell[f] = append(placementsByCell[f], m|1<<(pieceShift+p))
				}
			}
		}
	}
	for f := range placementsByCell {
		for occ := range placementsByNext[f] {
			for _, p := range placementsByCell[f] {
				if p>>(f+1)&uint64(occ) == 0 {
					placementsByNext[f][occ] = append(placementsByNext[f][occ], p)
				}
			}
		}
	}
}

// Row and column masks for growing a set of cells by one step in every hex
// direction with shifts: a cell i in an even row touches i-6, i-5 above and
// i+4, i+5 below; in an odd row i-5, i-4 above and i+5, i+6 below.
var (
	firstColumn, lastColumn, evenRows, oddRows uint64
)

func buildMasks() {
	for i := 0; i < boardCells; i++ {
		r, c := i/boardWidth, i%boardWidth
		if c == 0 {
			firstColumn |= 1 << i
		}
		if c == boardWidth-1 {
			lastColumn |= 1 << i
		}
		if r%2 == 0 {
			evenRows |= 1 << i
		} else {
			oddRows |= 1 << i
		}
	}
}

// grow adds every neighbour of the cells in m (cells off the board may be
// set; callers mask them off).
func grow(m uint64) uint64 {
	left := m &^ firstColumn // cells with a neighbour to the left
	right := m &^ lastColumn // cells with a neighbour to the right
	return m | left>>1 | right<<1 | m<<boardWidth | m>>boardWidth |
		(left&evenRows)<<(boardWidth-1) | (left&evenRows)>>(boardWidth+1) |
		(right&oddRows)<<(boardWidth+1) | (right&oddRows)>>(boardWidth-1)
}

// ---------------------------------------------------- candidate lists

// The candidates at a state depend on its first empty cell f and the cells
// after it; a list is keyed by how far the window has moved (which says
// where the board's bottom is), f, and the occupancy of the lookAhead cells
// that follow, and is built the first time that key is met.
const lookAhead = 15

type candidateList struct {
	placements []uint64 // a window of the arena
	pieces     uint64   // the piece bits the list offers
}

// arena holds every list's placements back to back, so building a list
// allocates nothing (a list never has more than maxPlacements).
var arena = make([]uint64, 0, 1<<17)

const maxPlacements = pieceCount * 12

// listIndex maps a key to an entry: the list's position in lists, plus one,
// shifted above the ten bits of the pieces it offers, so the look-ahead
// reads one word. 0 means not built yet. (A table of pointers would be
// scanned by the garbage collector.)
var (
	listIndex [3 * 2 * boardWidth << lookAhead]uint32
	lists     = make([]candidateList, 0, 1<<14)
)

// listEntry returns the entry of the list for a state whose window has moved
// down `shifted` times, building the list on first use.
func listEntry(state uint64, shifted int) uint32 {
	key := listKey(state, shifted)
	if e := listIndex[key]; e != 0 {
		return e
	}
	return addList(key, state, shifted)
}

// listKey: the board's bottom is only in reach of the known cells in the
// last two windows; before that every window shares its lists.
func listKey(state uint64, shifted int) int {
	f := bits.TrailingZeros64(^state)
	return (keyBottom[shifted]+f)<<lookAhead | int(state>>(f+1))&(1<<lookAhead-1)
}

// keyBottom[shifted] is the key's offset for the window's position: the
// windows that cannot see the bottom (shifted 0-2) share offset 0, and
// buildList gets the window position back as keyBottom/(2*boardWidth) + 2.
var keyBottom = [boardHeight/2 + 1]int{0, 0, 0, 2 * boardWidth, 4 * boardWidth, 4 * boardWidth}

func addList(key int, state uint64, shifted int) uint32 {
	f := bits.TrailingZeros64(^state)
	l := buildList(f, state, keyBottom[shifted]/(2*boardWidth)+2)
	lists = append(lists, l)
	e := uint32(len(lists))<<pieceCount | uint32(l.pieces>>pieceShift)
	listIndex[key] = e
	return e
}

func listOf(entry uint32) *candidateList { return &lists[entry>>pieceCount-1] }

// offersUnusedPiece is the look-ahead: can any unused piece cover the first
// empty cell of the state the entry was looked up for?
func offersUnusedPiece(entry uint32, state uint64) bool {
	return entry&^uint32(state>>pieceShift)&(1<<pieceCount-1) != 0
}

func candidatesOf(state uint64, shifted int) *candidateList {
	return listOf(listEntry(state, shifted))
}

// buildList keeps the placements at f that fit the known cells and leave no
// walled-off region of a size that is not a multiple of five. Known cells:
// everything before f (filled, since f is the first empty cell), the
// lookAhead cells after it, and the rows below the board's bottom (filled);
// any other cell counts as open.
func buildList(f int, state uint64, shifted int) candidateList {
	outside := cellMask &^ (uint64(1)<<(boardCells-shifted*2*boardWidth) - 1) // the rows below the board
	known := uint64(1)<<(f+1+lookAhead) - 1 | outside
	filled := state & known
	var l candidateList
	if cap(arena)-len(arena) < maxPlacements {
		arena = make([]uint64, 0, 2*cap(arena))
	}
	start := len(arena)
	for _, p := range placementsByNext[f][state>>(f+1)&(1<<nextCells-1)] {
		cells := p & cellMask
		if cells&filled != 0 {
			continue
		}
		if wallsOffBadRegion(filled|cells, known) {
			continue
		}
		arena = append(arena, p)
		l.pieces |= p &^ cellMask
	}
	l.placements = arena[start:len(arena):len(arena)]
	return l
}

// wallsOffBadRegion reports whether some region of empty known cells is
// walled off (reaches no unknown cell) with a size that is not a multiple of
// five. One flood from the unknown cells marks every open region; only the
// rare enclosed cells are then measured region by region.
func wallsOffBadRegion(filled, known uint64) bool {
	empty := known &^ filled
	open := cellMask &^ known &^ filled
	for empty&^open != 0 { // usually every empty cell is reached in a few steps
		grown := grow(open) & (open | empty)
		if grown == open {
			break
		}
		open = grown
	}
	enclosed := empty &^ open
	for enclosed != 0 {
		region := enclosed & -enclosed
		for {
			grown := grow(region) & enclosed
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

// -------------------------------------------------------------- the search

// The memo maps a state to its number of completions: an open-addressed
// table (linear probing) keyed by the state word with a spare bit set, so
// that 0 marks an empty slot even though the empty board is state 0.
const occupied = uint64(1) << 63

type memo struct {
	keys   []uint64
	counts []int32
	used   int
}

func newMemo(size int) *memo {
	return &memo{keys: make([]uint64, size), counts: make([]int32, size)}
}

func (m *memo) slot(state uint64) int {
	mask := len(m.keys) - 1
	i := int((state*0x9E3779B97F4A7C15)>>40) & mask
	for m.keys[i] != 0 && m.keys[i] != state|occupied {
		i = (i + 1) & mask
	}
	return i
}

func (m *memo) get(state uint64) (int32, bool) {
	i := m.slot(state)
	return m.counts[i], m.keys[i] == state|occupied
}

func (m *memo) put(state uint64, n int32) {
	if 2*(m.used+1) > len(m.keys) {
		m.grow()
	}
	i := m.slot(state)
	m.keys[i], m.counts[i] = state|occupied, n
	m.used++
}

func (m *memo) grow() {
	old := *m
	*m = *newMemo(2 * len(old.keys))
	for i, k := range old.keys {
		if k != 0 {
			m.put(k&^occupied, old.counts[i])
		}
	}
}

type search struct {
	memo  *memo
	nodes int64 // placements made: candidates that fit and pass the look-ahead
}

// count returns the number of ways to complete a normalised state whose
// window has moved down `shifted` times and whose candidate list is l.
func (s *search) count(state uint64, shifted int, l *candidateList) int32 {
	if n, ok := s.memo.get(state); ok {
		return n
	}
	total := int32(0)
	for _, p := range l.placements {
		if p&state != 0 {
			continue
		}
		child, shifts := shiftUp(state | p)
		if child>>pieceShift == allPieces {
			s.nodes++
			total++
			continue
		}
		// listEntry, written out so that its fast path is inlined.
		key := listKey(child, shifted+shifts)
		e := listIndex[key]
		if e == 0 {
			e = addList(key, child, shifted+shifts)
		}
		if !offersUnusedPiece(e, child) {
			continue // look-ahead: no unused piece can cover the child's first empty cell
		}
		s.nodes++
		total += s.count(child, shifted+shifts, listOf(e))
	}
	s.memo.put(state, total)
	return total
}

// solutions walks the solutions in search order, entering only the states
// the memo says have completions, and hands each board to found (which
// returns false to stop). board holds the digits placed so far.
func (s *search) solutions(state uint64, shifted int, board *[boardCells]byte, found func() bool) bool {
	offset := shifted * 2 * boardWidth
	for _, p := range candidatesOf(state, shifted).placements {
		if p&state != 0 {
			continue
		}
		child, shifts := shiftUp(state | p)
		complete := child>>pieceShift == allPieces
		if !complete {
			if n, ok := s.memo.get(child); !ok || n == 0 {
				continue
			}
		}
		digit := byte('0' + bits.TrailingZeros64(p>>pieceShift))
		for m := p & cellMask; m != 0; m &= m - 1 {
			board[offset+bits.TrailingZeros64(m)] = digit
		}
		if complete {
			if !found() {
				return false
			}
		} else if !s.solutions(child, shifted+shifts, board, found) {
			return false
		}
	}
	return true
}

// halfTurn is the solution turned a half turn: its string reversed.
func halfTurn(solution []byte) []byte {
	r := make([]byte, len(solution))
	for i, d := range solution {
		r[len(r)-1-i] = d
	}
	return r
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
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run is the whole program; it returns the exit status.
func run(args []string, stdout, stderr io.Writer) int {
	verbose, limit := false, totalSolutions
	if len(args) > 0 && args[0] == "-v" {
		verbose, args = true, args[1:]
	}
	if len(args) > 1 {
		fmt.Fprintf(stderr, "meteor: expected at most one argument, N (a positive integer), got %d\n", len(args))
		return 2
	}
	if len(args) == 1 {
		n, err := strconv.Atoi(args[0])
		if err != nil || n < 1 {
			fmt.Fprintf(stderr, "meteor: expected N, a positive integer, got %q\n", args[0])
			return 2
		}
		limit = n
	}
	start := time.Now()
	out, s := solve(limit)
	stdout.Write(out)
	if verbose {
		fmt.Fprintf(stderr, "nodes %d\nlists %d\nmemo states %d\nelapsed %.3f ms\n",
			s.nodes, len(lists), s.memo.used, float64(time.Since(start).Microseconds())/1000)
	}
	return 0
}

// solve searches and renders the answer for a solution limit.
func solve(limit int) ([]byte, *search) {
	// The program allocates a few megabytes and keeps all of it to the end:
	// the garbage collector would only spend time finding nothing to free.
	debug.SetGCPercent(-1)
	if len(placementsByCell[0]) == 0 {
		buildMasks()
		buildPlacements()
	}
	s := &search{memo: newMemo(1 << 18)}
	// First pass: count the completions of every state. The search finds one
	// solution of each half-turn pair.
	total := 2 * int(s.count(0, 0, candidatesOf(0, 0)))

	// Second pass: visit the solutions, each with its half turn, up to the
	// limit, keeping the smallest and largest.
	count := 0
	var smallest, largest []byte
	var board [boardCells]byte
	keep := func(solution []byte) {
		count++
		if smallest == nil || string(solution) < string(smallest) {
			smallest = append(smallest[:0], solution...)
		}
		if largest == nil || string(solution) > string(largest) {
			largest = append(largest[:0], solution...)
		}
	}
	if total > 0 {
		s.solutions(0, 0, &board, func() bool {
			keep(board[:])
			if count < limit {
				keep(halfTurn(board[:]))
			}
			return count < limit
		})
	}

	var out bytes.Buffer
	fmt.Fprintf(&out, "%d solutions found\n\n", count)
	if count > 0 {
		writeBoard(&out, smallest)
		writeBoard(&out, largest)
	}
	return out.Bytes(), s
}
