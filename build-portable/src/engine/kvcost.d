build-portable/src/engine/kvcost.o: src/engine/kvcost.c \
 src/engine/kvcost.h src/engine/model.h src/engine/common.h \
 src/engine/fileio.h src/engine/vocab.h
src/engine/kvcost.h:
src/engine/model.h:
src/engine/common.h:
src/engine/fileio.h:
src/engine/vocab.h:
