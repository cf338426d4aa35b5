build-portable/src/engine/generate.o: src/engine/generate.c \
 src/engine/generate.h src/engine/form.h src/engine/common.h \
 src/engine/vocab.h src/engine/infer.h src/engine/model.h \
 src/engine/fileio.h src/engine/rng.h src/engine/sampler.h
src/engine/generate.h:
src/engine/form.h:
src/engine/common.h:
src/engine/vocab.h:
src/engine/infer.h:
src/engine/model.h:
src/engine/fileio.h:
src/engine/rng.h:
src/engine/sampler.h:
