# Carousel Lab. `make run` and `make test` do all set-up on a fresh Debian 12 machine with Swift 6.
.PHONY: run test build release deb install uninstall bench soak clean
PREFIX ?= /usr/local

run: release
	.build/release/carousel-lab run $(ARGS)

test:
	scripts/test.sh

build:
	scripts/setup.sh run
	swift build

# The release build is the static one (the Swift runtime linked in): what the package and `make install` ship.
release:
	scripts/setup.sh run
	scripts/build-release.sh

# A Debian package in .build/ (see README, Install): `sudo apt install ./.build/carousel-lab_VERSION_amd64.deb`.
deb: release
	swift build --product carousel-lab
	scripts/deb.sh

# The same files without a package: binary, resources, .desktop, icons, manual, completions under DESTDIR/PREFIX.
install: release
	swift build --product carousel-lab
	PREFIX=$(PREFIX) DESTDIR=$(DESTDIR) scripts/install.sh

uninstall:
	PREFIX=$(PREFIX) DESTDIR=$(DESTDIR) scripts/install.sh --uninstall

# A 10-minute soak of the release build under Xvfb (SECONDS=... for another length): see docs/user-guide.md, Reliability.
soak:
	scripts/setup.sh test
	scripts/build-release.sh
	BIN=.build/release/carousel-lab scripts/soak.sh $(or $(SECONDS),600)

# Performance figures (docs/performance.md): release build, under Xvfb with a 24-bit screen large enough for
# --size 1920x1080. Pass options with ARGS, e.g. make bench ARGS="--json" or ARGS="--style expand --breakdown".
bench:
	scripts/setup.sh test
	scripts/build-release.sh
	xvfb-run -a -s "-screen 0 1920x1080x24" .build/release/carousel-lab bench --style all $(ARGS)

clean:
	rm -rf .build
