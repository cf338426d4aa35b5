build-portable/src/engine/model.o: src/engine/model.c src/engine/model.h \
 src/engine/common.h src/engine/fileio.h src/engine/vocab.h \
 src/engine/rng.h
src/engine/model.h:
src/engine/common.h:
src/engine/fileio.h:
src/engine/vocab.h:
src/engine/rng.h:
