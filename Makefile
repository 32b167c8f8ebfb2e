# CardViewer — every entry installs what is missing first (Debian packages via apt, only when absent).
#   make run    build and open the viewer on the bundled default deck
#   make test   check the package graph (scripts/check-package-graph.sh), build, regenerate README's
#               generated blocks (scripts/update-readme-tables.sh), then run every test: pure,
#               headless GL (EGL), then the window tests under Xvfb on their own
#   make bench  the 10k-card scrolling benchmark (release build)
#   make doc-pictures  regenerate every picture of README and docs/ (docs/pictures.txt; the
#               debug build; DocPicturesTests checks them)
#   make fuzz   libFuzzer + ASan on every parser of untrusted bytes, FUZZ_SECONDS (60) per target
#   make install / make uninstall   the program built with the Swift runtime linked in, its
#               resources, .desktop file, icons, metainfo, man page and completions under
#               DESTDIR/PREFIX (PREFIX default /usr/local); uninstall removes exactly those files
#   make deb    the same tree as a Debian package in .build-deb/ (Depends by dpkg-shlibdeps), lintian-checked

SHELL := /bin/bash
# Swift lives in /opt/swift on the project's machines; use it when it is not on PATH already.
export PATH := $(PATH):/opt/swift/usr/bin
SWIFT ?= swift
XVFB := xvfb-run -a -s "-screen 0 1920x1080x24"

FUZZ_SECONDS ?= 60

PREFIX ?= /usr/local
DESTDIR ?=
# The installed program: a release build with the Swift runtime linked in, in its own scratch
# folder so that it does not invalidate .build.
STATIC_BUILD := $(SWIFT) build -c release --product cardviewer --static-swift-stdlib --scratch-path .build-static
STATIC_BIN = "$$($(STATIC_BUILD) --show-bin-path)/cardviewer"

.PHONY: deps build release release-static test run bench fuzz clean doc-pictures install uninstall deb

deps:
	@./scripts/install-deps.sh

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release --product cardviewer

test: deps
	SWIFT="$(SWIFT)" ./scripts/check-package-graph.sh
	$(SWIFT) build --build-tests
	# README's layout table is the registry's: a new layout's row lands there with no hand edit.
	SWIFT="$(SWIFT)" ./scripts/update-readme-tables.sh
	# The real-window tests (suite ViewerWindowTests) time what a person sees, so they run on
	# their own, after the rest: run beside the CPU-heavy suites they would see a loaded machine.
	$(XVFB) $(SWIFT) test --skip-build --skip ViewerWindowTests
	$(XVFB) $(SWIFT) test --skip-build --filter ViewerWindowTests
	# make install into a temporary DESTDIR, make uninstall, make deb: each file checked by its
	# validator, the installed program run without Swift and without the source tree.
	SWIFT="$(SWIFT)" ./scripts/test-install.sh

run: release
	"$$($(SWIFT) build -c release --show-bin-path)/cardviewer" run $(ARGS)

bench: release
	"$$($(SWIFT) build -c release --show-bin-path)/cardviewer" bench $(ARGS)

doc-pictures: build
	./scripts/make-doc-pictures.sh "$$($(SWIFT) build --show-bin-path)/cardviewer"

fuzz: deps
	./scripts/fuzz.sh $(FUZZ_SECONDS)

release-static: deps
	$(STATIC_BUILD)

install: release-static
	PREFIX="$(PREFIX)" DESTDIR="$(DESTDIR)" ./packaging/install.sh $(STATIC_BIN)

uninstall:
	PREFIX="$(PREFIX)" DESTDIR="$(DESTDIR)" ./packaging/uninstall.sh

deb: release-static
	deb="$$(./packaging/make-deb.sh $(STATIC_BIN) .build-deb | tail -n 1)" && echo "$$deb" && \
	  lintian --fail-on error "$$deb"

clean:
	$(SWIFT) package clean
