/* The chessboard families in a suite (suite_families.c). */
#ifndef NQSAT_SUITE_FAMILIES_H
#define NQSAT_SUITE_FAMILIES_H

#include "suite.h"
#include "suite_manifest.h"

/* Writes toroidal (N = 5, 7, 11, 13), super-queens (N = 10..12),
 * colouring (N = 5..7) and domination, plain and independent (N = 6..8),
 * the last three at K = the native optimum and K - 1, each in every
 * encoding of the request, into the current directory, and adds their
 * manifest rows. Adds the files written to *written. Returns 0 or an exit
 * code after saying why on stderr. */
int suite_write_families(const suite_request *request, manifest_rows *rows, int *written);

#endif
