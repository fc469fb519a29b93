# Touchline: `make run` renders the examples into ./out, `make test` runs the tests.
SWIFT ?= swift
PYTHON ?= python3
OUT ?= out
# The build configuration of `make build`, the benchmarks and api-check: release by default;
# CI checks the benchmarks and the API with the debug build `make test` already made.
CONFIG ?= release
RELEASE_BIN = .build/$(CONFIG)
PEERS = bench/peers
PEERS_PYTHON = $(PEERS)/.venv/bin/python

.PHONY: run test test-sqlite test-postgres build bootstrap bench bench-build bench-smoke bench-http bench-peers fuzz api-check clean

run: build
	@scripts/render-examples $(RELEASE_BIN)/touchline $(OUT)

# Every test on SQLite, then every suite that opens a club database again on a throwaway
# PostgreSQL server (scripts/test-postgres starts and removes it; if it cannot start, the run
# fails saying why). scripts/summarise-tests ends a failing run with the first issue of each
# failing test, where a log cut to its last lines still shows them.
#
# The command-line suites run in a test process of their own, beside the others
# (scripts/side-by-side, which prints each process's log whole): their tests wait for the built
# binary on the threads Swift concurrency shares, and on two cores a few of them at once left
# the in-process server's async tests no thread to read their replies on. Each process has its
# own threads. The test binary is run directly: two `swift test` would wait on SwiftPM's lock.
test: test-sqlite
	scripts/side-by-side \
	  "scripts/summarise-tests scripts/test-postgres env TOUCHLINE_TEST_STORE=postgres $(TESTS) --filter '$(POSTGRES_SUITES)' --skip 'TouchlineCLITests\.'" \
	  "scripts/summarise-tests scripts/test-postgres env TOUCHLINE_TEST_STORE=postgres $(TESTS) --filter '$(POSTGRES_CLI)'"

# Every Swift Testing suite of the package, as `swift test` runs them, from `swift build
# --build-tests`; without colours, which would hide the issues scripts/summarise-tests looks for.
TESTS = env NO_COLOR=1 .build/debug/TouchlinePackageTests.xctest --testing-library swift-testing

# The suites that run against PostgreSQL too (a regular expression over swift-testing's
# `Module.Suite/test` names): all of ClubTests (PostgresStoreTests among them) and
# TouchlineServerTests, and the CLI suites that open a club database. The other CLI suites
# (rendering boards, routes, tiles; help) never open one, so a second run would test nothing
# new. Of the sticker suites, swaps' runs on both (two processes racing for one card), as do
# follows' and posts' (twelve processes liking one post); battles,
# treasure and the catalogue run on SQLite only, their services' suites (ClubTests) on both. The web board in headless Chromium runs on SQLite only: what it stores, the board API
# suites cover on PostgreSQL, and its page checks depend on the browser's timing, not the store. Tests of SQLite itself (its files' modes, PRAGMAs, upgrading an older SQLite file) say
# in the PostgreSQL run why they are skipped there; those of a PostgreSQL restart and of the
# README's PostgreSQL commands say why they are skipped on SQLite.
POSTGRES_CLI_SUITES ?= SharedDatabaseServeTests|CollectionCommandTests|SwapCommandTests|PostgresRestartServeTests|ClubCommandTests|CalendarCommandTests|CardCommandTests|DatabaseCommandTests|LeagueCommandTests|LeagueMendingCommandTests|MatchEventDeleteCommandTests|LeaguePrintCommandTests|NewcomerDefaultsTests|PrivateLeagueCommandTests|RemedyWordingCommandTests|ReadmeCommandsTests|ServeCommandTests|StoredBoardCommandTests|StoredRouteCommandTests|StoredRouteEditAndExportTests|FollowCommandTests|PostCommandTests|EventCommandTests|GuideCommandTests
POSTGRES_CLI = TouchlineCLITests\.($(POSTGRES_CLI_SUITES))/
POSTGRES_SUITES ?= ClubTests\.|TouchlineServerTests\.|$(POSTGRES_CLI)

# The quick loop: every test, on SQLite only.
test-sqlite: bootstrap
	$(SWIFT) build --build-tests
	scripts/side-by-side "scripts/summarise-tests $(TESTS) --skip 'TouchlineCLITests\.'" \
	  "scripts/summarise-tests $(TESTS) --filter 'TouchlineCLITests\.'"

build: bootstrap
	$(SWIFT) build -c $(CONFIG) --product touchline

bootstrap:
	@scripts/bootstrap

# Benchmarks (bench/README.md), in the same release build folder as `make build`. Never part
# of `make test`.
bench-build: build
	$(SWIFT) build -c $(CONFIG) --product TouchlineBench

# Every scene, median, min and max of several runs; the scenes that have a Python peer take
# turns with it when `make bench-peers` has installed them. The store scenes run on SQLite and,
# on a throwaway PostgreSQL server with durable commits (scripts/test-postgres), on PostgreSQL.
BENCH_PG = TOUCHLINE_PG_DURABLE=1 scripts/test-postgres sh -c
BENCH = $(RELEASE_BIN)/TouchlineBench --touchline $(RELEASE_BIN)/touchline --postgres "$$TOUCHLINE_TEST_POSTGRES"
bench: bench-build
	@if [ -x $(PEERS_PYTHON) ]; then \
		$(BENCH_PG) '$(BENCH) --peers $(PEERS_PYTHON)'; \
	else \
		echo "peers not installed: run make bench-peers"; \
		$(BENCH_PG) '$(BENCH)' && \
		echo "peers not installed: run make bench-peers"; \
	fi

# Every scene once at small sizes, on both stores, without peers: checks that the benchmarks
# build and run.
bench-smoke: bench-build
	scripts/test-postgres sh -c '$(BENCH) --smoke'

# touchline serve under wrk (bench/README.md, "The HTTP server"); needs Debian's wrk.
bench-http: bench-build
	@scripts/bootstrap --bench
	TOUCHLINE_PG_DURABLE=1 scripts/test-postgres sh -c 'bench/http $(RELEASE_BIN) "$$TOUCHLINE_TEST_POSTGRES"'

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
