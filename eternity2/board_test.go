package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"
)

func TestTextAndJSONAgree(t *testing.T) {
	text, err := os.ReadFile("testdata/clue1.txt")
	if err != nil {
		t.Fatal(err)
	}
	_ = text
	pt, err := readBoard([]string{"testdata/clue1.txt"}, nil, "")
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
		{"JSON piece not four colours", `{"width":1,"height":1,"pieces":[[0,0,0]]}`, nil, "stdin: piece 0: expected four colours [U,R,D,L], got 3"},
		{"JSON without pieces", `{"width":1,"height":1}`, nil, `stdin: expected "width", "height" and "pieces"`},
		{"JSON hint without piece", `{"width":1,"height":1,"pieces":[[0,0,0,0]],"hints":[{"pos":0,"rot":0}]}`, nil, `stdin: hint 0: expected "pos", "piece" and "rot"`},
		{"JSON hint without rotation", `{"width":1,"height":1,"pieces":[[0,0,0,0]],"hints":[{"pos":0,"piece":0}]}`, nil, `stdin: hint 0: expected "pos", "piece" and "rot"`},
		{"JSON huge board", `{"width":100000,"height":100000,"pieces":[]}`, nil, "stdin: board 100000x100000: expected sides of 1 to 64"},
		{"hint off the board", two + "hint 4 0 0\n", nil, "stdin: hint 0: position 4 is off the 2x2 board"},
		{"hint off the board after a long line", longLine, nil, "stdin: hint 0: position 9 is off the 2x2 board"},
		{"hint reusing a piece", two + "hint 0 1 0\nhint 1 1 0\n", nil, "stdin: hint 1: piece 1 is already used by hint 0"},
		{"two hints on a cell", two + "hint 0 1 0\nhint 0 2 0\n", nil, "stdin: hint 1: position 0 already holds hint 0"},
		{"bad rotation", two + "hint 0 1 4\n", nil, "stdin: hint 0: rotation 4: expected 0 to 3"},
		{"no such piece", two + "hint 0 9 0\n", nil, "stdin: hint 0: piece 9: expected 0 to 3"},
		{"not a square", "0 1 1 0\n0 0 1 1\n", nil, `stdin: no "W H" line, and 2 pieces make no square`},
		{"garbage line", "2 2\nsome words here\n", nil, `stdin line 2: expected "W H", "U R D L", "hint POS PIECE ROT" or "name NAME", got "some words here"`},
		{"a long garbage line is quoted short", "2 2\n" + strings.Repeat("y ", 50000) + "\n", nil, `got "y y y y y y y y y y y y y y y y y y y y y y y y y y y y y"...`},
		{"name of two words", "name a b\n" + two, nil, `stdin line 1: expected "name NAME", got "name a b"`},
		{"missing file", "", []string{"testdata/none.json"}, "testdata/none.json: no such file or directory"},
		{"a directory", "", []string{"testdata"}, "testdata: a directory, expected a file"},
		{"a device", "", []string{"/dev/zero"}, "/dev/zero: a device, expected a file"},
		{"-resume of a device", "", []string{"-resume", "/dev/zero"}, "/dev/zero: a device, expected a file"},
		{"a long argument", "", []string{strings.Repeat("z", 100000)}, `argument "zzzzzzzz`},
		{"a long file name", "", []string{strings.Repeat("z/", 1000) + "none.json"}, "eternity2: ...z/z/z/z/z/z/z/z/z/z/z/z/z/z/z/z/z/z/none.json: no such file"},
		{"a long flag value", "", []string{"-nodes", strings.Repeat("9", 1000)}, `invalid value "99999`},
		{"a flag after the board", two, []string{"board.json", "-all"}, `flag "-all" after BOARD "board.json": flags go before BOARD`},
		{"a name not UTF-8", "name caf\xe9\n" + two, nil, `stdin: name "caf\xe9": expected at most 200 bytes of printable UTF-8 without spaces`},
		{"a JSON name with a space", `{"name":"a b","width":1,"height":1,"pieces":[[0,0,0,0]]}`, nil, `name "a b": expected`},
		{"a misspelt JSON key", `{"width":1,"height":1,"pieces":[[0,0,0,0]],"hint":[]}`, nil, `stdin: the board: unknown key "hint" (keys: name id width height pieces hints family numColors maxScore seed)`},
		{"a misspelt hint key", `{"width":1,"height":1,"pieces":[[0,0,0,0]],"hints":[{"pos":0,"piece":0,"rotation":0}]}`, nil, `stdin: the board: unknown key "rotation"`},
		{"a key read in other letters, then given twice", `{"width":1,"Width":2,"height":1,"pieces":[[0,0,0,0]]}`, nil, `stdin: 1 pieces for a 2x1 board: expected 2`},
		{"a second name line", "name a\nname b\n" + two, nil, "stdin line 2: a second name line (a board has one)\n"},
		{"a piece after the hints", two + "hint 0 0 0\n0 0 0 0\n", nil, "stdin line 7: a piece after the hints (the pieces come first)\n"},
		{"a budget in hex", two, []string{"-nodes", "0x10"}, `invalid value "0x10" for flag -nodes: expected a whole number in decimal digits`},
		{"a budget with an exponent", two, []string{"-nodes", "1e3"}, `invalid value "1e3" for flag -nodes`},
		{"a part with a leading zero", two, []string{"-parts", "010", "-part", "1"}, `invalid value "010" for flag -parts`},
		{"a byte-order mark", "\xef\xbb\xbf{\"width\":1}", nil, "stdin: starts with a byte-order mark"},
		{"-emit of a board past the compiler", strings.Repeat("0 0 0 0\n", 64*64), []string{"-emit", "testdata/none"}, "-emit: 4096 cells to fill: past 1024"},
		{"-emit into a folder of something else", two, []string{"-emit", "testdata"}, "-emit testdata: not empty and not from -emit"},
		{"-emit of no folder", two, []string{"-emit="}, "-emit DIR: expected a folder, got \"\""},
		{"bad flag", "", []string{"-fast"}, "flag provided but not defined: -fast"},
		{"negative budget", two, []string{"-nodes", "-5"}, "-nodes -5: expected a budget of at least 1 node"},
		{"zero budget", two, []string{"-nodes", "0"}, "-nodes 0: expected a budget of at least 1 node"},
		{"two boards", two, []string{"a", "b"}, "expected one BOARD, got 2"},
		{"-emit with -all", two, []string{"-emit", "x", "-all"}, "-emit writes a program for BOARD and takes no -all"},
		{"-emit with -nodes", two, []string{"-emit", "x", "-nodes", "5"}, "-emit writes a program for BOARD and takes no -nodes"},
		{"-parts without -part", two, []string{"-parts", "3"}, "-parts K and -part I go together"},
		{"-part out of range", two, []string{"-parts", "3", "-part", "3"}, "-part 3: expected 0 to 2 (-parts 3)"},
		{"-parts 0", two, []string{"-parts", "0", "-part", "0"}, "-parts 0: expected 1 to 65536"},
		{"-parts with a budget", two, []string{"-parts", "2", "-part", "0", "-nodes", "9"}, "-nodes cuts one whole search: not with -parts"},
		{"-resume with a board", "", []string{"-resume", "x.json", "board.json"}, `-resume takes no BOARD "board.json": the checkpoint holds it`},
		{"-resume with -all", "", []string{"-resume", "x.json", "-all"}, "-resume takes no -all: the checkpoint holds the search"},
		{"-resume of no file", "", []string{"-resume", "testdata/none.json"}, "eternity2: testdata/none.json: no such file"},
		{"-checkpoint into a directory", two, []string{"-checkpoint", "testdata"}, "-checkpoint testdata: a directory, expected a file"},
		{"-checkpoint in no directory", two, []string{"-checkpoint", "testdata/none/cp.json"}, "-checkpoint testdata/none/cp.json: no such file or directory"},
		{"-every without -checkpoint", two, []string{"-every", "5s"}, "-every: expected -checkpoint FILE with it"},
		{"-merge of nothing", "", []string{"-merge"}, `-merge: no records`},
		{"-block outside the board", two, []string{"-block", "2x2+1+0"}, `-block "2x2+1+0": expected WxH+X+Y within the 2x2 board`},
		{"-block of no cell", two, []string{"-block", "0x2+0+0"}, `-block "0x2+0+0": expected WxH+X+Y within`},
		{"-block malformed", two, []string{"-block", "2x2"}, `-block "2x2": expected WxH+X+Y within`},
		{"-block of nothing", two, []string{"-block", ""}, "-block: expected WxH+X+Y, got nothing"},
		{"a JSON block of nothing", `{"width":1,"height":1,"pieces":[[0,0,0,0]],"block":""}`, nil, `stdin: "block": expected "WxH+X+Y", got ""`},
		{"-block against the board's own", `{"width":2,"height":1,"pieces":[[0,1,0,0],[0,0,0,1]],"block":"1x1+0+0"}`, []string{"-block", "1x1+1+0"}, `-block "1x1+1+0": stdin is block "1x1+0+0" already`},
		{"-block with -merge", "", []string{"-merge", "-block", "1x1+0+0"}, `-merge takes the records and -v or -url, not -block`},
		{"a block in JSON outside", `{"width":1,"height":1,"pieces":[[0,0,0,0]],"block":"1x2+0+0"}`, nil, `stdin: "block" "1x2+0+0": expected WxH+X+Y within the 1x1 board`},
		{"a flag given twice", two, []string{"-nodes", "5", "-nodes", "6"}, `-nodes given twice: give it once`},
		{"a bool flag given twice", two, []string{"-all", "-v", "-all"}, `-all given twice: give it once`},
		{"-merge of garbage", "hello\n", []string{"-merge"}, `stdin line 1: expected a record starting "eternity2 part I of K", got "hello"`},
	}
	for _, tt := range tests {
		var out, errb bytes.Buffer
		status := run(tt.args, strings.NewReader(tt.input), &out, &errb)
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
	if status := run(nil, dir, &out, &errb); status != 2 || !strings.Contains(errb.String(), "stdin: is a directory") {
		t.Errorf("a directory as stdin: status %d, stderr %q; want 2", status, errb.String())
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
