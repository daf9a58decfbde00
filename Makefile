# quill - patch series in git.  See README.md.
#
#   make              build ./quill (the front), build/quill (the full binary)
#                     and the git-quill link
#   make check        run every test through prove
#   make demo         the embedded demo, in a scratch repository
#   make bench        measurements side by side with git
#   make fuzz         the libFuzzer targets, FUZZ_SECONDS (30) each, FUZZ_JOBS (2) at a time
#   make soak         kill -9 soaks, SOAK_RUNS (100) runs per command, and the
#                     malformed-input suite with all its 1,000 inputs
#   make install PREFIX=/usr/local
#
# Knobs: WERROR=1 (warnings are errors), SANITIZE=1 (ASan+UBSan), V=1,
# FRONT_STATIC=0 (the front links GLib and GMime shared), FULL_STATIC=0 (the
# full binary links libgit2 and its libraries shared).

PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
LIBEXECDIR ?= $(PREFIX)/libexec/quill
DATADIR ?= $(PREFIX)/share
SHAREDIR ?= $(DATADIR)/quill
MANDIR ?= $(DATADIR)/man
# shell completion (contrib/completion): where bash-completion and zsh look
BASHCOMPDIR ?= $(DATADIR)/bash-completion/completions
ZSHCOMPDIR ?= $(DATADIR)/zsh/site-functions

CC ?= cc
VERSION := $(shell cat VERSION)
PKGS := glib-2.0 gmodule-2.0 libgit2 libcurl gmime-3.0 jansson libelf zlib
# linked: all but libcurl and notmuch, which lib/net/lazy.c maps on first
# use (GModule), by the SONAMEs scripts/sonames.sh reads
LINK_PKGS := glib-2.0 gmodule-2.0 libgit2 gmime-3.0 jansson libelf zlib
# the front ./quill links GLib, GMime, jansson and zlib only (cmd/front.c),
# GLib and GMime statically when their archives are there (FRONT_STATIC=0:
# shared; scripts/front-libs.sh)
FRONT_STATIC ?= 1
# the full binary build/quill links libgit2, mbedTLS, http-parser, libssh2
# and libcrypto statically when their archives are there (FULL_STATIC=0:
# shared; scripts/full-libs.sh)
FULL_STATIC ?= 1
# where the front finds the full binary, relative to its own directory
LIBEXEC_REL := $(or $(shell realpath -m --relative-to='$(BINDIR)' '$(LIBEXECDIR)' 2>/dev/null),../libexec/quill)

# build/config.mk holds the pkg-config flags; making it first makes sure the
# libraries are there (scripts/deps.sh installs them as root).
ifeq ($(filter clean distclean deps,$(MAKECMDGOALS)),)
-include build/config.mk
endif

OPT ?= -O2
CFLAGS ?= $(OPT) -g
QCFLAGS := -std=gnu11 -Wall -Wextra -Wno-unused-parameter -Wno-missing-field-initializers -Wshadow -Wstrict-prototypes \
	-D_GNU_SOURCE -DQUILL_VERSION='"$(VERSION)"' -DQUILL_SHAREDIR='"$(SHAREDIR)"' \
	-DQUILL_LIBEXECDIR='"$(LIBEXECDIR)"' -DQUILL_LIBEXEC_REL='"$(LIBEXEC_REL)"' \
	$(SONAME_CFLAGS) -Ilib -Ibuild $(PKG_CFLAGS)
ifeq ($(WERROR),1)
QCFLAGS += -Werror
endif
ifeq ($(SANITIZE),1)
QCFLAGS += -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined
LDFLAGS += -fsanitize=address,undefined
endif
ifeq ($(FULL_STATIC),0)
FULL_PKG_LIBS := $(PKG_LIBS)
endif
LIBS := -Wl,--as-needed $(FULL_PKG_LIBS) -lm
ifeq ($(FRONT_STATIC),0)
FRONT_PKG_LIBS := $(shell pkg-config --libs glib-2.0 gmime-3.0 jansson zlib)
endif
FRONT_LIBS := -Wl,--as-needed $(FRONT_PKG_LIBS) -lm

ifneq ($(V),1)
Q := @
endif

# Objects are rebuilt when the flags change (SANITIZE=1 after a plain build).
FLAGS_STAMP := build/flags-$(shell printf '%s' '$(QCFLAGS) $(CFLAGS) $(LDFLAGS) $(FRONT_STATIC) $(FULL_STATIC)' | cksum | cut -d' ' -f1)

LIB_SRC := $(sort $(wildcard lib/*/*.c))
CMD_SRC := $(sort $(wildcard cmd/*.c))
LIB_OBJ := $(LIB_SRC:%.c=build/%.o) build/embedded.o
CMD_OBJ := $(CMD_SRC:%.c=build/%.o)
FULL_OBJ := $(filter-out build/cmd/front.o,$(CMD_OBJ))
# the front: the shared dispatch and the commands it runs itself (cmd/front.c)
FRONT_OBJ := build/cmd/main.o build/cmd/front.o build/cmd/exe.o build/cmd/opt.o \
	build/cmd/output.o build/cmd/mail-info.o build/cmd/mail-split.o
UNIT_SRC := $(sort $(wildcard tests/unit/test-*.c))
UNIT_BIN := $(UNIT_SRC:tests/unit/%.c=build/tests/%)
EMBED := $(sort $(wildcard templates/*.txt)) trailers.conf review-phrases.conf

.PHONY: all check demo bench install install-files clean deps unit fuzz soak
all: quill build/quill git-quill

build/config.mk: scripts/deps.sh scripts/front-libs.sh scripts/full-libs.sh scripts/sonames.sh Makefile
	$(Q)mkdir -p build
	$(Q)scripts/deps.sh build
	$(Q){ echo "PKG_CFLAGS := $$(pkg-config --cflags $(PKGS))"; \
	      echo "PKG_LIBS := $$(pkg-config --libs $(LINK_PKGS))"; \
	      echo "SONAME_CFLAGS := $$(CC='$(CC)' scripts/sonames.sh)"; \
	      echo "FRONT_PKG_LIBS := $$(scripts/front-libs.sh)"; \
	      echo "FULL_PKG_LIBS := $$(scripts/full-libs.sh)"; } > $@.tmp && mv $@.tmp $@

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

build/quill: $(FULL_OBJ) build/libquill.a $(FLAGS_STAMP)
	@$(if $(Q),echo "  LINK    $@")
	$(Q)$(CC) $(LDFLAGS) -o $@ $(FULL_OBJ) build/libquill.a $(LIBS)

# no libgit2, libcurl, notmuch: a link error here means a front command
# reached for one (run it in the full binary instead: cmd/front.c)
quill: $(FRONT_OBJ) build/libquill.a $(FLAGS_STAMP)
	@$(if $(Q),echo "  LINK    $@")
	$(Q)$(CC) $(LDFLAGS) -o $@ $(FRONT_OBJ) build/libquill.a $(FRONT_LIBS)

git-quill: quill
	$(Q)ln -sf quill $@

build/tests/%: tests/unit/%.c tests/unit/unit.h build/libquill.a $(FLAGS_STAMP)
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  CC      $<")
	$(Q)$(CC) $(QCFLAGS) $(CFLAGS) -Itests/unit $(LDFLAGS) -o $@ $< build/libquill.a $(LIBS)

# programs the shell tests drive lib/ with (not TAP tests themselves)
TOOL_SRC := $(sort $(wildcard tests/tools/*.c))
TOOL_BIN := $(TOOL_SRC:tests/tools/%.c=build/tests/tools/%)

build/tests/tools/%: tests/tools/%.c build/libquill.a $(FLAGS_STAMP)
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  CC      $<")
	$(Q)$(CC) $(QCFLAGS) $(CFLAGS) $(LDFLAGS) -o $@ $< build/libquill.a $(LIBS)

unit: $(UNIT_BIN) $(TOOL_BIN)

# the regression test includes the fuzz targets' sources
build/tests/test-fuzz-regress: $(wildcard tests/fuzz/*.c tests/fuzz/*.h)
# and the JSON writer's test the printer layer's source
build/tests/test-jout: cmd/output-json.c cmd/cmd.h

check: all unit
	@scripts/deps.sh test
	QUILL_BUILD_DIR=$(CURDIR) QUILL_SANITIZED=$(if $(filter 1,$(SANITIZE)),1,0) \
		prove --exec '' $(PROVE_FLAGS) $(UNIT_BIN) tests/t[0-9]*.sh

# make soak: the t81NN-soak-*.sh tests with SOAK_RUNS kills each (make check
# runs 6); QUILL_SOAK_SEED=S QUILL_SOAK_T=T replays one run (tests/lib-soak.sh);
# and the malformed-input suite (t8000, t8010) with all its 1,000 inputs
# whatever the build (make check SANITIZE=1 feeds it 150)
SOAK_RUNS ?= 100
soak: all unit
	@scripts/deps.sh test
	QUILL_BUILD_DIR=$(CURDIR) QUILL_SOAK_RUNS=$(SOAK_RUNS) QUILL_MALFORMED_COUNT=1000 \
		prove --exec '' $(PROVE_FLAGS) tests/t81[0-9][0-9]-soak-*.sh \
		tests/t8000-malformed-mail.sh tests/t8010-malformed-files.sh

demo: all
	@scripts/deps.sh test
	QUILL_BUILD_DIR=$(CURDIR) ./scripts/demo.sh

bench: all
	@scripts/deps.sh test
	@scripts/deps.sh bench
	QUILL_BUILD_DIR=$(CURDIR) ./bench/run.sh

# make fuzz: each target in tests/fuzz/fuzz-<name>.c built with clang's
# libFuzzer, ASan and UBSan against build/fuzz/libquill-fuzz.a (all of lib/
# compiled again with clang, coverage and the sanitizers, in build/fuzz/obj/;
# the linker takes only the objects a target needs) and run for FUZZ_SECONDS
# from its seeds in tests/fuzz/corpus/<name>/, FUZZ_JOBS targets at a time.
# Its dictionary is tests/fuzz/<name>.dict, else mail.dict.  What it finds
# goes to build/fuzz/corpus/<name>/; a crash to build/fuzz/crash-<name>-*,
# and the run fails with the log's tail.  Keep a fixed crash in
# tests/fuzz/regress/<name>/: make check runs those (test-fuzz-regress.c).
# One target alone: make fuzz FUZZ_TARGETS=claim.
FUZZ_SECONDS ?= 30
FUZZ_JOBS ?= 2
FUZZ_CC ?= clang
FUZZ_TARGETS ?= mbox message body subject trailer policy bench benchjson elf wire \
	mailinfo claim template items phrases lore smtp export outbox thanks recipients \
	format-record
FUZZ_OBJ_CFLAGS := -std=gnu11 -g -O1 -fno-omit-frame-pointer -D_GNU_SOURCE \
	-DQUILL_VERSION='"$(VERSION)"' -DQUILL_SHAREDIR='"$(SHAREDIR)"' \
	-fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=undefined \
	$(SONAME_CFLAGS) -Ilib -Ibuild
FUZZ_CFLAGS := -std=gnu11 -g -O1 -fno-omit-frame-pointer -D_GNU_SOURCE \
	-fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined -Ilib -Itests/fuzz
FUZZ_OBJ := $(LIB_SRC:%.c=build/fuzz/obj/%.o) build/fuzz/obj/embedded.o
FUZZ_BIN := $(FUZZ_TARGETS:%=build/fuzz/fuzz-%)
.SECONDARY: $(FUZZ_BIN)
FUZZ_ENV := ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 \
	LSAN_OPTIONS=suppressions=$(CURDIR)/tests/lsan.supp:print_suppressions=0 \
	UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1

build/fuzz/obj/%.o: %.c build/config.mk
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  FUZZCC  $<")
	$(Q)$(FUZZ_CC) $(FUZZ_OBJ_CFLAGS) $(PKG_CFLAGS) -MMD -MP -c -o $@ $<

build/fuzz/obj/embedded.o: build/embedded.c build/config.mk
	@mkdir -p $(dir $@)
	$(Q)$(FUZZ_CC) $(FUZZ_OBJ_CFLAGS) $(PKG_CFLAGS) -c -o $@ $<

build/fuzz/libquill-fuzz.a: $(FUZZ_OBJ)
	$(Q)rm -f $@ && ar rcs $@ $^

build/fuzz/fuzz-%: tests/fuzz/fuzz-%.c tests/fuzz/fuzz.h build/fuzz/libquill-fuzz.a
	@$(if $(Q),echo "  FUZZLD  $@")
	$(Q)$(FUZZ_CC) $(FUZZ_CFLAGS) $(PKG_CFLAGS) -o $@ $< build/fuzz/libquill-fuzz.a \
		$(PKG_LIBS) -lm

# one target's run (make -j runs FUZZ_JOBS of them; -Otarget keeps each
# target's lines together)
fuzz-run-%: build/fuzz/fuzz-%
	@mkdir -p build/fuzz/corpus/$*
	@if ! $(FUZZ_ENV) build/fuzz/fuzz-$* -max_total_time=$(FUZZ_SECONDS) -max_len=65536 \
		-timeout=20 -rss_limit_mb=2048 -print_final_stats=1 \
		-dict=$$(if [ -f tests/fuzz/$*.dict ]; then echo tests/fuzz/$*.dict; else echo tests/fuzz/mail.dict; fi) \
		-artifact_prefix=build/fuzz/crash-$*- build/fuzz/corpus/$* tests/fuzz/corpus/$* \
		>build/fuzz/$*.log 2>&1; then \
		tail -n 60 build/fuzz/$*.log; \
		echo "fuzz-$*: failed; the input is in build/fuzz/crash-$*-*" >&2; exit 1; \
	fi; \
	echo "  FUZZ    $* ($(FUZZ_SECONDS) s):$$(sed -n 's/^stat::number_of_executed_units: */ executions /p' build/fuzz/$*.log)$$(sed -n 's/^Done \([0-9]*\) runs.*/, done/p' build/fuzz/$*.log)"

fuzz: build/config.mk
	@scripts/deps.sh fuzz
	@$(MAKE) --no-print-directory $(FUZZ_BIN)
	@$(MAKE) --no-print-directory -j$(FUZZ_JOBS) -Otarget $(FUZZ_TARGETS:%=fuzz-run-%)

-include $(wildcard build/fuzz/obj/lib/*/*.d)

install: all install-files

# the files only, as they are built (tests install this way, so that an
# install never rebuilds with other flags)
install-files:
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(LIBEXECDIR) $(DESTDIR)$(SHAREDIR)/templates $(DESTDIR)$(MANDIR)/man1
	install -m 755 quill $(DESTDIR)$(BINDIR)/quill
	install -m 755 build/quill $(DESTDIR)$(LIBEXECDIR)/quill
	ln -sf quill $(DESTDIR)$(BINDIR)/git-quill
	install -m 644 templates/*.txt $(DESTDIR)$(SHAREDIR)/templates/
	install -m 644 trailers.conf $(DESTDIR)$(SHAREDIR)/trailers.conf
	install -m 644 review-phrases.conf $(DESTDIR)$(SHAREDIR)/review-phrases.conf
	install -m 644 man/*.1 $(DESTDIR)$(MANDIR)/man1/
	install -d $(DESTDIR)$(BASHCOMPDIR) $(DESTDIR)$(ZSHCOMPDIR)
	install -m 644 contrib/completion/quill.bash $(DESTDIR)$(BASHCOMPDIR)/quill
	ln -sf quill $(DESTDIR)$(BASHCOMPDIR)/git-quill
	install -m 644 contrib/completion/_quill $(DESTDIR)$(ZSHCOMPDIR)/_quill
	install -m 644 contrib/completion/_git-quill $(DESTDIR)$(ZSHCOMPDIR)/_git-quill

clean:
	rm -rf build quill git-quill

-include $(LIB_OBJ:.o=.d) $(CMD_OBJ:.o=.d)
