build-portable/src/engine/common.o: src/engine/common.c \
 src/engine/common.h src/engine/vocab.h
src/engine/common.h:
src/engine/vocab.h:
