# Touchline: `make run` renders the examples into ./out, `make test` runs the tests.
SWIFT ?= swift
OUT ?= out
RELEASE_BIN = .build/release

.PHONY: run test build bootstrap bench bench-smoke clean

run: build
	@scripts/render-examples $(RELEASE_BIN)/touchline $(OUT)

test: bootstrap
	$(SWIFT) test

build: bootstrap
	$(SWIFT) build -c release --product touchline

bootstrap:
	@scripts/bootstrap

# Benchmarks: median, min and max of several runs (release build). Never part of `make test`.
bench: build
	$(SWIFT) build -c release --product TouchlineBench
	$(RELEASE_BIN)/TouchlineBench --touchline $(RELEASE_BIN)/touchline

bench-smoke: build
	$(SWIFT) build -c release --product TouchlineBench
	$(RELEASE_BIN)/TouchlineBench --touchline $(RELEASE_BIN)/touchline --smoke

clean:
	rm -rf .build $(OUT)
