build-portable/src/engine/pinyin.o: src/engine/pinyin.c \
 src/engine/pinyin.h src/engine/common.h src/engine/vocab.h \
 src/engine/fileio.h
src/engine/pinyin.h:
src/engine/common.h:
src/engine/vocab.h:
src/engine/fileio.h:
