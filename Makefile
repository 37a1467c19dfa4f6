# make install [DESTDIR=…] [PREFIX=/usr] [SYSCONFDIR=/etc] [BIN_DIR=dir of built binaries]
# Everything is done by scripts/install.sh; this is the entry point packagers expect.
PREFIX ?= /usr
SYSCONFDIR ?= /etc
DESTDIR ?=
BIN_DIR ?=

.PHONY: install
install:
	DESTDIR="$(DESTDIR)" PREFIX="$(PREFIX)" SYSCONFDIR="$(SYSCONFDIR)" scripts/install.sh $(if $(BIN_DIR),--bin-dir "$(BIN_DIR)")
