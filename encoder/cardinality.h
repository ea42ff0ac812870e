/* Private to encoder/: "at most k of these variables are true" for k > 1,
 * the one cardinality encoding every formula that needs one shares (the
 * at-most-one encodings are amo.h's). */
#ifndef NQSAT_ENCODER_CARDINALITY_H
#define NQSAT_ENCODER_CARDINALITY_H

#include "clause_emitter.h"

/* Adds "at most k of variables[0..count-1]" (count >= 1, k >= 0) by Sinz's
 * sequential counter: (count - 1) * k auxiliary variables when
 * 0 < k < count; k = 0 is a unit clause per variable and k >= count adds
 * nothing. */
void at_most_k_sequential(clause_emitter *emitter, const int *variables, int count, int k);

#endif
