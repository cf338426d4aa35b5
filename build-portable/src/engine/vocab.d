build-portable/src/engine/vocab.o: src/engine/vocab.c src/engine/vocab.h \
 src/engine/common.h
src/engine/vocab.h:
src/engine/common.h:
