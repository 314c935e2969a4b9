package main

// against.go is bench -against REV: each selected entry built at another
// commit (checked out in a temporary git worktree, removed afterwards) and
// run in alternating pairs with ours, like -vs. Both run in this tree's
// entry folder, on this tree's cases and expected files, so the two
// programs do the same work and are judged alike.

import (
	"fmt"
	"os/exec"
	"path/filepath"
	"strings"
)

// revision is a commit checked out beside the tree, with its own builder.
type revision struct {
	Rev     string // as the user gave it
	Commit  string // its short hash
	builder *Builder
	remove  func() // the worktree and its folder, once: at Close or when the harness is stopped
}

// checkoutRevision checks rev out in a temporary worktree of the
// repository at root; the worktree goes when it is closed or the harness
// is stopped.
func checkoutRevision(root, rev string, runner *Runner) (*revision, error) {
	out, err := exec.Command("git", "-C", root, "rev-parse", "--verify", "--short", rev+"^{commit}").Output()
	if err != nil {
		return nil, fmt.Errorf("-against %s: not a commit of the repository at %s (git rev-parse failed)", rev, root)
	}
	dir, removeDir, err := runner.tempDir("harness-against-")
	if err != nil {
		return nil, err
	}
	tree := filepath.Join(dir, "tree")
	r := &revision{Rev: rev, Commit: strings.TrimSpace(string(out))}
	r.remove = runner.atStop(func() {
		exec.Command("git", "-C", root, "worktree", "remove", "--force", "--force", tree).Run() // twice: a worktree add stopped midway leaves it locked
		removeDir()
		exec.Command("git", "-C", root, "worktree", "prune").Run()
	})
	if msg, err := runner.output("git", "-C", root, "worktree", "add", "--detach", tree, r.Commit); err != nil {
		r.Close()
		return nil, fmt.Errorf("-against %s: git worktree add failed: %s", rev, strings.TrimSpace(string(msg)))
	}
	if r.builder, err = NewBuilder(tree, runner); err != nil {
		r.Close()
		return nil, err
	}
	return r, nil
}

// Close removes the worktree and the binaries built from it.
func (r *revision) Close() {
	if r.builder != nil {
		r.builder.Close()
	}
	r.remove()
}

// name is how reports call it: "HEAD~1 (3f2a9c1)".
func (r *revision) name() string {
	if r.Rev == r.Commit {
		return r.Commit
	}
	return fmt.Sprintf("%s (%s)", r.Rev, r.Commit)
}

// against runs case c built at the revision in pairs with ours.
func (s *Session) against(c Case, ours RunSpec, opt BenchOptions, tag string) *VsResult {
	r := opt.Against
	s.Log.Update("%s: building it at %s", tag, r.name())
	bin, err := r.builder.Binary(c)
	if err != nil {
		v := &VsResult{Command: r.name(), Status: StatusError, Elapsed: missing, CPU: missing, Faults: missing, TheirInstructions: none,
			Problem: fmt.Sprintf("cannot build it at %s: %v", r.name(), err)}
		s.Log.Failure("%s against %s: %s", c.ID(), r.name(), firstLine(v.Problem))
		return v
	}
	theirs := ours
	theirs.Bin = bin
	return s.pairs(c, ours, theirs, r.name(), opt, tag)
}
