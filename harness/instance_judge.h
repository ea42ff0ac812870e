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

typedef struct judged_instance {
  const char *path; /* borrowed */
  nq_instance *instance;
  nq_instance_truth truth;
  int truth_state; /* 0 not computed, 1 computed, -1 failed */
  nq_status truth_status;
  uint64_t max_nodes;
  const volatile sig_atomic_t *stop;
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
const nq_instance_truth *judged_instance_truth(void *judged_instance);
void judged_instance_close(judged_instance *judged);

#endif
