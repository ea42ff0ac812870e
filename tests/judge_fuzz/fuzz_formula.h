/* The judge fuzzer's formulas and their truth, decided here and nowhere
 * else: a random CNF's models by trying every assignment (at most
 * FUZZ_BRUTE_MAX_VARIABLES variables), an N-Queens pairwise encoding's by
 * placing queens row by row (its counts checked against OEIS A000170
 * typed in below). Assignments are bit sets: bit v - 1 is variable v. */
#ifndef NQSAT_JUDGE_FUZZ_FORMULA_H
#define NQSAT_JUDGE_FUZZ_FORMULA_H

#include <stddef.h>
#include <stdint.h>

#define FUZZ_MAX_VARIABLES 64
#define FUZZ_BRUTE_MAX_VARIABLES 16
#define FUZZ_MAX_CLAUSES 4096

typedef struct fuzz_formula {
  int variables; /* declared, 1..FUZZ_MAX_VARIABLES */
  int clause_count;
  int *literals; /* clauses, each ended by 0 */
  size_t literal_count;
  int has_projection;
  uint64_t projection; /* the projection's variables (all declared when none) */
  uint64_t occurring;  /* the variables some clause mentions */
  char *header;        /* comment lines before "p cnf" (owned, may be "") */
  int queens_n;        /* an nqsat encoding of N-Queens, else 0 */
  uint64_t *models;    /* every model over the declared variables */
  size_t model_count;
  uint64_t projected_count; /* distinct models on the projection: the count */
} fuzz_formula;

typedef struct fuzz_rng {
  uint64_t state;
} fuzz_rng;

uint64_t fuzz_next(fuzz_rng *rng);
/* Uniform in 0..bound-1 (bound > 0). */
uint64_t fuzz_below(fuzz_rng *rng, uint64_t bound);

/* A random formula of 3..12 declared variables, some of them in no clause,
 * with a "c p show" projection half the time; its models by brute force. */
void fuzz_formula_random(fuzz_formula *formula, fuzz_rng *rng);

/* Reads the clauses of `text` (DIMACS: an nqsat encoding), keeps its
 * comment lines before the header, and finds its models by placing
 * queens (queen at row r, column c is r*n + c + 1; the encoding has no
 * other variables). Returns 0, or -1 with a message on stderr. */
int fuzz_formula_queens(fuzz_formula *formula, const char *text, int n);

/* Adds a clause (header comments kept) and drops the models it falsifies. */
void fuzz_formula_add_clause(fuzz_formula *formula, const int *clause, int size);

/* Replaces the header comments (the forged "c N:" lines). */
void fuzz_formula_set_header(fuzz_formula *formula, const char *header);

/* Sets `occurring` from the clauses. */
void fuzz_formula_find_occurring(fuzz_formula *formula);

/* Whether `assignment` satisfies every clause. */
int fuzz_formula_satisfies(const fuzz_formula *formula, uint64_t assignment);

/* The DIMACS text (caller frees). */
char *fuzz_formula_text(const fuzz_formula *formula);

void fuzz_formula_copy(fuzz_formula *copy, const fuzz_formula *formula);
void fuzz_formula_free(fuzz_formula *formula);

/* The mask of every declared variable. */
uint64_t fuzz_all_variables(int variables);

#endif
