package main

import (
	"fmt"
	"io"
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// The test binary doubles as the program under test: with HARNESS_HELPER set
// it behaves as a small entry instead of running the tests.
func TestMain(m *testing.M) {
	if os.Getenv("HARNESS_HELPER") == "leader-exits" {
		runtime.LockOSThread() // TestMain runs on the first thread: keep it there
	}
	if mode := os.Getenv("HARNESS_HELPER"); mode != "" {
		os.Exit(helper(mode, os.Args[1:]))
	}
	os.Exit(m.Run())
}

func helper(mode string, args []string) int {
	switch mode {
	case "echo": // print the arguments, one a line
		fmt.Println(strings.Join(args, "\n"))
	case "cat": // copy stdin
		io.Copy(os.Stdout, os.Stdin)
	case "sleep":
		time.Sleep(10 * time.Second)
	case "big": // a little more than the most an expected file holds
		line := []byte(strings.Repeat("y", 1023) + "\n")
		for range maxFileBytes/len(line) + 1 {
			os.Stdout.Write(line)
		}
	case "yes": // stdout without end
		line := []byte(strings.Repeat("y", 4095) + "\n")
		for {
			if _, err := os.Stdout.Write(line); err != nil {
				return 1
			}
		}
	case "spawn": // start a sleeping child holding stdout and stderr, write its pid to args[0], then wait or exit
		child := exec.Command(os.Args[0])
		child.Env = append(os.Environ(), "HARNESS_HELPER=sleep")
		child.Stdout, child.Stderr = os.Stdout, os.Stderr
		if child.Start() != nil {
			return 1
		}
		os.WriteFile(args[0], []byte(strconv.Itoa(child.Process.Pid)), 0o644)
		if len(args) > 1 && args[1] == "wait" {
			child.Wait()
		}
	case "full-disk":
		return fullDisk(args[0])
	case "fail-after-output":
		fmt.Println("partial answer")
		fmt.Fprintln(os.Stderr, "helper: something broke")
		return 3
	case "bad-input":
		fmt.Fprintln(os.Stderr, "helper: bad input on line 1")
		return 2
	case "spin": // a fixed amount of work: args[0] rounds of a loop
		n, _ := strconv.Atoi(args[0])
		x := uint64(1)
		for i := 0; i < n; i++ {
			x = x*6364136223846793005 + 1442695040888963407
		}
		fmt.Println(x % 7)
	case "timed-wait": // a wait the block profile times, with the runtime's cputicks
		runtime.SetBlockProfileRate(1)
		ch := make(chan int)
		go func() { ch <- 1 }()
		fmt.Println(<-ch)
	case "leader-exits": // the first thread ends alone; another prints and exits
		go func() {
			time.Sleep(50 * time.Millisecond)
			fmt.Println("nodes 5")
			os.Exit(0)
		}()
		syscall.Syscall(syscall.SYS_EXIT, 0, 0, 0)
	case "burn": // use CPU and memory so rusage has something to show
		buf := make([]byte, 64<<20)
		for i := range buf {
			buf[i] = byte(i)
		}
		x := 0
		for i := 0; i < 50_000_000; i++ {
			x += i ^ int(buf[i%len(buf)])
		}
		fmt.Println("nodes", x%1000+1000)
	}
	return 0
}

// helperSpec runs the test binary as a helper in the given mode.
func helperSpec(t *testing.T, mode string, args ...string) RunSpec {
	t.Helper()
	return RunSpec{Bin: os.Args[0], Args: args, Dir: t.TempDir(), Env: append(os.Environ(), "HARNESS_HELPER="+mode),
		Timeout: 5 * time.Second, CaptureStdout: true}
}

func writeFile(t *testing.T, path, content string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}
