package main

// board.go: the board as read, from JSON or plain text, and the files and
// names it comes with.

import (
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

type hint struct{ Pos, Piece, Rot int }

// puzzle is a board as read, before any search structure is built.
type puzzle struct {
	name          string
	width, height int
	pieces        [][4]int // URDL
	hints         []hint
	// A block of a board (-block, or "block" in JSON) is a board of its
	// own: of is the board and block the block it is, in WxH+X+Y (on a
	// board, the block asked for); open are its sides that face the rest of
	// the board (up, right, down, left), and taken the pieces hinted
	// outside it, which it cannot use.
	of    *puzzle
	block string
	open  [4]bool
	taken []int
	// pin is the first corner piece, pinned in the top-left corner (-pin).
	pin *hint
}

const (
	maxColour = 255
	maxSide   = 64
	maxBoard  = 16 << 20 // bytes of a board file
)

// readPuzzle reads JSON (when the text starts with '{') or plain text, and
// validates the result.
func readPuzzle(name string, data []byte) (*puzzle, error) {
	var p *puzzle
	var err error
	if bytes.HasPrefix(data, []byte("\xef\xbb\xbf")) {
		return nil, bad("%s: starts with a byte-order mark: save it as UTF-8 without one", name)
	}
	if t := bytes.TrimSpace(data); len(t) > 0 && t[0] == '{' {
		p, err = readJSON(name, data)
	} else {
		p, err = readText(name, data)
	}
	if err == nil {
		err = p.validate(name)
	}
	if err == nil && p.pin != nil {
		err = p.pinCorner()
	}
	return p, err
}

// boardJSON is the JSON form; every field the format needs is a pointer, so
// that a missing one is told from a zero. encoding/json matches a key to a
// field's name in any letters ("width" to Width), and writes the names as
// they are here, which this program reads back.
type boardJSON struct {
	Name, ID      *string
	Width, Height *int
	Pieces        [][]int
	Hints         []hintJSON
	Block         *string
	Pin           bool
	// Other keys of the public board files, read and not used; any other
	// key is refused, so that a misspelt "hints" cannot drop the hints.
	Family, NumColors, MaxScore, Seed any
}

type hintJSON struct{ Pos, Piece, Rot *int }

// readJSON reads the JSON form: encoding/json, which takes a key in other
// letters ("Width") for the field and the last of a key given twice, with
// unknown keys refused, so that a misspelt "hints" cannot drop the hints.
func readJSON(name string, data []byte) (*puzzle, error) {
	var raw boardJSON
	if err := json.Unmarshal(data, &raw); err != nil {
		return nil, bad("%s: broken JSON: %.100s", name, err)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&raw); err != nil { // an unknown key: the rest is read
		key, _ := strconv.Unquote(strings.TrimPrefix(err.Error(), "json: unknown field "))
		return nil, bad("%s: the board: unknown key %s (keys: name id width height pieces hints family numColors maxScore seed)", name, quote(key))
	}
	if raw.Width == nil || raw.Height == nil || raw.Pieces == nil {
		return nil, bad("%s: expected \"width\", \"height\" and \"pieces\"", name)
	}
	p := &puzzle{width: *raw.Width, height: *raw.Height, name: *cmp.Or(raw.Name, raw.ID, new(string)), block: *cmp.Or(raw.Block, new(string))}
	if raw.Pin {
		p.pin = &hint{}
	}
	if raw.Block != nil && *raw.Block == "" {
		return nil, bad("%s: \"block\": expected \"WxH+X+Y\", got \"\" (leave the key out for the whole board)", name)
	}
	for i, e := range raw.Pieces {
		if len(e) != 4 {
			return nil, bad("%s: piece %d: expected four colours [U,R,D,L], got %d", name, i, len(e))
		}
		p.pieces = append(p.pieces, [4]int(e))
	}
	for i, h := range raw.Hints {
		if h.Pos == nil || h.Piece == nil || h.Rot == nil {
			return nil, bad("%s: hint %d: expected \"pos\", \"piece\" and \"rot\"", name, i)
		}
		p.hints = append(p.hints, hint{*h.Pos, *h.Piece, *h.Rot})
	}
	return p, nil
}

func readText(name string, data []byte) (*puzzle, error) {
	p := &puzzle{width: -1}
	for i, raw := range bytes.Split(data, []byte("\n")) {
		line := strings.TrimSuffix(string(raw), "\r")
		text, _, _ := strings.Cut(line, "#")
		f := strings.Fields(text)
		where := fmt.Sprintf("%s line %d", name, i+1)
		switch {
		case len(f) == 0:
		case f[0] == "name":
			if len(f) != 2 {
				return nil, bad("%s: expected \"name NAME\", got %s", where, quote(line))
			}
			if p.name != "" {
				return nil, bad("%s: a second name line (a board has one)", where)
			}
			p.name = f[1]
		case f[0] == "hint":
			n, err := ints(f[1:])
			if err != nil || len(n) != 3 {
				return nil, bad("%s: expected \"hint POS PIECE ROT\", got %s", where, quote(line))
			}
			p.hints = append(p.hints, hint{n[0], n[1], n[2]})
		case len(f) == 2 && p.width < 0 && len(p.pieces) == 0:
			n, err := ints(f)
			if err != nil {
				return nil, bad("%s: expected \"W H\", got %s", where, quote(line))
			}
			p.width, p.height = n[0], n[1]
		case len(f) == 4:
			n, err := ints(f)
			if err != nil {
				return nil, bad("%s: expected four integer colours \"U R D L\", got %s", where, quote(line))
			}
			if len(p.hints) > 0 {
				return nil, bad("%s: a piece after the hints (the pieces come first)", where)
			}
			if len(p.pieces) == maxSide*maxSide {
				return nil, bad("%s: more than %d pieces", where, maxSide*maxSide)
			}
			p.pieces = append(p.pieces, [4]int{n[0], n[1], n[2], n[3]})
		default:
			return nil, bad("%s: expected \"W H\", \"U R D L\", \"hint POS PIECE ROT\" or \"name NAME\", got %s", where, quote(line))
		}
	}
	if p.width < 0 { // no "W H" line: a square board
		side := 0
		for side*side < len(p.pieces) {
			side++
		}
		if side*side != len(p.pieces) || side == 0 {
			return nil, bad("%s: no \"W H\" line, and %d pieces make no square", name, len(p.pieces))
		}
		p.width, p.height = side, side
	}
	return p, nil
}

func ints(f []string) ([]int, error) {
	n := make([]int, len(f))
	for i, s := range f {
		v, err := strconv.Atoi(s)
		if err != nil {
			return nil, err
		}
		n[i] = v
	}
	return n, nil
}

func (p *puzzle) validate(name string) error {
	if p.name != "" && !validName(p.name) {
		return bad("%s: name %s: expected at most %d bytes of printable UTF-8 without spaces", name, quote(p.name), maxName)
	}
	if p.width < 1 || p.height < 1 || p.width > maxSide || p.height > maxSide {
		return bad("%s: board %dx%d: expected sides of 1 to %d", name, p.width, p.height, maxSide)
	}
	if len(p.pieces) != p.width*p.height {
		return bad("%s: %d pieces for a %dx%d board: expected %d", name, len(p.pieces), p.width, p.height, p.width*p.height)
	}
	for i, e := range p.pieces {
		for _, c := range e {
			if c < 0 || c > maxColour {
				return bad("%s: piece %d has colour %d: expected 0 to %d", name, i, c, maxColour)
			}
		}
	}
	posUsed, pieceUsed := map[int]int{}, map[int]int{}
	for i, h := range p.hints {
		switch {
		case h.Pos < 0 || h.Pos >= p.width*p.height:
			return bad("%s: hint %d: position %d is off the %dx%d board", name, i, h.Pos, p.width, p.height)
		case h.Piece < 0 || h.Piece >= len(p.pieces):
			return bad("%s: hint %d: piece %d: expected 0 to %d", name, i, h.Piece, len(p.pieces)-1)
		case h.Rot < 0 || h.Rot > 3:
			return bad("%s: hint %d: rotation %d: expected 0 to 3", name, i, h.Rot)
		}
		if j, dup := posUsed[h.Pos]; dup {
			return bad("%s: hint %d: position %d already holds hint %d", name, i, h.Pos, j)
		}
		if j, dup := pieceUsed[h.Piece]; dup {
			return bad("%s: hint %d: piece %d is already used by hint %d", name, i, h.Piece, j)
		}
		posUsed[h.Pos], pieceUsed[h.Piece] = i, i
	}
	return nil
}

// maxName is the longest board name.
const maxName = 200

// validName says whether a board name can stand in the output's first
// line and round-trip through JSON: printable UTF-8, no spaces.
func validName(name string) bool {
	if len(name) > maxName || !utf8.ValidString(name) {
		return false
	}
	for _, r := range name {
		if !unicode.IsPrint(r) || unicode.IsSpace(r) {
			return false
		}
	}
	return true
}

// pinCorner pins the first corner piece (in input order) in the top-left
// corner, its two 0 edges up and left: the search then finds one filling
// of each class under rotation, as the Eternity II list counts a square
// board's solutions, and the pinned placement is its first node. The
// board is named NAME@pin.
func (p *puzzle) pinCorner() error {
	if p.of != nil || p.width != p.height || p.width < 2 || len(p.hints) > 0 {
		return bad("-pin: expected a square board of side 2 or more without hints, not a block")
	}
	for i, e := range p.pieces {
		for r := range 4 {
			if q := rotated(e, r); q[up] == 0 && q[left] == 0 && q[right] != 0 && q[down] != 0 {
				p.pin, p.name = &hint{0, i, r}, strings.TrimSuffix(p.name, "@pin")+"@pin"
				return nil
			}
		}
	}
	return bad("-pin: no corner piece (two 0 edges side by side)")
}

// header is the output's first line.
func (p *puzzle) header() string {
	return fmt.Sprintf("board %s %dx%d pieces %d hints %d", p.name, p.width, p.height, len(p.pieces), len(p.hints))
}

// fingerprint names the board's content (name, size, pieces, hints), so
// that records and checkpoints of another board are refused.
func (p *puzzle) fingerprint() string {
	s := fmt.Sprintf("%s %d %d %v %v", p.name, p.width, p.height, p.pieces, p.hints)
	if p.of != nil {
		s += fmt.Sprint(p.open, p.taken)
	}
	return checksum(s)
}

// toJSON is the board in the JSON input format, for checkpoints.
func (p *puzzle) toJSON() boardJSON {
	if p.of != nil {
		b := p.of.toJSON()
		b.Block = &p.block
		return b
	}
	w, h, name := p.width, p.height, strings.TrimSuffix(p.name, "@pin")
	b := boardJSON{Name: &name, Width: &w, Height: &h, Pin: p.pin != nil}
	for _, e := range p.pieces {
		b.Pieces = append(b.Pieces, e[:])
	}
	b.Hints = []hintJSON{}
	for _, x := range p.hints {
		x := x
		b.Hints = append(b.Hints, hintJSON{&x.Pos, &x.Piece, &x.Rot})
	}
	return b
}

// rotated returns the piece's edges after r clockwise quarter turns.
func rotated(e [4]int, r int) [4]int {
	return [4]int{e[(4-r)%4], e[(5-r)%4], e[(6-r)%4], e[(7-r)%4]}
}

const (
	up = iota
	right
	down
	left
)

// readBoard reads BOARD (a file, or stdin for - or none) and its puzzle,
// and cuts the block asked for (-block, else the board's own); a board
// with no name of its own takes the file's.
func readBoard(args []string, stdin io.Reader, block string) (*puzzle, error) {
	name, data := "stdin", []byte(nil)
	var err error
	if len(args) == 0 || args[0] == "-" {
		data, err = readAll("stdin", stdin, maxBoard)
	} else {
		name = args[0]
		data, err = readFile(name, maxBoard)
	}
	if err != nil {
		return nil, err
	}
	p, err := readPuzzle(shown(name), data)
	if err != nil {
		return nil, err
	}
	if p.name == "" {
		p.name = nameOf(name)
	}
	return p.cutBlock(block, shown(name))
}

// cutBlock is the block asked for: -block's (flag), or the board's own
// "block" (file names the board in messages); the two, when they differ,
// are refused.
func (p *puzzle) cutBlock(flag, file string) (*puzzle, error) {
	switch {
	case flag != "" && p.block != "" && flag != p.block:
		return nil, bad("-block %s: %s is block %s already (its \"block\"): give one of them", quote(flag), file, quote(p.block))
	case flag != "":
		return p.cut(flag, "-block")
	}
	return p.cut(p.block, file+": \"block\"")
}

// cut is the block spec (WxH+X+Y: W x H cells from column X, row Y; ""
// the whole board) of board p as a board of its own, named NAME@WxH+X+Y:
// its edges on the board's frame are 0, those facing the rest of the board
// any colour but 0; the hints in it pinned, the pieces hinted outside it
// taken. what names the spec in messages.
func (p *puzzle) cut(spec, what string) (*puzzle, error) {
	if spec == "" {
		return p, nil
	}
	if p.pin != nil {
		return nil, bad("%s %s: not with -pin", what, quote(spec))
	}
	var w, h, x, y int
	n, _ := fmt.Sscanf(spec, "%dx%d+%d+%d", &w, &h, &x, &y)
	if n != 4 || fmt.Sprintf("%dx%d+%d+%d", w, h, x, y) != spec || w < 1 || h < 1 || x < 0 || y < 0 || w > p.width-x || h > p.height-y {
		return nil, bad("%s %s: expected WxH+X+Y within the %dx%d board", what, quote(spec), p.width, p.height)
	}
	b := &puzzle{name: p.name + "@" + spec, width: w, height: h, pieces: p.pieces, of: p, block: spec,
		open: [4]bool{y > 0, x+w < p.width, y+h < p.height, x > 0}}
	for _, t := range p.hints {
		if r, c := t.Pos/p.width-y, t.Pos%p.width-x; r >= 0 && r < h && c >= 0 && c < w {
			b.hints = append(b.hints, hint{r*w + c, t.Piece, t.Rot})
		} else {
			b.taken = append(b.taken, t.Piece)
		}
	}
	return b, nil
}
