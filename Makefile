# quill - patch series in git.  See README.md.
#
#   make              build ./quill (and the git-quill link)
#   make check        run every test through prove
#   make demo         the embedded demo, in a scratch repository
#   make bench        measurements side by side with git
#   make install PREFIX=/usr/local
#
# Knobs: WERROR=1 (warnings are errors), SANITIZE=1 (ASan+UBSan), V=1.

PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
SHAREDIR ?= $(PREFIX)/share/quill
MANDIR ?= $(PREFIX)/share/man

CC ?= cc
VERSION := $(shell cat VERSION)
PKGS := glib-2.0 libgit2 libcurl gmime-3.0 jansson libelf zlib

# build/config.mk holds the pkg-config flags; making it first makes sure the
# libraries are there (scripts/deps.sh installs them as root).
ifeq ($(filter clean distclean deps,$(MAKECMDGOALS)),)
-include build/config.mk
endif

OPT ?= -O2
CFLAGS ?= $(OPT) -g
QCFLAGS := -std=gnu11 -Wall -Wextra -Wno-unused-parameter -Wno-missing-field-initializers -Wshadow -Wstrict-prototypes \
	-D_GNU_SOURCE -DQUILL_VERSION='"$(VERSION)"' -DQUILL_SHAREDIR='"$(SHAREDIR)"' \
	-Ilib -Ibuild $(PKG_CFLAGS)
ifeq ($(WERROR),1)
QCFLAGS += -Werror
endif
ifeq ($(SANITIZE),1)
QCFLAGS += -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined
LDFLAGS += -fsanitize=address,undefined
endif
LIBS := -Wl,--as-needed $(PKG_LIBS) -lnotmuch

ifneq ($(V),1)
Q := @
endif

# Objects are rebuilt when the flags change (SANITIZE=1 after a plain build).
FLAGS_STAMP := build/flags-$(shell printf '%s' '$(QCFLAGS) $(CFLAGS) $(LDFLAGS)' | cksum | cut -d' ' -f1)

LIB_SRC := $(sort $(wildcard lib/*.c))
CMD_SRC := $(sort $(wildcard cmd/*.c))
LIB_OBJ := $(LIB_SRC:%.c=build/%.o) build/embedded.o
CMD_OBJ := $(CMD_SRC:%.c=build/%.o)
UNIT_SRC := $(sort $(wildcard tests/unit/test-*.c))
UNIT_BIN := $(UNIT_SRC:tests/unit/%.c=build/tests/%)
EMBED := $(sort $(wildcard templates/*.txt)) trailers.conf

.PHONY: all check demo bench install install-files clean deps unit fuzz
all: quill git-quill

build/config.mk: scripts/deps.sh
	$(Q)mkdir -p build
	$(Q)scripts/deps.sh build
	$(Q){ echo "PKG_CFLAGS := $$(pkg-config --cflags $(PKGS))"; \
	      echo "PKG_LIBS := $$(pkg-config --libs $(PKGS))"; } > $@.tmp && mv $@.tmp $@

deps:
	scripts/deps.sh build
	scripts/deps.sh test

$(FLAGS_STAMP):
	@mkdir -p build && rm -f build/flags-* && touch $@

build/%.o: %.c build/config.mk $(FLAGS_STAMP)
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  CC      $<")
	$(Q)$(CC) $(QCFLAGS) $(CFLAGS) -MMD -MP -c -o $@ $<

build/tools/embed: tools/embed.c
	@mkdir -p $(dir $@)
	$(Q)$(CC) -O1 -o $@ $<

build/embedded.c: build/tools/embed $(EMBED)
	$(Q)build/tools/embed $@ $(EMBED)

build/embedded.o: build/embedded.c build/config.mk $(FLAGS_STAMP)
	$(Q)$(CC) $(QCFLAGS) $(CFLAGS) -c -o $@ $<

build/libquill.a: $(LIB_OBJ)
	$(Q)rm -f $@ && ar rcs $@ $^

quill: $(CMD_OBJ) build/libquill.a $(FLAGS_STAMP)
	@$(if $(Q),echo "  LINK    $@")
	$(Q)$(CC) $(LDFLAGS) -o $@ $(CMD_OBJ) build/libquill.a $(LIBS)

git-quill: quill
	$(Q)ln -sf quill $@

build/tests/%: tests/unit/%.c tests/unit/unit.h build/libquill.a $(FLAGS_STAMP)
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  CC      $<")
	$(Q)$(CC) $(QCFLAGS) $(CFLAGS) -Itests/unit $(LDFLAGS) -o $@ $< build/libquill.a $(LIBS)

unit: $(UNIT_BIN)

check: all unit
	@scripts/deps.sh test
	QUILL_BUILD_DIR=$(CURDIR) prove --exec '' $(PROVE_FLAGS) $(UNIT_BIN) tests/t[0-9]*.sh

demo: all
	@scripts/deps.sh test
	QUILL_BUILD_DIR=$(CURDIR) ./scripts/demo.sh

bench: all
	@scripts/deps.sh test
	@scripts/deps.sh bench
	QUILL_BUILD_DIR=$(CURDIR) ./bench/run.sh

install: all install-files

# the files only, as they are built (tests install this way, so that an
# install never rebuilds with other flags)
install-files:
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(SHAREDIR)/templates $(DESTDIR)$(MANDIR)/man1
	install -m 755 quill $(DESTDIR)$(BINDIR)/quill
	ln -sf quill $(DESTDIR)$(BINDIR)/git-quill
	install -m 644 templates/*.txt $(DESTDIR)$(SHAREDIR)/templates/
	install -m 644 trailers.conf $(DESTDIR)$(SHAREDIR)/trailers.conf
	install -m 644 man/*.1 $(DESTDIR)$(MANDIR)/man1/

clean:
	rm -rf build quill git-quill

-include $(LIB_OBJ:.o=.d) $(CMD_OBJ:.o=.d)
