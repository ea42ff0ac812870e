/* Private to encoder/: the pieces of the file writers, each in its own
 * file so that none calls back into another:
 *
 *   output_formats.c  the public nq_encoder_write_* and --stats sizes
 *     -> dimacs_writer.c, shuffle_writer.c, opb_writer.c (the bodies)
 *        -> dimacs_header.c (shuffle and plain DIMACS) -> rows_header.c
 *        -> square_lines.c (the DIMACS header and OPB) */
#ifndef NQSAT_ENCODER_WRITERS_H
#define NQSAT_ENCODER_WRITERS_H

#include "text_stream.h"

/* "C LABEL (row,column from 1): r,c r,c ..." lines, 16 squares a line,
 * C the comment character ('c' for DIMACS, '*' for OPB); nothing when
 * `count` is 0 (square_lines.c). */
void put_square_lines(text_stream *stream, char comment, const char *label,
                      const nq_square *squares, int count);

/* The DIMACS header up to and including "p cnf V C" and the "c p show"
 * line after it (dimacs_header.c). With `map` (indexed by original
 * variable, 1-based), writes "c nqsat map" lines and lists the renamed
 * queen variables in the projection lines. */
void write_dimacs_header(text_stream *stream, const nq_encoding *encoding,
                         const nq_dimacs_provenance *provenance, const nq_formula_size *size,
                         const int *map, uint64_t shuffle_seed);

/* The "c model:", "c csp:", "c models:" and "c variables:" lines of a
 * rows-model file (rows_header.c). */
void write_rows_description(text_stream *stream, const nq_encoding *encoding);

/* The bodies of the public writers (output_formats.c), over any text
 * stream: dimacs_writer.c, shuffle_writer.c, opb_writer.c. */
nq_status dimacs_to_stream(const nq_encoding *encoding, const nq_dimacs_provenance *provenance,
                           text_stream *stream);
nq_status shuffled_dimacs_to_stream(const nq_encoding *encoding,
                                    const nq_dimacs_provenance *provenance, uint64_t shuffle_seed,
                                    text_stream *stream);
nq_status opb_to_stream(const nq_encoding *encoding, const nq_dimacs_provenance *provenance,
                        text_stream *stream, int64_t *constraints, int64_t *literals);

/* The queen graph as a DIMACS .col file (col_writer.c). */
nq_status col_to_stream(const nq_encoding *encoding, const nq_dimacs_provenance *provenance,
                        text_stream *stream);

#endif
