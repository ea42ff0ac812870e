/* Private to encoder/: the formula generator the writers stream from. */
#ifndef NQSAT_ENCODER_FORMULA_H
#define NQSAT_ENCODER_FORMULA_H

#include "clause_emitter.h"

/* nq_encoder_generate (formula.c), with a comment before each group of
 * clauses when `encoding->explain` is set and `comment` is not NULL, and
 * what each auxiliary variable means to `name` (when not NULL), both with
 * `comment_context`. */
nq_status generate_formula(const nq_encoding *encoding, const nq_clause_sink *sink,
                           comment_fn comment, name_fn name, void *comment_context);

#endif
