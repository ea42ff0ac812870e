/* libFuzzer target comparing the two model-counting engines: the input's
 * bytes make a small formula (byte 0: declared variables 1..16; byte 1:
 * bit 0 a projection line, bits 1-7 a cache bound for the component
 * counter, 0 for none; then per clause a length byte, 0..4 literals, and
 * one byte per literal: variable and sign; the projection takes the
 * variables whose bit is set in bytes 2-3). The formula is counted by the
 * component counter (nq_cnf_count_components) and by the all-solutions
 * enumeration (nq_cnf_plan_enumerate, one thread); any difference, or a
 * difference in the projected variables no clause uses, aborts.
 * Replayed over corpus/model_count and regressions/model_count by ctest;
 * run for real with scripts/fuzz.sh. */
#include <gmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nqsat/cnf.h"
#include "nqsat/component_count.h"
#include "nqsat/solver.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

enum { MAX_CLAUSES = 64, TEXT_SIZE = 8192 };

/* The DIMACS text of the formula the bytes describe; its length. */
static size_t formula_of(const uint8_t *data, size_t size, char *text, uint64_t *cache_bytes) {
  int variables = 1 + data[0] % 16;
  int projected = data[1] & 1;
  *cache_bytes = (uint64_t)(data[1] >> 1) * 64; /* 0: unbounded */
  unsigned projection_bits = size > 3 ? (unsigned)data[2] | (unsigned)data[3] << 8 : 0;
  char clauses[TEXT_SIZE / 2] = "";
  size_t used = 0;
  int clause_count = 0;
  size_t at = 4;
  while (at < size && clause_count < MAX_CLAUSES) {
    int length = data[at++] % 5;
    for (int k = 0; k < length && at < size; k++, at++) {
      int variable = 1 + (data[at] >> 1) % variables;
      used += (size_t)snprintf(clauses + used, sizeof clauses - used, "%d ",
                               data[at] & 1 ? -variable : variable);
    }
    used += (size_t)snprintf(clauses + used, sizeof clauses - used, "0\n");
    clause_count++;
  }
  size_t length = 0;
  if (projected) {
    length += (size_t)snprintf(text + length, TEXT_SIZE - length, "c ind");
    for (int v = 1; v <= variables; v++)
      if (projection_bits >> (v - 1) & 1)
        length += (size_t)snprintf(text + length, TEXT_SIZE - length, " %d", v);
    length += (size_t)snprintf(text + length, TEXT_SIZE - length, " 0\n");
  }
  length += (size_t)snprintf(text + length, TEXT_SIZE - length, "p cnf %d %d\n%s", variables,
                             clause_count, clauses);
  return length;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size < 2)
    return 0;
  char text[TEXT_SIZE];
  uint64_t cache_bytes;
  size_t length = formula_of(data, size, text, &cache_bytes);
  nq_cnf *cnf = NULL;
  char error[256];
  if (nq_cnf_read_memory(text, length, "fuzz", &cnf, error, sizeof error) != NQ_OK)
    abort(); /* the text above is always valid DIMACS */

  mpz_t components;
  mpz_init(components);
  nq_component_options options = {.cache_bytes = cache_bytes};
  nq_component_stats stats;
  if (nq_cnf_count_components(cnf, &options, NULL, components, &stats) != NQ_OK)
    abort();

  nq_cnf_options plan_options = {0};
  nq_solver_control control = {0};
  control.threads = 1;
  nq_cnf_plan *plan = NULL;
  nq_cnf_report report;
  if (nq_cnf_plan_make(cnf, &plan_options, &control, &plan, &report) != NQ_OK)
    abort();
  nq_enumeration result;
  if (nq_cnf_plan_enumerate(plan, 0, &control, NULL, NULL, &result) != NQ_OK || !result.complete)
    abort();
  nq_cnf_plan_free(plan);
  if (result.solutions_high || mpz_cmp_ui(components, (unsigned long)result.solutions) != 0)
    abort(); /* the engines count differently */
  if (stats.unused_projected != report.unused_projected)
    abort(); /* they disagree on the variables that double the count */
  mpz_clear(components);
  nq_cnf_free(cnf);
  return 0;
}
