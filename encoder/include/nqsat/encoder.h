/* nqsat/encoder.h - N-Queens as CNF.
 *
 * Variable convention: the queen at row r, column c (0-based) is variable
 * r*N + c + 1, so queen variables are exactly 1..N^2; auxiliary variables of
 * the at-most-one encodings are numbered after them, in the order the
 * clauses are generated (deterministic for given options).
 *
 * The formula: every row gets an at-least-one clause; every row, column and
 * diagonal in both directions gets an at-most-one constraint in the chosen
 * encoding. Lines of length 1 need no constraint and get none.
 *
 * Ownership: the encoder keeps no state between calls; every pointer passed
 * in is borrowed for the duration of the call. */
#ifndef NQSAT_ENCODER_H
#define NQSAT_ENCODER_H

#include <stddef.h>
#include <stdint.h>

#include "nqsat/output.h"
#include "nqsat/status.h"

/* Largest N the encoder accepts: every variable number must fit a 32-bit
 * signed literal, and the sequential counter needs about 5*N^2 variables. */
#define NQ_ENCODER_MAX_N 20000

typedef enum nq_amo {
  NQ_AMO_PAIRWISE = 0,   /* binomial: one binary clause per pair */
  NQ_AMO_SEQUENTIAL = 1, /* Sinz's sequential counter */
  NQ_AMO_COUNT           /* number of encodings; keep last */
} nq_amo;

typedef struct nq_encoding {
  int n;        /* board size, 1..NQ_ENCODER_MAX_N */
  nq_amo amo;   /* at-most-one encoding for rows, columns and diagonals */
} nq_encoding;

typedef struct nq_formula_size {
  int64_t variables; /* largest variable used, at least N^2 */
  int64_t clauses;
  int64_t literals;
} nq_formula_size;

/* Receives clauses one at a time. `literals` is borrowed for the call; a
 * nonzero return stops generation and makes it return NQ_ERR_STOPPED. */
typedef struct nq_clause_sink {
  void *context;
  int (*add_clause)(void *context, const int *literals, size_t count);
} nq_clause_sink;

/* Names as accepted on the command line ("pairwise", "seq"). */
const char *nq_amo_name(nq_amo amo);
/* Returns 0 and sets *amo when `name` is a known encoding, else -1. */
int nq_amo_from_name(const char *name, nq_amo *amo);

/* Generates every clause of the formula into `sink`. */
nq_status nq_encoder_generate(const nq_encoding *encoding, const nq_clause_sink *sink);

/* Exact size of the formula nq_encoder_generate would produce. */
nq_status nq_encoder_measure(const nq_encoding *encoding, nq_formula_size *size);

/* What the DIMACS header records besides the formula itself. */
typedef struct nq_dimacs_provenance {
  const char *command_line; /* the full invocation, or NULL */
} nq_dimacs_provenance;

/* Writes the formula as DIMACS CNF: comment header (generator, version, N,
 * encoding, command line, variable convention, projection set as
 * "c ind ... 0" and "c p show ... 0"), an exact "p cnf V C" line, then the
 * clauses, streamed without holding the formula in memory. */
nq_status nq_encoder_write_dimacs(const nq_encoding *encoding,
                                  const nq_dimacs_provenance *provenance, nq_output *output);

#endif
