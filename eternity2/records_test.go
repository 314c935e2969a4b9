package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

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
	if status := run([]string{"-url"}, strings.NewReader(board), &out, &errb); status != 0 || errb.String() != wantErr {
		t.Errorf("-url: status %d, stderr %q, want %q", status, errb.String(), wantErr)
	}
	// A colour past 'z' has no letter.
	p.pieces[3][1] = 40
	p.hints = []hint{{Pos: 3, Piece: 3, Rot: 0}}
	if got := mustEngine(t, p).viewerURL(nil); got != "" {
		t.Errorf("colour 40: %s", got)
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
	if status := run(append([]string{"-merge"}, files...), nil, &out, &errb); status != 0 {
		t.Fatalf("merge: %s", errb.String())
	}
	return out.Bytes()
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
		if status := run(append(args, boards[board]), nil, &out, &errb); status != 0 {
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
		{"truncated", a0[:strings.LastIndex(a0[:len(a0)-1], "\n")+1], `line 14: expected "sum" and the lines' checksum`},
		{"a count edited", regexp.MustCompile(`nodes (\d+)`).ReplaceAllString(a0, "nodes 1$1"), `line 14: expected "sum" and the lines' checksum`},
		{"the sum edited", regexp.MustCompile(`sum [0-9a-f]+`).ReplaceAllString(a0, "sum 0123456789abcdef"), `line 14: expected "sum" and the lines' checksum`},
		{"garbled", strings.Replace(a0, "nodes", "nodez", 1), `expected "sum" and the lines' checksum (the record was edited or cut)`},
		{"K past the limit", strings.Replace(a0, "of 2", "of 1000000000000", 1), `line 1: expected "eternity2 part I of K" (0 <= I < K <= 65536)`},
		{"K of int64", strings.Replace(a0, "of 2", "of 9223372036854775807", 1), `line 1: expected "eternity2 part I of K"`},
		{"a count past 2^56", regexp.MustCompile(`nodes \d+`).ReplaceAllString(a0, "nodes 9223372036854775807"), `expected "sum" and the lines' checksum (the record was edited or cut)`},
		{"a score past the maximum", regexp.MustCompile(`best \d+/24`).ReplaceAllString(a0, "best 999/24"), `expected "sum" and the lines' checksum (the record was edited or cut)`},
		{"another maximum", regexp.MustCompile(`best (\d+)/24`).ReplaceAllString(a0, "best 3/5"), `expected "sum" and the lines' checksum (the record was edited or cut)`},
		{"a garbage board row", regexp.MustCompile(`(?m)^[-0-9][-0-9/ ]*$`).ReplaceAllString(a0, "<script>"), `expected "sum" and the lines' checksum (the record was edited or cut)`},
		{"a piece past the board's", regexp.MustCompile(`(?m)^([0-9]+)/`).ReplaceAllString(a0, "99/"), `expected "sum" and the lines' checksum (the record was edited or cut)`},
		{"a link elsewhere", regexp.MustCompile(`(?m)^url .*$`).ReplaceAllString(a0, "url javascript:alert(1)"), `expected "sum" and the lines' checksum (the record was edited or cut)`},
		{"a line past the limit", a0 + strings.Repeat("x", maxRecordLine+1) + "\n", "stdin line 15: longer than 1048576 bytes\n"},
		{"a record cut short", "eternity2 part 0 of 2\nboard a 4x4 pieces 16 hints 0\n", `stdin line 3: expected "sum" and the lines' checksum`},
	}
	for _, tt := range tests {
		var out, errb bytes.Buffer
		if status := run([]string{"-merge"}, strings.NewReader(tt.input), &out, &errb); status != 2 || out.Len() != 0 ||
			!strings.Contains(errb.String(), tt.want) || strings.Count(errb.String(), "\n") != 1 {
			t.Errorf("%s: status %d, stderr %q; want 2 and one line containing %q", tt.name, status, errb.String(), tt.want)
		}
	}
	// Without -all, the parts after the first with a solution are not needed.
	f0 := record("a", false, 2, 0)
	if strings.Contains(f0, "\nsolutions 1\n") {
		var out, errb bytes.Buffer
		if run([]string{"-merge"}, strings.NewReader(f0), &out, &errb) != 0 {
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
			units: maxParts, found: found{Nodes: 1, Solutions: 1, Unit: k}, rows: []string{fmt.Sprintf("0/%d", k%4)}}
		r.write(&all)
	}
	var out, errb bytes.Buffer
	if status := run([]string{"-merge"}, &all, &out, &errb); status != 0 || !strings.HasPrefix(out.String(), "board one 1x1 pieces 1 hints 0\nnodes 65536\nsolutions 65536\nbest 0/0\n0/0\n") {
		t.Errorf("65,536 records: status %d, %s%s", status, errb.String(), out.String())
	}
	var first bytes.Buffer
	record{part: 0, parts: 2, header: "board one 1x1 pieces 1 hints 0", check: "0123456789abcdef", units: 1,
		found: found{Nodes: 3, Solutions: 1, Unit: 0}, rows: []string{"0/0"}}.write(&first)
	stdin, w := io.Pipe()
	go w.Write(first.Bytes()) // and never closes it
	out.Reset()
	if status := run([]string{"-merge"}, stdin, &out, &errb); status != 0 || !strings.Contains(out.String(), "solutions 1\n") {
		t.Errorf("first solution in part 0: status %d, %s", status, errb.String())
	}
}

// FuzzParseRecord: any input is a record or one line of bad input.
func FuzzParseRecord(f *testing.F) {
	var out, errb bytes.Buffer
	run([]string{"-parts", "2", "-part", "1", "-nodes", "1", "testdata/clue3.json"}, nil, &out, &errb)
	run([]string{"-parts", "2", "-part", "1", "testdata/clue3.json"}, nil, &out, &errb)
	f.Add(out.Bytes())
	f.Add([]byte("eternity2 part 0 of 1\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		r, err := parseRecord("fuzz", 0, data)
		if err != nil {
			wantOneLineOfBadInput(t, err)
			return
		}
		var m merging
		m.add(r)
	})
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

// Every field of a record edited in turn (each number one more, each word
// one letter longer) is refused; with the checksum forged too, the checks
// that need none refuse what they can tell: a unit of another part, a
// solution on a board short of the full score, a second solution without
// -all, nodes without a best board.
func TestRecordEdits(t *testing.T) {
	var out, errb bytes.Buffer
	run([]string{"-all", "-parts", "3", "-part", "1", "testdata/clue1-top10.json"}, nil, &out, &errb)
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	refused := func(what string, lines []string, want string) {
		t.Helper()
		var out, errb bytes.Buffer
		status := run([]string{"-merge"}, strings.NewReader(strings.Join(lines, "\n")+"\n"), &out, &errb)
		if status != 2 || out.Len() != 0 || strings.Count(errb.String(), "\n") != 1 || !strings.Contains(errb.String(), want) {
			t.Errorf("%s: status %d, stdout %q, stderr %q; want 2 and one line containing %q", what, status, out.String(), errb.String(), want)
		}
	}
	field := regexp.MustCompile(`[0-9]+|[a-z]+`)
	edits := 0
	for i, line := range lines {
		for _, at := range field.FindAllStringIndex(line, -1) {
			word := line[at[0]:at[1]]
			edited := word + "x"
			if n, err := strconv.Atoi(word); err == nil {
				edited = strconv.Itoa(n + 1)
			}
			changed := slices.Clone(lines)
			changed[i] = line[:at[0]] + edited + line[at[1]:]
			refused(fmt.Sprintf("line %d %q edited to %q", i+1, line, changed[i]), changed, "eternity2: stdin line ")
			edits++
		}
	}
	if edits < 100 {
		t.Errorf("only %d edits tried", edits)
	}
}
