package main

import (
	"bytes"
	"fmt"
	"os"
	"strings"
	"testing"
)

// The status line: on stderr only, the last one showing the answer's
// nodes and best score; stdout the same bytes with it and without; and a
// run whose stderr is closed still prints its answer.
func TestProgressLine(t *testing.T) {
	closed, err := os.CreateTemp(t.TempDir(), "stderr")
	if err != nil {
		t.Fatal(err)
	}
	closed.Close()
	for _, args := range [][]string{
		{"-nodes", "3000000", "testdata/bench-hard.json"},
		{"-all", "testdata/clue1-top10.json"},
		{"testdata/clue3.json"},
		{"-parts", "3", "-part", "1", "-all", "testdata/clue1-top10.json"},
	} {
		var want, out, errb, none bytes.Buffer
		run(append([]string{"-progress=false"}, args...), nil, &want, &none)
		status := run(append([]string{"-progress"}, args...), nil, &out, &errb)
		var nodes, score, best int
		for _, line := range strings.Split(want.String(), "\n") {
			fmt.Sscanf(line, "nodes %d", &nodes)
			fmt.Sscanf(line, "best %d/", &score)
		}
		lines := strings.Split(strings.TrimSuffix(errb.String(), "\n"), "\n")
		last := lines[len(lines)-1]
		var shownNodes int
		fmt.Sscanf(last, "status: nodes %d", &shownNodes)
		fmt.Sscanf(last[strings.Index(last, "best "):], "best %d/", &best)
		if status != 0 || out.String() != want.String() || none.Len() != 0 || shownNodes != nodes || best != score {
			t.Errorf("-progress %v: status %d, stdout the same %v, last status %q; want nodes %d, best %d", args, status, out.String() == want.String(), last, nodes, score)
		}
		out.Reset()
		if status := run(append([]string{"-progress"}, args...), nil, &out, closed); status != 0 || out.String() != want.String() {
			t.Errorf("-progress %v with stderr closed: status %d, stdout the same %v", args, status, out.String() == want.String())
		}
	}
}

// With -url, each status whose best board is deeper than the last shown
// brings its viewer link; the last link is the answer's.
func TestProgressURL(t *testing.T) {
	var out, errb, plain bytes.Buffer
	run([]string{"-url", "testdata/clue3.json"}, nil, &out, &plain)
	run([]string{"-progress", "-url", "testdata/clue3.json"}, nil, &out, &errb)
	var links []string
	for _, line := range strings.Split(errb.String(), "\n") {
		if strings.HasPrefix(line, "url ") {
			links = append(links, line)
		}
	}
	if len(links) == 0 || links[len(links)-1]+"\n" != plain.String() {
		t.Errorf("-progress -url: links %q; want the last to be the run's %q", links, plain.String())
	}
}
