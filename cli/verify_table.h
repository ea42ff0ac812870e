/* Private to cli/: `nqsat verify`'s table. Each board size N is a row of
 * stages (the native solver, the class counter, one SAT enumeration per
 * encoding); the stages of all rows form one queue that worker slots take
 * from in order, so a long stage of one N overlaps the next stages instead
 * of leaving processors idle at its tail, while rows still print in N order
 * as each one finishes. */
#ifndef NQSAT_CLI_VERIFY_TABLE_H
#define NQSAT_CLI_VERIFY_TABLE_H

#include "nqsat/encoder.h"

/* Full solution sets are kept up to this N (73,712 boards for N = 13);
 * beyond it only counts are compared. */
#define VERIFY_SET_COMPARISON_MAX_N 13

typedef struct verify_run {
  nq_amo encodings[NQ_AMO_COUNT];
  int encoding_count;
  int plain;
  int threads;       /* 0: one per processor */
  int wrong_image_n; /* the test hook's board size, 0: off */
  int show_progress; /* a progress line on stderr (a terminal) */
} verify_run;

/* Stages run at once: two when the SAT path has more than one thread (each
 * stage itself threaded, so the second fills the first one's idle tail), one
 * otherwise (--threads 1, --plain). memory_budget_check_verify charges for
 * this many. */
int verify_table_slots(int plain, int threads);

/* Prints the header and one row per N in first..last, in order; a
 * disagreement is named on stderr ("nqsat verify: N = 12: ..."). Returns
 * the number of rows that disagree, or -1 when the workers could not
 * start (nothing printed beyond the header). */
int verify_table_print(const verify_run *run, int first, int last);

#endif
