build-portable/src/engine/fileio.o: src/engine/fileio.c \
 src/engine/fileio.h src/engine/common.h
src/engine/fileio.h:
src/engine/common.h:
