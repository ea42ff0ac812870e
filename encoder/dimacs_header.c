/* The DIMACS header: what the file is (Model Counting Competition lines,
 * the encoding, the squares, the command), how to read a model back (the
 * variable numbering, the map of a shuffled file, the projection), then
 * "p cnf V C" from the closed-form sizes. Shared by the plain and the
 * shuffled writer. */
#include <inttypes.h>

#include "family.h"
#include "writers.h"

enum { MAP_PAIRS_PER_LINE = 16 };

static void put_projection(text_stream *stream, const char *prefix, int queens, const int *map) {
  text_put(stream, prefix);
  /* N^2 numbers (9 million at N = 3000): stop with the stream. */
  for (int variable = 1; variable <= queens && stream->status == NQ_OK; variable++)
    text_int(stream, map ? map[variable] : variable, ' ');
  text_put(stream, "0\n");
}

static void write_matrix_description(text_stream *stream, const nq_encoding *encoding) {
  text_printf(stream, "c encoding: at-most-one %s", nq_amo_name(encoding->amo));
  if (encoding->amo == NQ_AMO_COMMANDER)
    text_printf(stream, " (group size %d)",
                encoding->commander_group_size ? encoding->commander_group_size : 3);
  if (encoding->amo == NQ_AMO_BIMANDER) {
    if (encoding->bimander_groups)
      text_printf(stream, " (%d groups per line)", encoding->bimander_groups);
    else
      text_put(stream, " (groups of two)");
  }
  text_put(stream, "\n");
  if (encoding->redundant)
    text_put(stream, "c redundant: at-least-one clauses for columns too\n");
  if (encoding->parsimonious || nq_amo_is_parsimonious(encoding->amo))
    text_put(stream, "c models: parsimonious, exactly one model per board\n");
  else
    text_put(stream, "c models: count them projected onto the queen variables (auxiliary "
                     "variables are free on empty lines)\n");
}

void write_dimacs_header(text_stream *stream, const nq_encoding *encoding,
                         const nq_dimacs_provenance *provenance, const nq_formula_size *size,
                         const int *map, uint64_t shuffle_seed) {
  if (encoding->problem != NQ_PROBLEM_QUEENS) {
    write_family_header(stream, encoding, provenance, size);
    return;
  }
  int n = encoding->n, rows = encoding->model == NQ_MODEL_ROWS;
  /* The variables a model is read from: the queens, or every variable of
   * the rows model (it has no auxiliaries). */
  int projected = rows ? n * nq_csp_row_width(encoding->csp, n) : n * n;
  /* Model Counting Competition 2021-2024 format: the problem type is the
   * file's first line ("c t pmc" in the competition's own instances), and
   * "c p show" follows the "p cnf" line. "mc" when models are the boards
   * themselves (every auxiliary variable a function of the queens; the rows
   * model has none), so an unprojected count is already the number of
   * boards. */
  int one_model_per_board = rows || encoding->parsimonious || nq_amo_is_parsimonious(encoding->amo);
  text_put(stream, one_model_per_board ? "c t mc\n" : "c t pmc\n");
  text_put(stream, "c generator: nqsat " NQSAT_VERSION "\n");
  text_printf(stream, "c problem: %d-queens%s\nc N: %d\n", n,
              encoding->placed_count || encoding->blocked_count ? " completion" : "", n);
  if (rows)
    write_rows_description(stream, encoding);
  else
    write_matrix_description(stream, encoding);
  int random_queens = encoding->random_count;
  put_square_lines(stream, 'c', "placed queens", encoding->placed,
                   encoding->placed_count - random_queens);
  if (random_queens)
    put_square_lines(stream, 'c', "random queens",
                     encoding->placed + encoding->placed_count - random_queens, random_queens);
  put_square_lines(stream, 'c', "blocked squares", encoding->blocked, encoding->blocked_count);
  if (random_queens)
    text_printf(stream, "c seed: %" PRIu64 " (random queens)\n", encoding->random_seed);
  if (map)
    text_printf(stream,
                "c shuffled: variables renamed, clauses and literals reordered (seed %" PRIu64
                "); read models back through the map lines\n",
                shuffle_seed);
  if (provenance && provenance->command_line) {
    text_put(stream, "c command: ");
    text_put(stream, provenance->command_line);
    text_put(stream, "\n");
  }
  if (!rows)
    text_printf(stream,
                "c variables: queen at row r, column c (1-based) is (r-1)*%d + c; "
                "queen variables 1..%d, auxiliary variables after\n",
                n, n * n);
  if (map) {
    text_printf(stream,
                "c renaming: each pair on the lines below is an original %s variable "
                "and its number in this file\n",
                rows ? "rows-model" : "queen");
    for (int variable = 1; variable <= projected && stream->status == NQ_OK; variable++) {
      if ((variable - 1) % MAP_PAIRS_PER_LINE == 0)
        text_put(stream, "c nqsat map ");
      int line_ends = variable % MAP_PAIRS_PER_LINE == 0 || variable == projected;
      text_int(stream, variable, ' ');
      text_int(stream, map[variable], line_ends ? '\n' : ' ');
    }
  }
  /* "c ind" for the older projected counters and samplers (ApproxMC,
   * UniGen) that read it before the problem line. */
  put_projection(stream, "c ind ", projected, map);
  if (encoding->explain)
    text_put(stream, rows ? "c explain: rows, columns and values are numbered from 1 in the "
                            "comments below\n"
                          : "c explain: rows and columns are numbered from 1 in the comments "
                            "below\n");
  text_printf(stream, "p cnf %" PRId64 " %" PRId64 "\n", size->variables, size->clauses);
  put_projection(stream, "c p show ", projected, map);
}
