/* Private to verify/: a DRAT proof read into steps. Binary or text is told
 * by the first bytes, as drat-trim does: a byte no text proof holds (not a
 * digit, '-', 'd', 'c' or white space; letters too when the proof opens
 * with "c ") among the first 12 means binary. */
#ifndef NQSAT_VERIFY_DRAT_PARSE_H
#define NQSAT_VERIFY_DRAT_PARSE_H

#include <stddef.h>
#include <stdint.h>

#include "nqsat/status.h"
#include "proof_formula.h"

typedef struct drat_step {
  size_t clause; /* index into the clauses the step's literals were appended to */
  int64_t where; /* text: line of the step; binary: byte offset of its 'a'/'d' */
  int deletion;  /* 1: 'd' */
} drat_step;

typedef struct drat_steps {
  drat_step *steps;
  size_t count, capacity;
  int binary;
} drat_steps;

int drat_looks_binary(const char *bytes, size_t size);
/* Appends each step's clause to `clauses` (after the formula's) and the
 * step to `steps`. Errors name `name` and the line or byte. */
nq_status drat_parse(const char *bytes, size_t size, const char *name, proof_clauses *clauses,
                     drat_steps *steps, char *error, size_t error_size);
void drat_steps_free(drat_steps *steps);

#endif
