package main

import (
	"bytes"
	"math/bits"
	"os"
	"runtime"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// Solutions and search nodes per board, with one worker (with several, the
// count depends a little on which worker marks a state dead first). The node
// count pins the search: an optimisation that changes it has changed what is
// searched, and must say so. The counts moved twice this round: a state
// found dead with F restricted no longer counts as dead without the
// restriction (that was not sound in general; 5x12, 4x15 and 8x8 had 53,452,
// 13,352 and 50,352 nodes), and lists are now shared across lines, keyed by
// how many cells each board's lists look ahead and how far the board's end
// is, up to a cap (6x10 had 186,762 nodes with a list for every cell).
var boards = []struct {
	name      string
	solutions int
	nodes     int64
}{
	{"6x10", 2339, 191078},
	{"5x12", 1010, 60237},
	{"4x15", 368, 15901},
	{"3x20", 2, 1026},
	{"8x8", 65, 63860},
}

func TestBoardsMatchExpectedFiles(t *testing.T) {
	for _, c := range boards {
		b, err := newBoard(c.name)
		if err != nil {
			t.Fatal(err)
		}
		out, nodes := solveWith(t, b, 1)
		want, err := os.ReadFile("../expected/pentomino/" + c.name + ".out")
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(out, want) {
			t.Errorf("%s: output differs from expected/pentomino/%s.out", c.name, c.name)
		}
		if nodes != c.nodes {
			t.Errorf("%s: nodes = %d, want %d", c.name, nodes, c.nodes)
		}
		sols := parseSolutions(t, b, out)
		if len(sols) != c.solutions {
			t.Errorf("%s: %d solutions, want %d", c.name, len(sols), c.solutions)
		}
		checkSolutions(t, b, sols)
	}
}

// solveWith solves a board with the given number of workers.
func solveWith(t *testing.T, b *board, workers int) ([]byte, int64) {
	t.Helper()
	var out bytes.Buffer
	nodes, err := solveBoard(b, workers, &out)
	if err != nil {
		t.Fatal(err)
	}
	return out.Bytes(), nodes
}

// parseSolutions reads the printed answers back, checking the layout.
func parseSolutions(t *testing.T, b *board, out []byte) []string {
	t.Helper()
	lines := strings.Split(string(out), "\n")
	var sols []string
	i := 0
	for ; strings.HasPrefix(lines[i], "Answer No. "); i += b.rows + 2 {
		if want := "Answer No. " + itoa(len(sols)+1); lines[i] != want {
			t.Fatalf("%s: line %d is %q, want %q", b.name, i+1, lines[i], want)
		}
		sols = append(sols, strings.Join(lines[i+1:i+1+b.rows], ""))
		if lines[i+1+b.rows] != "" {
			t.Fatalf("%s: no empty line after answer %d", b.name, len(sols))
		}
	}
	if lines[i] != itoa(len(sols))+" solutions found" || lines[i+1] != "" || len(lines) != i+2 {
		t.Fatalf("%s: bad last line %q", b.name, lines[i])
	}
	return sols
}

func itoa(n int) string { return strconv.Itoa(n) }

// checkSolutions: each solution is a tiling by the 12 pieces, is the
// smallest of its images, and they are strictly ascending (so no class is
// printed twice).
func checkSolutions(t *testing.T, b *board, sols []string) {
	t.Helper()
	syms := b.symmetries()
	for i, s := range sols {
		if i > 0 && sols[i-1] >= s {
			t.Fatalf("%s: answers %d and %d are not strictly ascending", b.name, i, i+1)
		}
		for _, sym := range syms {
			if img := image(b, s, sym); img < s {
				t.Fatalf("%s: answer %d is not canonical: image %s is smaller", b.name, i+1, img)
			}
		}
		checkTiling(t, b, s)
	}
}

func image(b *board, s string, sym func(cell) cell) string {
	out := make([]byte, len(s))
	for r := 0; r < b.rows; r++ {
		for c := 0; c < b.cols; c++ {
			p := sym(cell{r, c})
			out[r*b.cols+c] = s[p.r*b.cols+p.c]
		}
	}
	return string(out)
}

// checkTiling: every piece letter covers a shape that is one of its
// orientations, and the holes (8x8) are '.'.
func checkTiling(t *testing.T, b *board, s string) {
	t.Helper()
	for k, piece := range pieceShapes {
		var cells []cell
		for i := range s {
			if s[i] == piece.letter {
				cells = append(cells, cell{i / b.cols, i % b.cols})
			}
		}
		if len(cells) != 5 {
			t.Fatalf("%s: %c covers %d cells in %s", b.name, piece.letter, len(cells), s)
		}
		shape, ok := normalized(cells), false
		for _, o := range orientations(shapeCells(pieceShapes[k].rows)) {
			ok = ok || sameShape(o.cells, shape)
		}
		if !ok {
			t.Fatalf("%s: %c has a shape that is not an F...Z pentomino in %s", b.name, piece.letter, s)
		}
	}
	if holes := strings.Count(s, "."); holes != b.rows*b.cols-60 {
		t.Fatalf("%s: %d empty cells in %s", b.name, holes, s)
	}
}

// TestEachClassOnceAgainstBruteForce solves the small boards again with no
// symmetry breaking at all, reduces every solution to its canonical form,
// and checks that the set equals what the real search printed.
func TestEachClassOnceAgainstBruteForce(t *testing.T) {
	for _, name := range []string{"3x20", "4x15", "8x8"} {
		b, _ := newBoard(name)
		out, _ := solveWith(t, b, 1)
		got := parseSolutions(t, b, out)
		want := bruteForce(b)
		if strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("%s: search printed %d classes, brute force finds %d", name, len(got), len(want))
		}
	}
}

func bruteForce(b *board) []string {
	var byCell [64][]struct {
		mask  uint64
		piece int
	}
	for k, piece := range pieceShapes {
		for _, o := range orientations(shapeCells(piece.rows)) {
			for r := 0; r < b.rows; r++ {
				for c := 0; c < b.cols; c++ {
					if m, ok := b.place(o.cells, r, c); ok {
						f := bits.TrailingZeros64(m)
						byCell[f] = append(byCell[f], struct {
							mask  uint64
							piece int
						}{m, k})
					}
				}
			}
		}
	}
	classes := map[string]bool{}
	var grid [64]byte
	var rec func(board uint64, used int)
	rec = func(board uint64, used int) {
		if used == allPieces {
			s := make([]byte, b.rows*b.cols)
			for r := 0; r < b.rows; r++ {
				for c := 0; c < b.cols; c++ {
					s[r*b.cols+c] = grid[b.bitOf[r][c]]
				}
			}
			best := string(s)
			for _, sym := range b.symmetries() {
				best = min(best, image(b, string(s), sym))
			}
			classes[best] = true
			return
		}
		f := bits.TrailingZeros64(^board)
		for _, p := range byCell[f] {
			if p.mask&board != 0 || used&(1<<p.piece) != 0 {
				continue
			}
			for m := p.mask; m != 0; m &= m - 1 {
				grid[bits.TrailingZeros64(m)] = pieceShapes[p.piece].letter
			}
			rec(board|p.mask, used|1<<p.piece)
		}
	}
	for i := range grid {
		grid[i] = '.'
	}
	rec(b.holes|^b.cells, 0)
	var out []string
	for s := range classes {
		out = append(out, s)
	}
	sort.Strings(out)
	return out
}

// The output is the same bytes whatever the number of workers and however
// they are scheduled; run as the program runs, under GOMAXPROCS 1, 2 and 8.
func TestSameOutputOnAnyNumberOfCores(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	for _, procs := range []int{1, 2, 8} {
		runtime.GOMAXPROCS(procs)
		for _, c := range boards {
			var out, errb bytes.Buffer
			if status := run([]string{"-v", c.name}, &out, &errb); status != 0 {
				t.Fatalf("GOMAXPROCS=%d %s: status %d, %s", procs, c.name, status, errb.String())
			}
			want, err := os.ReadFile("../expected/pentomino/" + c.name + ".out")
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(out.Bytes(), want) {
				t.Errorf("GOMAXPROCS=%d %s: output differs from the expected file", procs, c.name)
			}
			if !strings.Contains(errb.String(), "nodes ") {
				t.Errorf("GOMAXPROCS=%d %s: -v printed %q", procs, c.name, errb.String())
			}
		}
	}
	// More workers than tasks, fewer than cores: still the same answer.
	b, _ := newBoard("3x20")
	want, _ := solveWith(t, b, 1)
	for _, workers := range []int{3, 64} {
		if got, _ := solveWith(t, b, workers); !bytes.Equal(got, want) {
			t.Errorf("%d workers: output differs", workers)
		}
	}
}

// The hash tables double in place and keep every word findable, with one
// worker and with several adding at once.
func TestHashTableDoublesInPlace(t *testing.T) {
	for _, narrow := range []bool{false, true} { // the dead states' keys, the list index's
		for _, shared := range []bool{false, true} {
			var tab hashTable
			if narrow {
				tab.narrow = true
				tab.init(^uint64(0), indexKeyShift, 0.75, 0, shared)
			} else {
				tab.init(^uint64(0), 0, 0.75, 0, shared)
			}
			rng := uint64(1)
			var words []uint64
			seen := map[uint64]bool{}
			for len(words) < 20000 {
				rng = rng*6364136223846793005 + 1442695040888963407
				v := rng | 1 // never 0
				if narrow {
					v = indexSlot(uint32(rng>>32)|1<<keyPresent, uint32(len(words)+1))
				}
				if seen[tab.keyOf(v)] {
					continue
				}
				seen[tab.keyOf(v)] = true
				if tab.full() && !tab.double() {
					t.Fatal("the table could not double")
				}
				tab.add(v, tab.homeOf(v, tab.shift.Load()))
				words = append(words, v)
			}
			if got := 64 - tab.shift.Load(); got != 15 {
				t.Errorf("narrow=%v shared=%v: 20,000 words at load 0.75 take 2^%d slots, want 2^15", narrow, shared, got)
			}
			for _, v := range words {
				if narrow {
					if e := tab.lookup(uint32(v >> indexKeyShift)); e != uint32(v) {
						t.Fatalf("shared=%v: key %#x finds entry %d after doubling, want %d", shared, v>>indexKeyShift, e, uint32(v))
					}
					continue
				}
				i := home(v, tab.shift.Load())
				for tab.slots[i] != v {
					if tab.slots[i] == 0 {
						t.Fatalf("shared=%v: %#x lost after doubling", shared, v)
					}
					i++
				}
			}
		}
	}
}

// sortedOrder sorts by words of the first cells, then by whole texts where
// those tie: texts that share their first 16 bytes (and more) must come out
// in byte order all the same.
func TestSortedOrder(t *testing.T) {
	rng := uint64(7)
	letters := []byte("\n.FILNPTUVWXYZ")
	var found []*solution
	for len(found) < 3000 {
		s := new(solution)
		for i := range s {
			rng = rng*6364136223846793005 + 1442695040888963407
			s[i] = letters[rng>>60%uint64(len(letters))]
		}
		if len(found)%3 != 0 { // many share a long prefix with the one before
			copy(s[:20+len(found)%40], found[len(found)-1][:])
		}
		found = append(found, s)
	}
	order := sortedOrder(found)
	want := make([]int, len(found))
	for i := range want {
		want[i] = i
	}
	slices.SortStableFunc(want, func(x, y int) int { return bytes.Compare(found[x][:], found[y][:]) })
	for i := range order {
		if *found[order[i]] != *found[want[i]] {
			t.Fatalf("place %d: got solution %d, want %d", i, order[i], want[i])
		}
	}
}

func TestCountUp(t *testing.T) {
	for _, c := range []struct{ in, want string }{{"1", "2"}, {"9", "10"}, {"199", "200"}, {"999", "1000"}, {"2338", "2339"}} {
		if got := string(countUp([]byte(c.in))); got != c.want {
			t.Errorf("countUp(%s) = %s, want %s", c.in, got, c.want)
		}
	}
}

// The dead-state key holds the cells a state can have filled after its first
// empty cell: as far as a piece reaches, and as far as X reaches.
func TestDeadStateKeyFits(t *testing.T) {
	for _, c := range boards {
		b, _ := newBoard(c.name)
		pl := b.buildPlacements(nil)
		window := pl.span
		centres, _ := b.xCentres()
		for _, centre := range centres {
			if m, ok := b.place(normalized(shapeCells(pieceShapes[pieceX].rows)), centre.r-1, centre.c-1); ok {
				window = max(window, 63-bits.LeadingZeros64(m))
			}
		}
		if window > deadWindowCells || pl.span != 4*b.short || b.lookAhead > maxLookAhead {
			t.Errorf("%s: window %d (span %d), key holds %d", c.name, window, pl.span, deadWindowCells)
		}
	}
	if pieceLetters[pieceF] != 'F' || pieceLetters[pieceX] != 'X' {
		t.Errorf("pieceF %d, pieceX %d", pieceF, pieceX)
	}
}

func TestArguments(t *testing.T) {
	cases := []struct {
		args   []string
		status int
		stderr string
	}{
		{[]string{"7x9"}, 2, "pentomino: expected a board 6x10, 5x12, 4x15, 3x20 or 8x8, got \"7x9\"\n"},
		{[]string{"10x6"}, 2, "pentomino: expected a board 6x10, 5x12, 4x15, 3x20 or 8x8, got \"10x6\"\n"},
		{[]string{"6x10", "5x12"}, 2, "pentomino: expected at most one argument, the board, got 2\n"},
		{[]string{"abc"}, 2, "pentomino: expected a board 6x10, 5x12, 4x15, 3x20 or 8x8, got \"abc\"\n"},
		{[]string{"-v", "-v"}, 2, "pentomino: expected a board 6x10, 5x12, 4x15, 3x20 or 8x8, got \"-v\"\n"},
	}
	for _, c := range cases {
		var out, errb bytes.Buffer
		if status := run(c.args, &out, &errb); status != c.status || errb.String() != c.stderr || out.Len() != 0 {
			t.Errorf("pentomino %v: status %d, stdout %d bytes, stderr %q", c.args, status, out.Len(), errb.String())
		}
	}
	var out, errb bytes.Buffer
	if status := run([]string{"-h"}, &out, &errb); status != 0 || !strings.HasPrefix(out.String(), "usage: pentomino") || errb.Len() != 0 {
		t.Errorf("pentomino -h: status %d, stdout %q, stderr %q", status, out.String(), errb.String())
	}
}

// grow and neighbours must follow the board's own geometry, whichever side
// is short: worked out here from rows and columns.
func TestGrowAndNeighboursOnEveryBoard(t *testing.T) {
	for _, c := range boards {
		b, err := newBoard(c.name)
		if err != nil {
			t.Fatal(err)
		}
		for r := 0; r < b.rows; r++ {
			for col := 0; col < b.cols; col++ {
				want := uint64(0)
				for _, d := range []cell{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
					if rr, cc := r+d.r, col+d.c; rr >= 0 && rr < b.rows && cc >= 0 && cc < b.cols {
						want |= 1 << b.bitOf[rr][cc]
					}
				}
				m := uint64(1) << b.bitOf[r][col]
				if got := b.neighbours(m) & b.cells; got != want {
					t.Errorf("%s (%d,%d): neighbours = %#x, want %#x", c.name, r, col, got, want)
				}
				if got := b.grow(m) & b.cells; got != want|m {
					t.Errorf("%s (%d,%d): grow = %#x, want %#x", c.name, r, col, got, want|m)
				}
			}
		}
	}
}

// The lists hold placements counted from their first cell: every placement
// on the board, moved so, is one of its row's, and every one of a row's
// placements lies on the board where the board goes on far enough.
func TestPlacementsCountedFromTheFirstCell(t *testing.T) {
	for _, c := range boards {
		b, _ := newBoard(c.name)
		pl := b.buildPlacements(nil)
		rowSet := make([]map[uint64]bool, b.short)
		for r := range rowSet {
			rowSet[r] = map[uint64]bool{}
			for _, p := range pl.atRow[0][r] {
				rowSet[r][p.mask] = true
			}
		}
		onBoard := map[uint64]bool{}
		for _, piece := range pieceShapes {
			for _, o := range orientations(shapeCells(piece.rows)) {
				for r := 0; r < b.rows; r++ {
					for col := 0; col < b.cols; col++ {
						m, ok := b.place(o.cells, r, col)
						if !ok || m&b.holes != 0 || piece.letter == 'X' {
							continue
						}
						onBoard[m] = true
						f := bits.TrailingZeros64(m)
						if !rowSet[f%b.short][m>>f] {
							t.Fatalf("%s: %c at cell %d is not among row %d's placements", c.name, piece.letter, f, f%b.short)
						}
					}
				}
			}
		}
		for r := range rowSet {
			for m := range rowSet[r] {
				if !onBoard[m<<r] && b.holes == 0 {
					t.Errorf("%s: row %d's placement %#x is not on the board at cell %d", c.name, r, m, r)
				}
			}
		}
	}
}

// wallsOffBadRegion judges walled-off cells region by region: each must be
// a multiple of five cells. Here every empty cell is walled off (none is
// next to an unknown one). On 6x10 a line along the short side is 6 cells.
func TestWallsOffBadRegion(t *testing.T) {
	b, err := newBoard("6x10")
	if err != nil {
		t.Fatal(err)
	}
	short := uint(b.short)
	cases := []struct {
		name     string
		enclosed uint64
		want     bool
	}{
		{"five in a line", 0b11111, false},
		{"four in a line", 0b1111, true},
		{"ten over two lines", 0b1111<<6 | 0b111111, false},
		{"three and seven, two lines apart", 0b111 | (1<<7-1)<<12, true},
		{"five and five, two lines apart", 0b11111 | 0b11111<<12, false},
		{"five and five side by side: one region of ten", 0b11111<<1 | 0b11111<<7, false},
		{"four at a line's end, one at the next line's start", 0b11111 << 2, true},
	}
	for _, c := range cases {
		if got := wallsOffBadRegion(c.enclosed, 0, b.firstLine, b.lastLine, short); got != c.want {
			t.Errorf("%s (%#x): wallsOffBadRegion = %v, want %v", c.name, c.enclosed, got, c.want)
		}
	}
	// Four cells in a line, one of them next to an unknown cell: open, not walled off.
	if wallsOffBadRegion(0b1111, 0b1000, b.firstLine, b.lastLine, short) {
		t.Errorf("an open region of four was judged walled off")
	}
}
