/* nqsat/proof.h - the verifier's own checker of clausal refutations.
 *
 * DRAT (text or binary, told apart by the first bytes as drat-trim does;
 * plain or gzip) is checked backwards with core-first unit propagation
 * (Heule, Hunt and Wetzler, "Trimming while checking clausal proofs", FMCAD
 * 2013; RAT lemmas after Wetzler, Heule and Hunt, SAT 2014): only lemmas a
 * later step uses are checked, and the check can write the used part as an
 * LRAT proof. LRAT (text or binary) is checked forwards by its hints
 * (Cruz-Filipe, Heule, Hunt, Kaufmann and Schneider-Kamp, CADE 2017).
 *
 * The checker shares no code with the solvers. A proof that does not check
 * is not an error: the call returns NQ_OK with `verified` 0 and says where
 * it failed. Errors are unreadable or malformed inputs (NQ_ERR_IO,
 * NQ_ERR_PARSE with "NAME:LINE: problem") and NQ_ERR_MEMORY. */
#ifndef NQSAT_PROOF_H
#define NQSAT_PROOF_H

#include <stddef.h>
#include <stdint.h>

#include "nqsat/status.h"

typedef struct nq_proof_result {
  int verified;               /* 1: the proof refutes the formula */
  int binary;                 /* the proof was read as binary */
  long failed_line;           /* text proof: line of the failing step, else 0 */
  int64_t failed_byte;        /* binary proof: byte offset of the failing step, else -1 */
  uint64_t lemmas;            /* lemmas read up to the conflict */
  uint64_t core_lemmas;       /* lemmas the refutation used (DRAT), all checked ones (LRAT) */
  uint64_t deletions;         /* deletions applied */
  uint64_t ignored_deletions; /* DRAT deletions of unit reasons or of absent clauses */
  char message[512];          /* one line: why it failed, or what was verified */
} nq_proof_result;

/* Checks the DRAT proof at `proof_path` against the DIMACS formula at
 * `cnf_path`; when `lrat_path` is not NULL and the proof checks, writes the
 * trimmed proof there as text LRAT (through a temporary name). */
nq_status nq_proof_check_drat(const char *cnf_path, const char *proof_path, const char *lrat_path,
                              nq_proof_result *result, char *error, size_t error_size);
/* The same on bytes in memory (plain, not gzip); `names` label messages. */
nq_status nq_proof_check_drat_memory(const char *cnf, size_t cnf_size, const char *proof,
                                     size_t proof_size, const char *cnf_name,
                                     const char *proof_name, nq_proof_result *result, char *error,
                                     size_t error_size);

/* Checks the LRAT proof at `proof_path` (text or binary) against the formula. */
nq_status nq_proof_check_lrat(const char *cnf_path, const char *proof_path, nq_proof_result *result,
                              char *error, size_t error_size);
nq_status nq_proof_check_lrat_memory(const char *cnf, size_t cnf_size, const char *proof,
                                     size_t proof_size, const char *cnf_name,
                                     const char *proof_name, nq_proof_result *result, char *error,
                                     size_t error_size);

/* A certified model count (as `nqsat solve FILE --count --certificate`
 * writes it): "m LITERALS 0" lines, each a cube over the projection ("c
 * ind" / "c p show" of the formula, else every declared variable) with a
 * witness for the other variables, projected variables it leaves out
 * free, each after a "d DECISIONS 0" line, the decision path that led to
 * it; and "s mc COUNT". Verified when every cube with its witness
 * satisfies every clause (evaluation), holds its decisions (projected
 * literals), the paths form a binary decision tree walked depth-first (so
 * that any two cubes hold a decision and its negation: disjoint on the
 * projection), the proof at `proof_path` refutes the formula with every
 * cube's blocking clause added, and COUNT is the sum of 2^(free projected
 * variables). The proof is DRAT (`lrat` 0: the blocking clauses come
 * after the formula's clauses, in cube order) or LRAT (`lrat` 1: the
 * formula's clauses have ids 1, 2, ... and each cube's blocking clause,
 * in cube order, takes the next id the proof's lemmas skip). */
typedef struct nq_certificate_result {
  int verified;
  uint64_t cubes;
  char count[128];   /* the sum, in decimal (or "(D digits)") */
  char message[600]; /* one line: why it failed, or what was verified */
} nq_certificate_result;

nq_status nq_certificate_check(const char *cnf_path, const char *certificate_path,
                               const char *proof_path, int lrat, nq_certificate_result *result,
                               char *error, size_t error_size);

#endif
