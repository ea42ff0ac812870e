/* Private to encoder/: the chessboard families' formulas (nq_problem other
 * than QUEENS): generation and size, and their DIMACS header. */
#ifndef NQSAT_ENCODER_FAMILY_H
#define NQSAT_ENCODER_FAMILY_H

#include "clause_emitter.h"
#include "text_stream.h"

/* Every clause of the family's formula into `sink`, a comment before each
 * group when `comment` is not NULL (family_formula.c). */
nq_status generate_family_formula(const nq_encoding *encoding, const nq_clause_sink *sink,
                                  comment_fn comment, void *comment_context);

/* Its size, by generating it into a counting sink: the families have no
 * closed form (family_formula.c). */
nq_status measure_family_formula(const nq_encoding *encoding, nq_formula_size *size);

/* The variables a model is read from: N^2 squares, N^2 * K for COLOUR. */
int64_t family_projected_variables(const nq_encoding *encoding);

/* The DIMACS header of a family's file up to "c p show" (family_header.c). */
void write_family_header(text_stream *stream, const nq_encoding *encoding,
                         const nq_dimacs_provenance *provenance, const nq_formula_size *size);

#endif
