package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// explore_tables.go is what gen_explore.go writes: not stale.
func TestExploreTablesFresh(t *testing.T) {
	out := filepath.Join(t.TempDir(), "explore.go")
	if msg, err := exec.Command("go", "run", "gen_explore.go", "-o", out).CombinedOutput(); err != nil {
		t.Fatalf("go run gen_explore.go: %v\n%s", err, msg)
	}
	if !bytes.Equal(mustRead(t, out), mustRead(t, tablesSearch)) {
		t.Errorf("%s is stale: run go generate ./eternity2", tablesSearch)
	}
}

// specialise builds the program specialised to a board (once a board for
// the whole test run, in parallel with whatever else builds).
func specialise(t *testing.T, p *puzzle) string {
	t.Helper()
	dir := t.TempDir()
	if err := writeModule(dir, mustEngine(t, p), "-emit"); err != nil {
		t.Fatalf("-emit: %v", err)
	}
	build := exec.Command("go", "build", "-o", "eternity2", ".")
	build.Dir = dir
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("the specialised program does not build: %v\n%s", err, out)
	}
	return filepath.Join(dir, "eternity2")
}

// runProgram runs a program and returns its stdout, failing the test unless it
// exits 0.
func runProgram(t *testing.T, env []string, bin string, args ...string) []byte {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Env = append(os.Environ(), env...)
	var errb bytes.Buffer
	cmd.Stderr = &errb
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%s %v: %v\n%s", filepath.Base(bin), args, err, errb.Bytes())
	}
	return out
}

// The specialised program is eternity2 for its board: on random boards in
// every mode, and on every board in testdata (the golden walk, 300,000
// nodes in both modes) on 1, 2 and 8 cores, it prints the table engine's
// bytes. With ETERNITY2_LONG unset, the boards of testdata that are not
// bench cases are left to the table engine's own test.
func TestSpecialisedPrintsTheSame(t *testing.T) {
	if testing.Short() {
		t.Skip("builds specialised programs")
	}
	rng := rand.New(rand.NewSource(3))
	for i, p := range []*puzzle{
		randomPuzzle(rng, 3, 3, 3, 1, false),
		randomPuzzle(rng, 4, 3, 3, 0, true),
		randomPuzzle(rng, 3, 2, 3, 6, false), // every cell a hint
	} {
		bin := specialise(t, p)
		for _, args := range [][]string{{}, {"-all"}, {"-nodes", "7"}, {"-all", "-nodes", "50"}} {
			var want, errb bytes.Buffer
			raw := boardFile(t, p)
			run(append(args, raw), nil, &want, &errb)
			if got := runProgram(t, nil, bin, args...); !bytes.Equal(got, want.Bytes()) {
				t.Errorf("random board %d %v: the specialised program prints\n%s\nthe engine\n%s", i, args, got, want.Bytes())
			}
		}
	}
	golden := strings.Split(string(mustRead(t, "testdata/walk-300k.golden")), "== ")[1:]
	byBoard := map[string][]string{}
	var boards []string
	for _, c := range golden {
		command, _, _ := strings.Cut(c, "\n")
		f := strings.Fields(command)
		board := f[len(f)-1]
		if len(byBoard[board]) == 0 {
			boards = append(boards, board)
		}
		byBoard[board] = append(byBoard[board], c)
	}
	var wg sync.WaitGroup
	bins := make([]string, len(boards))
	for k, board := range boards {
		if os.Getenv("ETERNITY2_LONG") == "" && board != "testdata/bench-hard.json" && board != "testdata/official_centreclue.json" && board != "testdata/clue3.json" {
			continue
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			p, err := readBoard([]string{board}, nil, "")
			if err != nil {
				t.Error(err)
				return
			}
			bins[k] = specialise(t, p)
		}()
	}
	wg.Wait()
	for k, board := range boards {
		if bins[k] == "" {
			continue
		}
		for _, c := range byBoard[board] {
			command, want, _ := strings.Cut(c, "\n")
			args := strings.Fields(command)
			args = args[:len(args)-1]
			for _, procs := range []string{"1", "2", "8"} {
				if got := runProgram(t, []string{"GOMAXPROCS=" + procs}, bins[k], args...); string(got) != want {
					t.Errorf("GOMAXPROCS=%s %s: the specialised program prints\n%s\nwant\n%s", procs, command, got, want)
				}
			}
			if got := runProgram(t, nil, bins[k], append(args, board)...); string(got) != want {
				t.Errorf("%s with its BOARD given: %s", command, got)
			}
		}
	}
}

// boardFile writes a board to a file of its own and returns its name.
func boardFile(t *testing.T, p *puzzle) string {
	t.Helper()
	raw, _ := json.Marshal(p.toJSON())
	name := filepath.Join(t.TempDir(), p.name+".json")
	if err := os.WriteFile(name, raw, 0o644); err != nil {
		t.Fatal(err)
	}
	return name
}

// The specialised program and the table engine share records and
// checkpoints: clue1-top10's whole tree in 5 parts searched by one or the
// other by turns, merged by either, gives the single run's bytes, as does
// clue 3's first solution; a checkpoint written by one resumes in the
// other. It takes its board's file too, refuses another board, and prints
// the usage.
func TestSpecialisedAndTablesTogether(t *testing.T) {
	if testing.Short() {
		t.Skip("builds specialised programs")
	}
	table := buildEntry(t)
	dir := t.TempDir()
	parts := func(spec, board string, all bool, k int) []string {
		var records []string
		for part := range k {
			bin, args := spec, []string{"-parts", strconv.Itoa(k), "-part", strconv.Itoa(part)}
			if all {
				args = append(args, "-all")
			}
			if part%2 == 1 {
				bin, args = table, append(args, board)
			}
			rec := filepath.Join(dir, fmt.Sprintf("part%d", part))
			os.WriteFile(rec, runProgram(t, nil, bin, args...), 0o644)
			records = append(records, rec)
			if !all && bytes.Contains(mustRead(t, rec), []byte("\nsolutions 1\n")) {
				break
			}
		}
		return records
	}
	for _, tt := range []struct {
		board, expected string
		all             bool
	}{{"testdata/clue1-top10.json", "clue1-top10-all", true}, {"testdata/clue3.json", "clue3", false}} {
		p, err := readBoard([]string{tt.board}, nil, "")
		if err != nil {
			t.Fatal(err)
		}
		spec := specialise(t, p)
		want := mustRead(t, "../expected/eternity2/"+tt.expected+".out")
		records := parts(spec, tt.board, tt.all, 5)
		for _, merger := range []string{spec, table} {
			if got := runProgram(t, nil, merger, append([]string{"-merge"}, records...)...); !bytes.Equal(got, want) {
				t.Errorf("%s: -merge of parts by both by %s:\n%s\nwant\n%s", tt.board, merger, got, want)
			}
		}
		if !tt.all {
			continue
		}
		// The table engine's checkpoint, 2 M nodes into each part of a
		// whole run on 2 cores, resumed by the specialised program.
		cp := filepath.Join(dir, "tables.json")
		s := newSearch(mustEngine(t, p), 2, true, 0, []int{0, 1}, true)
		var states []partState
		for _, part := range s.parts {
			part.advance(2_000_000)
			states = append(states, part.state())
		}
		if err := saveCheckpoint(cp, s.checkpoint(states)); err != nil {
			t.Fatal(err)
		}
		if got := runProgram(t, nil, spec, "-resume", cp); !bytes.Equal(got, want) {
			t.Errorf("the table engine's checkpoint resumed by the specialised program:\n%s", got)
		}
		// The specialised program's, stopped by SIGTERM once it saved
		// twice, resumed by the table engine.
		cp = filepath.Join(dir, "specialised.json")
		cmd := exec.Command(spec, "-all", "-checkpoint", cp, "-every", "5ms")
		cmd.Start()
		for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline); time.Sleep(time.Millisecond) {
			if data, err := os.ReadFile(cp); err == nil && !bytes.Contains(data, []byte(`"Nodes":0,`)) {
				break
			}
		}
		cmd.Process.Signal(syscall.SIGTERM)
		cmd.Wait()
		if got := runProgram(t, nil, table, "-resume", cp); !bytes.Equal(got, want) {
			t.Errorf("the specialised program's checkpoint resumed by the table engine:\n%s", got)
		}
		if got := runProgram(t, nil, spec, "-all", tt.board); !bytes.Equal(got, want) {
			t.Errorf("the specialised program given its board:\n%s", got)
		}
		if out := runProgram(t, nil, spec, "-h"); !strings.HasPrefix(string(out), "usage:") {
			t.Errorf("-h: %q", out)
		}
		for _, args := range [][]string{{"-nodes", "0"}, {"testdata/clue4.json"}} {
			cmd := exec.Command(spec, args...)
			var errb bytes.Buffer
			cmd.Stderr = &errb
			if err := cmd.Run(); err == nil || err.(*exec.ExitError).ExitCode() != 2 || strings.Count(errb.String(), "\n") != 1 {
				t.Errorf("%v: %v, stderr %q: want exit status 2 and one line", args, err, errb.String())
			}
		}
	}
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
		src, err := boardSource(mustEngine(t, p))
		if err != nil {
			t.Fatal(err)
		}
		if len(src) > tt.maxBytes {
			t.Errorf("%dx%d with %d hints: %d bytes of source, want at most %d", tt.side, tt.side, tt.hints, len(src), tt.maxBytes)
		}
	}
}

// buildSelf builds this program into a temporary folder.
func buildSelf(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "eternity2")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// The README's -emit recipe, run as it stands there (bin/eternity2 and
// board.json in a folder of their own), writes a program that prints the
// table engine's bytes without being given the board.
func TestReadmeEmitRecipe(t *testing.T) {
	readme := string(mustRead(t, "../README.md"))
	start := strings.Index(readme, "```sh\nbin/eternity2 -emit ")
	if start < 0 {
		t.Fatal("README: no recipe starting \"```sh\\nbin/eternity2 -emit \"")
	}
	start += len("```sh\n")
	recipe := readme[start : start+strings.Index(readme[start:], "```")]
	dir := t.TempDir()
	os.Mkdir(filepath.Join(dir, "bin"), 0o755)
	if err := os.Rename(buildSelf(t), filepath.Join(dir, "bin", "eternity2")); err != nil {
		t.Fatal(err)
	}
	board := mustRead(t, "testdata/bench-hard.json")
	os.WriteFile(filepath.Join(dir, "board.json"), board, 0o644)
	cmd := exec.Command("sh", "-c", strings.ReplaceAll(recipe, "300000000", "3000000"))
	cmd.Dir = dir
	var errb bytes.Buffer
	cmd.Stderr = &errb
	got, err := cmd.Output()
	if err != nil {
		t.Fatalf("the recipe:\n%s: %v\n%s", recipe, err, errb.Bytes())
	}
	var want bytes.Buffer
	run([]string{"-nodes", "3000000", "testdata/bench-hard.json"}, nil, &want, &errb)
	if !bytes.Equal(got, want.Bytes()) {
		t.Errorf("the recipe's program printed\n%s\nwant the table engine's\n%s", got, want.Bytes())
	}
}

// -compiled builds the specialised program once into the cache and runs
// it: the table engine's bytes, then again without building; without a Go
// toolchain, one line and status 2.
func TestCompiled(t *testing.T) {
	bin, cache := buildSelf(t), t.TempDir()
	var want, errb bytes.Buffer
	run([]string{"-nodes", "2000000", "testdata/clue3.json"}, nil, &want, &errb)
	for round := range 2 {
		began := time.Now()
		got := runProgram(t, []string{"XDG_CACHE_HOME=" + cache}, bin, "-compiled", "-nodes", "2000000", "testdata/clue3.json")
		if !bytes.Equal(got, want.Bytes()) {
			t.Errorf("-compiled, start %d: printed\n%s\nwant\n%s", round+1, got, want.Bytes())
		}
		t.Logf("start %d: %v", round+1, time.Since(began))
	}
	built, _ := filepath.Glob(filepath.Join(cache, "eternity2", "*", "eternity2"))
	if len(built) != 1 {
		t.Fatalf("the cache holds %d programs, want the one built at the first start: %v", len(built), built)
	}
	// A damaged program in the cache is built again, not run: cut short,
	// emptied, or random bytes. A run with GOOS and GOARCH set for another
	// system builds for this one all the same.
	for _, damage := range []struct {
		name string
		data func([]byte) []byte
		env  []string
	}{
		{"cut short", func(b []byte) []byte { return b[:len(b)/2] }, nil},
		{"empty", func([]byte) []byte { return nil }, nil},
		{"random, and GOOS=windows GOARCH=arm64", func(b []byte) []byte { return bytes.Repeat([]byte{0x5a, 0xc3}, len(b)/2) },
			[]string{"GOOS=windows", "GOARCH=arm64", "XDG_CACHE_HOME=" + cache}},
		{"not executable", nil, nil},
		{"cut short, and GOAMD64=v4 GOFLAGS=-race", func(b []byte) []byte { return b[:len(b)/2] }, []string{"GOAMD64=v4", "GOFLAGS=-race", "XDG_CACHE_HOME=" + cache}},
	} {
		if damage.data != nil {
			old, _ := os.ReadFile(built[0])
			os.WriteFile(built[0], damage.data(old), 0o755)
		} else {
			os.Chmod(built[0], 0o644)
		}
		env := damage.env
		if env == nil {
			env = []string{"XDG_CACHE_HOME=" + cache}
		}
		if got := runProgram(t, env, bin, "-compiled", "-nodes", "2000000", "testdata/clue3.json"); !bytes.Equal(got, want.Bytes()) {
			t.Errorf("-compiled, the program %s: printed\n%s\nwant\n%s", damage.name, got, want.Bytes())
		}
	}
	// Built the one way, whatever the user's settings: a cache shared by
	// machines of other kinds holds a program each can run.
	if info, err := exec.Command("go", "version", "-m", built[0]).Output(); err != nil || !strings.Contains(string(info), "GOAMD64=v1") || strings.Contains(string(info), "-race") {
		t.Errorf("the cached program's build settings: %v\n%s", err, info)
	}
	cmd := exec.Command(bin, "-compiled", "testdata/clue3.json")
	cmd.Env = append(os.Environ(), "PATH=/nonexistent", "XDG_CACHE_HOME="+t.TempDir())
	var out bytes.Buffer
	errb.Reset()
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	if code := cmd.ProcessState.ExitCode(); code != 2 || out.Len() != 0 || strings.Count(errb.String(), "\n") != 1 {
		t.Errorf("-compiled without Go: %v, status %d, stdout %q, stderr %q; want 2, one line", err, code, out.String(), errb.String())
	}
}

// SIGTERM or SIGINT while -compiled builds: the compiler is killed and its
// folder removed, and the run ends with 128 + the signal.
func TestCompiledStoppedWhileBuilding(t *testing.T) {
	bin := buildSelf(t)
	for _, sig := range []syscall.Signal{syscall.SIGTERM, syscall.SIGINT} {
		cache, tmp := t.TempDir(), t.TempDir()
		cmd := exec.Command(bin, "-compiled", "-nodes", "1000", "testdata/clue3.json")
		cmd.Env = append(os.Environ(), "XDG_CACHE_HOME="+cache, "TMPDIR="+tmp)
		var errb bytes.Buffer
		cmd.Stderr = &errb
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		building := func() []string { // the go commands working in a build folder
			var pids []string
			cwds, _ := filepath.Glob("/proc/[0-9]*/cwd")
			for _, cwd := range cwds {
				if dir, err := os.Readlink(cwd); err == nil && strings.HasPrefix(dir, filepath.Join(cache, "eternity2", "build-")) {
					pids = append(pids, cwd)
				}
			}
			return pids
		}
		for deadline := time.Now().Add(time.Minute); len(building()) == 0 && time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
		}
		cmd.Process.Signal(sig)
		cmd.Wait()
		if code := cmd.ProcessState.ExitCode(); code != 128+int(sig) {
			t.Errorf("%v while building: status %d, stderr %q; want %d", sig, code, errb.String(), 128+int(sig))
		}
		time.Sleep(100 * time.Millisecond) // a killed compiler's children, reaped by init
		left, _ := filepath.Glob(filepath.Join(cache, "eternity2", "*"))
		work, _ := filepath.Glob(filepath.Join(tmp, "go-build*"))
		if len(left) > 0 || len(work) > 0 || len(building()) > 0 {
			t.Errorf("%v while building: left %v, work folders %v and go commands %v", sig, left, work, building())
		}
	}
}

// FuzzCacheMarker: -compiled runs a cached program only when the marker
// beside it is the one its bytes give, whatever the marker holds.
func FuzzCacheMarker(f *testing.F) {
	dir := f.TempDir()
	os.WriteFile(filepath.Join(dir, "eternity2"), []byte("#!/bin/sh\necho a program\n"), 0o755)
	good := []byte(marker(filepath.Join(dir, "eternity2")))
	f.Add(good)
	f.Add([]byte{})
	f.Add(append(good[:len(good)-2:len(good)-2], '0', '\n'))
	f.Fuzz(func(t *testing.T, mark []byte) {
		os.WriteFile(filepath.Join(dir, markerFile), mark, 0o644)
		if builtWhole(dir) != bytes.Equal(mark, good) {
			t.Errorf("marker %q: builtWhole %v", mark, !bytes.Equal(mark, good))
		}
	})
}

// -emit writes its folder whole or not at all: a disk that fills (a file
// size limit stands in for it) leaves no folder, or the one an earlier
// -emit wrote as it was, and the next -emit writes it.
func TestEmitWholeOrNothing(t *testing.T) {
	bin := buildSelf(t)
	dir := filepath.Join(t.TempDir(), "prog")
	emit := func(limit string) error {
		cmd := exec.Command("sh", "-c", `trap '' XFSZ; ulimit -f `+limit+` && exec "$0" -emit "$1" testdata/clue3.json`, bin, dir)
		out, err := cmd.CombinedOutput()
		if err != nil && (strings.Count(string(out), "\n") != 1 || !strings.HasPrefix(string(out), "eternity2: -emit")) {
			t.Errorf("-emit with a file size limit of %s blocks: %q; want one line", limit, out)
		}
		return err
	}
	if emit("16") == nil {
		t.Fatal("-emit on a full disk succeeded")
	}
	if _, err := os.Stat(dir); err == nil {
		t.Fatal("-emit on a full disk left a folder")
	}
	if err := emit("unlimited"); err != nil {
		t.Fatal(err)
	}
	before, _ := os.ReadFile(filepath.Join(dir, boardSearch))
	if emit("16") == nil {
		t.Fatal("-emit on a full disk succeeded")
	}
	if after, err := os.ReadFile(filepath.Join(dir, boardSearch)); err != nil || !bytes.Equal(before, after) {
		t.Errorf("-emit on a full disk changed the folder an earlier -emit wrote: %v", err)
	}
	if leftovers, _ := filepath.Glob(filepath.Join(filepath.Dir(dir), ".emit-*")); len(leftovers) > 0 {
		t.Errorf("left %v", leftovers)
	}
}
