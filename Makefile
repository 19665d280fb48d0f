# roadtrip: `make run` opens the planner on the sample trips, `make test` runs every test.
# Both install what is missing first.

SWIFT ?= swift
DEMO_DATA ?= $(CURDIR)/.build/demo/trips.json
BIN_DIR = $(shell $(SWIFT) build --show-bin-path)

# `make install` puts these under PREFIX; `make uninstall` removes exactly them.
PREFIX ?= $(HOME)/.local
CONFIG ?= release
DATA_FILES = sample-trips.json ATTRIBUTION destinations.tsv destinations.pack landmasses.bin fixed-links.tsv $(notdir $(wildcard Data/gazetteer-* Data/outlines-*))
COMPLETIONS = share/bash-completion/completions/roadtrip share/zsh/site-functions/_roadtrip \
	share/fish/vendor_completions.d/roadtrip.fish
INSTALLED = bin/roadtrip share/man/man1/roadtrip.1 $(COMPLETIONS) $(addprefix share/roadtrip/,$(DATA_FILES))

.PHONY: run test test-unit lint format build release man deps-run deps-test deps-release install uninstall clean

run: deps-run build
	@mkdir -p $(dir $(DEMO_DATA))
	"$(BIN_DIR)/roadtrip" --data "$(DEMO_DATA)"

test: deps-test
	$(SWIFT) build
	$(SWIFT) build --build-tests
	python3 Scripts/data/check_destinations.py
	ROADTRIP_BIN="$(BIN_DIR)/roadtrip" Scripts/tests/test.sh
	Scripts/tests/reliability.sh
	Scripts/tests/install_check.sh

# The unit tests alone: no terminal, no server, no binary run.
test-unit: deps-run
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build --filter '^UnitTests\.'

build:
	$(SWIFT) build

# swift-format (in the toolchain) with the committed .swift-format; generated protobuf code is left as generated.
SWIFT_SOURCES = find Sources Tests Package.swift -name '*.swift' ! -name '*.pb.swift' -print0
lint:
	$(SWIFT_SOURCES) | xargs -0 $(SWIFT) format lint --strict --configuration .swift-format
	python3 Scripts/checks/check_imports.py
	python3 Scripts/checks/check_surface.py
	python3 Scripts/checks/check_docs.py

format:
	$(SWIFT_SOURCES) | xargs -0 $(SWIFT) format --in-place --configuration .swift-format

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
	@Scripts/install_deps.sh run

deps-test:
	@Scripts/install_deps.sh test

deps-release:
	@Scripts/install_deps.sh release

# The binary (CONFIG=release, the default, or debug), its data under share/roadtrip, where the
# binary finds it, the manual page and bash, zsh and fish completions, all under PREFIX.
install: $(if $(filter release,$(CONFIG)),release,build) man
	install -d "$(PREFIX)/bin" "$(PREFIX)/share/roadtrip" "$(PREFIX)/share/man/man1" \
		$(foreach f,$(COMPLETIONS),"$(PREFIX)/$(dir $(f))")
	install -m 755 "$$($(SWIFT) build -c $(CONFIG) --show-bin-path)/roadtrip" "$(PREFIX)/bin/roadtrip"
	install -m 644 $(addprefix Data/,$(DATA_FILES)) "$(PREFIX)/share/roadtrip/"
	install -m 644 roadtrip.1 "$(PREFIX)/share/man/man1/roadtrip.1"
	"$(PREFIX)/bin/roadtrip" --generate-completion-script bash > "$(PREFIX)/share/bash-completion/completions/roadtrip"
	"$(PREFIX)/bin/roadtrip" --generate-completion-script zsh > "$(PREFIX)/share/zsh/site-functions/_roadtrip"
	"$(PREFIX)/bin/roadtrip" --generate-completion-script fish > "$(PREFIX)/share/fish/vendor_completions.d/roadtrip.fish"
	@echo "Installed roadtrip under $(PREFIX) (make uninstall PREFIX=$(PREFIX) removes it)."

uninstall:
	rm -f $(addprefix "$(PREFIX)/,$(addsuffix ",$(INSTALLED)))
	-rmdir "$(PREFIX)/share/roadtrip" 2>/dev/null

clean:
	rm -rf .build
