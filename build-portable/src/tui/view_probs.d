build-portable/src/tui/view_probs.o: src/tui/view_probs.c \
 src/app/labels.h src/app/app.h src/engine/convert.h src/engine/common.h \
 src/engine/vocab.h src/engine/cachecmp.h src/engine/form.h \
 src/engine/generate.h src/engine/infer.h src/engine/model.h \
 src/engine/fileio.h src/engine/rng.h src/engine/sampler.h \
 src/engine/corpus.h src/engine/form.h src/engine/generate.h \
 src/engine/model.h src/engine/pinyin.h src/engine/rng.h \
 src/engine/sampler.h src/app/textw.h src/tui/views.h src/app/app.h \
 src/tui/draw.h
src/app/labels.h:
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
src/app/textw.h:
src/tui/views.h:
src/app/app.h:
src/tui/draw.h:
