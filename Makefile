# tangscope - build, test, train.
#
#   make            build ./tangscope
#   make run        build, then open the program on the bundled model
#   make test       build and run every test (unit and end-to-end), several at a time
#   make unit       build and run the unit tests alone (tests/unit)
#   make asan       the tests under AddressSanitizer + UndefinedBehaviorSanitizer
#                   (all but the bundled lessons' claims: tests/asan-skip.list);
#                   make asan-bins builds them, make test-asan runs them
#   make check-layers  every include in src/ names its layer, and no layer reaches up
#   make check-functions  no function in src/ over 80 lines (tools/long-functions.sh)
#   make check-po   every text of po/ in every language, with its placeholders, and
#                   no wider than its place on the screen (tools/po2c.c)
#   make fuzz       each fuzz target (tests/fuzz) for FUZZ_SECONDS (60) under libFuzzer
#   make portable   build-portable/tangscope-bin, for any x86-64 CPU with AVX2 and FMA
#   make portable-test  the tests of the kernels' numbers on that build (no
#                   AVX-512; tests/portable-skip.list), and its training
#                   compared byte for byte with the default build's
#   make model      train build/tang.bin by the bundled recipe (resumable, an hour)
#                   and compare it with the recipe's SHA-256
#   make class-model   the 15-minute recipe a class can watch: build/class.bin
#   make bench      the speed benchmarks (generation, training, explorer)
#   make strict-posix  build-posix/tangscope-bin with -D_POSIX_C_SOURCE=200809L
#                   and no GNU or Linux extension (POSIX_ONLY=1), as on
#                   another POSIX system, and run its unit tests
#   make arm64      build-arm64/tangscope-bin for aarch64 (64-bit ARM), cross-compiled
#                   with gcc-aarch64-linux-gnu; build-arm64/tangscope runs it under
#                   qemu-aarch64 (qemu-user)
#   make arm64-test  that build's unit tests and the scripts of the kernels'
#                   numbers (tests/arm64-skip.list), run under qemu-aarch64
#
# The optional libraries, each 1 (in) unless set to 0 (the choice is
# remembered in BUILD/options: changing it rebuilds everything):
#   OPENMP=0  no OpenMP (Apple's clang has none): the engine runs on one thread
#   BLAS=0    no OpenBLAS: the engine's own float32 matrix products (sgemm.c)
#             for training in float32, the same results to float32's rounding
#   OPENCC=0  no OpenCC: traditional characters stay as typed, and a text
#             that needs them converted says what to install
# `tangscope --version` says which are built in. For example:
#   make OPENMP=0 BLAS=0 OPENCC=0 CC=clang
#
# The first `make`, `make run` or `make test` on a fresh Debian/Ubuntu machine
# installs the missing build packages (tools/ensure-deps.sh says what).

CC      ?= cc
# the compiler of the test helpers that run on this machine (stagebot, cells),
# not the program's: another one when cross-compiling (make arm64)
HOST_CC ?= $(CC)
OPT     ?= -O3 -march=native
WARN    := -Wall -Wextra -Wpedantic -Wshadow -Wstrict-prototypes -Wmissing-prototypes
# -g: a crash of the program can be read line by line, its variables too; the
# sanitized build keeps the line tables alone (-g1: its reports name file and
# line, for a fifth less compile time), and the portable build, made only to
# run the tests once, leaves it out (a third of its compile time)
DEBUG_FLAGS = -g
OPENMP  ?= 1
BLAS    ?= 1
OPENCC  ?= 1
# without OpenMP, -fopenmp-simd still reads the `omp simd` loops' pragmas
# (and ignores the others, which then run on one thread)
OMP_FLAGS    := $(if $(filter 0,$(OPENMP)),-fopenmp-simd,-fopenmp)
OPTION_DEFS  := $(if $(filter 0,$(BLAS)),-DTS_NO_BLAS) $(if $(filter 0,$(OPENCC)),-DTS_NO_OPENCC)
# POSIX_ONLY=1 (make strict-posix): POSIX.1-2008 and its X/Open part alone,
# no GNU or Linux extension; the code takes its portable paths (TS_POSIX_ONLY)
POSIX_ONLY   ?= 0
OPTION_DEFS  += $(if $(filter 1,$(POSIX_ONLY)),-D_POSIX_C_SOURCE=200809L -DTS_POSIX_ONLY)
# -ffp-contract=off: a * b + c is a product then a sum, never one fused
# instruction the compiler picks, so gcc (whose ISO C mode does this already)
# and clang (which fuses within an expression) compute the same bits, and the
# vector kernels' explicit order is the order of their scalar definitions
CFLAGS  := -std=c11 $(OPT) $(DEBUG_FLAGS) $(OMP_FLAGS) $(OPTION_DEFS) -ffp-contract=off $(WARN) $(EXTRA_CFLAGS)
# OpenCC (traditional to simplified, src/engine/convert.c): asked of
# pkg-config when a rule runs, after tools/ensure-deps.sh has installed it.
OPENCC_CFLAGS = $(if $(filter 0,$(OPENCC)),,$(shell pkg-config --cflags opencc 2>/dev/null || echo -I/usr/include/opencc))
OPENCC_LIBS   = $(if $(filter 0,$(OPENCC)),,$(shell pkg-config --libs opencc 2>/dev/null || echo -lopencc))
BLAS_LIBS    := $(if $(filter 0,$(BLAS)),,-lopenblas)
LDLIBS   = $(BLAS_LIBS) -lz -lm $(OPENCC_LIBS)
BUILD   ?= build

ENGINE_SRC := $(wildcard src/engine/*.c)
APP_SRC    := $(wildcard src/app/*.c)
TUI_SRC    := $(wildcard src/tui/*.c)
CLI_SRC    := $(wildcard src/cli/*.c) src/main.c
TEST_SRC   := $(wildcard tests/unit/test_*.c)

ENGINE_OBJ := $(ENGINE_SRC:%.c=$(BUILD)/%.o)
APP_OBJ    := $(APP_SRC:%.c=$(BUILD)/%.o)
TUI_OBJ    := $(TUI_SRC:%.c=$(BUILD)/%.o)
CLI_OBJ    := $(CLI_SRC:%.c=$(BUILD)/%.o)
TEST_BIN   := $(TEST_SRC:tests/unit/%.c=$(BUILD)/tests/%)

# The texts people read are in po/ (po/README.md): the English template
# po/tangscope.pot and a PO file per language. tools/po2c, built and run on
# the machine that builds (HOST_CC), turns them into the C tables the program
# links, part of the app library; `make check-po` lists every text a language
# lacks, has translated from an older English, or writes too wide.
PO_TEMPLATE := po/tangscope.pot
PO_FILES    := $(sort $(wildcard po/*.po))
PO2C        := $(BUILD)/tools/po2c
PO_TABLES   := $(BUILD)/gen/po_tables.c
APP_OBJ     += $(BUILD)/gen/po_tables.o
DEPS_OK    := $(BUILD)/.deps-ok

.PHONY: all run test test-bins unit e2e asan asan-bins test-asan portable portable-test test-portable model \
        class-model bench clean deps install uninstall check-layers check-functions check-po strict-posix

all: tangscope

deps: $(DEPS_OK)
$(DEPS_OK): tools/ensure-deps.sh
	@BLAS=$(BLAS) OPENCC=$(OPENCC) sh tools/ensure-deps.sh
	@mkdir -p $(BUILD) && touch $@

# the optional parts this BUILD holds: rewritten only when they change
BUILD_OPTIONS := OPENMP=$(OPENMP) BLAS=$(BLAS) OPENCC=$(OPENCC) POSIX_ONLY=$(POSIX_ONLY)
$(BUILD)/options: FORCE
	@mkdir -p $(BUILD)
	@echo '$(BUILD_OPTIONS)' | cmp -s - $@ || echo '$(BUILD_OPTIONS)' >$@
.PHONY: FORCE

# The engine is a library that does not link a terminal library: the unit
# tests link it alone, so the linker proves the engine needs no terminal.
$(BUILD)/libengine.a: $(ENGINE_OBJ)
	ar rcs $@ $^

# The explorer's state and commands (src/app) are plain C without a terminal
# too: test_app links them with the engine alone. Only the screen (src/tui)
# and the program itself link ncurses.
$(BUILD)/libapp.a: $(APP_OBJ)
	ar rcs $@ $^

# ncursesw's wide-character interface (get_wch, wcwidth) needs X/Open.
TUI_CFLAGS   := $(if $(filter 1,$(POSIX_ONLY)),,-D_DEFAULT_SOURCE) -D_XOPEN_SOURCE=700
NCURSES_LIBS  = $(shell pkg-config --libs ncursesw 2>/dev/null || echo -lncursesw)
$(TUI_OBJ): EXTRA_DEFS := $(TUI_CFLAGS)
$(BUILD)/src/engine/convert.o: EXTRA_DEFS = $(OPENCC_CFLAGS)

$(BUILD)/%.o: %.c $(BUILD)/options | $(DEPS_OK)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(EXTRA_DEFS) -Isrc -MMD -MP -c $< -o $@

PROGRAM_OBJ := $(CLI_OBJ) $(TUI_OBJ) $(BUILD)/libapp.a $(BUILD)/libengine.a

tangscope: $(PROGRAM_OBJ)
	$(CC) $(CFLAGS) -o $@ $(PROGRAM_OBJ) $(LDLIBS) $(NCURSES_LIBS)

# the helpers every unit test links (testutil) and those that drive the
# explorer's state link too (apptest)
TEST_UTIL     := $(BUILD)/tests/unit/testutil.o
APP_TEST_UTIL := $(BUILD)/tests/unit/apptest.o
-include $(TEST_UTIL:.o=.d) $(APP_TEST_UTIL:.o=.d)

# A unit test links the libraries its part of the engine calls, no others:
# GNU ld's --as-needed drops the rest (test_rng starts without OpenCC's or
# OpenBLAS's library installed).
comma := ,
TEST_LDFLAGS := $(if $(filter Linux,$(shell uname -s)),-Wl$(comma)--as-needed)
$(BUILD)/tests/%: tests/unit/%.c tests/unit/check.h tests/unit/testutil.h $(TEST_UTIL) $(BUILD)/libengine.a
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(TEST_LDFLAGS) -Isrc -Itests/unit -o $@ $< $(TEST_UTIL) $(BUILD)/libengine.a $(LDLIBS)

# The tests of the explorer's state (test_app), words (test_labels), command
# language and lessons (test_script) and text widths (test_textw) link the app
# library too.
APP_TESTS := $(BUILD)/tests/test_app $(BUILD)/tests/test_labels $(BUILD)/tests/test_script \
             $(BUILD)/tests/test_textw
# the session to take home (session codes, the export)
APP_TESTS += $(BUILD)/tests/test_session
# pinyin input: test_ime drives the input method through app_apply
APP_TESTS += $(BUILD)/tests/test_ime
# the text as verse
APP_TESTS += $(BUILD)/tests/test_verse
# the figures a narration quotes and the screen's (lesson --check)
APP_TESTS += $(BUILD)/tests/test_figures
# which views the keys and `show` open and close
APP_TESTS += $(BUILD)/tests/test_views
# every Command's handler, and the one part of the state its table row names
APP_TESTS += $(BUILD)/tests/test_commands
# a lesson's steps in time, none skipped (the bundled model)
APP_TESTS += $(BUILD)/tests/test_lesson_steps
# the engine's messages in the interface language
APP_TESTS += $(BUILD)/tests/test_errtext
# the texts of po/, and no sentence of them in the C sources
APP_TESTS += $(BUILD)/tests/test_po
# the exercises: the runner of students' programs and the reference cases;
# stagebot plays the students (a right and a wrong top-p, a crash, a hang...)
APP_TESTS += $(BUILD)/tests/test_stageprog $(BUILD)/tests/test_exercise
STAGEBOT := $(BUILD)/tests/stagebot
# (built without the sanitizers: it plays a student's program, whose crash
# must be a plain crash, not a sanitizer's report that takes longer than a step)
$(STAGEBOT): tests/unit/stagebot.c
	@mkdir -p $(dir $@)
	$(HOST_CC) -std=c11 -O1 $(WARN) -o $@ $<
$(BUILD)/tests/test_stageprog: $(STAGEBOT)
# the end-to-end scripts' screen reader (tests/e2e/lib/cells.c: a capture as
# cells, for awk), no product code in it: built plainly, like stagebot
CELLS := $(BUILD)/tests/cells
$(CELLS): tests/e2e/lib/cells.c
	@mkdir -p $(dir $@)
	$(HOST_CC) -std=c11 -O1 $(WARN) -o $@ $<
unit test-bins test-asan test-portable test-arm64: $(STAGEBOT) $(CELLS)
# one word per idea (po/glossary.tsv): every text of po/
$(BUILD)/tests/test_terms: tests/unit/test_terms.c tests/unit/check.h tests/unit/testutil.h \
    $(TEST_UTIL) $(BUILD)/libapp.a $(BUILD)/libengine.a po/glossary.tsv
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(TEST_LDFLAGS) -Isrc -Itests/unit -o $@ $< $(TEST_UTIL) \
	    $(BUILD)/libapp.a $(BUILD)/libengine.a $(LDLIBS)
$(APP_TESTS): $(BUILD)/tests/%: tests/unit/%.c tests/unit/check.h tests/unit/testutil.h \
    tests/unit/apptest.h $(TEST_UTIL) $(APP_TEST_UTIL) $(BUILD)/libapp.a $(BUILD)/libengine.a
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(TEST_LDFLAGS) -Isrc -Itests/unit -o $@ $< $(APP_TEST_UTIL) $(TEST_UTIL) \
	    $(BUILD)/libapp.a $(BUILD)/libengine.a $(LDLIBS)

# where the panels stand (screen_layout): the screen's code without a
# terminal, so the screen's objects and ncurses too
$(BUILD)/tests/test_layout: tests/unit/test_layout.c tests/unit/check.h tests/unit/testutil.h \
    tests/unit/apptest.h $(TEST_UTIL) $(APP_TEST_UTIL) $(TUI_OBJ) $(BUILD)/libapp.a \
    $(BUILD)/libengine.a
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(TEST_LDFLAGS) -Isrc -Itests/unit -o $@ $< $(APP_TEST_UTIL) $(TEST_UTIL) \
	    $(TUI_OBJ) $(BUILD)/libapp.a $(BUILD)/libengine.a $(LDLIBS) $(NCURSES_LIBS)

run: tangscope
	./tangscope

# make unit: build the unit tests and run them (no end-to-end script)
unit: $(TEST_BIN)
	@TEST_UNIT_ONLY=1 sh tests/run.sh $(BUILD) $(BUILD)/tangscope-bin
e2e: tangscope

# `make test` builds with as many compilers at once as there are cores (unless
# make was given -j itself), then tests/run.sh runs the tests as many at a time
# (TEST_JOBS, default: twice the cores) and ends with the wall time.
NPROC    := $(shell nproc 2>/dev/null || echo 2)
# -jN for a sub-make, unless this make runs with -j already (read as a recipe runs)
SUB_JOBS  = $(if $(findstring -j,$(MAKEFLAGS)),,-j$(NPROC))
# the test binaries of $(BUILD) (the fuzz targets' replays join below)
test-bins: $(TEST_BIN)

test:
	@sh tools/long-functions.sh
	@$(MAKE) --no-print-directory $(SUB_JOBS) tangscope test-bins
	@sh tests/run.sh $(BUILD) ./tangscope

$(PO2C): tools/po2c.c
	@mkdir -p $(dir $@)
	$(HOST_CC) -std=c11 -O1 $(WARN) -o $@ $<
$(PO_TABLES): $(PO2C) $(PO_TEMPLATE) $(PO_FILES) src/app/labels.h
	@mkdir -p $(dir $@)
	$(PO2C) --out $@ --labels src/app/labels.h $(PO_TEMPLATE) $(PO_FILES)
$(BUILD)/gen/po_tables.o: $(PO_TABLES) $(BUILD)/options | $(DEPS_OK)
	$(CC) $(CFLAGS) -Isrc -MMD -MP -c $< -o $@
check-po: $(PO2C)
	$(PO2C) --check --labels src/app/labels.h $(PO_TEMPLATE) $(PO_FILES)

# engine <- app <- tui <- cli, read off the include lines (tools/check-layers.sh)
check-layers:
	@sh tools/check-layers.sh

# no function in src/ over 80 lines but those tools/long-functions.allow still
# lists (a list that only shrinks)
check-functions:
	@sh tools/long-functions.sh

# float-cast-overflow: gcc's "undefined" leaves it out (clang's has it), and a
# number cast past its type's range is a bug the fuzzers look for. -O2: the
# sanitizers work as well at any -O1 or above, and the model's passes run
# in 60% of the time (test_infer: 32 s at -O1, 19 s at -O2).
ASAN_VARS = BUILD=build-asan OPT="-O2 -march=native -fno-omit-frame-pointer" DEBUG_FLAGS=-g1 \
    EXTRA_CFLAGS="-fsanitize=address,undefined,float-cast-overflow -fno-sanitize-recover=undefined,float-cast-overflow"
# asan-bins builds them alone (CI builds them while other tests run, and
# runs test-asan on its own after).
asan: asan-bins
	$(MAKE) $(ASAN_VARS) test-asan
asan-bins:
	$(MAKE) $(SUB_JOBS) $(ASAN_VARS) build-asan/tangscope-bin test-bins

# A build in its own directory keeps its program there too, and beside it
# source-tree, the path of this tree: the program finds its model, lessons
# and tools here, in the folder above its own, only while that path is this
# very folder (src/cli/cli.c source_tree), never in the current folder.
$(BUILD)/tangscope-bin: $(PROGRAM_OBJ)
	$(CC) $(CFLAGS) -o $@ $(PROGRAM_OBJ) $(LDLIBS) $(NCURSES_LIBS)
	@printf '%s\n' "$(CURDIR)" >$(BUILD)/source-tree

# What the sanitized run covers: every unit test and every end-to-end script
# (the commands, the screen, the tools) but those tests/asan-skip.list names,
# each a SKIP with why: the bundled lessons' claims on the bundled model,
# whose code runs sanitized on the fixtures (lesson.sh, handout.sh...), and
# the timing curve, which is speed. Within handout.sh the bundled lesson's
# check says SKIP too (TANGSCOPE_SANITIZED=1): sanitized,
# one run of every lesson takes minutes, and finds nothing the fixtures'
# lessons, run through the same code, do not.
test-asan: $(TEST_BIN)
	@ASAN_OPTIONS=detect_leaks=1 TANGSCOPE_SANITIZED=1 TEST_SKIP=tests/asan-skip.list \
	    sh tests/run.sh $(BUILD) build-asan/tangscope-bin

# The same tests on a build for x86-64-v3 (AVX2 and FMA, as on most x86-64
# CPUs since 2013; no AVX-512): the code paths that a build for an AVX-512
# CPU never takes, the bfloat16 products of the AVX2 FMA kernel among them.
# (x86-64-v2 has no FMA instruction: every fmaf becomes a slow library call.)
# The default build is made too: tests/e2e/train_portable.sh trains with
# both (TANGSCOPE_DEFAULT_BUILD) and compares the bytes. The two builds differ
# only in their kernels: every unit test runs, and every end-to-end script
# but those tests/portable-skip.list names (the screen, texts and tools,
# whose numbers the listed scripts check already), each a SKIP with why.
PORTABLE_VARS = BUILD=build-portable OPT="-O3 -march=x86-64-v3" DEBUG_FLAGS=
portable:
	$(MAKE) $(SUB_JOBS) $(PORTABLE_VARS) build-portable/tangscope-bin

portable-test:
	$(MAKE) $(SUB_JOBS) tangscope
	$(MAKE) $(SUB_JOBS) $(PORTABLE_VARS) build-portable/tangscope-bin test-bins
	$(MAKE) $(PORTABLE_VARS) test-portable

test-portable: $(TEST_BIN)
	@TANGSCOPE_DEFAULT_BUILD=./tangscope TEST_SKIP=tests/portable-skip.list \
	    sh tests/run.sh $(BUILD) build-portable/tangscope-bin

# The program as on another POSIX system: POSIX.1-2008 (with X/Open) alone,
# every Linux or GNU call behind its guard taking the portable path. It
# builds the program into build-posix, and the unit tests, which it runs.
strict-posix:
	$(MAKE) $(SUB_JOBS) BUILD=build-posix POSIX_ONLY=1 build-posix/tangscope-bin unit

# ARM64 (aarch64: Apple silicon under Linux, Raspberry Pi 4 and 5, ARM
# Chromebooks), cross-compiled here with Debian's gcc-aarch64-linux-gnu and
# run under qemu-aarch64 (qemu-user): the generic C kernels, -mcpu=generic
# (any ARMv8-A CPU). Its arm64 libraries (the C library, zlib, ncursesw) are
# unpacked into build-arm64/sysroot by tools/arm64-sysroot.sh, which installs
# no arm64 package (that could remove the host's); OpenMP, OpenBLAS and OpenCC
# are left out, so none of theirs is needed. build-arm64/tangscope runs the
# program under qemu with that sysroot (TANGSCOPE= for the scripts), and the
# unit tests run the same way (TEST_EXEC). The test helpers that run on this
# machine (stagebot, cells) are built for it (HOST_CC).
# make arm64-test runs every unit test and every end-to-end script that checks
# a number the kernels make, as make portable-test does, but those
# tests/arm64-skip.list names (the screen, the texts, the tools: the same code
# on any CPU, and slow under emulation; the bundled lessons' claims, the
# bundled model's numbers that generate_seeded.sh checks; speed), and within
# the scripts the runs of the bundled lessons (TANGSCOPE_EMULATED=1).
# tests/e2e/train_portable.sh trains in bfloat16 with it and with the default
# build and compares the bytes.
ARM64_CC      ?= aarch64-linux-gnu-gcc
ARM64_SYSROOT := $(CURDIR)/build-arm64/sysroot
ARM64_LIBDIRS := $(ARM64_SYSROOT)/usr/lib/aarch64-linux-gnu $(ARM64_SYSROOT)/lib/aarch64-linux-gnu
ARM64_FLAGS   := -I$(ARM64_SYSROOT)/usr/include -I$(ARM64_SYSROOT)/usr/include/aarch64-linux-gnu \
    $(ARM64_LIBDIRS:%=-L%) $(ARM64_LIBDIRS:%=-Wl,-rpath-link,%)
ARM64_VARS = BUILD=build-arm64 CC=$(ARM64_CC) HOST_CC=$(HOST_CC) OPT="-O3 -mcpu=generic" DEBUG_FLAGS= \
    OPENMP=0 BLAS=0 OPENCC=0 EXTRA_CFLAGS="$(ARM64_FLAGS) $(EXTRA_CFLAGS)"
ARM64_QEMU  = qemu-aarch64 -L $(ARM64_SYSROOT)
.PHONY: arm64 arm64-test test-arm64
# gcc 12 for aarch64 stops with an internal error when it vectorises some
# of the unit tests' reductions in double (test_app's, test_grad's and
# test_ime's fmax loops): the unit tests' own loops are not vectorised there
# (private: the engine's code, which they link, is built as everywhere)
ifeq ($(BUILD),build-arm64)
$(TEST_BIN): private CFLAGS += -fno-tree-loop-vectorize
endif
$(ARM64_SYSROOT)/.complete:
	sh tools/arm64-sysroot.sh $(ARM64_SYSROOT)
arm64: $(ARM64_SYSROOT)/.complete
	$(MAKE) $(SUB_JOBS) $(ARM64_VARS) build-arm64/tangscope-bin
	@printf '#!/bin/sh\n# tangscope for aarch64, run under qemu (make arm64)\nexec $(ARM64_QEMU) %s "$$@"\n' \
	    "$(CURDIR)/build-arm64/tangscope-bin" >build-arm64/tangscope
	@chmod +x build-arm64/tangscope
	@echo "build-arm64/tangscope runs the aarch64 build under qemu-aarch64"

arm64-test: arm64
	$(MAKE) $(SUB_JOBS) tangscope
	$(MAKE) $(SUB_JOBS) $(ARM64_VARS) test-bins
	$(MAKE) $(ARM64_VARS) test-arm64

test-arm64: $(TEST_BIN)
	@TANGSCOPE_DEFAULT_BUILD=./tangscope TEST_SKIP=tests/arm64-skip.list TEST_EXEC="$(ARM64_QEMU)" TANGSCOPE_EMULATED=1 \
	    sh tests/run.sh $(BUILD) build-arm64/tangscope

# Train the model by the bundled recipe (five phases in bfloat16, about an
# hour on two cores; tools/train-bundled.sh) into MODEL_DIR/tang.bin, and
# compare its SHA-256 with the recipe's (tools/train-bundled.sha256): it
# prints "identical" or both hashes. Interrupt it (Ctrl-C) and run `make
# model` again to continue from the checkpoint. assets/tang.bin is written
# only when asked: make model MODEL_OUT=assets/tang.bin.
# make class-model: the 15-minute recipe a class can watch, MODEL_DIR/class.bin.
MODEL_DIR ?= build
model: tangscope
	tools/train-bundled.sh --dir $(MODEL_DIR) $(if $(MODEL_OUT),--out $(MODEL_OUT))

class-model: tangscope
	tools/train-bundled.sh --recipe class --dir $(MODEL_DIR)

bench: tangscope
	./tangscope bench
	./tangscope bench --train
	./tangscope bench --ui

# make install [PREFIX=~/.local]: the program in PREFIX/bin, its model, pinyin
# tables, texts, lessons and export tools in PREFIX/share/tangscope, where it looks for them
# (src/cli/cli.c find_home_path: $TANGSCOPE_HOME, its own folder, then there;
# never the current folder), so `tangscope lesson` works from any folder and
# no folder it is run from replaces them.
PREFIX  ?= $(HOME)/.local
DATADIR := $(PREFIX)/share/tangscope
INSTALL_ASSETS := assets/tang.bin assets/pinyin.tsv assets/words.tsv assets/tang-train.txt \
                  assets/tang-val.txt assets/README.md
LESSON_LANGS := zh en de fr
# the export to a nanoGPT checkpoint (Python and numpy, no PyTorch) and the
# modules it uses; `tangscope import` needs none of them
INSTALL_TOOLS := tools/export-nanogpt.py tools/nanogpt_ckpt.py tools/tsmodel.py

# INSTALL_BIN: the program to install (the tests give the one under test)
INSTALL_BIN ?= tangscope

install: $(INSTALL_BIN)
	install -d "$(PREFIX)/bin" "$(DATADIR)/assets"
	install -m 755 "$(INSTALL_BIN)" "$(PREFIX)/bin/tangscope"
	install -m 644 $(INSTALL_ASSETS) "$(DATADIR)/assets/"
	install -d "$(DATADIR)/tools"
	install -m 755 $(INSTALL_TOOLS) "$(DATADIR)/tools/"
	install -m 644 lessons/README.md LICENSE "$(DATADIR)/"
	for l in $(LESSON_LANGS); do \
	    install -d "$(DATADIR)/lessons/$$l" && install -m 644 lessons/$$l/*.md "$(DATADIR)/lessons/$$l/" || exit 1; \
	done
	install -d "$(DATADIR)/lessons/exercises"
	install -m 644 lessons/exercises/README.md lessons/exercises/*.py lessons/exercises/*.c \
	    "$(DATADIR)/lessons/exercises/"
	install -m 755 lessons/exercises/top_p_ref.sh "$(DATADIR)/lessons/exercises/"
	@echo "installed $(PREFIX)/bin/tangscope and its data in $(DATADIR)"
	@case ":$$PATH:" in *":$(PREFIX)/bin:"*) ;; *) echo "note: $(PREFIX)/bin is not on your PATH";; esac

uninstall:
	rm -f "$(PREFIX)/bin/tangscope"
	rm -rf "$(DATADIR)"

clean:
	rm -rf build build-asan build-portable build-posix build-minimal build-arm64 tangscope

-include $(ENGINE_OBJ:.o=.d) $(APP_OBJ:.o=.d) $(TUI_OBJ:.o=.d) $(CLI_OBJ:.o=.d)

# fuzzing: every tests/fuzz/fuzz_NAME.c is a libFuzzer target (tests/fuzz/fuzz.h).
# `make fuzz` builds each with clang under libFuzzer, ASan and UBSan and runs
# it for FUZZ_SECONDS (tests/fuzz/run.sh); `make test` links each with
# tests/fuzz/replay.c as test_fuzz_NAME, which feeds it the seeds and the
# saved crashes of tests/fuzz/NAME/.
FUZZ_SECONDS ?= 60
FUZZ_SRC   := $(wildcard tests/fuzz/fuzz_*.c)
FUZZ_NAMES := $(FUZZ_SRC:tests/fuzz/fuzz_%.c=%)
FUZZ_TESTS := $(FUZZ_NAMES:%=$(BUILD)/tests/test_fuzz_%)
FUZZ_INC   := -Isrc -Itests/fuzz
# The subcommands and the screen as a library, so a target links only what it calls.
$(BUILD)/libcli.a: $(filter-out $(BUILD)/src/main.o,$(CLI_OBJ)) $(TUI_OBJ)
	ar rcs $@ $^
FUZZ_LIBS = $(BUILD)/libcli.a $(BUILD)/libapp.a $(BUILD)/libengine.a
$(BUILD)/tests/test_fuzz_%: tests/fuzz/fuzz_%.c tests/fuzz/replay.c tests/fuzz/fuzz.h $(FUZZ_LIBS)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -DFUZZ_NAME=$* $(FUZZ_INC) -o $@ tests/fuzz/replay.c $< $(FUZZ_LIBS) \
	    $(LDLIBS) $(NCURSES_LIBS)
test-bins test-asan test-portable test-arm64: $(FUZZ_TESTS)
$(BUILD)/fuzz/fuzz_%: tests/fuzz/fuzz_%.c tests/fuzz/fuzz.h $(FUZZ_LIBS)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -fsanitize=fuzzer $(FUZZ_INC) -o $@ $< $(FUZZ_LIBS) $(LDLIBS) $(NCURSES_LIBS)
.PHONY: fuzz fuzz-build
fuzz: fuzz-build
	@sh tests/fuzz/run.sh build-fuzz $(FUZZ_SECONDS) $(FUZZ_NAMES)
# -Wno-pass-failed: under the sanitizers clang cannot vectorise some `omp simd`
# loops at -O1 and says so; that costs speed here, not correctness. The
# model's arithmetic is not traced for coverage (tests/fuzz/coverage-ignore.txt).
fuzz-build:
	@sh tools/ensure-deps.sh clang libclang-rt-14-dev libomp-dev
	$(MAKE) BUILD=build-fuzz CC=clang OPT="-O1 -march=native -fno-omit-frame-pointer" \
	    EXTRA_CFLAGS="-fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=undefined \
	    -fsanitize-coverage-ignorelist=tests/fuzz/coverage-ignore.txt -Wno-pass-failed" \
	    $(FUZZ_NAMES:%=build-fuzz/fuzz/fuzz_%)
# the fuzzers' build, and tools/valgrind-explorer.sh's
.PHONY: clean-fuzz
clean: clean-fuzz
clean-fuzz:
	rm -rf build-fuzz build-valgrind
