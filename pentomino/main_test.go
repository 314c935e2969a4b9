package main

import (
	"bytes"
	"errors"
	"math/bits"
	"os"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// Solutions and search nodes per board. The node count pins the search: a
// change that moves it has changed what is searched, and must say so.
var contest = []struct {
	name      string
	solutions int
	nodes     int64
}{
	{"6x10", 2339, 191113},
	{"5x12", 1010, 60255},
	{"4x15", 368, 15921},
	{"3x20", 2, 1037},
	{"8x8", 65, 63907},
}

func solved(t *testing.T, name string) (*board, []byte, int64) {
	t.Helper()
	b, ok := newBoard(name)
	if !ok {
		t.Fatalf("no board %s", name)
	}
	var out bytes.Buffer
	s := b.searchAll()
	if err := s.writeAnswer(&out); err != nil {
		t.Fatal(err)
	}
	return b, out.Bytes(), s.nodes
}

func TestBoardsMatchExpectedFiles(t *testing.T) {
	for _, c := range contest {
		b, out, nodes := solved(t, c.name)
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

// parseSolutions reads the printed answers back, checking the layout.
func parseSolutions(t *testing.T, b *board, out []byte) []string {
	t.Helper()
	lines := strings.Split(string(out), "\n")
	var sols []string
	i := 0
	for ; strings.HasPrefix(lines[i], "Answer No. "); i += b.rows + 2 {
		if want := "Answer No. " + strconv.Itoa(len(sols)+1); lines[i] != want {
			t.Fatalf("%s: line %d is %q, want %q", b.name, i+1, lines[i], want)
		}
		sols = append(sols, strings.Join(lines[i+1:i+1+b.rows], ""))
		if lines[i+1+b.rows] != "" {
			t.Fatalf("%s: no empty line after answer %d", b.name, len(sols))
		}
	}
	if lines[i] != strconv.Itoa(len(sols))+" solutions found" || lines[i+1] != "" || len(lines) != i+2 {
		t.Fatalf("%s: bad last line %q", b.name, lines[i])
	}
	return sols
}

// The shapes the tests judge by, from the contest's pictures, turned and
// mirrored by hand (independently of the program's orientations).
var pictures = map[byte][]string{
	'F': {".##", "##.", ".#."}, 'I': {"#####"}, 'L': {"####", "#..."}, 'N': {"###.", "..##"},
	'P': {"###", "##."}, 'T': {"###", ".#.", ".#."}, 'U': {"#.#", "###"}, 'V': {"#..", "#..", "###"},
	'W': {"#..", "##.", ".##"}, 'X': {".#.", "###", ".#."}, 'Y': {"####", ".#.."}, 'Z': {"##.", ".#.", ".##"},
}

// shapeSet is every orientation of a picture, each as its cells sorted and
// moved to row and column 0, printed.
func shapeSet(picture []string) map[string]bool {
	var cells [][2]int
	for r, row := range picture {
		for c := range row {
			if row[c] == '#' {
				cells = append(cells, [2]int{r, c})
			}
		}
	}
	set := map[string]bool{}
	for mirror := 0; mirror < 2; mirror++ {
		for turn := 0; turn < 4; turn++ {
			set[shapeName(cells)] = true
			for i, p := range cells {
				cells[i] = [2]int{p[1], -p[0]}
			}
		}
		for i, p := range cells {
			cells[i] = [2]int{p[0], -p[1]}
		}
	}
	return set
}

func shapeName(cells [][2]int) string {
	top, left := cells[0][0], cells[0][1]
	for _, p := range cells {
		top, left = min(top, p[0]), min(left, p[1])
	}
	var names []string
	for _, p := range cells {
		names = append(names, strconv.Itoa(p[0]-top)+","+strconv.Itoa(p[1]-left))
	}
	sort.Strings(names)
	return strings.Join(names, " ")
}

// checkSolutions: each solution is a tiling by the 12 pieces, is the
// smallest of its images, and they are strictly ascending (so no class is
// printed twice).
func checkSolutions(t *testing.T, b *board, sols []string) {
	t.Helper()
	for i, s := range sols {
		if i > 0 && sols[i-1] >= s {
			t.Fatalf("%s: answers %d and %d are not strictly ascending", b.name, i, i+1)
		}
		for k := range b.symmetries {
			if img := image(b, s, func(p cell) cell { return b.image(k, p) }); img < s {
				t.Fatalf("%s: answer %d is not canonical: image %s is smaller", b.name, i+1, img)
			}
		}
		for letter, picture := range pictures {
			var cells [][2]int
			for j := range s {
				if s[j] == letter {
					cells = append(cells, [2]int{j / b.cols, j % b.cols})
				}
			}
			if len(cells) != pieceCells || !shapeSet(picture)[shapeName(cells)] {
				t.Fatalf("%s: %c is not a pentomino %c in %s", b.name, letter, letter, s)
			}
		}
		if holes := strings.Count(s, "."); holes != b.rows*b.cols-60 {
			t.Fatalf("%s: %d empty cells in %s", b.name, holes, s)
		}
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

// The pieces are the 12 pentominoes as the contest draws them, each with
// as many orientations as its symmetry leaves, X placed first and F
// restricted by the constants that name them.
func TestPieces(t *testing.T) {
	for k, rows := range pieceRows {
		letter := letters[k]
		if !slices.Equal(rows, pictures[letter]) {
			t.Errorf("piece %d (%c): %q, want %q", k, letter, rows, pictures[letter])
		}
		want := len(shapeSet(pictures[letter]))
		if got := len(orientations(rows)); got != want {
			t.Errorf("%c: %d orientations, want %d", letter, got, want)
		}
	}
	if letters[pieceF] != 'F' || letters[pieceX] != 'X' || len(orientations(pieceRows[pieceX])) != 1 || len(orientations(pieceRows[pieceF])) != 8 {
		t.Errorf("pieceF %d is %c, pieceX %d is %c", pieceF, letters[pieceF], pieceX, letters[pieceX])
	}
}

// TestEachClassOnceAgainstBruteForce solves the small boards again with no
// symmetry breaking at all, reduces every solution to its canonical form,
// and checks that the set equals what the real search printed.
func TestEachClassOnceAgainstBruteForce(t *testing.T) {
	for _, name := range []string{"3x20", "4x15", "8x8"} {
		b, out, _ := solved(t, name)
		got := parseSolutions(t, b, out)
		want := bruteForce(b)
		if strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("%s: search printed %d classes, brute force finds %d", name, len(got), len(want))
		}
	}
}

func bruteForce(b *board) []string {
	type placed struct {
		mask   uint64
		letter byte
	}
	var byCell [64][]placed
	for letter, picture := range pictures {
		for shape := range shapeSet(picture) {
			var cells []cell
			for _, p := range strings.Fields(shape) {
				r, c, _ := strings.Cut(p, ",")
				rr, _ := strconv.Atoi(r)
				cc, _ := strconv.Atoi(c)
				cells = append(cells, cell{rr, cc})
			}
			for r := 0; r < b.rows; r++ {
				for c := 0; c < b.cols; c++ {
					if m := b.place(cells, r, c); m != 0 {
						f := bits.TrailingZeros64(m)
						byCell[f] = append(byCell[f], placed{m, letter})
					}
				}
			}
		}
	}
	classes := map[string]bool{}
	var grid [64]byte
	var rec func(board uint64, used map[byte]bool)
	rec = func(board uint64, used map[byte]bool) {
		if len(used) == 12 {
			s := make([]byte, b.rows*b.cols)
			for r := 0; r < b.rows; r++ {
				for c := 0; c < b.cols; c++ {
					s[r*b.cols+c] = grid[b.bitOf(r, c)]
				}
			}
			best := string(s)
			for k := range b.symmetries {
				best = min(best, image(b, string(s), func(p cell) cell { return b.image(k, p) }))
			}
			classes[best] = true
			return
		}
		f := bits.TrailingZeros64(^board)
		for _, p := range byCell[f] {
			if p.mask&board != 0 || used[p.letter] {
				continue
			}
			for m := p.mask; m != 0; m &= m - 1 {
				grid[bits.TrailingZeros64(m)] = p.letter
			}
			used[p.letter] = true
			rec(board|p.mask, used)
			delete(used, p.letter)
		}
	}
	for i := range grid {
		grid[i] = '.'
	}
	rec(b.holes|b.past, map[byte]bool{})
	var out []string
	for s := range classes {
		out = append(out, s)
	}
	sort.Strings(out)
	return out
}

type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, errors.New("no space left on device") }

func TestArguments(t *testing.T) {
	long := strings.Repeat("6x10", 30)
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
		{[]string{long}, 2, "pentomino: expected a board 6x10, 5x12, 4x15, 3x20 or 8x8, got \"" + long[:32] + "\"...\n"},
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
	errb.Reset()
	if status := run([]string{"-v", "3x20"}, &out, &errb); status != 0 || errb.String() != "nodes 1037\n" {
		t.Errorf("pentomino -v 3x20: status %d, stderr %q", status, errb.String())
	}
	errb.Reset()
	if status := run([]string{"3x20"}, failingWriter{}, &errb); status != 1 || errb.String() != "pentomino: writing the answer: no space left on device\n" {
		t.Errorf("pentomino 3x20 > /dev/full: status %d, stderr %q", status, errb.String())
	}
	errb.Reset()
	if status := run([]string{"-h"}, failingWriter{}, &errb); status != 1 || errb.String() != "pentomino: writing the usage: no space left on device\n" {
		t.Errorf("-h on a full disk: status %d, stderr %q", status, errb.String())
	}
}

// FuzzArguments: any argument list ends in exit 0, or in exit 2 with
// nothing on stdout and one short line on stderr.
func FuzzArguments(f *testing.F) {
	for _, seed := range []string{"3x20", "-v\x003x20", "-h", "7x9", "6x10\x008x8", "\xff\xfe"} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, joined string) {
		args := strings.Split(joined, "\x00")
		if slices.Contains(args, "6x10") || slices.Contains(args, "5x12") || slices.Contains(args, "8x8") {
			return // valid and slow: the other tests run them
		}
		var out, errb bytes.Buffer
		switch status := run(args, &out, &errb); {
		case status == 0:
		case status == 2:
			if out.Len() != 0 || strings.Count(errb.String(), "\n") != 1 || errb.Len() > 200 {
				t.Fatalf("pentomino %q: exit 2 with stdout %q, stderr %q", args, out.String(), errb.String())
			}
		default:
			t.Fatalf("pentomino %q: exit %d", args, status)
		}
	})
}

// grow and neighbours must follow the board's own geometry, whichever side
// is short: worked out here from rows and columns.
func TestGrowOnEveryBoard(t *testing.T) {
	for _, c := range contest {
		b, _ := newBoard(c.name)
		cells := ^b.past
		for r := 0; r < b.rows; r++ {
			for col := 0; col < b.cols; col++ {
				want := uint64(1) << b.bitOf(r, col)
				for _, d := range []cell{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
					if rr, cc := r+d.r, col+d.c; rr >= 0 && rr < b.rows && cc >= 0 && cc < b.cols {
						want |= 1 << b.bitOf(rr, cc)
					}
				}
				m := uint64(1) << b.bitOf(r, col)
				if got := b.lines[0].grow(m) & cells; got != want {
					t.Errorf("%s (%d,%d): grow = %#x, want %#x", c.name, r, col, got, want)
				}
			}
		}
	}
}

// The lists hold placements counted from their first cell: every placement
// on the board, moved so, is one of its row's, and every one of a row's
// placements lies on the board where the board goes on far enough.
func TestPlacementsCountedFromTheFirstCell(t *testing.T) {
	for _, c := range contest {
		b, _ := newBoard(c.name)
		rowSet := make([]map[uint64]bool, b.short)
		for r := range rowSet {
			rowSet[r] = map[uint64]bool{}
			for _, p := range b.placements[0][r] {
				rowSet[r][p.mask] = true
			}
		}
		onBoard := map[uint64]bool{}
		for letter, picture := range pictures {
			for _, o := range orientations(picture) {
				for r := 0; r < b.rows; r++ {
					for col := 0; col < b.cols; col++ {
						m := b.place(o, r, col)
						if m == 0 || letter == 'X' {
							continue
						}
						onBoard[m] = true
						f := bits.TrailingZeros64(m)
						if !rowSet[f%b.short][m>>f] {
							t.Fatalf("%s: %c at cell %d is not among row %d's placements", c.name, letter, f, f%b.short)
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

// unfillable judges walled-off cells region by region: each must be a
// multiple of five cells. On 6x10 a line along the short side is 6 cells.
func TestUnfillable(t *testing.T) {
	b, _ := newBoard("6x10")
	cases := []struct {
		name      string
		walledOff uint64
		want      bool
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
		if got := unfillable(c.walledOff, b.lines[0]); got != c.want {
			t.Errorf("%s (%#x): unfillable = %v, want %v", c.name, c.walledOff, got, c.want)
		}
	}
}

// solveByCalls is solve with the child's list looked up by a call to
// list, where solve holds a copy of it: the two must meet the same lists
// in the same index slots.
func (s *search) solveByCalls(boardMask uint64, f int, used uint32, entry uint32) {
	s.nodes++
	board := boardMask>>(f&63) | ^(^uint64(0) >> (f & 63))
	kept, masks, groups := s.kept[entry>>pieceBits%maxLists], &s.b.masks[entry>>entryRow%16], &s.b.groups[entry>>entryRow%16]
	for avail := entry & allPieces &^ used; avail != 0; avail &= avail - 1 {
		k := bits.TrailingZeros32(avail)
		childUsed := used | 1<<k
		for c := kept & groups[k%16]; c != 0; c &= c - 1 {
			if masks[bits.TrailingZeros64(c)%64]&board != 0 {
				continue
			}
			m := masks[bits.TrailingZeros64(c)%64] << (f & 63)
			child := boardMask | m
			if childUsed == allPieces {
				s.placed[k%len(s.placed)] = m
				s.record()
				continue
			}
			cf := bits.TrailingZeros64(^child | 1<<63)
			childEntry := s.list(child, cf)
			if childEntry&allPieces&^childUsed == 0 {
				continue
			}
			j, tag := uint64(0), uint64(1<<32)
			if child&s.beyond[cf&63] == 0 {
				h := (uint64(childUsed|s.restrictF) | uint64(cf)<<deadF | child>>(cf&63)>>1<<deadCells) * multiplier & s.deadMask
				j, tag = h>>deadRest, h&(deadStep-1)|deadStep
				for uint64(s.dead[j%deadSlots]) != tag && s.dead[j%deadSlots] != 0 {
					j, tag = j+1, tag+deadStep
				}
				if s.dead[j%deadSlots] != 0 {
					continue
				}
			}
			s.placed[k%len(s.placed)] = m
			before := s.solutions
			s.solveByCalls(child, cf, childUsed, childEntry)
			if s.solutions == before {
				for s.dead[j%deadSlots] != 0 {
					j, tag = j+1, tag+deadStep
				}
				if tag < 1<<32 {
					s.dead[j%deadSlots] = uint32(tag)
				}
			}
		}
	}
}

// The copy of list in solve's loop agrees with list on every state the
// search meets: a search through calls to list builds the same lists in
// the same slots, makes the same nodes and finds the same solutions.
func TestSolvesListCopyAgreesWithList(t *testing.T) {
	for _, c := range contest {
		b, _ := newBoard(c.name)
		inline := b.searchAll()
		calls := newSearch(b)
		for i := range b.xMasks {
			if boardMask := calls.placeX(i); boardMask != 0 {
				f := bits.TrailingZeros64(^boardMask)
				calls.solveByCalls(boardMask, f, 1<<pieceX, calls.list(boardMask, f))
			}
		}
		if inline.nodes != calls.nodes || inline.lists != calls.lists || inline.solutions != calls.solutions ||
			inline.index != calls.index || inline.dead != calls.dead || inline.kept != calls.kept {
			t.Errorf("%s: solve's copy of list and list differ: nodes %d and %d, lists %d and %d", c.name, inline.nodes, calls.nodes, inline.lists, calls.lists)
		}
	}
}

// The search's copy of each row's placements is the placements: bit j of
// piece k's group is placement j, of piece k, with its mask, and the
// groups together are every placement of the row, once. A row has fewer
// than 64, so that a bucket's bit 63 is free to mark it made.
func TestRowMasksAndGroups(t *testing.T) {
	for _, c := range contest {
		b, _ := newBoard(c.name)
		for r := range b.placements {
			for row, at := range b.placements[r] {
				every := uint64(0)
				for k, group := range b.groups[8*r+row] {
					for m := group; m != 0; m &= m - 1 {
						j := bits.TrailingZeros64(m)
						if j >= len(at) || at[j].piece != k || b.masks[8*r+row][j] != at[j].mask {
							t.Errorf("%s row %d (F restricted: %d): bit %d of piece %d's group is not that piece's placement", c.name, row, r, j, k)
						}
					}
					if every&group != 0 {
						t.Errorf("%s row %d (F restricted: %d): piece %d's group overlaps an earlier one", c.name, row, r, k)
					}
					every |= group
				}
				if len(at) >= 64 || every != 1<<len(at)-1 {
					t.Errorf("%s row %d (F restricted: %d): the groups hold %d of %d placements", c.name, row, r, bits.OnesCount64(every), len(at))
				}
			}
		}
	}
}

// The tables are sized for the boards: no board's search fills its lists,
// index or dead states.
func TestTablesHoldEveryBoard(t *testing.T) {
	for _, c := range contest {
		b, _ := newBoard(c.name)
		s := b.searchAll()
		dead := 0
		for _, k := range s.dead {
			if k != 0 {
				dead++
			}
		}
		if s.lists >= maxLists || s.lists >= 1<<b.indexBits*3/4 || dead >= 1<<b.deadBits*3/4 {
			t.Errorf("%s: %d lists, %d dead states: past the tables' room", c.name, s.lists, dead)
		}
	}
}

// boardNames and the usage list the boards of boards, in order, the
// default first.
func TestBoardNames(t *testing.T) {
	var names []string
	for _, b := range boards {
		names = append(names, b.name)
	}
	want := strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
	var usage bytes.Buffer
	run([]string{"-h"}, &usage, &usage)
	if boardNames != want || !strings.Contains(usage.String(), strings.Replace(want, ",", " (default),", 1)) {
		t.Errorf("boardNames %q and the usage\n%s\ndo not list %q", boardNames, usage.String(), want)
	}
}
