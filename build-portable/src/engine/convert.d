build-portable/src/engine/convert.o: src/engine/convert.c \
 src/engine/convert.h src/engine/common.h src/engine/vocab.h \
 /usr/include/opencc/opencc.h
src/engine/convert.h:
src/engine/common.h:
src/engine/vocab.h:
/usr/include/opencc/opencc.h:
