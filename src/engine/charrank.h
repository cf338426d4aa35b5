/* charrank.h - the characters of the training text (assets/tang-train.txt),
 * ranked by how often they occur there: rank 0 is the most frequent (，),
 * equal counts go to the smaller code point first.
 *
 * The session code (sesscode.h) writes a character by its rank, so that the
 * common ones cost few bits. The table is compiled in (src/engine/charrank.c,
 * written by tools/char-ranks.py) and depends on no model and no arithmetic:
 * every tangscope reads a code the same way. Changing it changes the code's
 * format.
 */
#ifndef TS_CHARRANK_H
#define TS_CHARRANK_H

#include <stdint.h>

#define CHARRANK_COUNT 7311 /* characters in the table, ranks 0 .. CHARRANK_COUNT - 1 */

/* The code point of rank (0 <= rank < CHARRANK_COUNT). */
uint32_t charrank_cp(int rank);

/* The rank of cp, or -1 if the training text does not have it. */
int charrank_of(uint32_t cp);

#endif
