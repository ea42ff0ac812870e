/* An instance file opened for judging answers to it: the verifier's
 * reading of the file, and its ground truth computed on first need
 * (nq_truth_source) with a node limit and a stop flag. Used by
 * `nqsat check --instance` and by the harness for every run. */
#ifndef NQSAT_INSTANCE_JUDGE_H
#define NQSAT_INSTANCE_JUDGE_H

#include <signal.h>
#include <stddef.h>
#include <stdint.h>

#include "nqsat/instance.h"

/* nqsat's own count of a formula without a board (the front end's
 * counter: the harness does not link the solver): fills `truth` (status 0
 * and `unknown_why` when the count is not made within `seconds`). */
typedef void (*judged_formula_counter)(const char *path, double seconds,
                                       const volatile sig_atomic_t *stop, nq_instance_truth *truth);

typedef struct judged_instance {
  const char *path; /* borrowed */
  nq_instance *instance;
  nq_instance_truth truth;
  int truth_state; /* 0 not computed, 1 computed, -1 failed */
  nq_status truth_status;
  uint64_t max_nodes;
  const volatile sig_atomic_t *stop;
  judged_formula_counter count_formula; /* a formula without a board, or NULL */
  int truth_from_manifest;              /* the truth is the manifest's count */
  /* The manifest's log10 of the count (a competition's reference). */
  int has_reference_log10;
  double reference_log10;
  double count_seconds;
} judged_instance;
nq_status judged_instance_open(judged_instance *judged, const char *path, uint64_t max_nodes,
                               const volatile sig_atomic_t *stop, char *error, size_t error_size);
/* The same for an instance already read (owned by `judged` from here on). */
void judged_instance_adopt(judged_instance *judged, const char *path, nq_instance *instance,
                           uint64_t max_nodes, const volatile sig_atomic_t *stop);
/* A formula without a board (a chessboard family's file, whose ground
 * truth the suite's manifest holds): read with nq_instance_read_formula,
 * the truth given here instead of computed (`status` 10, 20 or 0 unknown;
 * `models_known`: `models` is the exact count). */
nq_status judged_instance_open_formula(judged_instance *judged, const char *path, int status,
                                       int models_known, uint64_t models, char *error,
                                       size_t error_size);
/* A model counting suite's row (the manifest's `count` column): the file
 * read as any formula; `digits`, the exact model count in decimal (any
 * size), is its truth, or when empty the truth is computed on first need:
 * the verifier's for an nqsat instance, `count_formula` (within
 * `count_seconds`) for a formula without a board. */
nq_status judged_instance_open_counted(judged_instance *judged, const char *path,
                                       const char *digits, uint64_t max_nodes,
                                       const volatile sig_atomic_t *stop,
                                       judged_formula_counter count_formula, double count_seconds,
                                       char *error, size_t error_size);
const nq_instance_truth *judged_instance_truth(void *judged_instance);
void judged_instance_close(judged_instance *judged);

#endif
