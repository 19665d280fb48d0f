# roadtrip: `make run` opens the planner on the sample trips, `make test` runs every test.
# Both install what is missing first.

SWIFT ?= swift
DEMO_DATA ?= $(CURDIR)/.build/demo/trips.json
BIN_DIR = $(shell $(SWIFT) build --show-bin-path)

.PHONY: run test build release man deps-run deps-test deps-release install clean

run: deps-run build
	@mkdir -p $(dir $(DEMO_DATA))
	"$(BIN_DIR)/roadtrip" --data "$(DEMO_DATA)"

test: deps-test
	$(SWIFT) build
	$(SWIFT) build --build-tests
	ROADTRIP_BIN="$(BIN_DIR)/roadtrip" Scripts/test.sh
	Scripts/reliability.sh

build:
	$(SWIFT) build

# The binary to install and to benchmark: optimised, with the Swift runtime and Foundation linked in
# statically, which halves start-up (no symbol lookups across some fifty shared libraries).
release: deps-release
	$(SWIFT) build -c release --static-swift-stdlib --product roadtrip

# roadtrip.1, generated from the command definitions by swift-argument-parser's plugin
# (offline; a debug build, since the plugin's default is a release build). Read it with `man ./roadtrip.1`.
man: deps-run
	$(SWIFT) package plugin generate-manual --configuration debug
	cp .build/plugins/GenerateManual/outputs/roadtrip/roadtrip.1 roadtrip.1

deps-run:
	@Scripts/install-deps.sh run

deps-test:
	@Scripts/install-deps.sh test

deps-release:
	@Scripts/install-deps.sh release

install: release
	install -d "$(HOME)/.local/bin"
	install "$$($(SWIFT) build -c release --show-bin-path)/roadtrip" "$(HOME)/.local/bin/roadtrip"

clean:
	rm -rf .build
