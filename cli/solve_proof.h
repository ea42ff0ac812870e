/* solve --proof: DRAT proofs of UNSATISFIABLE answers (cli/solve_proof.c). */
#ifndef NQSAT_CLI_SOLVE_PROOF_H
#define NQSAT_CLI_SOLVE_PROOF_H

#include <signal.h>
#include <stdint.h>

#include "nqsat/encoder.h"

/* `format`: -1 by the name (nq_proof_format_for), else nq_proof_format.
 * Print "c proof: ..." and return NQ_EXIT_OK, or report and return the
 * exit code of the failure. */
int solve_write_proof(const char *cnf_path, const char *proof_path, int format,
                      const volatile sig_atomic_t *stop);
/* Writes `nqsat encode`'s DIMACS of `encoding` to `path`; 0, or -1 with
 * the reason in `error`. */
int queens_formula_write(const nq_encoding *encoding, const char *path, char *error,
                         size_t error_size);
int solve_write_queens_proof(const nq_encoding *encoding, const char *proof_path, int format,
                             const volatile sig_atomic_t *stop);

/* solve FILE --count --certificate CERT: cubes in CERT, the proof of
 * their completeness in CERT.lrat or CERT.drat (`kind`, an
 * nq_certificate_proof; binary unless `format` says text).
 * With `print_digits` > 0 the certified count is printed first, as
 * solve --count prints it (up to that many digits in full), and the exit
 * code is the SAT competition's (10 models, 20 none): the count needs no
 * run of its own. -1, the files written but nothing printed, for a count
 * longer than that: the caller counts apart and prints the line. */
int solve_write_certificate(const char *cnf_path, const char *certificate_path, int format,
                            int kind, int threads, const volatile sig_atomic_t *stop,
                            uint64_t print_digits);

#endif
