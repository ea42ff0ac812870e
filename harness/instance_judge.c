/* An instance as `check --instance` and `run` judge answers to it: the
 * verifier's reading of the file and its ground truth, computed on first
 * need and kept (a harness asks once per instance, not once per run). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "instance_judge.h"

void judged_instance_adopt(judged_instance *judged, const char *path, nq_instance *instance,
                           uint64_t max_nodes, const volatile sig_atomic_t *stop) {
  memset(judged, 0, sizeof *judged);
  judged->max_nodes = max_nodes;
  judged->stop = stop;
  judged->path = path;
  judged->instance = instance;
}

nq_status judged_instance_open(judged_instance *judged, const char *path, uint64_t max_nodes,
                               const volatile sig_atomic_t *stop, char *error, size_t error_size) {
  nq_instance *instance = NULL;
  nq_status status = nq_instance_read(path, &instance, error, error_size);
  judged_instance_adopt(judged, path, instance, max_nodes, stop);
  return status;
}

nq_status judged_instance_open_formula(judged_instance *judged, const char *path, int status,
                                       int models_known, uint64_t models, char *error,
                                       size_t error_size) {
  nq_instance *instance = NULL;
  nq_status read = nq_instance_read_formula(path, &instance, error, error_size);
  judged_instance_adopt(judged, path, instance, 0, NULL);
  if (read != NQ_OK)
    return read;
  judged->truth.status = status;
  judged->truth.models_exact = models_known;
  judged->truth.models = models;
  if (!status || !models_known)
    snprintf(judged->truth.unknown_why, sizeof judged->truth.unknown_why,
             "the suite's manifest gives %s", status ? "the status only" : "no status");
  judged->truth_state = 1;
  return NQ_OK;
}

nq_status judged_instance_open_counted(judged_instance *judged, const char *path,
                                       const char *digits, uint64_t max_nodes,
                                       const volatile sig_atomic_t *stop,
                                       judged_formula_counter count_formula, double count_seconds,
                                       char *error, size_t error_size) {
  nq_instance *instance = NULL;
  nq_status read = nq_instance_read_formula(path, &instance, error, error_size);
  judged_instance_adopt(judged, path, instance, max_nodes, stop);
  if (read != NQ_OK)
    return read;
  judged->count_formula = count_formula;
  judged->count_seconds = count_seconds;
  if (!*digits)
    return NQ_OK;
  size_t length = strlen(digits);
  if (strspn(digits, "0123456789") != length) {
    snprintf(error, error_size, "%s: the manifest's count '%.40s' is not a decimal number", path,
             digits);
    return NQ_ERR_ARGUMENT;
  }
  while (length > 1 && *digits == '0')
    digits++, length--;
  judged->truth.models_digits = strdup(digits);
  if (!judged->truth.models_digits)
    return NQ_ERR_MEMORY;
  judged->truth.status = strcmp(digits, "0") ? 10 : 20;
  if (length < 20) { /* below 10^19: fits in 64 bits */
    judged->truth.models = strtoull(digits, NULL, 10);
    judged->truth.models_exact = 1;
  }
  judged->truth_state = 1;
  judged->truth_from_manifest = 1;
  return NQ_OK;
}

const nq_instance_truth *judged_instance_truth(void *context) {
  judged_instance *judged = context;
  if (!judged->truth_state && judged->instance->n == 0) {
    /* A formula without a board: nqsat's own count, or nothing known. */
    if (judged->count_formula)
      judged->count_formula(judged->path, judged->count_seconds, judged->stop, &judged->truth);
    else
      snprintf(judged->truth.unknown_why, sizeof judged->truth.unknown_why,
               "the suite's manifest gives no count");
    judged->truth_state = 1;
  }
  if (!judged->truth_state) {
    nq_status status = nq_instance_compute_truth(judged->instance, judged->max_nodes, judged->stop,
                                                 &judged->truth);
    judged->truth_state = status == NQ_OK ? 1 : -1;
    judged->truth_status = status;
  }
  return judged->truth_state > 0 ? &judged->truth : NULL;
}

void judged_instance_close(judged_instance *judged) {
  nq_instance_free(judged->instance);
  nq_instance_truth_clear(&judged->truth);
  memset(judged, 0, sizeof *judged);
}
