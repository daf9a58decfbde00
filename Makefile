# quill - patch series in git.  See README.md.
#
#   make              build ./quill (and the git-quill link)
#   make check        run every test through prove
#   make demo         the embedded demo, in a scratch repository
#   make bench        measurements side by side with git
#   make fuzz         the libFuzzer targets, FUZZ_SECONDS (30) each (clang)
#   make soak         kill -9 soak: SOAK_RUNS (100) runs per command
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
LIBS := -Wl,--as-needed $(PKG_LIBS) -lnotmuch -lm

ifneq ($(V),1)
Q := @
endif

# Objects are rebuilt when the flags change (SANITIZE=1 after a plain build).
FLAGS_STAMP := build/flags-$(shell printf '%s' '$(QCFLAGS) $(CFLAGS) $(LDFLAGS)' | cksum | cut -d' ' -f1)

LIB_SRC := $(sort $(wildcard lib/*/*.c))
CMD_SRC := $(sort $(wildcard cmd/*.c))
LIB_OBJ := $(LIB_SRC:%.c=build/%.o) build/embedded.o
CMD_OBJ := $(CMD_SRC:%.c=build/%.o)
UNIT_SRC := $(sort $(wildcard tests/unit/test-*.c))
UNIT_BIN := $(UNIT_SRC:tests/unit/%.c=build/tests/%)
EMBED := $(sort $(wildcard templates/*.txt)) trailers.conf review-phrases.conf

.PHONY: all check demo bench install install-files clean deps unit fuzz soak
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

check: all unit
	@scripts/deps.sh test
	QUILL_BUILD_DIR=$(CURDIR) prove --exec '' $(PROVE_FLAGS) $(UNIT_BIN) tests/t[0-9]*.sh

# make soak: the t81NN-soak-*.sh tests with SOAK_RUNS kills each (make check
# runs 6); QUILL_SOAK_SEED=S QUILL_SOAK_T=T replays one run (tests/lib-soak.sh)
SOAK_RUNS ?= 100
soak: all
	@scripts/deps.sh test
	QUILL_BUILD_DIR=$(CURDIR) QUILL_SOAK_RUNS=$(SOAK_RUNS) prove --exec '' $(PROVE_FLAGS) \
		tests/t81[0-9][0-9]-soak-*.sh

demo: all
	@scripts/deps.sh test
	QUILL_BUILD_DIR=$(CURDIR) ./scripts/demo.sh

bench: all
	@scripts/deps.sh test
	@scripts/deps.sh bench
	QUILL_BUILD_DIR=$(CURDIR) ./bench/run.sh

# make fuzz: each target in tests/fuzz/fuzz-<name>.c built with clang's
# libFuzzer, ASan and UBSan (objects of their own, beside the normal build)
# and run for FUZZ_SECONDS from its seeds in tests/fuzz/corpus/<name>/.  What
# it finds goes to build/fuzz/corpus/<name>/; a crash to build/fuzz/crash-*,
# and the run fails.  Keep a fixed crash in tests/fuzz/regress/<name>/:
# make check runs those (tests/unit/test-fuzz-regress.c).
FUZZ_SECONDS ?= 30
FUZZ_CC ?= clang
FUZZ_TARGETS := mbox message body subject trailer policy bench elf wire
FUZZ_LIB := lib/mail/mbox.c lib/mail/message.c lib/mail/message-body.c lib/mail/message-lines.c \
	lib/core/error.c lib/mail/subject.c lib/mail/trailer.c lib/bench/bench.c lib/bench/bench-read.c \
	lib/bench/bench-lines.c lib/bench/bench-perf.c lib/bench/bench-stats.c lib/bench/bench-table.c \
	lib/bench/objsize.c lib/bench/objsize-diff.c lib/bench/objsize-json.c lib/bench/objsize-render.c \
	lib/core/file.c lib/core/text.c lib/mail/wire.c
# the policy loader reads the built-in trailers.conf through lib/resource
FUZZ_LIB_policy := lib/lint/policy.c lib/lint/policy-lines.c lib/core/resource.c build/embedded.c
FUZZ_CFLAGS := -std=gnu11 -g -O1 -fno-omit-frame-pointer -D_GNU_SOURCE \
	-fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined -Ilib -Itests/fuzz
FUZZ_BIN := $(FUZZ_TARGETS:%=build/fuzz/fuzz-%)
FUZZ_ENV := ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 \
	LSAN_OPTIONS=suppressions=$(CURDIR)/tests/lsan.supp:print_suppressions=0 \
	UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1

build/fuzz/fuzz-policy: $(FUZZ_LIB_policy)
build/fuzz/fuzz-%: tests/fuzz/fuzz-%.c tests/fuzz/fuzz.h $(FUZZ_LIB) $(wildcard lib/*/*.h) build/config.mk
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  FUZZCC  $@")
	$(Q)$(FUZZ_CC) $(FUZZ_CFLAGS) $(PKG_CFLAGS) -o $@ $< $(FUZZ_LIB) $(FUZZ_LIB_$*) $(PKG_LIBS) -lm

fuzz: build/config.mk
	@scripts/deps.sh fuzz
	@$(MAKE) --no-print-directory $(FUZZ_BIN)
	@for t in $(FUZZ_TARGETS); do \
		mkdir -p build/fuzz/corpus/$$t; \
		echo "  FUZZ    $$t ($(FUZZ_SECONDS) s)"; \
		if ! $(FUZZ_ENV) build/fuzz/fuzz-$$t -max_total_time=$(FUZZ_SECONDS) -max_len=65536 \
			-timeout=20 -rss_limit_mb=2048 -dict=$$(if [ -f tests/fuzz/$$t.dict ]; then echo tests/fuzz/$$t.dict; else echo tests/fuzz/mail.dict; fi) -print_final_stats=1 \
			-artifact_prefix=build/fuzz/crash-$$t- build/fuzz/corpus/$$t tests/fuzz/corpus/$$t \
			>build/fuzz/$$t.log 2>&1; then \
			tail -n 60 build/fuzz/$$t.log; \
			echo "fuzz-$$t: failed; the input is in build/fuzz/crash-$$t-*" >&2; exit 1; \
		fi; \
		sed -n "s/^stat::number_of_executed_units: */    executions: /p; s/^Done \(.*\)/    done \1/p" \
			build/fuzz/$$t.log; \
	done

install: all install-files

# the files only, as they are built (tests install this way, so that an
# install never rebuilds with other flags)
install-files:
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(SHAREDIR)/templates $(DESTDIR)$(MANDIR)/man1
	install -m 755 quill $(DESTDIR)$(BINDIR)/quill
	ln -sf quill $(DESTDIR)$(BINDIR)/git-quill
	install -m 644 templates/*.txt $(DESTDIR)$(SHAREDIR)/templates/
	install -m 644 trailers.conf $(DESTDIR)$(SHAREDIR)/trailers.conf
	install -m 644 review-phrases.conf $(DESTDIR)$(SHAREDIR)/review-phrases.conf
	install -m 644 man/*.1 $(DESTDIR)$(MANDIR)/man1/

clean:
	rm -rf build quill git-quill

-include $(LIB_OBJ:.o=.d) $(CMD_OBJ:.o=.d)
