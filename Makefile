# Touchline: `make run` renders the examples into ./out, `make test` runs the tests.
SWIFT ?= swift
PYTHON ?= python3
OUT ?= out
RELEASE_BIN = .build/release
PEERS = bench/peers
PEERS_PYTHON = $(PEERS)/.venv/bin/python

.PHONY: run test build bootstrap bench bench-build bench-smoke bench-http bench-peers fuzz api-check clean

run: build
	@scripts/render-examples $(RELEASE_BIN)/touchline $(OUT)

test: bootstrap
	$(SWIFT) test

build: bootstrap
	$(SWIFT) build -c release --product touchline

bootstrap:
	@scripts/bootstrap

# Benchmarks (bench/README.md), in the same release build folder as `make build`. Never part
# of `make test`.
bench-build: build
	$(SWIFT) build -c release --product TouchlineBench

# Every scene, median, min and max of several runs; the scenes that have a Python peer take
# turns with it when `make bench-peers` has installed them.
bench: bench-build
	@if [ -x $(PEERS_PYTHON) ]; then \
		$(RELEASE_BIN)/TouchlineBench --touchline $(RELEASE_BIN)/touchline --peers $(PEERS_PYTHON); \
	else \
		echo "peers not installed: run make bench-peers"; \
		$(RELEASE_BIN)/TouchlineBench --touchline $(RELEASE_BIN)/touchline && \
		echo "peers not installed: run make bench-peers"; \
	fi

# Every scene once at small sizes, without peers: checks that the benchmarks build and run.
bench-smoke: bench-build
	$(RELEASE_BIN)/TouchlineBench --touchline $(RELEASE_BIN)/touchline --smoke

# touchline serve under wrk (bench/README.md, "The HTTP server"); needs Debian's wrk.
bench-http: bench-build
	bench/http $(RELEASE_BIN)

# The Python peers (mplsoccer, staticmap, py-staticmaps, gpxpy) in bench/peers/.venv.
bench-peers:
	$(PYTHON) -m venv $(PEERS)/.venv
	$(PEERS_PYTHON) -m pip install --quiet --disable-pip-version-check -r $(PEERS)/requirements.txt

# The running server against docs/openapi.json with schemathesis (a bounded, seeded run):
# no server error and no response outside its schema, for every operation.
api-check: build
	scripts/api-check $(RELEASE_BIN)/touchline

# Every reader under libFuzzer and AddressSanitizer for FUZZ_SECONDS each (fuzz/README.md).
FUZZ_SECONDS ?= 60
fuzz: bootstrap
	fuzz/run $(FUZZ_SECONDS)

clean:
	rm -rf .build .build-fuzz $(OUT)
