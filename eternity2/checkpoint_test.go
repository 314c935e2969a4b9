package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"
)

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
		s := newSearch(mustEngine(t, tt.p), tt.parts, tt.all, tt.budget, tt.indices, whole)
		if err := newCoordinator(s, saving{}, sliceNodes, nil).run(); err != nil {
			t.Fatal(err)
		}
		want := searchOutput(t, s)
		file := filepath.Join(t.TempDir(), "search.json")
		stops := 0
		for {
			if _, err := os.Stat(file); err == nil {
				if s, err = loadCheckpoint(file); err != nil {
					t.Fatalf("%s: resume: %v", tt.name, err)
				}
			} else {
				s = newSearch(mustEngine(t, tt.p), tt.parts, tt.all, tt.budget, tt.indices, whole)
			}
			var co *coordinator
			killed := false
			write := saveCheckpoint
			if stops < 20 {
				write = killedAt(2+rng.Intn(20), stops%5 == 4, func() { killed = true; co.stop.Store(true) })
			}
			co = newCoordinator(s, saving{file, time.Millisecond, write, io.Discard}, 20_000, nil)
			if err := co.run(); err != nil {
				t.Fatalf("%s: %v", tt.name, err)
			}
			if !killed {
				break
			}
			stops++
		}
		if got := searchOutput(t, s); !bytes.Equal(got, want) {
			t.Errorf("%s: after %d stops:\n%s\nwant\n%s", tt.name, stops, got, want)
		}
	}
}

// A SIGTERM that comes while the first checkpoint is written (the file
// exists from then on) is caught: the search is saved and stopped, and
// the process is not killed by the signal's default action.
func TestSignalDuringFirstSave(t *testing.T) {
	p, _ := readPuzzle("clue1-top10", mustRead(t, "testdata/clue1-top10.json"))
	s := newSearch(mustEngine(t, p), 1, true, 0, []int{0}, true)
	file := filepath.Join(t.TempDir(), "search.json")
	first := true
	write := func(file string, c *checkpoint) error {
		if first {
			first = false
			syscall.Kill(os.Getpid(), syscall.SIGTERM)
			time.Sleep(50 * time.Millisecond) // delivered by now
		}
		return saveCheckpoint(file, c)
	}
	err := newCoordinator(s, saving{file, time.Hour, write, io.Discard}, 20_000, nil).run()
	if e, ok := err.(errStopped); !ok || e.sig != syscall.SIGTERM || e.saved != nil {
		t.Fatalf("run = %v; want stopped by SIGTERM, saved", err)
	}
	if _, err := loadCheckpoint(file); err != nil {
		t.Error(err)
	}
}

// searchOutput is what the program prints for a search that has run.
func searchOutput(t *testing.T, s *search) []byte {
	t.Helper()
	out, _, _ := s.answer()
	return out
}

// killedAt is a save that kills the process at its nth call (kill says
// so and stops the search): before writing, or between writing the
// temporary file and renaming it. A killed process writes nothing more.
func killedAt(n int, inWrite bool, kill func()) func(string, *checkpoint) error {
	dead := false
	return func(file string, c *checkpoint) error {
		if n--; dead || n > 0 {
			if dead {
				return nil
			}
			return saveCheckpoint(file, c)
		}
		if inWrite {
			c.Sum = c.sum()
			data, _ := json.Marshal(c)
			os.WriteFile(file+".tmp", data, 0o644)
		}
		dead = true
		kill()
		return nil
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
			if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 143 || !strings.Contains(errb.String(), "SIGTERM: saved; resume with -resume "+shown(file)+" -checkpoint "+shown(file)) {
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
	s := newSearch(mustEngine(t, p), 1, false, 0, []int{0}, false)
	s.parts[0].advance(30_000)
	if err := saveCheckpoint(good, s.checkpoint([]partState{s.parts[0].state()})); err != nil {
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
		{"another format", strings.Replace(data, checkpointFormat, "eternity2 checkpoint 0", 1), `format "eternity2 checkpoint 0", expected "eternity2 checkpoint 6"`},
		{"a count edited", editUnsummed(func(c *checkpoint) { c.Runs[0].Found.Nodes++ }), "corrupt: its checksum does not match"},
		{"done edited", editUnsummed(func(c *checkpoint) { c.Runs[0].Done = true }), "corrupt: its checksum does not match"},
		{"the budget edited", editUnsummed(func(c *checkpoint) { c.Budget = 5 }), "corrupt: its checksum does not match"},
		{"a board changed", edit(func(c *checkpoint) { c.Board.Pieces[0] = []int{1, 2, 3, 4} }), "corrupt: the board does not match its check"},
		{"a best board off the board", edit(func(c *checkpoint) { c.Runs[0].Found.Board = []uint32{sentinel}; c.Runs[0].Found.Score = 0 }), "corrupt: part 0: position out of range"},
		{"a position deeper than the board", edit(func(c *checkpoint) { c.Runs[0].Depth = 99 }), "corrupt: part 0: position out of range"},
		{"more parts", edit(func(c *checkpoint) { c.Parts = 2 }), "cut at depth 0 into 1 units, but this program cuts this board at 5"},
	}
	for _, tt := range tests {
		file := filepath.Join(dir, "bad.json")
		os.WriteFile(file, []byte(tt.content), 0o644)
		var out, errb bytes.Buffer
		if status := run([]string{"-resume", file}, nil, &out, &errb); status != 2 || out.Len() != 0 ||
			!strings.Contains(errb.String(), tt.want) || strings.Count(errb.String(), "\n") != 1 {
			t.Errorf("%s: status %d, stderr %q; want 2 and one line containing %q", tt.name, status, errb.String(), tt.want)
		}
	}
	// The good one resumes to the uninterrupted bytes.
	var out, whole, errb bytes.Buffer
	if status := run([]string{"-resume", good}, nil, &out, &errb); status != 0 {
		t.Fatal(errb.String())
	}
	run([]string{"-parts", "1", "-part", "0", "testdata/clue3.json"}, nil, &whole, &errb)
	if !bytes.Equal(out.Bytes(), whole.Bytes()) {
		t.Errorf("resumed:\n%s\nwant\n%s", out.Bytes(), whole.Bytes())
	}
}

// Two runs given one checkpoint: the second is refused at its start with
// one line, the first's file untouched; and a save that fails mid-run is
// told while the search goes on to the bytes of a run never saved.
func TestOneRunAFile(t *testing.T) {
	file := filepath.Join(t.TempDir(), "same.json")
	unlock, err := lockCheckpoint(file) // the first run, saving to file
	if err != nil {
		t.Fatal(err)
	}
	args := []string{"-nodes", "2000000", "-checkpoint", file, "testdata/bench-hard.json"}
	var out, errb bytes.Buffer
	if status := run(args, nil, &out, &errb); status != 2 || out.Len() != 0 ||
		!strings.Contains(errb.String(), "another run saves to it ("+shown(file+".lock")+" is taken)") || strings.Count(errb.String(), "\n") != 1 {
		t.Errorf("a second run: status %d, stderr %q; want 2 and one line saying another run saves there", status, errb.String())
	}
	if _, err := os.Stat(file); err == nil {
		t.Error("the refused run wrote the checkpoint")
	}
	unlock()
	if status := run(args, nil, &out, &errb); status != 0 {
		t.Fatalf("once the first run is done: status %d, %s", status, errb.String())
	}

	hard, _ := readPuzzle("bench-hard", mustRead(t, "testdata/bench-hard.json"))
	answer := func(sv saving) []byte {
		s := newSearch(mustEngine(t, hard), 1, false, 2_000_000, []int{0}, false)
		if err := newCoordinator(s, sv, 20_000, nil).run(); err != nil {
			t.Fatal(err)
		}
		return searchOutput(t, s)
	}
	want := answer(saving{})
	saves := 0
	failing := func(file string, c *checkpoint) error {
		if saves++; saves == 1 {
			return saveCheckpoint(file, c)
		}
		return &os.PathError{Op: "write", Path: file, Err: syscall.ENOSPC}
	}
	var warn bytes.Buffer
	if got := answer(saving{file, time.Nanosecond, failing, &warn}); !bytes.Equal(got, want) {
		t.Errorf("with failing saves:\n%s\nwant\n%s", got, want)
	}
	if saves < 2 || !strings.Contains(warn.String(), "no space left on device; searching on, the file holds the last save\n") {
		t.Errorf("%d saves, told %q; want the failed saves told", saves, warn.String())
	}
}

// A checkpoint past the size a checkpoint can have is refused by its
// size, before it is read.
func TestHugeCheckpointNotRead(t *testing.T) {
	file := filepath.Join(t.TempDir(), "huge.json")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(file, 300<<20); err != nil { // sparse: no disk taken
		t.Fatal(err)
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	var out, errb bytes.Buffer
	status := run([]string{"-resume", file}, nil, &out, &errb)
	runtime.ReadMemStats(&after)
	if status != 2 || strings.Count(errb.String(), "\n") != 1 || !strings.Contains(errb.String(), "larger than") {
		t.Errorf("status %d, stderr %q; want 2 and one line saying it is too large", status, errb.String())
	}
	if read := after.TotalAlloc - before.TotalAlloc; read > 1<<20 {
		t.Errorf("refusing a 300 MB checkpoint allocated %d bytes", read)
	}
}

// Many runs racing for one checkpoint's lock: never two hold it at once.
// (Taking the lock on a file that a run unlocking had just removed let a
// third run, making the file anew, hold the lock beside it.)
func TestLockRace(t *testing.T) {
	file := filepath.Join(t.TempDir(), "raced.json")
	var holders, most, taken atomic.Int32
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 500 {
				unlock, err := lockCheckpoint(file)
				if err != nil {
					continue
				}
				taken.Add(1)
				if n := holders.Add(1); n > most.Load() {
					most.Store(n)
				}
				time.Sleep(20 * time.Microsecond) // held for a while, as a run holds it
				holders.Add(-1)
				unlock()
			}
		}()
	}
	wg.Wait()
	if most.Load() != 1 || taken.Load() == 0 {
		t.Errorf("the lock was taken %d times, held by up to %d runs at once; want 1", taken.Load(), most.Load())
	}
}

// FuzzLoadCheckpoint: any checkpoint, its checksum made to match when it
// is JSON (a forged one, past the guard the checksum is), is refused in
// one line or taken up and searched on without a crash.
func FuzzLoadCheckpoint(f *testing.F) {
	dir := f.TempDir()
	for i, args := range [][]string{ // runs of a moment, since every fuzzing worker makes them
		{"-nodes", "7", "testdata/clue1-top10.json"}, {"-all", "testdata/brendan/set1_05x05.txt"},
		{"-all", "-parts", "3", "-part", "1", "testdata/brendan/set1_05x05.txt"}, {"-all", "-block", "3x2+1+2", "testdata/clue1-top10.json"},
	} {
		cp := filepath.Join(dir, strconv.Itoa(i))
		args = append(args[:len(args)-1], "-checkpoint", cp, args[len(args)-1])
		if status := run(args, nil, io.Discard, io.Discard); status != 0 {
			f.Fatalf("%v: status %d", args, status)
		}
		f.Add(mustRead(f, cp))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var c checkpoint
		if json.Unmarshal(data, &c) == nil {
			c.Sum = c.sum()
			data, _ = json.Marshal(c)
		}
		file := filepath.Join(t.TempDir(), "checkpoint")
		os.WriteFile(file, data, 0o644)
		s, err := loadCheckpoint(file)
		if err != nil {
			if msg := err.Error(); !errors.As(err, new(*inputError)) || strings.Contains(msg, "\n") || len(msg) > 200 {
				t.Fatalf("not one line of bad input: %q", msg)
			}
			return
		}
		for _, p := range s.parts { // a budget, so that it fuzzes: the search goes on, and answers
			for k := 0; k < 20 && !p.done; k++ {
				p.advance(10_000)
			}
		}
		s.answer()
	})
}

// -every under a second is taken, and said: each save is synced, as often
// as every slice of the search.
func TestEveryUnderASecond(t *testing.T) {
	var out, errb bytes.Buffer
	file := filepath.Join(t.TempDir(), "cp.json")
	if status := run([]string{"-nodes", "1000", "-checkpoint", file, "-every", "1ns", "testdata/clue3.json"}, nil, &out, &errb); status != 0 ||
		errb.String() != "eternity2: -every 1ns: under a second, so a save, synced to disk, as often as every 2^20 nodes\n" {
		t.Errorf("-every 1ns: status %d, stderr %q", status, errb.String())
	}
}
