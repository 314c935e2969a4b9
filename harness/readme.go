package main

// readme.go puts a bench's Markdown table and chart into the README, between
// two marker lines, so that the figures there come from one command on one
// commit (bench -readme README.md -svg docs/bench.svg).

import (
	"bytes"
	"fmt"
	"os/exec"
	"path/filepath"
	"strings"
)

const (
	readmeStart = "<!-- bench results: start -->"
	readmeEnd   = "<!-- bench results: end -->"
)

// readmeWithFigures returns the file's text with the part between the
// markers replaced by figures; with nil figures it only checks that the
// markers are there, once each and in order.
func readmeWithFigures(path string, figures []byte) ([]byte, error) {
	text, err := readFile(path)
	if err != nil {
		return nil, err
	}
	start, end := []byte(readmeStart+"\n"), []byte("\n"+readmeEnd)
	i, j := bytes.Index(text, start), bytes.Index(text, end)
	if i < 0 || j < i || bytes.Count(text, start) != 1 || bytes.Count(text, end) != 1 {
		return nil, fmt.Errorf("%s: expected one line %q and, after it, one line %q around the figures", path, readmeStart, readmeEnd)
	}
	if figures == nil {
		return text, nil
	}
	var out bytes.Buffer
	out.Write(text[:i+len(start)])
	out.Write(bytes.TrimRight(figures, "\n"))
	out.Write(text[j:])
	return out.Bytes(), nil
}

// spliceReadme writes the report's Markdown table (and a link to the chart,
// relative to the README) between the markers.
func spliceReadme(path string, rep Report, svg string) error {
	var figures bytes.Buffer
	if svg != "" {
		rel, err := filepath.Rel(filepath.Dir(path), svg)
		if err != nil {
			rel = svg
		}
		fmt.Fprintf(&figures, "![make bench: elapsed seconds per case](%s)\n\n", filepath.ToSlash(rel))
	}
	if err := WriteMarkdown(&figures, rep); err != nil {
		return err
	}
	text, err := readmeWithFigures(path, figures.Bytes())
	if err != nil {
		return err
	}
	return replaceFile(path, text)
}

// checkCleanTree refuses figures for a tree whose tracked files differ from
// its commit, since the table names that commit; the files the run writes
// itself (the README, the chart) may differ.
func checkCleanTree(root string, written ...string) error {
	out, err := exec.Command("git", "-C", root, "status", "--porcelain", "--untracked-files=no").Output()
	if err != nil {
		return fmt.Errorf("-readme: cannot tell whether %s is a clean git checkout (git status: %v): the table must name a commit", root, err)
	}
	skip := map[string]bool{}
	for _, w := range written {
		if abs, err := filepath.Abs(w); err == nil {
			if rel, err := filepath.Rel(root, abs); err == nil {
				skip[filepath.ToSlash(rel)] = true
			}
		}
	}
	for _, line := range strings.Split(strings.TrimRight(string(out), "\n"), "\n") {
		if len(line) > 3 && !skip[line[3:]] {
			return fmt.Errorf("-readme: %s has changes not committed (%s): commit them first, since the table names the commit it measured", root, strings.TrimSpace(line))
		}
	}
	return nil
}
