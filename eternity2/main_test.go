package main

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// reference is the contest's search written as plainly as possible: every
// rule checked from its wording at every candidate, the score counted from
// the board. The engine must agree with it node for node.
func reference(p *puzzle, budget int64, all bool) []byte {
	W, H := p.width, p.height
	board := make([]*[4]int, W*H) // rotated edges of occupied cells
	label := make([]string, W*H)
	usedPiece := make([]bool, len(p.pieces))
	for _, h := range p.hints {
		r := rotated(p.pieces[h.Piece], h.Rot)
		board[h.Pos], label[h.Pos], usedPiece[h.Piece] = &r, fmt.Sprintf("%d/%d", h.Piece, h.Rot), true
	}
	for _, piece := range p.taken { // a block's: the pieces hinted outside it
		usedPiece[piece] = true
	}
	var order []int
	for c := 0; c < W*H; c++ {
		if board[c] == nil {
			order = append(order, c)
		}
	}
	neighbour := func(cell, dir int) (int, bool) { // ok false: the frame
		r, c := cell/W, cell%W
		switch dir {
		case up:
			return cell - W, r > 0
		case right:
			return cell + 1, c+1 < W
		case down:
			return cell + W, r+1 < H
		}
		return cell - 1, c > 0
	}
	legal := func(cell int, e [4]int) bool {
		for dir := 0; dir < 4; dir++ {
			n, inside := neighbour(cell, dir)
			switch {
			case !inside && (e[dir] == 0) == p.open[dir]: // an edge facing the frame must be 0, the rest of the board (a block's open side) not
				return false
			case inside && e[dir] == 0: // no 0 edge faces another cell
				return false
			case inside && board[n] != nil && board[n][(dir+2)%4] != e[dir]: // match occupied cells
				return false
			}
		}
		return true
	}
	score := func() int {
		s := 0
		for cell := range board {
			for _, dir := range []int{right, down} {
				if n, inside := neighbour(cell, dir); inside && board[cell] != nil && board[n] != nil && board[cell][dir] == board[n][(dir+2)%4] {
					s++
				}
			}
		}
		return s
	}
	hintsOK := true
	for _, h := range p.hints {
		e := *board[h.Pos]
		board[h.Pos] = nil
		hintsOK = hintsOK && legal(h.Pos, e)
		board[h.Pos] = &e
	}
	var nodes, solutions, classes int64
	// least says whether the filled board is the least of its four turns
	// (a quarter turn moves cell (r,c) to (c,W-1-r), each piece turned once
	// more): one filling of each class under rotation.
	least := func() bool {
		turned := slices.Clone(label)
		for k := 0; k < 3; k++ {
			next := make([]string, len(turned))
			for cell, l := range turned {
				var pi, rot int
				fmt.Sscanf(l, "%d/%d", &pi, &rot)
				next[(cell%W)*W+W-1-cell/W] = fmt.Sprintf("%d/%d", pi, (rot+1)%4)
			}
			if turned = next; slices.Compare(turned, label) < 0 {
				return false
			}
		}
		return true
	}
	best := -1 // no board seen yet: the hints alone are shown
	snapshot := func() string {
		var b strings.Builder
		for r := 0; r < H; r++ {
			for c := 0; c < W; c++ {
				if c > 0 {
					b.WriteByte(' ')
				}
				if label[r*W+c] == "" {
					b.WriteString("-")
				} else {
					b.WriteString(label[r*W+c])
				}
			}
			b.WriteByte('\n')
		}
		return b.String()
	}
	bestBoard := snapshot()
	stop := false
	var dfs func(d int)
	dfs = func(d int) {
		if d == len(order) {
			if hintsOK {
				solutions++
				if W == H && least() {
					classes++
				}
				stop = stop || !all
			}
			return
		}
		cell := order[d]
		for pi := range p.pieces {
			for rot := 0; rot < 4 && !usedPiece[pi]; rot++ {
				e := rotated(p.pieces[pi], rot)
				if stop || !legal(cell, e) {
					continue
				}
				board[cell], label[cell], usedPiece[pi] = &e, fmt.Sprintf("%d/%d", pi, rot), true
				nodes++
				if s := score(); s > best {
					best, bestBoard = s, snapshot()
				}
				if nodes == budget {
					stop = true
				}
				if !stop {
					dfs(d + 1)
				} else if d+1 == len(order) && hintsOK {
					solutions++
				}
				board[cell], label[cell], usedPiece[pi] = nil, "", false
			}
		}
	}
	if len(order) == 0 {
		if hintsOK {
			solutions = 1
		}
	} else {
		dfs(0)
	}
	if best < 0 {
		best = score()
	}
	count := fmt.Sprint(solutions)
	if all && !stop && W == H && W > 1 && len(p.hints) == 0 && p.of == nil {
		count += fmt.Sprintf(" (%d up to rotation)", classes)
	}
	return []byte(fmt.Sprintf("board %s %dx%d pieces %d hints %d\nnodes %d\nsolutions %s\nbest %d/%d\n%s",
		p.name, W, H, len(p.pieces), len(p.hints), nodes, count, best, 2*W*H-W-H, bestBoard))
}

// randomPuzzle makes a W x H puzzle: a random solved board with colours
// 1..colours inside and 0 on the frame, pieces shuffled and turned, a few
// hints; with noise, some edges are changed so that it may have no solution.
func randomPuzzle(rng *rand.Rand, W, H, colours, hints int, noise bool) *puzzle {
	horiz := make([]int, (W+1)*H) // edge between (r,c-1) and (r,c)
	vert := make([]int, W*(H+1))  // edge between (r-1,c) and (r,c)
	for r := 0; r < H; r++ {
		for c := 1; c < W; c++ {
			horiz[r*(W+1)+c] = 1 + rng.Intn(colours)
		}
	}
	for r := 1; r < H; r++ {
		for c := 0; c < W; c++ {
			vert[r*W+c] = 1 + rng.Intn(colours)
		}
	}
	p := &puzzle{name: "random", width: W, height: H}
	solved := make([][4]int, W*H)
	for r := 0; r < H; r++ {
		for c := 0; c < W; c++ {
			solved[r*W+c] = [4]int{vert[r*W+c], horiz[r*(W+1)+c+1], vert[(r+1)*W+c], horiz[r*(W+1)+c]}
		}
	}
	perm := rng.Perm(W * H)
	rots := make([]int, W*H)
	p.pieces = make([][4]int, W*H)
	for cell, pi := range perm {
		rots[cell] = rng.Intn(4)
		p.pieces[pi] = rotated(solved[cell], (4-rots[cell])%4)
		if noise && rng.Intn(4) == 0 {
			p.pieces[pi][rng.Intn(4)] = rng.Intn(colours + 1)
		}
	}
	for _, cell := range rng.Perm(W * H)[:hints] {
		p.hints = append(p.hints, hint{cell, perm[cell], rots[cell]})
	}
	return p
}

// wholeRun is the output of a whole search cut into K parts, each searched
// in this process, merged.
func wholeRun(t testing.TB, p *puzzle, budget int64, all bool, parts int) []byte {
	t.Helper()
	var indices []int
	for k := range parts {
		indices = append(indices, k)
	}
	s := newSearch(mustEngine(t, p), parts, all, budget, indices, true)
	if err := newCoordinator(s, saving{}, sliceNodes, nil).run(); err != nil {
		t.Fatal(err)
	}
	out, _, _ := s.answer()
	return out
}

// mustEngine is the engine of a board the test knows to be good.
func mustEngine(t testing.TB, p *puzzle) *engine {
	t.Helper()
	e, err := newEngine(p)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

func TestEngineAgreesWithReference(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	for i := 0; i < 200; i++ {
		W, H := 2+rng.Intn(2), 2+rng.Intn(2)
		p := randomPuzzle(rng, W, H, 2+rng.Intn(3), rng.Intn(3), i%3 == 0)
		for _, mode := range []struct {
			budget int64
			all    bool
		}{{0, false}, {0, true}, {1 + int64(rng.Intn(50)), false}, {1 + int64(rng.Intn(50)), true}} {
			want := reference(p, mode.budget, mode.all)
			if got := wholeRun(t, p, mode.budget, mode.all, 1); !bytes.Equal(got, want) {
				t.Fatalf("puzzle %d (%+v) budget %d all %v:\ngot\n%s\nwant\n%s", i, p, mode.budget, mode.all, got, want)
			}
		}
	}
}

// Cutting the search into parts changes nothing: any K, both modes, on
// boards big enough to be cut, against the reference.
func TestPartsChangeNothing(t *testing.T) {
	rng := rand.New(rand.NewSource(11))
	for i := 0; i < 30; i++ {
		p := randomPuzzle(rng, 3+rng.Intn(2), 3, 3+rng.Intn(2), rng.Intn(3), i%2 == 0)
		for _, all := range []bool{true, false} {
			want := reference(p, 0, all)
			for _, parts := range []int{2, 3, 7, 64} {
				if got := wholeRun(t, p, 0, all, parts); !bytes.Equal(got, want) {
					t.Fatalf("puzzle %d all %v in %d parts:\ngot\n%s\nwant\n%s", i, all, parts, got, want)
				}
			}
		}
	}
}

// The legality rules one at a time, on 1x1 and 1x2 boards small enough to
// follow by hand (-all, so every legal placement is a node).
func TestLegalityRules(t *testing.T) {
	tests := []struct {
		name   string
		board  string
		output string
	}{
		{"an all-grey piece fills a 1x1 board, in each rotation", "1 1\n0 0 0 0\n",
			"nodes 4\nsolutions 4\nbest 0/0\n0/0\n"},
		{"an edge facing the frame must be 0", "1 1\n0 0 0 1\n",
			"nodes 0\nsolutions 0\nbest 0/0\n-\n"},
		{"rotation 1 turns [u,r,d,l] into [l,u,r,d]", "2 1\n5 0 0 0\n0 5 0 0\n",
			"nodes 4\nsolutions 2\nbest 1/1\n0/1 1/2\n"},
		{"no 0 edge faces another cell", "2 1\n0 0 0 0\n0 0 0 0\n",
			"nodes 0\nsolutions 0\nbest 0/1\n- -\n"},
		{"edges facing a piece match its colour", "2 1\n0 5 0 0\n0 0 0 6\n",
			"nodes 2\nsolutions 0\nbest 0/1\n0/0 -\n"},
		{"a hint is placed, not searched, and its piece is used", "2 1\n0 5 0 0\n0 5 0 0\nhint 1 1 2\n",
			"nodes 1\nsolutions 1\nbest 1/1\n0/0 1/2\n"},
		{"an edge facing a hint matches it", "2 1\n0 5 0 0\n0 6 0 0\nhint 1 1 2\n",
			"nodes 0\nsolutions 0\nbest 0/1\n- 1/2\n"},
		{"a board of hints only is a solution when they are legal", "2 1\n0 5 0 0\n0 5 0 0\nhint 0 0 0\nhint 1 1 2\n",
			"nodes 0\nsolutions 1\nbest 1/1\n0/0 1/2\n"},
	}
	for _, tt := range tests {
		var out, errb bytes.Buffer
		if status := run([]string{"-all"}, strings.NewReader(tt.board), &out, &errb); status != 0 {
			t.Fatalf("%s: status %d: %s", tt.name, status, errb.String())
		}
		_, body, _ := strings.Cut(out.String(), "\n")
		if body != tt.output {
			t.Errorf("%s:\ngot\n%s\nwant\n%s", tt.name, body, tt.output)
		}
		p, _ := readBoard(nil, strings.NewReader(tt.board), "")
		if want := reference(p, 0, true); !bytes.Equal(out.Bytes(), want) {
			t.Errorf("%s: the reference says\n%s", tt.name, want)
		}
	}
}

func mustRead(t testing.TB, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestHelp(t *testing.T) {
	// The usage, cut from the header, is the expected file's text byte for
	// byte: the whole section and nothing past it.
	want := string(mustRead(t, "../expected/eternity2/help.out"))
	for _, args := range [][]string{{"-h"}, {"-help"}, {"--help"}} {
		var out, errb bytes.Buffer
		if status := run(args, nil, &out, &errb); status != 0 || out.String() != want || errb.Len() != 0 {
			t.Errorf("%v: status %d, stderr %q, stdout:\n%s\nwant:\n%s", args, status, errb.String(), out.String(), want)
		}
	}
	var errb bytes.Buffer // on a full disk, a failed write like the answer's
	if status := run([]string{"-h"}, nil, fullDisk{}, &errb); status != 1 || errb.String() != "eternity2: writing the usage: no space left on device\n" {
		t.Errorf("-h on a full disk: status %d, stderr %q", status, errb.String())
	}
}

type fullDisk struct{}

func (fullDisk) Write([]byte) (int, error) { return 0, errors.New("no space left on device") }

// Node counts, solutions and best scores of the real boards, pinned.
func TestRealBoards(t *testing.T) {
	tests := []struct {
		file      string
		args      []string
		firstLine string
		nodes     string
	}{
		{"testdata/clue3.json", nil, "board e2-clue-clue3 6x6 pieces 36 hints 0", "nodes 1045600\nsolutions 1\nbest 60/60"},
		{"testdata/bench-hard.json", []string{"-nodes", "1000000"}, "board bench_hard_16x16 16x16 pieces 256 hints 40", "nodes 1000000\nsolutions 0\nbest 361/480"},
	}
	for _, tt := range tests {
		var out, errb bytes.Buffer
		run(append(tt.args, tt.file), nil, &out, &errb)
		if !strings.HasPrefix(out.String(), tt.firstLine+"\n"+tt.nodes+"\n") {
			t.Errorf("%s %v:\n%s", tt.file, tt.args, out.String())
		}
	}
}

// buildEntry builds this program, for tests that run it as a process.
func buildEntry(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "eternity2")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	return bin
}

// wantOneLineOfBadInput fails the test unless a parser's error is an
// inputError of one line.
func wantOneLineOfBadInput(t *testing.T, err error) {
	t.Helper()
	var ie *inputError
	if !errors.As(err, &ie) || strings.Contains(err.Error(), "\n") {
		t.Fatalf("error %q: want one line of bad input", err)
	}
}

// The candidate walk against the engine before it (testdata/walk-300k.golden,
// written by that engine): every board in testdata, the first 300,000
// nodes in both modes, node for node (counts and best boards), on 1, 2
// and 8 cores (-nodes on several cores goes through the queue).
func TestWalkAsBefore(t *testing.T) {
	golden := string(mustRead(t, "testdata/walk-300k.golden"))
	cases := strings.Split(golden, "== ")[1:]
	if len(cases) < 24 {
		t.Fatalf("%d cases in the golden file", len(cases))
	}
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	for _, procs := range []int{1, 2, 8} {
		runtime.GOMAXPROCS(procs)
		for _, c := range cases {
			command, want, _ := strings.Cut(c, "\n")
			var out, errb bytes.Buffer
			if status := run(strings.Fields(command), nil, &out, &errb); status != 0 || out.String() != want {
				t.Errorf("GOMAXPROCS=%d %s: status %d %s\n%s\nwant\n%s", procs, command, status, errb.String(), out.String(), want)
			}
		}
	}
}

// FuzzRun: any arguments (NUL-separated) and any stdin end in exit 0, or
// in exit 2 with nothing on stdout and one stderr line under 200 bytes.
// Searches get a budget, so that none runs long; checkpoints, which write
// files, have tests of their own.
func FuzzRun(f *testing.F) {
	two := "2 2\n0 1 1 0\n0 0 1 1\n1 1 0 0\n1 0 0 1\n"
	for _, seed := range []struct{ args, stdin string }{
		{"", two}, {"-all", two}, {"-merge", ""}, {"-progress", two}, {"-url", "1 1\n0 0 0 0\n"}, {"-parts\x002\x00-part\x001", two},
		{"-nodes\x00" + strings.Repeat("9", 30), two}, {"testdata", ""}, {"-", "name caf\xe9\n" + two}, {"x\x00-all", two},
		{"", "\xef\xbb\xbf{}"}, {"", `{"width":1,"height":1,"pieces":[[0,0,0,0]],"hint":[]}`}, {"-merge", "eternity2 part 0 of 1000000000000\n"},
		{"-all\x00-block\x001x2+1+0", two}, {"-block\x002x2+0+1", two}, {"-block\x001x1+0+0", two + "hint 0 0 0\n"},
		{"", `{"width":2,"height":1,"pieces":[[0,1,0,0],[0,0,0,1]],"block":"1x1+1+0"}`},
	} {
		f.Add(seed.args, []byte(seed.stdin))
	}
	f.Fuzz(func(t *testing.T, joined string, stdin []byte) {
		args := strings.Split(joined, "\x00")
		if joined == "" {
			args = nil
		}
		for _, a := range args {
			if n, err := strconv.ParseInt(strings.TrimPrefix(a, "-nodes="), 10, 64); err == nil && n > 20000 ||
				strings.Contains(a, "checkpoint") || strings.Contains(a, "resume") || strings.Contains(a, "emit") || strings.Contains(a, "compiled") ||
				strings.Contains(a, "part") && len(stdin) > 300 {
				return // a long search, files written, or another program run
			}
		}
		if !slices.Contains(args, "-merge") && !slices.Contains(args, "-parts") {
			args = append([]string{"-nodes", "20000"}, args...)
		}
		var out, errb bytes.Buffer
		switch status := run(args, bytes.NewReader(stdin), &out, &errb); {
		case status == 0:
		case status == 2:
			if out.Len() != 0 || strings.Count(errb.String(), "\n") != 1 || errb.Len() >= 200 {
				t.Fatalf("%q: exit 2 with stdout %q, stderr %q", args, out.String(), errb.String())
			}
		default:
			t.Fatalf("%q: exit %d, stderr %q", args, status, errb.String())
		}
	})
}
