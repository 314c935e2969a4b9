package main

// emit.go: this program with its search written out for one board. -emit
// DIR writes it as a Go module; -compiled builds it once into the user's
// cache and runs it. It is the same program, flags, output, records and
// checkpoints, with explore_board.go in place of explore_tables.go: one
// labelled block per depth, every offset a constant, the up and left
// colours read straight from the placements (or written in for the frame
// and the hints), jumps between depths instead of a loop over a table.

import (
	"bytes"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"go/format"
	"hash/fnv"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"text/template"
	"time"
)

// source is this program's own source, which -emit writes out again.
//
//go:embed *.go
var source embed.FS

// The file that holds the search, for any board or for one.
const (
	tablesSearch = "explore_tables.go"
	boardSearch  = "explore_board.go"
)

// maxEmitCells is the most cells a specialised program fills: a 32x32
// board's compiles in about 10 s; past it the compiler takes minutes and
// gigabytes.
const maxEmitCells = 1024

// emitModule is -emit: the module written whole or not at all into dir
// (new, empty, or one -emit wrote before): into a folder beside it, which
// then takes its place.
func emitModule(dir string, e *engine) error {
	entries, err := os.ReadDir(dir)
	if err == nil && len(entries) > 0 {
		if _, err := os.Stat(filepath.Join(dir, boardSearch)); err != nil {
			return bad("-emit %s: not empty and not from -emit: give a new folder", shown(dir))
		}
	}
	os.MkdirAll(filepath.Dir(filepath.Clean(dir)), 0o755)
	tmp, err := os.MkdirTemp(filepath.Dir(filepath.Clean(dir)), ".emit-")
	if err != nil {
		return bad("-emit %s: %v", shown(dir), unwrapPath(err))
	}
	defer os.RemoveAll(tmp)
	if err := writeModule(tmp, e, "-emit"); err != nil {
		return err
	}
	os.Chmod(tmp, 0o755)
	if err = os.RemoveAll(dir); err == nil {
		err = os.Rename(tmp, dir)
	}
	if err != nil {
		return fmt.Errorf("-emit %s: %v", shown(dir), unwrapPath(err))
	}
	return nil
}

// writeModule writes the program specialised to e's board into dir: go.mod,
// this program's files, and the board's search. Its messages name the
// flag that asked for it.
func writeModule(dir string, e *engine, flagName string) error {
	if len(e.recs) > maxEmitCells {
		return bad("%s: %d cells to fill: past %d, the Go compiler takes minutes and gigabytes on the program; search this board with eternity2 itself", flagName, len(e.recs), maxEmitCells)
	}
	search, err := boardSource(e)
	if err != nil {
		return err
	}
	files := map[string][]byte{"go.mod": []byte("module eternity2\n\ngo 1.23\n"), boardSearch: search}
	names, _ := fs.Glob(source, "*.go")
	for _, name := range names {
		if !strings.HasSuffix(name, "_test.go") && name != tablesSearch && name != boardSearch && !strings.HasPrefix(name, "gen_") {
			files[name], _ = source.ReadFile(name)
		}
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return bad("%s %s: %v", flagName, shown(dir), unwrapPath(err))
	}
	for name, data := range files {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			return fmt.Errorf("%s %s: %v", flagName, shown(dir), unwrapPath(err))
		}
	}
	return nil
}

// boardSource is explore_board.go for e's board.
func boardSource(e *engine) ([]byte, error) {
	board, _ := json.Marshal(e.p.toJSON())
	// Pool rows of 2^shift entries, the fewest that hold every colour, not
	// the engine's 256: a shift by a constant costs nothing, and the
	// smaller table stays in cache (256-entry rows took 1.06x the CPU on
	// the centre clue).
	var shift uint
	for 1<<shift < e.colours {
		shift++
	}
	packed := func(k int) int { return k>>rowShift<<shift + k&colourMask } // row (group*colours + up), then left
	data := boardData{Name: e.p.name, Board: string(board), HintsLegal: e.hintsLegal, PoolShift: int(shift),
		PoolLen: 1, SmallCandidates: len(e.candidates) <= 1<<16, Bits: e.poolPieces != nil}
	for !data.Bits && data.PoolLen < len(e.poolStart)>>rowShift<<shift {
		data.PoolLen <<= 1
	}
	for k, start := range e.poolStart {
		if start != 0 && !data.Bits {
			data.PoolEntries = append(data.PoolEntries, [2]int32{int32(packed(k)), start})
		}
	}
	for d := range e.recs {
		data.Depths = append(data.Depths, e.depthBlock(d, packed(int(e.recs[d].base))))
	}
	for d := 0; data.Bits && d+1 < len(data.Depths); d++ {
		b, next := &data.Depths[d], data.Depths[d+1]
		if w := fmt.Sprintf("a.placed[%d]", d); !b.Twins && !strings.Contains(next.Up+next.Left, w) && next.Left != "right" {
			b.NextKey = fmt.Sprintf("uint(uint16(%d+uint32(%s)<<%d))+uint(%s)", next.PoolBase, next.Up, shift, next.Left)
		}
	}
	if n := len(data.Depths); n >= 2 && e.recs[n-1].leftIsPrev {
		b, last := &data.Depths[n-2], data.Depths[n-1]
		b.CountLast, b.LastBase, b.LastUp = true, strconv.Itoa(last.PoolBase), last.Up
	}
	var b bytes.Buffer
	if err := boardTemplate.Execute(&b, data); err != nil {
		return nil, err
	}
	return format.Source(b.Bytes())
}

// boardData is what the template fills in.
type boardData struct {
	Name, Board     string
	HintsLegal      bool
	PoolShift       int
	PoolLen         int // a power of two: an index masked to it needs no bounds check
	PoolEntries     [][2]int32
	SmallCandidates bool // at most 1<<16: indexed by a uint16, no mask
	Bits            bool // the walk of bit pools (bits.go)
	Depths          []depthBlock
}

// depthBlock is one depth's block: where its pool is, given the up and
// left colours as Go expressions.
type depthBlock struct {
	D, Prev, Next, PoolBase int
	Up, Left                string
	Last, Twins             bool // Twins: a pool of the depth's holds a piece in more than one rotation
	NextKey                 string
	// The depth before the last, when the last cell's left is its cell:
	// the last depth's pool base and up colour.
	CountLast        bool
	LastBase, LastUp string
}

// depthBlock is depth d's block, poolBase the packed key of its pools'
// first row. Its up and left colours are constants (the frame's, a
// hint's) where the rec reads them from the constants, and "w" on the left
// when the left cell is filled at the depth before: depth d is entered only
// from there, with its candidate still in w.
func (e *engine) depthBlock(d int, poolBase int) depthBlock {
	rc, n := e.recs[d], len(e.recs)
	b := depthBlock{D: d, Prev: d - 1, Next: d + 1, PoolBase: poolBase, Last: d == n-1,
		Up: fmt.Sprintf("a.placed[%d]>>downShift&colourMask", rc.above), Left: fmt.Sprintf("a.placed[%d]&colourMask", rc.left)}
	if int(rc.above) >= n {
		b.Up = strconv.Itoa(int(e.constants[int(rc.above)-n] >> downShift & colourMask))
	}
	switch {
	case int(rc.left) >= n:
		b.Left = strconv.Itoa(int(e.constants[int(rc.left)-n] & colourMask))
	case rc.leftIsPrev && e.poolPieces != nil:
		b.Left = "right"
	case rc.leftIsPrev:
		b.Left = "w&colourMask"
	case e.poolPieces != nil:
		b.Left = fmt.Sprintf("uint8(a.placed[%d])", rc.left)
	}
	for k := rc.base; e.poolPieces != nil && k < rc.base+uint32(e.colours)<<rowShift; k++ {
		for i := e.poolStart[k]; i > 0 && e.candidates[i] != sentinel; i++ {
			b.Twins = b.Twins || pieceOf(e.candidates[i]) == pieceOf(e.candidates[i+1])
		}
	}
	return b
}

// boardTemplate is explore_board.go. What its code means is said here,
// so that the text it writes (which nobody edits) carries no comments:
// builtinBoard is the board the search is written for; boardPools[key] is
// where the pool of (group, up, left) starts, in rows of 1<<PoolShift,
// the empty ones sharing the sentinel at 0 and only the others listed.
// explore keeps the contract of explore_tables.go's for this board only:
// a block per depth, entered at d (from the depth above) or at l (going on
// in its pool), left at b (its pool used up). left is the nodes still to
// place (the count is limit - left); solutions stays in a register until
// the stop; "_ = a.end" puts a's nil check before the blocks, not in them;
// below a whole board there is nothing. Counting every solution past the
// first, with nodes enough left (a pool holds at most 4 rotations of each
// piece), the depth before the last counts its placement and the last
// cell's fitting pieces instead of placing them.
var boardTemplate = template.Must(template.New("board").Parse(`// Code generated by eternity2 -emit for board {{.Name}}; DO NOT EDIT.

package main
{{if and .Bits .Depths}}
import "math/bits"
{{end}}
const builtinBoard = {{printf "%q" .Board}}

var boardPools [{{.PoolLen}}]int32

var boardPoolEntries = [...][2]int32{ {{range .PoolEntries}}{ {{index . 0}}, {{index . 1}} }, {{end}} }

func init() {
	for _, e := range boardPoolEntries {
		boardPools[e[0]] = e[1]
	}
}

func (c *cursor) explore(limit int64, all bool) stopReason {
{{- if not .Depths}}
	return exhausted
}
{{- else}}
	a := c.a
{{- if .Bits}}
	if c.d == {{len .Depths}} {
		return exhausted
	}
	used := c.bitsFrom()
	d := c.d
	r, pool := a.rem[d&(maxBitPieces-1)], a.pool[d&(maxBitPieces-1)]
	var p, k uint
	var right uint8
	tried := false
{{- else}}
	d, i := c.d, c.i
{{- end}}
	left := limit
	floor, record := a.floor, a.recordDepth
	var w uint32
	var reason stopReason
	var solutions int64
	_ = a.end
	switch d {
{{- range .Depths}}{{if .D}}
	case {{.D}}:
		goto l{{.D}}{{end}}{{end}}
	case {{len .Depths}}:
		return exhausted
	}
	goto l0
{{- range .Depths}}
{{- if .D}}
d{{.D}}:
{{- if $.Bits}}
	k = uint(uint16({{.PoolBase}}+uint32({{.Up}})<<{{$.PoolShift}})) + uint({{.Left}})
	r, pool = a.poolPieces[k]&^used, a.poolNumber[k]
	a.pool[{{.D}}] = pool
{{- if .Twins}}
	a.next[{{.D}}] = 0
{{- end}}
{{- else}}
	i = boardPools[({{.PoolBase}}+uint32({{.Up}})<<{{$.PoolShift}}+uint32({{.Left}}))&({{$.PoolLen}}-1)]
{{- end}}
	if left == 0 {
		d, reason = {{.D}}, paused
		goto stop
	}
{{- if .NextKey}}
	if a.poolPieces[{{.NextKey}}]&^used == 0 && record > {{.D}} && left > maxBitPieces {
		left -= ones(r)
		r = 0
	}
{{- end}}
{{- end}}
l{{.D}}:
{{- if $.Bits}}
	if r == 0 {
		goto b{{.D}}
	}
	p = uint(bits.TrailingZeros64(r))
	w, right = a.slots[pool&(maxBitPools-1)][p], a.rights[pool&(maxBitPools-1)][p]
	r &= r - 1
{{- if .Twins}}
	k = uint(max(a.firsts[pool&(maxBitPools-1)][p], a.next[{{.D}}]))
	w, right, a.next[{{.D}}] = a.cands[k&(maxCandidates-1)], uint8(a.cands[k&(maxCandidates-1)]), int32(k)+1
	if a.cands[(k+1)&(maxCandidates-1)]>>pieceShift == uint32(p) {
		r |= 1 << (p & (maxBitPieces - 1))
	}
{{- end}}
	used |= 1 << (p & (maxBitPieces - 1))
	a.placed[{{.D}}], a.rem[{{.D}}] = w, r
{{- else}}
	w = a.cands[{{if $.SmallCandidates}}uint16(i){{else}}i&(maxCandidates-1){{end}}]
	i++
	if a.used[w>>pieceShift] != 0 {
		if w&lastInPool == 0 {
			goto l{{.D}}
		}
		goto b{{.D}}
	}
{{- if .CountLast}}
	if all && record == {{.Next}}+1 && left > 4*pieceSlots {
		a.used[w>>pieceShift] = 1
		n := a.free(boardPools[({{.LastBase}}+uint32({{.LastUp}})<<{{$.PoolShift}}+uint32(w&colourMask))&({{$.PoolLen}}-1)])
		a.used[w>>pieceShift] = 0
		if {{$.HintsLegal}} {
			solutions += n
		}
		left -= n + 1
		if w&lastInPool == 0 {
			goto l{{.D}}
		}
		goto b{{.D}}
	}
{{- end}}
	a.used[w>>pieceShift] = 1
	a.placed[{{.D}}], a.next[{{.D}}] = w, i
{{- end}}
	left--
	if record < {{.Next}} {
		record = {{.Next}}
		c.reached({{.Next}})
	}
{{- if .Last}}
	if {{$.HintsLegal}} {
		solutions++
		if !all {
			d, reason = {{.Next}}, solved
			goto stop
		}
	}
{{- if $.Bits}}
	used &^= 1 << (p & (maxBitPieces - 1))
{{- else}}
	a.used[w>>pieceShift] = 0
{{- end}}
	if left == 0 {
		d, reason{{if $.Bits}}, tried{{end}} = {{.D}}, paused{{if $.Bits}}, true{{end}}
		goto stop
	}
	goto l{{.D}}
{{- else}}
	goto d{{.Next}}
{{- end}}
b{{.D}}:
	if floor == {{.D}} {
		d, reason = {{.D}}, exhausted
		goto stop
	}
{{- if .D}}
{{- if $.Bits}}
	used &^= 1 << (a.placed[{{.Prev}}] >> pieceShift & (maxBitPieces - 1))
	r, pool = a.rem[{{.Prev}}], a.pool[{{.Prev}}]
{{- else}}
	a.used[a.placed[{{.Prev}}]>>pieceShift] = 0
	i = a.next[{{.Prev}}]
{{- end}}
	goto l{{.Prev}}
{{- end}}
{{- end}}
stop:
{{- if .Bits}}
	c.bitsTo(d, used, tried || reason == solved)
{{- else}}
	c.d, c.i = d, i
{{- end}}
	c.found.Nodes += limit - left
	c.found.Solutions += solutions
	return reason
}
{{- end}}
`))

// runCompiled runs args (this command line without -compiled and BOARD)
// in the program specialised to e's board, built first into the user's
// cache unless it is there whole: the folder is named by the board's
// fingerprint and a hash of this program's source, and a marker beside
// the program, written once it is built, holds its checksum. A program the
// marker does not vouch for (cut short, damaged, built for another system)
// is built again.
func runCompiled(e *engine, args []string, stderr io.Writer) error {
	cache, err := os.UserCacheDir()
	if err != nil {
		return bad("-compiled: no cache folder: %v", err)
	}
	h := fnv.New64a()
	names, _ := fs.Glob(source, "*.go")
	for _, name := range names {
		data, _ := source.ReadFile(name)
		fmt.Fprintf(h, "%s %d\n%s", name, len(data), data)
	}
	dir := filepath.Join(cache, "eternity2", fmt.Sprintf("%s-%s-%x", nameOf(e.p.name), e.p.fingerprint(), h.Sum64()))
	bin := filepath.Join(dir, "eternity2")
	if !builtWhole(dir) {
		if err := buildCompiled(e, dir, stderr); err != nil {
			return err
		}
	}
	err = syscall.Exec(bin, append([]string{bin}, args...), os.Environ())
	return fmt.Errorf("-compiled: %s: %v", shown(bin), err)
}

// markerFile is the marker's name; marker is what it holds for a program:
// the system it is built for, its checksum and size ("" when unread).
const markerFile = "built"

func marker(bin string) string {
	f, err := os.Open(bin)
	if err != nil {
		return ""
	}
	defer f.Close()
	h := fnv.New64a()
	n, err := io.Copy(h, f) // through a small buffer: the program is megabytes
	if err != nil {
		return ""
	}
	return fmt.Sprintf("%s/%s %x %d\n", runtime.GOOS, runtime.GOARCH, h.Sum64(), n)
}

// builtWhole says whether dir holds a program its marker vouches for, and
// that can be run.
func builtWhole(dir string) bool {
	m, err := readFile(filepath.Join(dir, markerFile), 1<<10)
	return err == nil && string(m) == marker(filepath.Join(dir, "eternity2")) && len(m) > 0 && syscall.Access(filepath.Join(dir, "eternity2"), 1) == nil
}

// buildCompiled writes and builds the specialised program, for this
// system whatever GOOS and GOARCH say, in a folder beside dir renamed into
// place once built and marked: dir holds a whole program or nothing,
// whatever runs at once. SIGINT or SIGTERM stops it: the compiler is
// killed and the folder removed.
func buildCompiled(e *engine, dir string, stderr io.Writer) error {
	goCmd, err := exec.LookPath("go")
	if err != nil {
		return bad("-compiled needs Go: no go command on PATH")
	}
	start, signals, done := time.Now(), make(chan os.Signal, 1), make(chan error, 1)
	signal.Notify(signals, syscall.SIGINT, syscall.SIGTERM)
	defer signal.Stop(signals)
	os.MkdirAll(filepath.Dir(dir), 0o755)
	tmp, err := os.MkdirTemp(filepath.Dir(dir), "build-")
	if err != nil {
		return bad("-compiled: %v", err)
	}
	defer os.RemoveAll(tmp)
	if err := writeModule(tmp, e, "-compiled"); err != nil {
		return err
	}
	var out bytes.Buffer
	build := exec.Command(goCmd, "build", "-o", "eternity2", ".")
	// For this machine, built the one way whatever the user's settings (a
	// cache shared by other machines must not hold a program they cannot
	// run), its work folder in ours, so that a build killed midway leaves
	// nothing in TMPDIR.
	build.Dir, build.Stdout, build.Stderr = tmp, &out, &out
	build.Env = append(os.Environ(), "GOOS="+runtime.GOOS, "GOARCH="+runtime.GOARCH, "GOAMD64=v1", "GOFLAGS=", "GOEXPERIMENT=", "CGO_ENABLED=0", "GOTMPDIR="+tmp)
	build.SysProcAttr = &syscall.SysProcAttr{Setpgid: true} // the compiler and its children, killed together
	if err := build.Start(); err != nil {
		return fmt.Errorf("-compiled: %v", err)
	}
	go func() { done <- build.Wait() }()
	select {
	case sig := <-signals:
		syscall.Kill(-build.Process.Pid, syscall.SIGKILL)
		<-done
		return errStopped{sig: sig.(syscall.Signal)}
	case err = <-done:
	}
	if err == nil {
		err = os.WriteFile(filepath.Join(tmp, markerFile), []byte(marker(filepath.Join(tmp, "eternity2"))), 0o644)
	}
	if err == nil && !builtWhole(dir) {
		os.RemoveAll(dir)
		if err = os.Rename(tmp, dir); errors.Is(err, fs.ErrExist) {
			err = nil // another run built it first
		}
	}
	if err != nil {
		return fmt.Errorf("-compiled: %v: %.100s", unwrapPath(err), strings.ReplaceAll(out.String(), "\n", " "))
	}
	fmt.Fprintf(stderr, "eternity2: -compiled: built for board %s in %.1f s, cached in %s\n", e.p.name, time.Since(start).Seconds(), dir)
	return nil
}
