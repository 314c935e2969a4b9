package main

import (
	"bytes"
	"fmt"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
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
			case !inside && e[dir] != 0: // an edge facing the frame must be 0
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
	var nodes, solutions int64
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
	return []byte(fmt.Sprintf("board %s %dx%d pieces %d hints %d\nnodes %d\nsolutions %d\nbest %d/%d\n%s",
		p.name, W, H, len(p.pieces), len(p.hints), nodes, solutions, best, 2*W*H-W-H, bestBoard))
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
			e := newEngine(p)
			got := e.render(search(e, mode.budget, mode.all))
			if !bytes.Equal(got, want) {
				t.Fatalf("puzzle %d (%+v) budget %d all %v:\ngot\n%s\nwant\n%s", i, p, mode.budget, mode.all, got, want)
			}
		}
	}
}

// TestParallelSplitChangesNothing: -all over every core gives the same
// bytes as one core, on boards big enough to be split.
func TestParallelSplitChangesNothing(t *testing.T) {
	rng := rand.New(rand.NewSource(11))
	for i := 0; i < 20; i++ {
		p := randomPuzzle(rng, 4, 3, 3+rng.Intn(2), rng.Intn(2), i%2 == 0)
		e := newEngine(p)
		parallel := e.render(search(e, 0, true))
		sequential := e.render(newSearcher(e).run(0, 0, true, 0))
		if !bytes.Equal(parallel, sequential) {
			t.Fatalf("puzzle %d:\nparallel\n%s\nsequential\n%s", i, parallel, sequential)
		}
		if want := reference(p, 0, true); !bytes.Equal(parallel, want) {
			t.Fatalf("puzzle %d:\nparallel\n%s\nreference\n%s", i, parallel, want)
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
		p, _ := readPuzzle("stdin", []byte(tt.board))
		if want := reference(p, 0, true); !bytes.Equal(out.Bytes(), want) {
			t.Errorf("%s: the reference says\n%s", tt.name, want)
		}
	}
}

func TestTextAndJSONAgree(t *testing.T) {
	text, err := os.ReadFile("testdata/clue1.txt")
	if err != nil {
		t.Fatal(err)
	}
	pt, err := readPuzzle("clue1.txt", text)
	if err != nil {
		t.Fatal(err)
	}
	if pt.width != 6 || pt.height != 6 || len(pt.pieces) != 36 || pt.name != "clue1" {
		t.Errorf("square board inferred wrongly: %dx%d, %d pieces, name %q", pt.width, pt.height, len(pt.pieces), pt.name)
	}
	withHeader := "name e2\n16 16\n" + string(mustRead(t, "testdata/e2pieces.txt")) + "hint 135 138 0\n"
	p1, err := readPuzzle("x", []byte(withHeader))
	if err != nil {
		t.Fatal(err)
	}
	p2, err := readPuzzle("y", mustRead(t, "testdata/official_centreclue.json"))
	if err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(p1.pieces, p1.hints) != fmt.Sprint(p2.pieces, p2.hints) {
		t.Error("the text and JSON forms of the official puzzle differ")
	}
}

func mustRead(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestBadInput(t *testing.T) {
	two := "2 2\n0 1 1 0\n0 0 1 1\n1 1 0 0\n1 0 0 1\n"
	tests := []struct {
		name, input string
		args        []string
		want        string
	}{
		{"broken JSON", `{"width": 2, "height": 2, "pieces": [[0,1,1,0]`, nil, "stdin: broken JSON"},
		{"wrong piece count", "2 2\n0 1 1 0\n", nil, "stdin: 1 pieces for a 2x2 board: expected 4"},
		{"bad colour", "2 2\n0 1 1 0\n0 0 1 1\n1 1 0 0\n1 0 0 -1\n", nil, "stdin: piece 3 has colour -1: expected 0 to 255"},
		{"JSON piece not four colours", `{"width":1,"height":1,"pieces":[[0,0,0]]}`, nil, "stdin: piece 0: expected four integer colours [U,R,D,L], got [0,0,0]"},
		{"hint off the board", two + "hint 4 0 0\n", nil, "stdin: hint 0: position 4 is off the 2x2 board"},
		{"hint reusing a piece", two + "hint 0 1 0\nhint 1 1 0\n", nil, "stdin: hint 1: piece 1 is already used by hint 0"},
		{"two hints on a cell", two + "hint 0 1 0\nhint 0 2 0\n", nil, "stdin: hint 1: position 0 already holds hint 0"},
		{"bad rotation", two + "hint 0 1 4\n", nil, "stdin: hint 0: rotation 4: expected 0 to 3"},
		{"no such piece", two + "hint 0 9 0\n", nil, "stdin: hint 0: piece 9 does not exist (pieces are 0 to 3)"},
		{"not a square", "0 1 1 0\n0 0 1 1\n", nil, `stdin: no "W H" line and 2 pieces is not a square board`},
		{"garbage line", "2 2\nsome words here\n", nil, `stdin line 2: expected "W H", "U R D L", "hint POS PIECE ROT" or "name NAME", got "some words here"`},
		{"missing file", "", []string{"testdata/none.json"}, "open testdata/none.json: no such file or directory"},
		{"bad flag", "", []string{"-fast"}, "flag provided but not defined: -fast"},
		{"negative budget", two, []string{"-nodes", "-5"}, "-nodes -5: expected a positive budget"},
		{"two boards", two, []string{"a", "b"}, "expected one BOARD, got 2"},
	}
	for _, tt := range tests {
		var out, errb bytes.Buffer
		status := run(tt.args, strings.NewReader(tt.input), &out, &errb)
		if status != 2 || out.Len() != 0 || !strings.HasPrefix(errb.String(), "eternity2: ") ||
			!strings.Contains(errb.String(), tt.want) || strings.Count(errb.String(), "\n") != 1 {
			t.Errorf("%s: status %d, stdout %q, stderr %q; want status 2 and one line containing %q", tt.name, status, out.String(), errb.String(), tt.want)
		}
	}
}

// Node counts, solutions and best scores of the real boards, pinned.
func TestRealBoards(t *testing.T) {
	tests := []struct {
		file      string
		args      []string
		firstLine string
		nodes     string
	}{
		{"testdata/clue3.json", nil, "board e2-clue-clue3 6x6 pieces 36 hints 0", "nodes 1045600\nsolutions 1\nbest 60/60"},
	}
	for _, tt := range tests {
		var out, errb bytes.Buffer
		run(append(tt.args, tt.file), nil, &out, &errb)
		if !strings.HasPrefix(out.String(), tt.firstLine+"\n"+tt.nodes+"\n") {
			t.Errorf("%s %v:\n%s", tt.file, tt.args, out.String())
		}
	}
}

// TestEmittedProgramsMatch builds the programs -emit writes for a few boards
// and checks that each prints exactly what the engine prints.
func TestEmittedProgramsMatch(t *testing.T) {
	if testing.Short() {
		t.Skip("builds generated programs")
	}
	rng := rand.New(rand.NewSource(3))
	boards := []*puzzle{
		randomPuzzle(rng, 3, 3, 3, 1, false),
		randomPuzzle(rng, 4, 3, 3, 0, true),
	}
	clue3, err := readPuzzle("testdata/clue3.json", mustRead(t, "testdata/clue3.json"))
	if err != nil {
		t.Fatal(err)
	}
	boards = append(boards, clue3)
	for i, p := range boards {
		dir := t.TempDir()
		var src, errb bytes.Buffer
		if status := emitProgram(newEngine(p), &src, &errb); status != 0 {
			t.Fatalf("board %d: emit failed: %s", i, errb.String())
		}
		if err := os.WriteFile(filepath.Join(dir, "main.go"), src.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		build := exec.Command("go", "build", "-o", "gen", "main.go")
		build.Dir = dir
		if out, err := build.CombinedOutput(); err != nil {
			t.Fatalf("board %d: the generated program does not build: %v\n%s", i, err, out)
		}
		for _, args := range [][]string{{}, {"-all"}, {"-nodes", "7"}, {"-all", "-nodes", "50"}} {
			if p == clue3 && len(args) > 0 && args[0] == "-all" {
				continue // the whole clue 3 tree is long
			}
			got, err := exec.Command(filepath.Join(dir, "gen"), args...).Output()
			if err != nil {
				t.Fatalf("board %d %v: %v", i, args, err)
			}
			e := newEngine(p)
			budget, all := int64(0), false
			for j, a := range args {
				if a == "-all" {
					all = true
				}
				if a == "-nodes" {
					budget, _ = strconv.ParseInt(args[j+1], 10, 64)
				}
			}
			if want := e.render(search(e, budget, all)); !bytes.Equal(got, want) {
				t.Errorf("board %d %v: generated program prints\n%s\nthe engine\n%s", i, args, got, want)
			}
		}
	}
}
