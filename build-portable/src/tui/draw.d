build-portable/src/tui/draw.o: src/tui/draw.c src/tui/draw.h \
 src/app/textw.h src/engine/vocab.h src/engine/common.h
src/tui/draw.h:
src/app/textw.h:
src/engine/vocab.h:
src/engine/common.h:
