/* invariant.h - NQ_INVARIANT(condition): a data structure's invariant,
 * checked in the sanitizer build (-DNQSAT_SANITIZE=ON defines
 * NQSAT_CHECK_INVARIANTS) and compiled out otherwise, so the release
 * build pays nothing. A broken invariant prints the condition and where,
 * then aborts (the sanitizers print the stack).
 *
 * Checks that walk a structure go in functions of their own, called where
 * the structure is settled, so the hot paths keep their shape. */
#ifndef NQSAT_INVARIANT_H
#define NQSAT_INVARIANT_H

#ifdef NQSAT_CHECK_INVARIANTS
#include <stdio.h>
#include <stdlib.h>
#define NQ_CHECKING_INVARIANTS 1
#define NQ_INVARIANT(condition)                                                                    \
  ((condition)                                                                                     \
       ? (void)0                                                                                   \
       : (fprintf(stderr, "%s:%d: invariant broken: %s\n", __FILE__, __LINE__, #condition),        \
          abort()))
#else
#define NQ_CHECKING_INVARIANTS 0
/* sizeof: the condition is type-checked but never evaluated. */
#define NQ_INVARIANT(condition) ((void)sizeof(condition))
#endif

#endif
