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

// write prints the record in the text form -merge reads.
func (r record) write(w io.Writer) error {
	var b bytes.Buffer
	fmt.Fprintf(&b, "eternity2 part %d of %d\n%s\ncheck %s\nmode %s\nunits %d\nnodes %d\nsolutions %d\n",
		r.part, r.parts, r.header, r.check, r.mode(), r.units, r.found.Nodes, r.found.Solutions)
	unit := "-"
	if r.found.Unit >= 0 {
		unit = strconv.Itoa(r.found.Unit)
	}
	fmt.Fprintf(&b, "best %d/%d unit %s\nurl %s\n", r.found.Score, r.maxScore, unit, cmp.Or(r.url, "-"))
	for _, row := range r.rows {
		b.WriteString(row)
		b.WriteByte('\n')
	}
	fmt.Fprintf(&b, "sum %s\n", checksum(b.Bytes()))
	_, err := w.Write(b.Bytes())
	return err
}

// checksum is a record's last line: FNV-64a of the lines before it, so
// that an edited record is refused, not merged.
func checksum(text []byte) string {
	h := fnv.New64a()
	h.Write(text)
	return fmt.Sprintf("%016x", h.Sum64())
}

// Counts a record may hold: past them a sum of records could wrap around.
const maxCount = 1 << 56

// recordHead and recordTail are the lines of a record before and after
// its board lines.
const (
	recordHead = 9
	recordTail = 1
)

// parseRecord reads one record; name names it in errors. Its checksum must
// match, and every field must agree with the others (the unit with the
// part, the solutions with the score, the board with the counts), so an
// edited record is refused.
func parseRecord(name string, firstLine int, data []byte) (record, error) {
	var r record
	lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	padded := append(lines[:len(lines):len(lines)], make([]string, recordHead)...) // a missing head line reads as ""
	fail := func(i int, want string) (record, error) {
		return record{}, bad("%s line %d: expected %s, got %s", name, firstLine+i+1, want, quote(padded[i]))
	}
	_, err := fmt.Sscanf(padded[0], "eternity2 part %d of %d", &r.part, &r.parts)
	if err != nil || padded[0] != fmt.Sprintf("eternity2 part %d of %d", r.part, r.parts) || r.parts < 1 || r.parts > maxParts || r.part < 0 || r.part >= r.parts {
		return fail(0, fmt.Sprintf(`"eternity2 part I of K" (0 <= I < K <= %d)`, maxParts))
	}
	r.header = padded[1]
	width, height, hints, ok := parseHeader(r.header)
	if !ok {
		return fail(1, `"board NAME WxH pieces P hints H"`)
	}
	if len(lines) != recordHead+height+recordTail {
		return record{}, bad("%s line %d: a record of %d lines, expected %d for %d board lines", name, firstLine+1, len(lines), recordHead+height+recordTail, height)
	}
	if r.check, ok = strings.CutPrefix(lines[2], "check "); !ok || len(r.check) != 16 || strings.Trim(r.check, "0123456789abcdef") != "" {
		return fail(2, `"check" and 16 hex digits`)
	}
	if r.all = lines[3] == "mode all"; !r.all && lines[3] != "mode first" {
		return fail(3, `"mode all" or "mode first"`)
	}
	var units int64
	for k, f := range []struct {
		key string
		v   *int64
	}{{"units", &units}, {"nodes", &r.found.Nodes}, {"solutions", &r.found.Solutions}} {
		v, ok := strings.CutPrefix(lines[4+k], f.key+" ")
		n, err := strconv.ParseInt(v, 10, 64)
		if !ok || err != nil || n < 0 || n > maxCount || v != strconv.FormatInt(n, 10) {
			return fail(4+k, fmt.Sprintf("%q and a count up to 2^56", f.key))
		}
		*f.v = n
	}
	r.units = int(units)
	r.maxScore = 2*width*height - width - height
	if r.found.Score, r.found.Unit, ok = parseBest(lines[7], r.maxScore, r.units); !ok {
		return fail(7, fmt.Sprintf(`"best B/%d unit U" (0 <= B <= %d, U a unit or -)`, r.maxScore, r.maxScore))
	}
	link, ok := strings.CutPrefix(lines[8], "url ")
	if !ok || link != "-" && !strings.HasPrefix(link, viewer) {
		return fail(8, `"url" and `+viewer+`... or -`)
	}
	if link != "-" {
		r.url = link
	}
	last := len(lines) - 1
	r.rows = lines[recordHead:last]
	filled, i := boardCells(r.rows, width, height)
	if i >= 0 {
		return fail(recordHead+i, fmt.Sprintf("a board line of %d cells, each PIECE/ROT or -", width))
	}
	if sum, ok := strings.CutPrefix(lines[last], "sum "); !ok || sum != checksum([]byte(strings.Join(lines[:last], "\n")+"\n")) {
		return fail(last, `"sum" and the checksum of the lines above (the record was edited or cut)`)
	}
	if err := r.consistent(filled - hints); err != nil {
		return record{}, bad("%s line %d: %v", name, firstLine+1, err)
	}
	return r, nil
}

// consistent checks what needs no checksum: a part has a best board of
// its own when it has nodes, and only then, in a unit of its own; a
// solution is a full board; a part stops at its first solution without
// -all.
func (r record) consistent(placed int) error {
	f := r.found
	pl := plan{parts: r.parts, units: r.units, all: r.all}
	switch {
	case (f.Nodes == 0) != (f.Unit < 0):
		return errors.New("a part with nodes has a best board in a unit, and only such a part")
	case f.Unit >= 0 && pl.owner(f.Unit) != r.part:
		return fmt.Errorf("its best board is in unit %d, which is not a unit of part %d", f.Unit, r.part)
	case placed < 0 || (placed == 0) != (f.Unit < 0):
		return fmt.Errorf("its best board has %d pieces besides the hints, with %d nodes", placed, f.Nodes)
	case f.Solutions > 0 && f.Score != r.maxScore:
		return fmt.Errorf("%d solutions, but its best board scores %d of %d", f.Solutions, f.Score, r.maxScore)
	case f.Solutions > max(f.Nodes, 1) || !r.all && f.Solutions > 1:
		return fmt.Errorf("%d solutions in %d nodes (mode %s)", f.Solutions, f.Nodes, r.mode())
	}
	return nil
}

// parseHeader reads the output's first line.
func parseHeader(line string) (width, height, hints int, ok bool) {
	var pieces int
	var name string
	_, err := fmt.Sscanf(line, "board %s %dx%d pieces %d hints %d", &name, &width, &height, &pieces, &hints)
	ok = err == nil && line == fmt.Sprintf("board %s %dx%d pieces %d hints %d", name, width, height, pieces, hints) &&
		width >= 1 && height >= 1 && width <= maxSide && height <= maxSide && pieces == width*height && hints >= 0 && hints <= pieces
	return width, height, hints, ok
}

// parseBest reads "best B/MAX unit U" (U "-": -1).
func parseBest(line string, maxScore, units int) (score, unit int, ok bool) {
	var of int
	var u string
	_, err := fmt.Sscanf(line, "best %d/%d unit %s", &score, &of, &u)
	ok = err == nil && line == fmt.Sprintf("best %d/%d unit %s", score, of, u) && of == maxScore && score >= 0 && score <= maxScore
	if u == "-" {
		return score, -1, ok
	}
	unit, err = strconv.Atoi(u)
	return score, unit, ok && err == nil && unit >= 0 && unit <= units && u == strconv.Itoa(unit)
}

// boardCells counts the filled cells of the rows, each of width cells,
// each "-" or PIECE/ROT with a piece of the board, no piece twice; bad is
// the first row that is not, or -1.
func boardCells(rows []string, width, height int) (filled, bad int) {
	seen := map[int]bool{}
	for i, row := range rows {
		cells := strings.Split(row, " ")
		ok := len(cells) == width
		for _, cell := range cells {
			if cell == "-" {
				continue
			}
			piece, rot, found := strings.Cut(cell, "/")
			pi, err1 := strconv.Atoi(piece)
			ro, err2 := strconv.Atoi(rot)
			ok = ok && found && err1 == nil && err2 == nil && pi >= 0 && pi < width*height && !seen[pi] && ro >= 0 && ro < 4 && cell == fmt.Sprintf("%d/%d", pi, ro)
			seen[pi] = true
			filled++
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
		if _, height, _, ok := parseHeader(text); len(lines) == 2 && ok {
			want = recordHead + height + recordTail
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
