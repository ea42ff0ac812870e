/* Private to verify/: what the proof checkers read. A whole file in memory
 * (plain or gzip), clauses back to back in one flat array, and the DIMACS
 * formula a proof refutes. */
#ifndef NQSAT_VERIFY_PROOF_FORMULA_H
#define NQSAT_VERIFY_PROOF_FORMULA_H

#include <stddef.h>
#include <stdint.h>

#include "nqsat/status.h"

/* Largest variable a proof may name: literals are stored as 2 * var + sign
 * in an int. */
enum { PROOF_MAX_VARIABLE = (1 << 29) - 1 };

/* Reads the file at `path` whole, decompressing gzip; NQ_ERR_IO or
 * NQ_ERR_MEMORY with "PATH: reason" in `error`. The caller frees *bytes. */
nq_status proof_read_file(const char *path, char **bytes, size_t *size, char *error,
                          size_t error_size);

/* Clauses as DIMACS literals back to back: clause i is
 * literals[start[i] .. start[i + 1]). Owned by the struct. */
typedef struct proof_clauses {
  int *literals;
  size_t literal_count, literal_capacity;
  size_t *start; /* count + 1 entries */
  size_t count, start_capacity;
  int max_variable;
} proof_clauses;

/* 0 on success, -1 out of memory. */
int proof_clauses_init(proof_clauses *clauses);
int proof_clauses_push(proof_clauses *clauses, int literal);
/* Room for `literals` literals in all (the capacity doubled until it holds
 * them), so that many can be written without a check each. */
int proof_clauses_reserve(proof_clauses *clauses, size_t literals);
int proof_clauses_close(proof_clauses *clauses);
void proof_clauses_free(proof_clauses *clauses);
static inline size_t proof_clause_length(const proof_clauses *clauses, size_t clause) {
  return clauses->start[clause + 1] - clauses->start[clause];
}

/* Appends `value` to a growable array of ints (or int64_t): *items holds
 * *count of *capacity. 0, or -1 out of memory (the array unchanged). The
 * checkers' hints, trails and lemmas grow through these. */
int proof_push_int(int **items, size_t *count, size_t *capacity, int value);
int proof_push_int64(int64_t **items, size_t *count, size_t *capacity, int64_t value);

/* Parses a DIMACS CNF ("p cnf V C", clauses ending in 0, 'c' comments)
 * into `clauses`; errors name `name` and the line. */
nq_status proof_parse_dimacs(const char *bytes, size_t size, const char *name,
                             proof_clauses *clauses, char *error, size_t error_size);

/* Writes "NAME:LINE: problem" (or "NAME: byte OFFSET: problem" when `line`
 * is negative, -1 - offset) and returns NQ_ERR_PARSE. */
nq_status proof_parse_error(char *error, size_t error_size, const char *name, int64_t line,
                            const char *format, ...) __attribute__((format(printf, 5, 6)));

#endif
