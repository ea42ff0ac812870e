/* `nqsat verify --family`: the chessboard families' rows
 * (verify_families.c). */
#ifndef NQSAT_CLI_VERIFY_FAMILIES_H
#define NQSAT_CLI_VERIFY_FAMILIES_H

#include "nqsat/encoder.h"

typedef struct verify_family_run {
  nq_problem problem; /* not NQ_PROBLEM_QUEENS */
  nq_amo encodings[NQ_AMO_COUNT];
  int encoding_count;
  int threads; /* >= 1 */
} verify_family_run;

/* Prints a row per N in first..last (N <= NQ_CHESS_MAX_GRAPH_N for the
 * colouring and domination families). Returns how many rows disagree, or
 * -1 when a search or a file failed. */
int verify_families_print(const verify_family_run *run, int first, int last);

#endif
