package main

// records.go: what a part found, as the text -parts prints and -merge
// reads, and the merge of the parts into the single run's output.

import (
	"bufio"
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"net/url"
	"strconv"
	"strings"
)

// record is what a part found, in the form -parts prints and -merge reads
// (see the header for the text); a whole run is its parts' records merged.
// It shows its best board as rows, since -merge has no board to place
// the found's placements on.
type record struct {
	part, parts int
	header      string // the output's first line
	check       string // the board's fingerprint
	all         bool
	units       int
	found       found
	maxScore    int
	url         string // "" when a colour has no letter in the viewer's format
	rows        []string
}

// record is the record of part index of plan pl, which found f.
func (e *engine) record(pl plan, index int, f found) record {
	f.Score = e.scoreAt[len(f.Board)]
	return record{
		part: index, parts: pl.parts, header: e.p.header(), check: e.p.fingerprint(), all: pl.all, units: pl.units,
		found: f, maxScore: e.maxScore, url: e.viewerURL(f.Board), rows: e.boardRows(f.Board),
	}
}

// boardRows is the board with the hints and the given placements (depth
// by depth), a line a row.
func (e *engine) boardRows(placed []uint32) []string {
	p := e.p
	cells := make([]string, p.width*p.height)
	for i := range cells {
		cells[i] = "-"
	}
	for _, h := range p.hints {
		cells[h.Pos] = fmt.Sprintf("%d/%d", h.Piece, h.Rot)
	}
	for d, c := range placed {
		cells[e.recs[d].cell] = fmt.Sprintf("%d/%d", pieceOf(c), rotOf(c))
	}
	rows := make([]string, p.height)
	for r := range rows {
		rows[r] = strings.Join(cells[r*p.width:(r+1)*p.width], " ")
	}
	return rows
}

// output is the program's output for a run that found these (the merged
// record of its parts): the one place the format is written.
func (r record) output() []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "%s\nnodes %d\nsolutions %d\nbest %d/%d\n", r.header, r.found.Nodes, r.found.Solutions, r.found.Score, r.maxScore)
	for _, row := range r.rows {
		b.WriteString(row)
		b.WriteByte('\n')
	}
	return b.Bytes()
}

func (r record) mode() string {
	if r.all {
		return "all"
	}
	return "first"
}

// head is the record's text before its board lines.
func (r record) head() string {
	unit := "-"
	if r.found.Unit >= 0 {
		unit = strconv.Itoa(r.found.Unit)
	}
	return fmt.Sprintf("eternity2 part %d of %d\n%s\ncheck %s\nmode %s\nunits %d\nnodes %d\nsolutions %d\nbest %d/%d unit %s\nurl %s\n",
		r.part, r.parts, r.header, r.check, r.mode(), r.units, r.found.Nodes, r.found.Solutions, r.found.Score, r.maxScore, unit, cmp.Or(r.url, "-"))
}

// write prints the record in the text form -merge reads, its checksum
// last: FNV-64a of the lines before it.
func (r record) write(w io.Writer) error {
	text := r.head() + strings.Join(r.rows, "\n") + "\n"
	_, err := io.WriteString(w, text+"sum "+checksum(text)+"\n")
	return err
}

func checksum(text string) string {
	h := fnv.New64a()
	io.WriteString(h, text)
	return fmt.Sprintf("%016x", h.Sum64())
}

// maxCount bounds a record's counts, and maxTotal their sum in a merge:
// neither wraps around.
const (
	maxCount = 1 << 56
	maxTotal = 1 << 62
)

// recordLines is what each line of a record's head holds, how many values
// parseRecord scans from it, and their range.
var recordLines = []struct {
	form   string
	values int
	within string
}{{"eternity2 part I of K", 2, "0 <= I < K <= 65536"}, {"board NAME WxH pieces P hints H", 5, "up to 64x64"}, {"check HEX", 1, "16 hex digits"},
	{"mode all|first", 1, ""}, {"units M", 1, "up to 2^56"}, {"nodes N", 1, "up to 2^56"}, {"solutions S", 1, "up to 2^56"},
	{"best B/MAX unit U|-", 3, "B <= MAX = 2WH-W-H, U a unit"}, {"url URL|-", 1, "a link to " + viewer}}

// parseRecord reads one record; name names it in errors. Its head must be
// in the form write prints, with values in range, its board of the size
// the head says, its checksum must match, and its fields must agree (see
// consistent), so that an edited record is refused, not merged.
func parseRecord(name string, firstLine int, data []byte) (record, error) {
	var r record
	var boardName, mode, unit, link string
	var width, height, pieces, hints int
	lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	fail := func(i int, want string) (record, error) {
		got := ""
		if i < len(lines) {
			got = lines[i]
		}
		return record{}, bad("%s line %d: expected %s, got %s", name, firstLine+i+1, want, quote(got))
	}
	scanned, _ := fmt.Sscanf(string(data), "eternity2 part %d of %d\nboard %s %dx%d pieces %d hints %d\ncheck %s\nmode %s\nunits %d\nnodes %d\nsolutions %d\nbest %d/%d unit %s\nurl %s\n",
		&r.part, &r.parts, &boardName, &width, &height, &pieces, &hints, &r.check, &mode, &r.units, &r.found.Nodes, &r.found.Solutions, &r.found.Score, &r.maxScore, &unit, &link)
	for i, l := range recordLines {
		if scanned -= l.values; scanned < 0 {
			return fail(i, strconv.Quote(l.form))
		}
	}
	r.header, r.all, r.url = lines[1], mode == "all", strings.TrimPrefix(link, "-")
	r.found.Unit, _ = strconv.Atoi(strings.Replace(unit, "-", "-1", 1)) // "-": no unit
	for i, ok := range []bool{
		r.parts >= 1 && r.parts <= maxParts && r.part >= 0 && r.part < r.parts,
		width >= 1 && height >= 1 && width <= maxSide && height <= maxSide && pieces == width*height && hints >= 0 && hints <= pieces,
		len(r.check) == 16 && strings.Trim(r.check, "0123456789abcdef") == "",
		r.all || mode == "first",
		r.units >= 0 && r.units <= maxCount,
		r.found.Nodes >= 0 && r.found.Nodes <= maxCount,
		r.found.Solutions >= 0 && r.found.Solutions <= maxCount,
		r.maxScore == 2*width*height-width-height && r.found.Score >= 0 && r.found.Score <= r.maxScore && r.found.Unit >= -1 && r.found.Unit <= r.units,
		link == "-" || strings.HasPrefix(link, viewer),
	} {
		if !ok {
			return fail(i, fmt.Sprintf("%q (%s)", recordLines[i].form, recordLines[i].within))
		}
	}
	// The form write prints, to the byte.
	for i, want := range strings.SplitAfter(r.head(), "\n")[:len(recordLines)] {
		if lines[i]+"\n" != want {
			return fail(i, strconv.Quote(strings.TrimSuffix(want, "\n")))
		}
	}
	last := len(recordLines) + height
	if len(lines) != last+1 {
		return record{}, bad("%s line %d: a record of %d lines, expected %d for %d board lines", name, firstLine+1, len(lines), last+1, height)
	}
	r.rows = lines[len(recordLines):last]
	filled, bad := boardCells(r.rows, width)
	if bad >= 0 {
		return fail(len(recordLines)+bad, fmt.Sprintf("a board line of %d cells, each PIECE/ROT or -", width))
	}
	if text := strings.Join(lines[:last], "\n") + "\n"; lines[last] != "sum "+checksum(text) {
		return fail(last, `"sum" and the checksum of the lines above (the record was edited or cut)`)
	}
	if err := r.consistent(filled - hints); err != nil {
		return record{}, fmt.Errorf("%s line %d: %w", name, firstLine+1, err)
	}
	return r, nil
}

// consistent checks what needs no checksum: a part has a best board of
// its own when it has nodes, and only then, in a unit of its own; a
// solution is a full board; a part stops at its first solution without
// -all.
func (r record) consistent(placed int) error {
	f := r.found
	switch {
	case (f.Nodes == 0) != (f.Unit < 0) || (placed == 0) != (f.Unit < 0):
		return bad("a part with nodes has a best board in a unit, and only such a part (%d nodes, %d pieces placed)", f.Nodes, placed)
	case f.Unit >= 0 && plan{parts: r.parts, units: r.units, all: r.all}.owner(f.Unit) != r.part:
		return bad("its best board is in unit %d, which is not a unit of part %d", f.Unit, r.part)
	case f.Solutions > 0 && f.Score != r.maxScore:
		return bad("%d solutions, but its best board scores %d of %d", f.Solutions, f.Score, r.maxScore)
	case f.Solutions > max(f.Nodes, 1) || !r.all && f.Solutions > 1:
		return bad("%d solutions in %d nodes (mode %s)", f.Solutions, f.Nodes, r.mode())
	}
	return nil
}

// boardCells counts the filled cells of the rows, each of width cells,
// each "-" or PIECE/ROT with a piece of the board, no piece twice; bad is
// the first row that is not, or -1.
func boardCells(rows []string, width int) (filled, bad int) {
	seen := map[int]bool{}
	for i, row := range rows {
		cells := strings.Split(row, " ")
		ok := len(cells) == width
		for _, cell := range cells {
			var piece, rot int
			if cell != "-" {
				_, err := fmt.Sscanf(cell, "%d/%d", &piece, &rot)
				ok = ok && err == nil && piece >= 0 && piece < width*len(rows) && !seen[piece] && rot >= 0 && rot < 4 && cell == fmt.Sprintf("%d/%d", piece, rot)
				seen[piece] = true
				filled++
			}
		}
		if !ok {
			return 0, i
		}
	}
	return filled, -1
}

// merging takes the records of one search's parts, as they come, in any
// order, and merges them in part order as far as they reach: the answer is
// known with -all once every part is in; without, once the parts before
// the first with a solution are in, and it.
type merging struct {
	first   *record
	byPart  []*record
	total   record // the parts before next, merged
	next    int
	decided bool
}

// add takes a record, refusing one of another search or a repeated part.
func (m *merging) add(r record) error {
	if m.first == nil {
		m.first, m.byPart = &r, make([]*record, r.parts)
		// With no node anywhere, every record shows the hints alone.
		m.total = record{header: r.header, check: r.check, all: r.all, parts: 1, units: r.units,
			found: nothingFound(), maxScore: r.maxScore, rows: r.rows, url: r.url}
		m.total.found.Score = r.found.Score
	}
	first := m.first
	switch {
	case r.header != first.header || r.check != first.check:
		return bad("-merge: part %d is of another board (%s, check %s) than part %d (%s, check %s)", r.part, r.header, r.check, first.part, first.header, first.check)
	case r.all != first.all:
		return bad("-merge: part %d is of mode %s, part %d of mode %s", r.part, r.mode(), first.part, first.mode())
	case r.parts != first.parts || r.units != first.units:
		return bad("-merge: part %d is one of %d parts (%d units), part %d one of %d (%d units)", r.part, r.parts, r.units, first.part, first.parts, first.units)
	case m.byPart[r.part] != nil:
		return bad("-merge: part %d given twice", r.part)
	}
	m.byPart[r.part] = &r
	for ; !m.decided && m.next < len(m.byPart) && m.byPart[m.next] != nil; m.next++ {
		r := m.byPart[m.next]
		if m.total.found.Nodes+r.found.Nodes > maxTotal || m.total.found.Solutions+r.found.Solutions > maxTotal {
			return bad("-merge: the counts of parts 0 to %d add up past 2^62", m.next)
		}
		if r.found.beats(m.total.found) {
			m.total.rows, m.total.url = r.rows, r.url
		}
		m.total.found.add(r.found)
		// Without -all, the parts after the first solution are not needed.
		m.decided = !first.all && r.found.Solutions > 0
	}
	m.decided = m.decided || m.next == len(m.byPart)
	return nil
}

// result is the merged record; ok is false while the answer needs a part
// that is not in, which missing names.
func (m *merging) result() (total record, ok bool, missing int) {
	return m.total, m.decided, m.next
}

// merge is result for records all in hand.
func merge(records []record) (record, error) {
	var m merging
	for _, r := range records {
		if err := m.add(r); err != nil {
			return record{}, err
		}
	}
	total, ok, missing := m.result()
	switch {
	case m.first == nil:
		return record{}, bad("-merge: no records")
	case !ok:
		return record{}, bad("-merge: part %d of %d is missing", missing, m.first.parts)
	}
	return total, nil
}

// readRecords reads the records of one input as they come, a line at a
// time (any number of records, no line longer than maxRecordLine), handing
// each to the merging; it stops as soon as the answer is known.
func (m *merging) readRecords(name string, in io.Reader) (decided bool, err error) {
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 64<<10), maxRecordLine)
	var lines []string
	want, line := -1, 0 // the lines of the record being read, once its board line says
	flush := func() (bool, error) {
		r, err := parseRecord(name, line-len(lines), []byte(strings.Join(lines, "\n")+"\n"))
		lines, want = lines[:0], -1
		if err == nil {
			err = m.add(r)
		}
		_, ok, _ := m.result()
		return ok && err == nil, err
	}
	for sc.Scan() {
		text := sc.Text()
		isStart := strings.HasPrefix(text, "eternity2 part ")
		if len(lines) > 0 && isStart { // the record before ended early: parsing says how
			if done, err := flush(); err != nil || done {
				return done, err
			}
		}
		line++
		if len(lines) == 0 && !isStart {
			return false, bad("%s line %d: expected a record starting \"eternity2 part I of K\", got %s", name, line, quote(text))
		}
		lines = append(lines, text)
		var height int
		if _, err := fmt.Sscanf(text, "board %s %dx%d ", new(string), new(int), &height); len(lines) == 2 && err == nil && height >= 1 && height <= maxSide {
			want = len(recordLines) + height + 1
		}
		if len(lines) == want {
			if done, err := flush(); err != nil || done {
				return done, err
			}
		}
	}
	switch err := sc.Err(); {
	case errors.Is(err, bufio.ErrTooLong):
		return false, bad("%s line %d: longer than %d bytes, the longest record line", name, line+1, maxRecordLine)
	case err != nil:
		return false, bad("%s: %v", name, unwrapPath(err))
	}
	if len(lines) > 0 {
		return flush()
	}
	return false, nil
}

// maxRecordLine is the longest record line read: a 64x64 board's viewer
// link is about 29 KB.
const maxRecordLine = 1 << 20

const viewer = "https://e2.bucas.name/#"

// viewerURL is a link to the public Eternity II viewer showing the board
// with the hints and these placements, or "" when a colour is past 'z' or
// a piece number past 999.
func (e *engine) viewerURL(placed []uint32) string {
	p := e.p
	if len(p.pieces) > 999 {
		return "" // piece numbers have three digits
	}
	type cellView struct {
		piece int // 1-based; 0 empty
		edges [4]int
	}
	cells := make([]cellView, p.width*p.height)
	for _, h := range p.hints {
		cells[h.Pos] = cellView{h.Piece + 1, rotated(p.pieces[h.Piece], h.Rot)}
	}
	for d, c := range placed {
		cells[e.recs[d].cell] = cellView{pieceOf(c) + 1, rotated(p.pieces[pieceOf(c)], rotOf(c))}
	}
	var edges, pieces strings.Builder
	for _, cell := range cells {
		for _, colour := range cell.edges {
			if colour > 'z'-'a' {
				return ""
			}
			edges.WriteByte(byte('a' + colour))
		}
		fmt.Fprintf(&pieces, "%03d", cell.piece)
	}
	return fmt.Sprintf(viewer+"puzzle=%s&board_w=%d&board_h=%d&board_edges=%s&board_pieces=%s",
		url.QueryEscape(p.name), p.width, p.height, edges.String(), pieces.String())
}
