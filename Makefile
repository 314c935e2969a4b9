# The two commands a new user needs: `make bench` and `make test`.
#   make bench [ENTRY=meteor] [RUNS=5] [ARGS='-md']   build, check and time the bench cases
#   make check [ENTRY=meteor] [LONG=1]                 every case, byte for byte
#   make test                                          gofmt, go vet, go test ./...
#   make build | lint | update | clean

GO      ?= go
HARNESS := bin/harness
ENTRY   ?=
RUNS    ?= 5
ARGS    ?=

.PHONY: bench check test build lint update clean harness

harness:
	@$(GO) build -o $(HARNESS) ./harness

bench: harness
	$(HARNESS) bench -runs $(RUNS) $(ARGS) $(ENTRY)

check: harness
	$(HARNESS) check $(if $(LONG),-long) $(ARGS) $(ENTRY)

test:
	@out=$$(gofmt -l .); if [ -n "$$out" ]; then echo "gofmt would change:"; echo "$$out"; exit 1; fi
	$(GO) vet ./...
	$(GO) test ./...

build: harness
	$(GO) build ./...

lint: harness
	$(HARNESS) lint $(ENTRY)

update: harness
	$(HARNESS) update $(ENTRY)

clean:
	rm -rf bin build
