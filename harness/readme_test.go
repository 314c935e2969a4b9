package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// Figures for the README come only from a clean tree: the README and the
// chart the run writes may differ from the commit, nothing else.
func TestFiguresNeedACleanTree(t *testing.T) {
	root := againstRepo(t)
	readme, svg := filepath.Join(root, "README.md"), filepath.Join(root, "docs", "bench.svg")
	if err := checkCleanTree(root, readme, svg); err != nil {
		t.Errorf("a clean tree: %v", err)
	}
	writeFile(t, filepath.Join(root, "expected", "e", "c.out"), "nodes 6\n")
	err := checkCleanTree(root, readme, svg)
	if err == nil || !strings.Contains(err.Error(), "expected/e/c.out") || !strings.Contains(err.Error(), "commit them first") {
		t.Errorf("a changed file: %v", err)
	}
	if err := checkCleanTree(root, filepath.Join(root, "expected", "e", "c.out")); err != nil {
		t.Errorf("only the file the run writes changed: %v", err)
	}
	if err := checkCleanTree(t.TempDir(), readme); err == nil || !strings.Contains(err.Error(), "cannot tell") {
		t.Errorf("not a git checkout: %v", err)
	}
}

// The commit the README's table names is one of this repository's, an
// ancestor of HEAD (or HEAD itself).
func TestReadmeNamesACommitOfThisRepository(t *testing.T) {
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	text, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`Measured on .*, commit ([0-9a-f]{7,40})(-dirty)?,`).FindSubmatch(text)
	switch {
	case m == nil:
		t.Fatal("README.md: no \"Measured on ..., commit HASH,\" line between the bench results markers")
	case m[2] != nil:
		t.Fatalf("README.md: the figures name %s-dirty: run make figures on a clean checkout", m[1])
	}
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed: cannot check that commit", string(m[1]), "is in the history")
	}
	if out, err := exec.Command("git", "-C", root, "rev-parse", "--is-shallow-repository").Output(); err != nil || strings.TrimSpace(string(out)) != "false" {
		t.Skipf("not a full git clone (%v, %s): cannot check that commit %s is in the history", err, out, m[1])
	}
	if out, err := exec.Command("git", "-C", root, "merge-base", "--is-ancestor", string(m[1]), "HEAD").CombinedOutput(); err != nil {
		t.Errorf("README.md names commit %s, which is not an ancestor of HEAD (%v %s): run make figures on a clean checkout", m[1], err, strings.TrimSpace(string(out)))
	}
}
