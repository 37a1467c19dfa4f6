# make run      the daemon on its embedded defaults (./.cgld/), after installing what the build needs
# make test     the test suite, likewise: the Swift tests, then the Python and Node clients' (scripts/test-clients.sh)
# make deps     only the Debian packages (scripts/deps.sh says which and why)
# make install [DESTDIR=…] [PREFIX=/usr] [SYSCONFDIR=/etc] [BIN_DIR=dir of built binaries]
# Installing is done by scripts/install.sh; this is the entry point packagers expect.
PREFIX ?= /usr
SYSCONFDIR ?= /etc
DESTDIR ?=
BIN_DIR ?=

.PHONY: deps run test install
deps:
	scripts/deps.sh

run:
	scripts/deps.sh --runtime
	swift run cgld

test: deps
	swift test
	scripts/test-clients.sh

install:
	DESTDIR="$(DESTDIR)" PREFIX="$(PREFIX)" SYSCONFDIR="$(SYSCONFDIR)" scripts/install.sh $(if $(BIN_DIR),--bin-dir "$(BIN_DIR)")
