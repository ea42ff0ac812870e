/* Private to cli/: `nqsat verify --certify` (cli/verify_certify.c). */
#ifndef NQSAT_CLI_VERIFY_CERTIFY_H
#define NQSAT_CLI_VERIFY_CERTIFY_H

#include "nqsat/encoder.h"

/* Certificates are as large as the model count: 724 cubes at N = 10. */
enum { VERIFY_CERTIFY_MAX_N = 10 };

/* Prints the certified counts of first..min(last, 10) in each encoding and
 * the certified UNSAT of a few completion instances; returns how many
 * failed (named on stderr). */
int verify_certify_print(const nq_amo *encodings, int encoding_count, int first, int last);

#endif
