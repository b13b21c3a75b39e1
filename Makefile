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

clean:
	rm -rf .build
