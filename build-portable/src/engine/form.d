build-portable/src/engine/form.o: src/engine/form.c src/engine/form.h \
 src/engine/common.h src/engine/vocab.h
src/engine/form.h:
src/engine/common.h:
src/engine/vocab.h:
