package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
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

// wholeRun is the output of a whole search cut into K parts, each searched
// in this process, merged.
func wholeRun(t testing.TB, p *puzzle, budget int64, all bool, parts int) []byte {
	t.Helper()
	var indices []int
	for k := range parts {
		indices = append(indices, k)
	}
	co := newCoordinator(mustEngine(t, p), parts, all, budget, indices, true)
	if err := co.run(); err != nil {
		t.Fatal(err)
	}
	res, err := co.result()
	if err != nil {
		t.Fatal(err)
	}
	return res.output()
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
		if status := runMain([]string{"-all"}, strings.NewReader(tt.board), &out, &errb); status != 0 {
			t.Fatalf("%s: status %d: %s", tt.name, status, errb.String())
		}
		_, body, _ := strings.Cut(out.String(), "\n")
		if body != tt.output {
			t.Errorf("%s:\ngot\n%s\nwant\n%s", tt.name, body, tt.output)
		}
		p, _ := readBoard(nil, strings.NewReader(tt.board))
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
	_ = text
	pt, err := readBoard([]string{"testdata/clue1.txt"}, nil)
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
	// The JSON a checkpoint keeps reads back as the same board.
	raw, _ := json.Marshal(p2.toJSON())
	p3, err := readPuzzle("z", raw)
	if err != nil || p3.fingerprint() != p2.fingerprint() {
		t.Errorf("a board written as JSON reads back differently (%v)", err)
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
	longLine := two + "# " + strings.Repeat("x", 100000) + "\nhint 9 0 0\n"
	tests := []struct {
		name, input string
		args        []string
		want        string
	}{
		{"broken JSON", `{"width": 2, "height": 2, "pieces": [[0,1,1,0]`, nil, "stdin: broken JSON"},
		{"wrong piece count", "2 2\n0 1 1 0\n", nil, "stdin: 1 pieces for a 2x2 board: expected 4"},
		{"bad colour", "2 2\n0 1 1 0\n0 0 1 1\n1 1 0 0\n1 0 0 -1\n", nil, "stdin: piece 3 has colour -1: expected 0 to 255"},
		{"JSON piece not four colours", `{"width":1,"height":1,"pieces":[[0,0,0]]}`, nil, "stdin: piece 0: expected four integer colours [U,R,D,L], got \"[0,0,0]\""},
		{"JSON without pieces", `{"width":1,"height":1}`, nil, `stdin: expected "width", "height" and "pieces"`},
		{"JSON hint without piece", `{"width":1,"height":1,"pieces":[[0,0,0,0]],"hints":[{"pos":0,"rot":0}]}`, nil, `stdin: hint 0: expected "pos", "piece" and "rot"`},
		{"JSON hint without rotation", `{"width":1,"height":1,"pieces":[[0,0,0,0]],"hints":[{"pos":0,"piece":0}]}`, nil, `stdin: hint 0: expected "pos", "piece" and "rot"`},
		{"JSON huge board", `{"width":100000,"height":100000,"pieces":[]}`, nil, "stdin: board 100000x100000: expected a width and height from 1 to 64"},
		{"hint off the board", two + "hint 4 0 0\n", nil, "stdin: hint 0: position 4 is off the 2x2 board"},
		{"hint off the board after a long line", longLine, nil, "stdin: hint 0: position 9 is off the 2x2 board"},
		{"hint reusing a piece", two + "hint 0 1 0\nhint 1 1 0\n", nil, "stdin: hint 1: piece 1 is already used by hint 0"},
		{"two hints on a cell", two + "hint 0 1 0\nhint 0 2 0\n", nil, "stdin: hint 1: position 0 already holds hint 0"},
		{"bad rotation", two + "hint 0 1 4\n", nil, "stdin: hint 0: rotation 4: expected 0 to 3"},
		{"no such piece", two + "hint 0 9 0\n", nil, "stdin: hint 0: piece 9 does not exist (pieces are 0 to 3)"},
		{"not a square", "0 1 1 0\n0 0 1 1\n", nil, `stdin: no "W H" line and 2 pieces is not a square board`},
		{"garbage line", "2 2\nsome words here\n", nil, `stdin line 2: expected "W H", "U R D L", "hint POS PIECE ROT" or "name NAME", got "some words here"`},
		{"a long garbage line is quoted short", "2 2\n" + strings.Repeat("y ", 50000) + "\n", nil, `got "y y y y y y y y y y y y y y y y y y y y y y y y y y y y y"...`},
		{"name of two words", "name a b\n" + two, nil, `stdin line 1: expected "name NAME", got "name a b"`},
		{"missing file", "", []string{"testdata/none.json"}, "testdata/none.json: no such file or directory"},
		{"a directory", "", []string{"testdata"}, "testdata: a directory, expected a file"},
		{"a long argument", "", []string{strings.Repeat("z", 100000)}, `argument "zzzzzzzz`},
		{"a long file name", "", []string{strings.Repeat("z/", 1000) + "none.json"}, "eternity2: ...z/z/z/z/z/z/z/z/z/z/z/z/z/z/z/z/z/z/none.json: no such file"},
		{"a long flag value", "", []string{"-nodes", strings.Repeat("9", 1000)}, `invalid value "99999`},
		{"a flag after the board", two, []string{"board.json", "-all"}, `flag "-all" after BOARD "board.json": flags go before BOARD`},
		{"a name not UTF-8", "name caf\xe9\n" + two, nil, `stdin: name "caf\xe9": expected at most 200 bytes of printable UTF-8 without spaces`},
		{"a JSON name with a space", `{"name":"a b","width":1,"height":1,"pieces":[[0,0,0,0]]}`, nil, `name "a b": expected`},
		{"a misspelt JSON key", `{"width":1,"height":1,"pieces":[[0,0,0,0]],"hint":[]}`, nil, `stdin: json: unknown field "hint"`},
		{"a misspelt hint key", `{"width":1,"height":1,"pieces":[[0,0,0,0]],"hints":[{"pos":0,"piece":0,"rotation":0}]}`, nil, `unknown field "rotation"`},
		{"a byte-order mark", "\xef\xbb\xbf{\"width\":1}", nil, "stdin: starts with a byte-order mark"},
		{"-emit of a board past the compiler", strings.Repeat("0 0 0 0\n", 64*64), []string{"-emit"}, "-emit: 4096 cells to fill: past 1024"},
		{"bad flag", "", []string{"-fast"}, "flag provided but not defined: -fast"},
		{"negative budget", two, []string{"-nodes", "-5"}, "-nodes -5: expected a budget of at least 1 node"},
		{"zero budget", two, []string{"-nodes", "0"}, "-nodes 0: expected a budget of at least 1 node"},
		{"two boards", two, []string{"a", "b"}, "expected one BOARD, got 2"},
		{"-emit with -all", two, []string{"-emit", "-all"}, "-emit writes a program for BOARD and takes no -all"},
		{"-emit with -nodes", two, []string{"-emit", "-nodes", "5"}, "-emit writes a program for BOARD and takes no -nodes"},
		{"-parts without -part", two, []string{"-parts", "3"}, "-parts K and -part I go together"},
		{"-part out of range", two, []string{"-parts", "3", "-part", "3"}, "-part 3: expected 0 to 2 (-parts 3)"},
		{"-parts 0", two, []string{"-parts", "0", "-part", "0"}, "-parts 0: expected 1 to 65536"},
		{"-parts with a budget", two, []string{"-parts", "2", "-part", "0", "-nodes", "9"}, "-nodes cuts one whole search at a node"},
		{"-resume with a board", "", []string{"-resume", "x.json", "board.json"}, "-resume takes the board from the checkpoint"},
		{"-resume with -all", "", []string{"-resume", "x.json", "-all"}, "-resume takes the board, mode and budget from the checkpoint, not -all"},
		{"-resume of no file", "", []string{"-resume", "testdata/none.json"}, "checkpoint testdata/none.json: testdata/none.json: no such file"},
		{"-checkpoint into a directory", two, []string{"-checkpoint", "testdata"}, "-checkpoint testdata: a directory, expected a file"},
		{"-checkpoint in no directory", two, []string{"-checkpoint", "testdata/none/cp.json"}, "-checkpoint testdata/none/cp.json: no such file or directory"},
		{"-every without -checkpoint", two, []string{"-every", "5s"}, "-every: expected -checkpoint FILE with it"},
		{"-merge of nothing", "", []string{"-merge"}, `-merge: no records`},
		{"-merge of garbage", "hello\n", []string{"-merge"}, `stdin line 1: expected a record starting "eternity2 part I of K", got "hello"`},
	}
	for _, tt := range tests {
		var out, errb bytes.Buffer
		status := runMain(tt.args, strings.NewReader(tt.input), &out, &errb)
		if status != 2 || out.Len() != 0 || !strings.HasPrefix(errb.String(), "eternity2: ") ||
			!strings.Contains(errb.String(), tt.want) || strings.Count(errb.String(), "\n") != 1 || errb.Len() > 200 {
			t.Errorf("%s: status %d, stdout %q, stderr %.400q; want status 2 and one line under 200 bytes containing %q", tt.name, status, out.String(), errb.String(), tt.want)
		}
	}
	if _, err := os.Stat("testdata.tmp"); err == nil {
		os.Remove("testdata.tmp")
		t.Error("-checkpoint into a directory left testdata.tmp behind")
	}
	// A directory as stdin.
	dir, _ := os.Open("testdata")
	defer dir.Close()
	var out, errb bytes.Buffer
	if status := runMain(nil, dir, &out, &errb); status != 2 || !strings.Contains(errb.String(), "stdin: is a directory") {
		t.Errorf("a directory as stdin: status %d, stderr %q; want 2", status, errb.String())
	}
}

func TestHelp(t *testing.T) {
	for _, args := range [][]string{{"-h"}, {"-help"}, {"--help"}} {
		var out, errb bytes.Buffer
		if status := runMain(args, nil, &out, &errb); status != 0 || !strings.HasPrefix(out.String(), "usage: eternity2") || errb.Len() != 0 {
			t.Errorf("%v: status %d, stdout %q, stderr %q", args, status, out.String(), errb.String())
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
		{"testdata/bench-hard.json", []string{"-nodes", "1000000"}, "board bench_hard_16x16 16x16 pieces 256 hints 40", "nodes 1000000\nsolutions 0\nbest 361/480"},
	}
	for _, tt := range tests {
		var out, errb bytes.Buffer
		runMain(append(tt.args, tt.file), nil, &out, &errb)
		if !strings.HasPrefix(out.String(), tt.firstLine+"\n"+tt.nodes+"\n") {
			t.Errorf("%s %v:\n%s", tt.file, tt.args, out.String())
		}
	}
}

// The viewer link of a 2x2 board drawn by hand:
//
//	piece 0 [0 1 2 0] at cell 0 turned 0: edges U0 R1 D2 L0 -> "abca", number 001
//	piece 1 [0 0 3 1] at cell 1 turned 0: edges U0 R0 D3 L1 -> "aadb", number 002
//	cells 2 and 3 empty: "aaaa", 000
func TestViewerURL(t *testing.T) {
	p := &puzzle{name: "hand drawn", width: 2, height: 2, pieces: [][4]int{{0, 1, 2, 0}, {0, 0, 3, 1}, {2, 4, 0, 0}, {3, 0, 0, 4}}}
	e := mustEngine(t, p)
	c0 := uint32(0)<<pieceShift | 0<<rotShift | 2<<downShift | 1 // piece 0, rotation 0, down 2, right 1
	c1 := uint32(1)<<pieceShift | 0<<rotShift | 3<<downShift     // piece 1, rotation 0, down 3, right 0
	want := "https://e2.bucas.name/#puzzle=hand+drawn&board_w=2&board_h=2&board_edges=abcaaadbaaaaaaaa&board_pieces=001002000000"
	if got := e.viewerURL([]uint32{c0, c1}); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	// And through -url, on the solved board, every cell filled: pieces 2
	// [2 4 0 0] and 3 [3 0 0 4] below, turned 0: "ceaa" and "daae".
	var out, errb bytes.Buffer
	board := "name hand\n2 2\n0 1 2 0\n0 0 3 1\n2 4 0 0\n3 0 0 4\n"
	wantErr := "url https://e2.bucas.name/#puzzle=hand&board_w=2&board_h=2&board_edges=abcaaadbceaadaae&board_pieces=001002003004\n"
	if status := runMain([]string{"-url"}, strings.NewReader(board), &out, &errb); status != 0 || errb.String() != wantErr {
		t.Errorf("-url: status %d, stderr %q, want %q", status, errb.String(), wantErr)
	}
	// A colour past 'z' has no letter.
	p.pieces[3][1] = 40
	p.hints = []hint{{Pos: 3, Piece: 3, Rot: 0}}
	if got := mustEngine(t, p).viewerURL(nil); got != "" {
		t.Errorf("colour 40: %s", got)
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
		randomPuzzle(rng, 3, 2, 3, 6, false), // every cell a hint
	}
	clue3, err := readPuzzle("testdata/clue3.json", mustRead(t, "testdata/clue3.json"))
	if err != nil {
		t.Fatal(err)
	}
	boards = append(boards, clue3)
	for i, p := range boards {
		gen := buildEmitted(t, p)
		for _, args := range [][]string{{}, {"-all"}, {"-nodes", "7"}, {"-all", "-nodes", "50"}} {
			if p == clue3 && len(args) > 0 && args[0] == "-all" {
				continue // the whole clue 3 tree is long
			}
			got, err := exec.Command(gen, args...).Output()
			if err != nil {
				t.Fatalf("board %d %v: %v", i, args, err)
			}
			budget, all := int64(0), false
			for j, a := range args {
				if a == "-all" {
					all = true
				}
				if a == "-nodes" {
					budget, _ = strconv.ParseInt(args[j+1], 10, 64)
				}
			}
			if want := wholeRun(t, p, budget, all, 1); !bytes.Equal(got, want) {
				t.Errorf("board %d %v: generated program prints\n%s\nthe engine\n%s", i, args, got, want)
			}
		}
		if out, err := exec.Command(gen, "-h").Output(); err != nil || !strings.HasPrefix(string(out), "usage:") {
			t.Errorf("board %d: -h: %v, %q", i, err, out)
		}
		if err := exec.Command(gen, "-nodes", "0").Run(); err == nil || err.(*exec.ExitError).ExitCode() != 2 {
			t.Errorf("board %d: -nodes 0: %v, want exit status 2", i, err)
		}
	}
}

func buildEmitted(t *testing.T, p *puzzle) string {
	t.Helper()
	dir := t.TempDir()
	var src bytes.Buffer
	if err := emitProgram(mustEngine(t, p), &src); err != nil {
		t.Fatalf("emit failed: %v", err)
	}
	if err := os.WriteFile(filepath.Join(dir, "main.go"), src.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	build := exec.Command("go", "build", "-o", "gen", "main.go")
	build.Dir = dir
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("the generated program does not build: %v\n%s", err, out)
	}
	return filepath.Join(dir, "gen")
}

// -emit's source grows with the board, not with its colours squared: a
// 16x16 board with 128 hints and 22 colours, and a 32x32 one with 512.
func TestEmitSize(t *testing.T) {
	rng := rand.New(rand.NewSource(5))
	for _, tt := range []struct {
		side, hints, colours int
		maxBytes             int
	}{{16, 128, 22, 2 << 20}, {32, 512, 40, 10 << 20}} {
		p := randomPuzzle(rng, tt.side, tt.side, tt.colours, tt.hints, false)
		var src bytes.Buffer
		if err := emitProgram(mustEngine(t, p), &src); err != nil {
			t.Fatal(err)
		}
		if src.Len() > tt.maxBytes {
			t.Errorf("%dx%d with %d hints: %d bytes of source, want at most %d", tt.side, tt.side, tt.hints, src.Len(), tt.maxBytes)
		}
	}
}

// partsAndMerge runs the parts of a search as processes and merges their
// records. With -all every part runs, through GNU parallel where it is
// installed (the way the README shows), else one after the other; without
// it, the parts run in order until one finds a solution, since the parts
// after that one are not needed (and may search a long time for nothing).
func partsAndMerge(t *testing.T, bin, board string, parts int, all bool) []byte {
	t.Helper()
	args := []string{"-parts", strconv.Itoa(parts)}
	if all {
		args = append(args, "-all")
	}
	dir := t.TempDir()
	recordOf := func(k int) string { return filepath.Join(dir, fmt.Sprintf("part%d.txt", k)) }
	var files []string
	if parallel, err := exec.LookPath("parallel"); err == nil && all {
		var list []string
		for k := range parts {
			list = append(list, strconv.Itoa(k))
		}
		cmd := exec.Command(parallel, append([]string{"--will-cite", "--halt", "now,fail=1", bin, strings.Join(args, " "), "-part", "{}", board, ">", filepath.Join(dir, "part{}.txt"), ":::"}, list...)...)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("parallel: %v\n%s", err, out)
		}
		for k := range parts {
			files = append(files, recordOf(k))
		}
	} else {
		for k := range parts {
			out, err := exec.Command(bin, append(slices.Clone(args), "-part", strconv.Itoa(k), board)...).Output()
			if err != nil {
				t.Fatalf("part %d: %v", k, err)
			}
			os.WriteFile(recordOf(k), out, 0o644)
			files = append(files, recordOf(k))
			if !all && bytes.Contains(out, []byte("\nsolutions 1\n")) {
				break
			}
		}
	}
	var out, errb bytes.Buffer
	if status := runMain(append([]string{"-merge"}, files...), nil, &out, &errb); status != 0 {
		t.Fatalf("merge: %s", errb.String())
	}
	return out.Bytes()
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

// Work units merged give the single run's bytes: -all on clue1-top10 in 2,
// 7 and 64 parts, the first solution of clue 3 in 2 and 5; with
// ETERNITY2_LONG=1, bench-easy's whole tree (3.6 G nodes) in 2, 7 and 64.
func TestPartsMerge(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the parts as processes")
	}
	bin := buildEntry(t)
	tests := []struct {
		board, expected string
		all             bool
		parts           []int
	}{
		{"testdata/clue1-top10.json", "clue1-top10-all", true, []int{2, 7, 64}},
		{"testdata/clue3.json", "clue3", false, []int{2, 5}},
	}
	if os.Getenv("ETERNITY2_LONG") != "" {
		tests = append(tests, struct {
			board, expected string
			all             bool
			parts           []int
		}{"testdata/bench-easy.json", "easy-all", true, []int{2, 7, 64}})
	}
	for _, tt := range tests {
		want := mustRead(t, "../expected/eternity2/"+tt.expected+".out")
		for _, k := range tt.parts {
			if got := partsAndMerge(t, bin, tt.board, k, tt.all); !bytes.Equal(got, want) {
				t.Errorf("%s in %d parts, merged:\n%s\nwant\n%s", tt.board, k, got, want)
			}
		}
	}
}

// -merge refuses records that do not make one search.
func TestMergeRefuses(t *testing.T) {
	dir := t.TempDir()
	rng := rand.New(rand.NewSource(17))
	boards := map[string]string{}
	for _, name := range []string{"a", "b"} {
		p := randomPuzzle(rng, 4, 4, 3, 0, false)
		p.name = name
		raw, _ := json.Marshal(p.toJSON())
		boards[name] = filepath.Join(dir, name+".json")
		os.WriteFile(boards[name], raw, 0o644)
	}
	record := func(board string, all bool, parts, part int) string {
		var out, errb bytes.Buffer
		args := []string{"-parts", strconv.Itoa(parts), "-part", strconv.Itoa(part)}
		if all {
			args = append(args, "-all")
		}
		if status := runMain(append(args, boards[board]), nil, &out, &errb); status != 0 {
			t.Fatalf("%s part %d: %s", board, part, errb.String())
		}
		return out.String()
	}
	a0, a1 := record("a", true, 2, 0), record("a", true, 2, 1)
	tests := []struct {
		name, input, want string
	}{
		{"another board", a0 + record("b", true, 2, 1), "is of another board"},
		{"another mode", a0 + record("a", false, 2, 0), "is of mode first, part 0 of mode all"},
		{"another K", a0 + record("a", true, 3, 1), "is one of 3 parts"},
		{"twice", a0 + a0, "part 0 given twice"},
		{"missing", a1, "part 0 of 2 is missing"},
		{"truncated", a0[:strings.LastIndex(a0[:len(a0)-1], "\n")+1], "board lines, expected 4"},
		{"garbled", strings.Replace(a0, "nodes", "nodez", 1), `line 6: expected "nodes" and a count`},
		{"K past the limit", strings.Replace(a0, "of 2", "of 1000000000000", 1), `line 1: expected "eternity2 part I of K" (0 <= I < K <= 65536)`},
		{"K of int64", strings.Replace(a0, "of 2", "of 9223372036854775807", 1), `line 1: expected "eternity2 part I of K"`},
		{"a count past 2^56", regexp.MustCompile(`nodes \d+`).ReplaceAllString(a0, "nodes 9223372036854775807"), `line 6: expected "nodes" and a count up to 2^56`},
		{"a score past the maximum", regexp.MustCompile(`best \d+/24`).ReplaceAllString(a0, "best 999/24"), `line 8: expected "best B/24 unit U" (0 <= B <= 24`},
		{"another maximum", regexp.MustCompile(`best (\d+)/24`).ReplaceAllString(a0, "best 3/5"), `line 8: expected "best B/24 unit U"`},
		{"a garbage board row", regexp.MustCompile(`(?m)^[-0-9][-0-9/ ]*$`).ReplaceAllString(a0, "<script>"), `expected a board line of 4 cells, each PIECE/ROT or -`},
		{"a piece past the board's", regexp.MustCompile(`(?m)^([0-9]+)/`).ReplaceAllString(a0, "99/"), `a board line of 4 cells`},
		{"a link elsewhere", regexp.MustCompile(`(?m)^url .*$`).ReplaceAllString(a0, "url javascript:alert(1)"), `line 9: expected "url" and https://e2.bucas.name/#... or -, got "url javascript:alert(1)"`},
		{"a record cut short", "eternity2 part 0 of 2\nboard a 4x4 pieces 16 hints 0\n", `stdin line 3: expected "check" and 16 hex digits, got ""`},
	}
	for _, tt := range tests {
		var out, errb bytes.Buffer
		if status := runMain([]string{"-merge"}, strings.NewReader(tt.input), &out, &errb); status != 2 || out.Len() != 0 ||
			!strings.Contains(errb.String(), tt.want) || strings.Count(errb.String(), "\n") != 1 {
			t.Errorf("%s: status %d, stderr %q; want 2 and one line containing %q", tt.name, status, errb.String(), tt.want)
		}
	}
	// Without -all, the parts after the first with a solution are not needed.
	f0 := record("a", false, 2, 0)
	if strings.Contains(f0, "\nsolutions 1\n") {
		var out, errb bytes.Buffer
		if runMain([]string{"-merge"}, strings.NewReader(f0), &out, &errb) != 0 {
			t.Errorf("part 0 found the solution, yet the merge wants part 1: %s", errb.String())
		}
	} else {
		t.Error("the first part of board a has no solution: pick another seed")
	}
}

// -merge reads records as they come: 65,536 parts on stdin (no limit on
// its size), and without -all it stops reading once the answer is known
// (a reader that would block for ever after the first record).
func TestMergeStreams(t *testing.T) {
	var all bytes.Buffer
	for k := range maxParts {
		r := record{part: k, parts: maxParts, header: "board one 1x1 pieces 1 hints 0", check: "0123456789abcdef", all: true,
			units: 1, nodes: 3, solutions: 1, bestUnit: -1, rows: []string{"-"}}
		if k == 0 {
			r.bestUnit, r.rows = 0, []string{"0/0"}
		}
		r.write(&all)
	}
	var out, errb bytes.Buffer
	if status := runMain([]string{"-merge"}, &all, &out, &errb); status != 0 || !strings.HasPrefix(out.String(), "board one 1x1 pieces 1 hints 0\nnodes 196608\nsolutions 65536\nbest 0/0\n0/0\n") {
		t.Errorf("65,536 records: status %d, %s%s", status, errb.String(), out.String())
	}
	var first bytes.Buffer
	record{part: 0, parts: 2, header: "board one 1x1 pieces 1 hints 0", check: "0123456789abcdef", units: 1, nodes: 3, solutions: 1,
		bestUnit: 0, rows: []string{"0/0"}}.write(&first)
	stdin, w := io.Pipe()
	go w.Write(first.Bytes()) // and never closes it
	out.Reset()
	if status := runMain([]string{"-merge"}, stdin, &out, &errb); status != 0 || !strings.Contains(out.String(), "solutions 1\n") {
		t.Errorf("first solution in part 0: status %d, %s", status, errb.String())
	}
}

// Checkpoints: a search killed at random saves (20 times, some of them
// between writing a checkpoint and renaming it) and resumed each time
// from its last checkpoint ends with the bytes of a search never stopped;
// as one part, as a whole run of one part with a budget, and of three
// parts.
func TestCheckpointResume(t *testing.T) {
	rng := rand.New(rand.NewSource(13))
	hard, _ := readPuzzle("bench-hard", mustRead(t, "testdata/bench-hard.json"))
	top10, _ := readPuzzle("clue1-top10", mustRead(t, "testdata/clue1-top10.json"))
	tests := []struct {
		name    string
		p       *puzzle
		parts   int
		indices []int
		all     bool
		budget  int64
	}{
		{"bench-hard, 2 M nodes", hard, 1, []int{0}, false, 2_000_000},
		{"clue1-top10 -all, part 1 of 3", top10, 3, []int{1}, true, 0},
		{"clue1-top10 -all, 3 parts", top10, 3, []int{0, 1, 2}, true, 0},
	}
	for _, tt := range tests {
		whole := len(tt.indices) == tt.parts
		output := func(co *coordinator) []byte {
			res, err := co.result()
			if err != nil {
				t.Fatal(err)
			}
			var b bytes.Buffer
			res.write(&b)
			return b.Bytes()
		}
		co := newCoordinator(mustEngine(t, tt.p), tt.parts, tt.all, tt.budget, tt.indices, whole)
		if err := co.run(); err != nil {
			t.Fatal(err)
		}
		want := output(co)
		file := filepath.Join(t.TempDir(), "search.json")
		stops := 0
		for {
			if _, err := os.Stat(file); err == nil {
				_, e, pl, parts, err := loadCheckpoint(file)
				if err != nil {
					t.Fatalf("%s: resume: %v", tt.name, err)
				}
				co = &coordinator{e: e, pl: pl, budget: tt.budget, parts: parts, whole: whole}
			} else {
				co = newCoordinator(mustEngine(t, tt.p), tt.parts, tt.all, tt.budget, tt.indices, whole)
			}
			co.checkpointFile, co.every, co.sliceNodes = file, time.Millisecond, 20_000
			if stops < 20 {
				co.save = killedAt(2+rng.Intn(20), stops%5 == 4)
			}
			err := co.run()
			if err == nil {
				break
			}
			if err != errKilled {
				t.Fatalf("%s: %v", tt.name, err)
			}
			stops++
		}
		if got := output(co); !bytes.Equal(got, want) {
			t.Errorf("%s: after %d stops:\n%s\nwant\n%s", tt.name, stops, got, want)
		}
	}
}

// errKilled is the kill -9 of killedAt.
var errKilled = errors.New("killed")

// killedAt is a save that kills the process at its nth call: before
// writing, or between writing the temporary file and renaming it.
func killedAt(n int, inWrite bool) func(string, *checkpoint) error {
	return func(file string, c *checkpoint) error {
		if n--; n > 0 {
			return saveCheckpoint(file, c)
		}
		if inWrite {
			c.Sum = c.sum()
			data, _ := json.Marshal(c)
			os.WriteFile(file+".tmp", data, 0o644)
		}
		return errKilled
	}
}

// The real thing: kill -9 and SIGTERM on the program, each once it has
// written a checkpoint of its own, then -resume.
func TestKillAndResume(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the program as a process")
	}
	bin := buildEntry(t)
	want := mustRead(t, "../expected/eternity2/clue1-top10-all.out")
	file := filepath.Join(t.TempDir(), "cp.json")
	args := []string{"-all", "-checkpoint", file, "-every", "20ms", "testdata/clue1-top10.json"}
	modTime := func() time.Time {
		if info, err := os.Stat(file); err == nil {
			return info.ModTime()
		}
		return time.Time{}
	}
	for round, sig := range []syscall.Signal{syscall.SIGKILL, syscall.SIGTERM, syscall.SIGKILL} {
		cmd := exec.Command(bin, args...)
		var out, errb bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &errb
		before := modTime()
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		exited := make(chan error, 1)
		go func() { exited <- cmd.Wait() }()
		// Wait for a checkpoint of this run, then a little more.
		deadline := time.Now().Add(20 * time.Second)
		for modTime().Equal(before) && time.Now().Before(deadline) {
			time.Sleep(5 * time.Millisecond)
		}
		time.Sleep(time.Duration(10*round) * time.Millisecond)
		cmd.Process.Signal(sig)
		err := <-exited
		if err == nil {
			// It finished first: then its output must be the search's.
			if !bytes.Equal(out.Bytes(), want) {
				t.Fatalf("round %d finished with\n%s", round, out.Bytes())
			}
			return
		}
		if sig == syscall.SIGTERM {
			if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 143 || !strings.Contains(errb.String(), "SIGTERM: the search is saved in "+shown(file)+"; resume it with -resume "+shown(file)) {
				t.Fatalf("SIGTERM: %v, stderr %q; want exit 143 and a line saying how to resume", err, errb.String())
			}
		}
		if modTime().IsZero() {
			t.Fatalf("round %d: no checkpoint", round)
		}
		args = []string{"-resume", file, "-checkpoint", file, "-every", "20ms"}
	}
	out, err := exec.Command(bin, args...).Output()
	if err != nil || !bytes.Equal(out, want) {
		t.Errorf("resumed: %v\n%s\nwant\n%s", err, out, want)
	}
}

// A checkpoint that is not one of this search's is refused with one line.
func TestBadCheckpoints(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.json")
	// A checkpoint of a search 30,000 nodes in.
	p, _ := readPuzzle("clue3", mustRead(t, "testdata/clue3.json"))
	co := newCoordinator(mustEngine(t, p), 1, false, 0, []int{0}, false)
	co.parts[0].advance(30_000)
	if err := saveCheckpoint(good, co.checkpoint([]partState{co.parts[0].state()})); err != nil {
		t.Fatal(err)
	}
	data := string(mustRead(t, good))
	var c checkpoint
	if json.Unmarshal([]byte(data), &c) != nil || c.Runs[0].Done || len(c.Runs[0].Placed) < 4 {
		t.Fatalf("no checkpoint of a search under way: %s", data)
	}
	edit := func(change func(c *checkpoint)) string {
		var x checkpoint
		json.Unmarshal([]byte(data), &x)
		change(&x)
		x.Sum = x.sum()
		b, _ := json.Marshal(x)
		return string(b)
	}
	editUnsummed := func(change func(c *checkpoint)) string {
		var x checkpoint
		json.Unmarshal([]byte(data), &x)
		change(&x)
		b, _ := json.Marshal(x)
		return string(b)
	}
	tests := []struct {
		name, content, want string
	}{
		{"truncated", data[:len(data)/2], "corrupt: unexpected end of JSON input"},
		{"another format", strings.Replace(data, checkpointFormat, "eternity2 checkpoint 0", 1), `format "eternity2 checkpoint 0", expected "eternity2 checkpoint 3"`},
		{"a count edited", editUnsummed(func(c *checkpoint) { c.Runs[0].Nodes++ }), "corrupt: its checksum does not match"},
		{"done edited", editUnsummed(func(c *checkpoint) { c.Runs[0].Done = true }), "corrupt: its checksum does not match"},
		{"the budget edited", editUnsummed(func(c *checkpoint) { c.Budget = 5 }), "corrupt: its checksum does not match"},
		{"a board changed", edit(func(c *checkpoint) { c.Board.Pieces[0] = json.RawMessage("[1,2,3,4]") }), "corrupt"},
		{"a placement off its pool", edit(func(c *checkpoint) { c.Runs[0].Placed[3] ^= 1 << pieceShift }), "corrupt: part 0: depth 3: the placement is not in its pool"},
		{"a position off its pool", edit(func(c *checkpoint) { c.Runs[0].Pos = 0 }), "the position is not in its pool"},
		{"a best board not of the search", edit(func(c *checkpoint) { c.Runs[0].Best = []uint32{sentinel}; c.Runs[0].BestDepth = 1 }), "the best board is not one of the search's"},
		{"more parts", edit(func(c *checkpoint) { c.Parts = 2 }), "cut at depth 0 into 1 units, but this program cuts this board at 5"},
	}
	for _, tt := range tests {
		file := filepath.Join(dir, "bad.json")
		os.WriteFile(file, []byte(tt.content), 0o644)
		var out, errb bytes.Buffer
		if status := runMain([]string{"-resume", file}, nil, &out, &errb); status != 2 || out.Len() != 0 ||
			!strings.Contains(errb.String(), tt.want) || strings.Count(errb.String(), "\n") != 1 {
			t.Errorf("%s: status %d, stderr %q; want 2 and one line containing %q", tt.name, status, errb.String(), tt.want)
		}
	}
	// The good one resumes to the uninterrupted bytes.
	var out, whole, errb bytes.Buffer
	if status := runMain([]string{"-resume", good}, nil, &out, &errb); status != 0 {
		t.Fatal(errb.String())
	}
	runMain([]string{"-parts", "1", "-part", "0", "testdata/clue3.json"}, nil, &whole, &errb)
	if !bytes.Equal(out.Bytes(), whole.Bytes()) {
		t.Errorf("resumed:\n%s\nwant\n%s", out.Bytes(), whole.Bytes())
	}
}

// FuzzReadPuzzle: any input is a board or one line of bad input, and a
// board read is valid and reads back the same from its JSON form.
func FuzzReadPuzzle(f *testing.F) {
	for _, seed := range []string{"1 1\n0 0 0 0\n", "2 1\n0 5 0 0\n0 5 0 0\nhint 1 1 2\n", "name x\n1 1\n0 0 0 0 # c\n",
		`{"width":1,"height":1,"pieces":[[0,0,0,0]],"hints":[{"pos":0,"piece":0,"rot":0}]}`, `{"width":1,"height":1,"pieces":[[0,0,0,0]],"hints":[{"pos":0}]}`,
		"0 0 0 0\n", "", "{", "hint 0 0 0\n1 1\n"} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := readPuzzle("fuzz", data)
		if err != nil {
			wantOneLineOfBadInput(t, err)
			return
		}
		if len(p.pieces) != p.width*p.height {
			t.Fatalf("accepted %d pieces for %dx%d", len(p.pieces), p.width, p.height)
		}
		raw, _ := json.Marshal(p.toJSON())
		q, err := readPuzzle("again", raw)
		if err != nil || q.fingerprint() != p.fingerprint() {
			t.Fatalf("read back: %v", err)
		}
		newEngine(p)
	})
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

// FuzzParseRecord: any input is a record or one line of bad input.
func FuzzParseRecord(f *testing.F) {
	var out, errb bytes.Buffer
	runMain([]string{"-parts", "2", "-part", "1", "-nodes", "1", "testdata/clue3.json"}, nil, &out, &errb)
	runMain([]string{"-parts", "2", "-part", "1", "testdata/clue3.json"}, nil, &out, &errb)
	f.Add(out.Bytes())
	f.Add([]byte("eternity2 part 0 of 1\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		r, err := parseRecord("fuzz", 0, data)
		if err != nil {
			wantOneLineOfBadInput(t, err)
			return
		}
		merge([]record{r})
	})
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
			if status := runMain(strings.Fields(command), nil, &out, &errb); status != 0 || out.String() != want {
				t.Errorf("GOMAXPROCS=%d %s: status %d %s\n%s\nwant\n%s", procs, command, status, errb.String(), out.String(), want)
			}
		}
	}
}

// A budget on any number of workers is the single core's search, node for
// node: the cut inside a unit, a budget past the end of the tree, the first
// solution before the budget, and -all.
func TestBudgetOnEveryCore(t *testing.T) {
	hard, _ := readPuzzle("hard", mustRead(t, "testdata/bench-hard.json"))
	clue3, _ := readPuzzle("clue3", mustRead(t, "testdata/clue3.json"))
	top10, _ := readPuzzle("top10", mustRead(t, "testdata/clue1-top10.json"))
	rng := rand.New(rand.NewSource(23))
	small := randomPuzzle(rng, 5, 4, 3, 1, true)
	small.name = "small"
	tests := []struct {
		p      *puzzle
		budget int64
		all    bool
	}{
		{hard, 2_000_000, false}, {hard, 65_536, true}, {hard, 1_234_567, true},
		{clue3, 3_000_000, false}, {clue3, 1_045_600, false}, {clue3, 1_045_599, false}, {clue3, 3_000_000, true},
		{top10, 5_000_000, true}, {small, 1 << 30, true}, {small, 1 << 30, false},
	}
	for _, tt := range tests {
		want := wholeRun(t, tt.p, tt.budget, tt.all, 1)
		e := mustEngine(t, tt.p)
		for _, workers := range []int{1, 2, 8} {
			if got := e.recordOf(searchBudget(e, tt.budget, tt.all, workers)).output(); !bytes.Equal(got, want) {
				t.Errorf("%s -nodes %d all %v on %d workers:\n%s\nwant\n%s", tt.p.name, tt.budget, tt.all, workers, got, want)
			}
		}
	}
}

// The first solution over parts ends as soon as it is decided: clue 3 in
// 5 parts, every part started at once (parts 1-4 search for minutes),
// each merging the records in when it ends; the first merge that succeeds
// stops the rest. Through the README's bash recipe where bash is
// installed, and as the same steps driven from here everywhere.
func TestFirstSolutionPipeline(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the parts as processes")
	}
	bin := buildEntry(t)
	want := mustRead(t, "../expected/eternity2/clue3.out")
	dir := t.TempDir()
	board := mustRead(t, "testdata/clue3.json")
	os.WriteFile(filepath.Join(dir, "board.json"), board, 0o644)
	type ended struct {
		k   int
		err error
	}
	exits := make(chan ended, 5)
	var procs []*exec.Cmd
	for k := range 5 {
		part := filepath.Join(dir, fmt.Sprintf("part-%d", k))
		cmd := exec.Command(bin, "-parts", "5", "-part", strconv.Itoa(k), filepath.Join(dir, "board.json"))
		out, _ := os.Create(part + ".tmp")
		cmd.Stdout = out
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		procs = append(procs, cmd)
		go func() {
			err := cmd.Wait()
			out.Close()
			if err == nil {
				err = os.Rename(part+".tmp", part+".rec")
			}
			exits <- ended{k, err}
		}()
	}
	defer func() {
		for _, p := range procs {
			p.Process.Kill()
		}
	}()
	deadline := time.After(60 * time.Second)
	for {
		select {
		case e := <-exits:
			if e.err != nil {
				t.Fatalf("part %d: %v", e.k, e.err)
			}
			files, _ := filepath.Glob(filepath.Join(dir, "part-*.rec"))
			out, err := exec.Command(bin, append([]string{"-merge"}, files...)...).Output()
			if err != nil {
				continue // not decided yet
			}
			if !bytes.Equal(out, want) {
				t.Fatalf("merged:\n%s\nwant\n%s", out, want)
			}
			if alone, err := exec.Command(bin, "-merge", filepath.Join(dir, "part-0.rec")).Output(); err != nil || !bytes.Equal(alone, want) {
				t.Errorf("part 0 holds the solution, so its record alone decides the answer: %v\n%s", err, alone)
			}
			testRecipe(t, bin, board, want)
			return
		case <-deadline:
			t.Fatal("the pipeline did not end in 60 s")
		}
	}
}

// testRecipe runs the README's bash recipe for the first solution, on
// board.json in a directory of its own, where bash is installed.
func testRecipe(t *testing.T, bin string, board, want []byte) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Log("bash is not installed: the README's recipe is not run")
		return
	}
	readme := string(mustRead(t, "../README.md"))
	start := strings.Index(readme, "```bash\nfor k in")
	if start < 0 {
		t.Fatal("README: no recipe starting \"```bash\\nfor k in\"")
	}
	start += len("```bash\n")
	recipe := readme[start : start+strings.Index(readme[start:], "```")]
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "board.json"), board, 0o644)
	cmd := exec.Command(bash, "-c", recipe)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "PATH="+filepath.Dir(bin)+":"+os.Getenv("PATH"))
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	done := make(chan error, 1)
	go func() { done <- cmd.Run() }()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("the recipe: %v\n%s", err, stderr.Bytes())
		}
	case <-time.After(60 * time.Second):
		cmd.Process.Kill()
		t.Fatal("the README's recipe did not end in 60 s")
	}
	if !bytes.Equal(stdout.Bytes(), want) {
		t.Errorf("the recipe printed:\n%s\nwant\n%s", stdout.Bytes(), want)
	}
}

// FuzzRun: any arguments (NUL-separated) and any stdin end in exit 0, or
// in exit 2 with nothing on stdout and one stderr line under 200 bytes.
// Searches get a budget, so that none runs long; checkpoints, which write
// files, have tests of their own.
func FuzzRun(f *testing.F) {
	two := "2 2\n0 1 1 0\n0 0 1 1\n1 1 0 0\n1 0 0 1\n"
	for _, seed := range []struct{ args, stdin string }{
		{"", two}, {"-all", two}, {"-merge", ""}, {"-emit", two}, {"-url", "1 1\n0 0 0 0\n"}, {"-parts\x002\x00-part\x001", two},
		{"-nodes\x00" + strings.Repeat("9", 30), two}, {"testdata", ""}, {"-", "name caf\xe9\n" + two}, {"x\x00-all", two},
		{"", "\xef\xbb\xbf{}"}, {"", `{"width":1,"height":1,"pieces":[[0,0,0,0]],"hint":[]}`}, {"-merge", "eternity2 part 0 of 1000000000000\n"},
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
				strings.Contains(a, "checkpoint") || strings.Contains(a, "resume") || strings.Contains(a, "part") && len(stdin) > 300 {
				return // a long search, or files written
			}
		}
		if !slices.Contains(args, "-merge") && !slices.Contains(args, "-emit") && !slices.Contains(args, "-parts") {
			args = append([]string{"-nodes", "20000"}, args...)
		}
		var out, errb bytes.Buffer
		switch status := runMain(args, bytes.NewReader(stdin), &out, &errb); {
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

// TestExploreCopies: explore's stepCopies steps are one text, each going
// to the copy of the depth after and before it, and the dispatch reaches
// each; a copy edited alone would make its depths search differently.
func TestExploreCopies(t *testing.T) {
	src, err := os.ReadFile("main.go")
	if err != nil {
		t.Fatal(err)
	}
	body := string(src[bytes.Index(src, []byte("func (c *cursor) explore(")):])
	body = body[:strings.Index(body, "\n}\n")]
	label := regexp.MustCompile(`(?m)^at(\d+):$`)
	starts := label.FindAllStringSubmatchIndex(body, -1)
	if len(starts) != stepCopies {
		t.Fatalf("explore has %d step copies, want %d", len(starts), stepCopies)
	}
	end := strings.Index(body, "\nfull:") + 1
	ref := regexp.MustCompile(`\bat(\d+)\b`)
	var first string
	for k, at := range starts {
		to := end
		if k+1 < len(starts) {
			to = starts[k+1][0]
		}
		copyText := ref.ReplaceAllStringFunc(body[at[0]:to], func(s string) string {
			switch n, _ := strconv.Atoi(s[2:]); n {
			case k:
				return "atHere"
			case (k + 1) % stepCopies:
				return "atDeeper"
			case (k + stepCopies - 1) % stepCopies:
				return "atShallower"
			}
			return s
		})
		if body[at[2]:at[3]] != strconv.Itoa(k) {
			t.Errorf("copy %d is labelled at%s", k, body[at[2]:at[3]])
		}
		if k == 0 {
			first = copyText
		} else if copyText != first {
			t.Errorf("step copy %d differs from copy 0:\n%s\nwant\n%s", k, copyText, first)
		}
		if k > 0 && !strings.Contains(body, fmt.Sprintf("case %d:\n\t\tgoto at%d\n", k, k)) {
			t.Errorf("the dispatch does not reach at%d", k)
		}
	}
}
