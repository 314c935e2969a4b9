package main

// records.go: what a part found, as the text -parts prints, and -merge,
// which reads the parts' records and merges them into the run's output.

import (
	"bufio"
	"cmp"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"
)

// record is what a part found, as -parts prints it and -merge reads it
// (see the header for the text). It shows its best board as rows, since
// -merge has no board to place the placements on.
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

func (r record) mode() string {
	if r.all {
		return "all"
	}
	return "first"
}

// headLines is how many lines a record has before its board's.
const headLines = 9

// write prints the record, its checksum last: FNV-64a of the lines
// before it.
func (r record) write(w io.Writer) error {
	unit := "-"
	if r.found.Unit >= 0 {
		unit = strconv.Itoa(r.found.Unit)
	}
	text := fmt.Sprintf("eternity2 part %d of %d\n%s\ncheck %s\nmode %s\nunits %d\nnodes %d\nsolutions %d\nbest %d/%d unit %s\nurl %s\n%s\n",
		r.part, r.parts, r.header, r.check, r.mode(), r.units, r.found.Nodes, r.found.Solutions, r.found.Score, r.maxScore, unit,
		cmp.Or(r.url, "-"), strings.Join(r.rows, "\n"))
	_, err := io.WriteString(w, text+"sum "+checksum(text)+"\n")
	return err
}

// parseRecord reads one record; name and firstLine place it in messages.
// The checksum is its guard: records are the program's, not a person's,
// and an edited or damaged one is refused by it. Its part and K are
// checked too, since the merge is indexed by them.
func parseRecord(name string, firstLine int, data []byte) (record, error) {
	var r record
	var mode, unit, link string
	var height int
	lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	n, _ := fmt.Sscanf(string(data), "eternity2 part %d of %d\nboard %s %dx%d pieces %d hints %d\ncheck %s\nmode %s\nunits %d\nnodes %d\nsolutions %d\nbest %d/%d unit %s\nurl %s\n",
		&r.part, &r.parts, new(string), new(int), &height, new(int), new(int), &r.check, &mode, &r.units, &r.found.Nodes, &r.found.Solutions,
		&r.found.Score, &r.maxScore, &unit, &link)
	if n < 2 || r.parts < 1 || r.parts > maxParts || r.part < 0 || r.part >= r.parts {
		return r, bad("%s line %d: expected \"eternity2 part I of K\" (0 <= I < K <= %d), got %s", name, firstLine+1, maxParts, quote(lines[0]))
	}
	last := headLines + height
	if n < 16 || height < 1 || height > maxSide || len(lines) != last+1 || lines[last] != "sum "+checksum(strings.Join(lines[:last], "\n")+"\n") {
		return r, bad("%s line %d: expected \"sum\" and the lines' checksum (the record was edited or cut)", name, firstLine+min(len(lines)+1, last+1))
	}
	r.header, r.all, r.url, r.rows = lines[1], mode == "all", strings.TrimPrefix(link, "-"), lines[headLines:last]
	r.found.Unit, _ = strconv.Atoi(strings.Replace(unit, "-", "-1", 1)) // "-": no unit
	return r, nil
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
		m.total = record{header: r.header, maxScore: r.maxScore, rows: r.rows, url: r.url, found: nothingFound()}
		m.total.found.Score = r.found.Score
	}
	first := m.first
	switch {
	case r.header != first.header || r.check != first.check:
		return bad("-merge: part %d is of another board than part %d (check %s, not %s)", r.part, first.part, r.check, first.check)
	case r.all != first.all:
		return bad("-merge: part %d is of mode %s, part %d of mode %s", r.part, r.mode(), first.part, first.mode())
	case r.parts != first.parts || r.units != first.units:
		return bad("-merge: part %d is one of %d parts, %d units; part %d of %d, %d", r.part, r.parts, r.units, first.part, first.parts, first.units)
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

// readRecords reads the records of one input as they come, a line at a
// time (any number of records, no line longer than maxRecordLine), handing
// each to the merging once its last line is in (its board line says which
// that is); it stops as soon as the answer is known.
func (m *merging) readRecords(name string, in io.Reader) error {
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 64<<10), maxRecordLine)
	var lines []string
	line, height := 0, 0
	flush := func() error {
		r, err := parseRecord(name, line-len(lines), []byte(strings.Join(lines, "\n")+"\n"))
		lines, height = lines[:0], 0
		if err == nil {
			err = m.add(r)
		}
		return err
	}
	for !m.decided && sc.Scan() {
		line++
		if lines = append(lines, sc.Text()); len(lines) == 1 && !strings.HasPrefix(lines[0], "eternity2 part ") {
			return bad("%s line %d: expected a record starting \"eternity2 part I of K\", got %s", name, line, quote(lines[0]))
		}
		if len(lines) == 2 {
			fmt.Sscanf(lines[1], "board %s %dx%d ", new(string), new(int), &height)
		}
		if len(lines) == headLines+min(max(height, 1), maxSide)+1 {
			if err := flush(); err != nil {
				return err
			}
		}
	}
	switch err := sc.Err(); {
	case errors.Is(err, bufio.ErrTooLong):
		return bad("%s line %d: longer than %d bytes", name, line+1, maxRecordLine)
	case err != nil:
		return bad("%s: %v", name, unwrapPath(err))
	case len(lines) > 0 && !m.decided:
		return flush()
	}
	return nil
}

// maxRecordLine is the longest record line read: a 64x64 board's viewer
// link is about 29 KB.
const maxRecordLine = 1 << 20

// mergeRecords is -merge: it merges the records in the files (or on
// stdin), reading each as it comes and stopping once the answer is known,
// and prints the run's output. An empty file is a part still running: it
// is missing.
func mergeRecords(o options, stdin io.Reader, stdout, stderr io.Writer, start time.Time) error {
	var m merging
	if len(o.args) == 0 {
		if err := m.readRecords("stdin", stdin); err != nil {
			return err
		}
	}
	for _, name := range o.args {
		if m.decided {
			break
		}
		f, err := openFile(name)
		if err != nil {
			return err
		}
		err = m.readRecords(shown(name), f)
		f.Close()
		if err != nil {
			return err
		}
	}
	switch t := m.total; {
	case m.first == nil:
		return bad("-merge: no records")
	case !m.decided:
		return bad("-merge: part %d of %d is missing", m.next, m.first.parts)
	default:
		return finish(o, output(t.header, t.found, t.maxScore, t.rows, t.all), t.found.Nodes, t.url, stdout, stderr, start)
	}
}
