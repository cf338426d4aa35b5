build-portable/src/app/textw.o: src/app/textw.c src/app/textw.h \
 src/engine/vocab.h src/engine/common.h
src/app/textw.h:
src/engine/vocab.h:
src/engine/common.h:
