/* Private to encoder/: the chessboard families' formulas (nq_problem other
 * than QUEENS): generation and size, and their DIMACS header. */
#ifndef NQSAT_ENCODER_FAMILY_H
#define NQSAT_ENCODER_FAMILY_H

#include "clause_emitter.h"
#include "text_stream.h"

/* The board's lines: rows, columns, then the two diagonal directions
 * (wrapped round the torus when `toroidal`), each a list of squares
 * r*n + c (family_lines.c). */
typedef struct family_lines {
  int *squares; /* every line's squares, one after another */
  int *start;   /* line i is squares[start[i] .. start[i+1]-1] */
  int count;
} family_lines;
int family_lines_make(int n, int toroidal, family_lines *lines); /* 0, or -1: memory */
void family_lines_free(family_lines *lines);
/* The squares a queen on `square` occupies or attacks, increasing, into
 * `squares` (room for 4n); returns how many. */
int family_closed_neighbourhood(int n, int square, int *squares);

/* The family's constraints in OPB, header first (family_opb.c); the
 * counts as opb_to_stream gives them. */
nq_status family_opb_to_stream(const nq_encoding *encoding, const nq_dimacs_provenance *provenance,
                               text_stream *stream, int64_t *constraints, int64_t *literals);

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
