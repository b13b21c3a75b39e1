# Carousel Lab. `make run` and `make test` do all set-up on a fresh Debian 12 machine with Swift 6.
.PHONY: run test build release bench soak clean

run:
	scripts/setup.sh run
	swift build -c release --product carousel-lab
	.build/release/carousel-lab run $(ARGS)

test:
	scripts/test.sh

build:
	scripts/setup.sh run
	swift build

release:
	scripts/setup.sh run
	swift build -c release --product carousel-lab

# A 10-minute soak of the release build under Xvfb (SECONDS=... for another length): see README, Reliability.
soak:
	scripts/setup.sh test
	swift build -c release --product carousel-lab
	BIN=.build/release/carousel-lab scripts/soak.sh $(or $(SECONDS),600)

# Performance figures (README "Performance"): release build, under Xvfb with a 24-bit screen large enough for
# --size 1920x1080. Pass options with ARGS, e.g. make bench ARGS="--json" or ARGS="--style expand --breakdown".
bench:
	scripts/setup.sh test
	swift build -c release --product carousel-lab
	xvfb-run -a -s "-screen 0 1920x1080x24" .build/release/carousel-lab bench --style all $(ARGS)

clean:
	rm -rf .build
