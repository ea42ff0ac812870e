/* Private to count/ and count/mpi/: what `nqsat count`'s modes (whole run, parts,
 * merge, checkpoints, estimate) and nqsat-mpi share. The jobs themselves
 * are the plan's (nqsat/count_plan.h). */
#ifndef NQSAT_COUNT_JOBS_H
#define NQSAT_COUNT_JOBS_H

#include <stddef.h>
#include <stdint.h>

#include "nqsat/count_plan.h"

/* The published counts of n (OEIS A000170 and A002562): 0 and both set,
 * or -1 beyond the table. The programs pass nq_count_oeis
 * (nqsat/oeis_counts.h), published figures rather than anything the
 * counter computes. */
typedef int (*count_known_fn)(int n, uint64_t *total, uint64_t *fundamental);

/* Prints the count (total, or fundamental with `unique`) on stdout and, with
 * `stats`, a summary on stderr; then compares with `known`. Returns the
 * exit code (1 on a disagreement or a failed write). */
int count_report(const char *program, int n, nq_count_method method, const nq_count_tally *tally,
                 int unique, int stats, double seconds, double cpu_seconds, const char *kernel,
                 count_known_fn known);

/* ---- checkpoints (count_checkpoint.c) ----------------------------------
 * A text file: a header naming N, the method, the job count and the plan's
 * checksum, then one line per finished job "JOB C2 C4 C8 WORK CHECK" where
 * CHECK is a checksum of the line, each appended by one write() (so a
 * killed process leaves whole lines) and flushed to disk with fsync at
 * least every 0.2 s and at the end. Opening loads the finished jobs; a last
 * line cut short (a crash mid-write) is dropped and cut from the file,
 * anything else malformed is refused with FILE:LINE. */
typedef struct count_checkpoint count_checkpoint;
/* Returns 0, or 1 after printing "PROGRAM: error: ..." */
int count_checkpoint_open(const char *program, const char *path, int n, const nq_count_plan *plan,
                          count_checkpoint **checkpoint);
int count_checkpoint_finished(const count_checkpoint *checkpoint, size_t job);
/* Appends a finished job; an I/O failure is remembered (count_checkpoint_close reports it). */
void count_checkpoint_record(count_checkpoint *checkpoint, size_t job, const nq_count_tally *tally);
/* Adds the loaded jobs' tallies (those with in_part[job] when in_part is
 * not NULL) to *tally; returns how many jobs that was. */
size_t count_checkpoint_add_loaded(const count_checkpoint *checkpoint, const unsigned char *in_part,
                                   nq_count_tally *tally);
/* Flushes and closes; returns 0, or 1 after printing the first I/O error. */
int count_checkpoint_close(const char *program, count_checkpoint *checkpoint);

/* ---- parts and merge (count_parts.c) ---------------------------------- */
typedef struct count_part_line {
  int n;
  nq_count_method method;
  uint32_t parts, part;
  uint64_t jobs, part_jobs, plan_checksum;
  nq_count_tally tally;
  double seconds, cpu_seconds;
} count_part_line;
/* One JSON line on stdout; returns 0 or 1 (write failed). */
int count_part_print(const count_part_line *line);
/* nqsat count --merge FILE... ("-" or none: standard input). */
int count_merge(int file_count, char **files, int unique, int stats, count_known_fn known);

/* ---- the estimate (count_estimate.c) ---------------------------------- */
int count_estimate(int n, const nq_count_plan *plan, size_t sample,
                   const volatile sig_atomic_t *stop);

#endif
