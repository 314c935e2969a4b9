package main

// sysinfo.go records where figures came from: Go version, target, CPU, commit.

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"strings"
	"time"
)

// Header is the context line printed above every set of figures.
type Header struct {
	GoVersion  string `json:"go_version"`
	GOOS       string `json:"goos"`
	GOARCH     string `json:"goarch"`
	GOAMD64    string `json:"goamd64,omitempty"`
	GOMAXPROCS string `json:"gomaxprocs"`
	CPUModel   string `json:"cpu_model"`
	CPUs       int    `json:"cpus"`
	Commit     string `json:"commit"`
	Date       string `json:"date"`
	Runs       int    `json:"runs"`
}

// ReadHeader asks the go tool (which builds the entries) and the system.
func ReadHeader(root string, runs int) Header {
	h := Header{GOOS: runtime.GOOS, GOARCH: runtime.GOARCH, CPUs: runtime.NumCPU(), Runs: runs,
		Date: time.Now().UTC().Format("2006-01-02")}
	if out, err := exec.Command("go", "env", "GOVERSION", "GOOS", "GOARCH", "GOAMD64").Output(); err == nil {
		f := strings.Split(strings.TrimRight(string(out), "\n"), "\n")
		if len(f) == 4 {
			h.GoVersion, h.GOOS, h.GOARCH, h.GOAMD64 = f[0], f[1], f[2], f[3]
		}
	}
	if h.GoVersion == "" {
		h.GoVersion = runtime.Version()
	}
	h.GOMAXPROCS = os.Getenv("GOMAXPROCS")
	if h.GOMAXPROCS == "" {
		h.GOMAXPROCS = fmt.Sprintf("%d (default)", runtime.NumCPU())
	}
	h.CPUModel = cpuModel()
	h.Commit = gitCommit(root)
	return h
}

func (h Header) String() string {
	s := fmt.Sprintf("%s %s/%s", h.GoVersion, h.GOOS, h.GOARCH)
	if h.GOAMD64 != "" {
		s += " GOAMD64=" + h.GOAMD64
	}
	return s + fmt.Sprintf(", GOMAXPROCS=%s, %s x %d, commit %s, %s, %d timed runs a case",
		h.GOMAXPROCS, h.CPUModel, h.CPUs, h.Commit, h.Date, h.Runs)
}

func cpuModel() string {
	f, err := os.Open("/proc/cpuinfo")
	if err != nil {
		return "unknown CPU"
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if k, v, ok := strings.Cut(sc.Text(), ":"); ok && strings.TrimSpace(k) == "model name" {
			return strings.Join(strings.Fields(v), " ")
		}
	}
	return "unknown CPU"
}

// gitCommit is the short hash, with "-dirty" when tracked files have changed.
func gitCommit(root string) string {
	out, err := exec.Command("git", "-C", root, "rev-parse", "--short", "HEAD").Output()
	if err != nil {
		return "none"
	}
	c := strings.TrimSpace(string(out))
	if st, err := exec.Command("git", "-C", root, "status", "--porcelain", "--untracked-files=no").Output(); err == nil && len(st) > 0 {
		c += "-dirty"
	}
	return c
}
