build-portable/src/tui/tui.o: src/tui/tui.c src/app/commands.h \
 src/app/app.h src/engine/convert.h src/engine/common.h \
 src/engine/vocab.h src/engine/cachecmp.h src/engine/form.h \
 src/engine/generate.h src/engine/infer.h src/engine/model.h \
 src/engine/fileio.h src/engine/rng.h src/engine/sampler.h \
 src/engine/corpus.h src/engine/form.h src/engine/generate.h \
 src/engine/model.h src/engine/pinyin.h src/engine/rng.h \
 src/engine/sampler.h src/tui/input.h src/app/textw.h src/tui/tui.h \
 src/app/app.h src/engine/common.h src/tui/views.h src/tui/draw.h
src/app/commands.h:
src/app/app.h:
src/engine/convert.h:
src/engine/common.h:
src/engine/vocab.h:
src/engine/cachecmp.h:
src/engine/form.h:
src/engine/generate.h:
src/engine/infer.h:
src/engine/model.h:
src/engine/fileio.h:
src/engine/rng.h:
src/engine/sampler.h:
src/engine/corpus.h:
src/engine/form.h:
src/engine/generate.h:
src/engine/model.h:
src/engine/pinyin.h:
src/engine/rng.h:
src/engine/sampler.h:
src/tui/input.h:
src/app/textw.h:
src/tui/tui.h:
src/app/app.h:
src/engine/common.h:
src/tui/views.h:
src/tui/draw.h:
