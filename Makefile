# The two commands a new user needs: `make bench` and `make test`.
#   make bench [ENTRY=meteor] [RUNS=5] [ARGS='-format md']  build, check and time the bench cases
#   make check [ENTRY=meteor] [LONG=1]                     every case, byte for byte
#   make test [LONG=1]                                     gofmt, go vet, go test ./... (LONG=1: also bench-easy's parts)
#   make instructions [ENTRY=meteor/2098]                  instructions under callgrind (needs valgrind)
#   make figures                                           the README's results table and chart, from a fresh bench
#   make lint                                              staticcheck (pinned) and the submission rules
#   make subgrid                                           eternity2's sub-grid table of the official board (README)
#   make build                                             bin/harness and every entry in bin/ (bin/meteor ...)
#   make update | clean

GO      ?= go
HARNESS := bin/harness
ENTRY   ?=
RUNS    ?= 5
ARGS    ?=

.PHONY: bench check test build lint update clean harness instructions figures subgrid

harness:
	@$(GO) build -o $(HARNESS) ./harness

bench: harness
	$(HARNESS) bench -runs $(RUNS) $(ARGS) $(ENTRY)

check: harness
	$(HARNESS) check $(if $(LONG),-long) $(ARGS) $(ENTRY)

test:
	@out=$$(gofmt -l .); if [ -n "$$out" ]; then echo "gofmt would change:"; echo "$$out"; exit 1; fi
	$(GO) vet ./...
	ETERNITY2_LONG=$(LONG) $(GO) test ./...

instructions: harness
	$(HARNESS) instructions $(ARGS) $(ENTRY)

# Run on a clean checkout of the commit to describe: the table's header names it.
figures: harness
	$(HARNESS) bench -runs $(RUNS) -q -format md -svg docs/bench.svg -readme README.md > /dev/null

ENTRIES := meteor pentomino acrostic eternity2

build: harness
	@for e in $(ENTRIES); do $(GO) build -o bin/$$e ./$$e || exit 1; done

# staticcheck release 2026.2.2, pinned; go run fetches it through the module proxy once.
STATICCHECK := honnef.co/go/tools/cmd/staticcheck@v0.8.2

lint: harness
	@$(GO) run $(STATICCHECK) -version >/dev/null 2>&1 || { echo "make lint: cannot fetch $(STATICCHECK) (it comes from the Go module proxy)" >&2; exit 2; }
	$(GO) run $(STATICCHECK) ./...
	$(HARNESS) lint $(ENTRY)

subgrid: build
	eternity2/testdata/subgrid.sh $(CURDIR)/bin/eternity2

update: harness
	$(HARNESS) update $(ENTRY)

clean:
	rm -rf bin build
