/* nq_cnf_refute (nqsat/refute.h): the CDCL engine run for its first model,
 * its learned and deleted clauses written as DRAT. */
#include <stdlib.h>
#include <string.h>

#include "allsat_engine.h"
#include "nqsat/refute.h"
#include "proof_writer.h"

nq_proof_format nq_proof_format_for(const char *path) {
  size_t length = strlen(path);
  return length >= 4 && !strcmp(path + length - 4, ".txt") ? NQ_PROOF_TEXT : NQ_PROOF_BINARY;
}

static int stop_at_model(void *context, const signed char *values, int free_count) {
  (void)context;
  (void)values;
  (void)free_count;
  return 1;
}

static int stop_requested(void *context) {
  const volatile sig_atomic_t *stop = context;
  return stop && *stop;
}

nq_status nq_cnf_refute(const nq_cnf *cnf, const char *proof_path, nq_proof_format format,
                        const volatile sig_atomic_t *stop, int *refuted, char *error,
                        size_t error_size) {
  *refuted = 0;
  proof_writer writer;
  nq_status status = proof_writer_open(&writer, proof_path, format, error, error_size);
  if (status != NQ_OK)
    return status;
  int variables = cnf->max_variable > 0 ? cnf->max_variable : 1;
  allsat_engine *engine = allsat_engine_new(variables, NULL, cnf->literals, cnf->literal_count);
  status = NQ_ERR_MEMORY;
  if (engine) {
    allsat_engine_set_proof(engine, proof_writer_step, &writer);
    status =
        allsat_engine_enumerate(engine, NULL, 0, 0, stop_at_model, stop_requested, (void *)stop);
    allsat_engine_free(engine);
  }
  int unsatisfiable = status == NQ_OK; /* every model reported: there was none */
  if (status == NQ_ERR_STOPPED)
    status = NQ_OK;
  if (unsatisfiable)
    proof_writer_step(&writer, NULL, 0, 0);
  nq_status closed = proof_writer_close(&writer, unsatisfiable, error, error_size);
  if (status == NQ_OK)
    status = closed;
  *refuted = status == NQ_OK && unsatisfiable;
  return status;
}
