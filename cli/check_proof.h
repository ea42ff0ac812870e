/* Proof checking for the CLI: `check --proof`, `run`'s UNSAT verdicts. */
#ifndef NQSAT_CLI_CHECK_PROOF_H
#define NQSAT_CLI_CHECK_PROOF_H

#include <stddef.h>
#include <stdint.h>

#include "nqsat/proof.h"

enum { PROOF_FORMAT_AUTO = 0, PROOF_FORMAT_DRAT = 1, PROOF_FORMAT_LRAT = 2 };

/* LRAT for names ending in .lrat or .lrat.gz, else DRAT. */
int proof_format_from_name(const char *path);
/* Checks the proof in `format` (AUTO: by name); the wall time in *seconds. */
nq_status check_proof_file(const char *cnf_path, const char *proof_path, int format,
                           const char *lrat_out, nq_proof_result *result, double *seconds,
                           char *error, size_t error_size);
/* nqsat check --instance FILE ANSWER --proof PROOF. */
int check_instance_proof(const char *instance_path, const char *answer_path, const char *proof_path,
                         int format, const char *lrat_out, uint64_t max_nodes,
                         double time_limit_seconds, int summary);

/* nqsat check --instance FILE --certificate CERT [--proof P]: the proof is
 * P, else CERT.lrat when it exists, else CERT.drat; LRAT or DRAT by
 * `format` (a PROOF_FORMAT_*), by default LRAT when its name ends in
 * ".lrat". */
int check_instance_certificate(const char *instance_path, const char *certificate_path,
                               const char *proof_path, int format);

#endif
