build-portable/src/engine/rng.o: src/engine/rng.c src/engine/rng.h
src/engine/rng.h:
