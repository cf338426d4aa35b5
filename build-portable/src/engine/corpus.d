build-portable/src/engine/corpus.o: src/engine/corpus.c \
 src/engine/corpus.h src/engine/common.h src/engine/fileio.h \
 src/engine/vocab.h
src/engine/corpus.h:
src/engine/common.h:
src/engine/fileio.h:
src/engine/vocab.h:
