/* The queen graph in the DIMACS graph-colouring format (.col): "p edge V E"
 * and "e U V" lines, every edge in both directions, in the order of the
 * DIMACS queenN_N.col benchmark files (writers.h). */
#include <inttypes.h>

#include "writers.h"

static int adjacent(int n, int a, int b) {
  int rows = a / n - b / n, columns = a % n - b % n;
  if (rows < 0)
    rows = -rows;
  if (columns < 0)
    columns = -columns;
  return a != b && (rows == 0 || columns == 0 || rows == columns);
}

static void put_edge(text_stream *stream, int from, int to) {
  text_put(stream, "e ");
  text_int(stream, from, ' ');
  text_int(stream, to, '\n');
}

nq_status col_to_stream(const nq_encoding *encoding, const nq_dimacs_provenance *provenance,
                        text_stream *stream) {
  int n = encoding->n;
  if (n < 1 || n > NQ_ENCODER_FAMILY_MAX_N)
    return NQ_ERR_ARGUMENT;
  /* Each square's degree: its row and column, and both diagonals. */
  int64_t arcs = 0;
  for (int row = 0; row < n; row++)
    for (int column = 0; column < n; column++) {
      int down_right = n - 1 - (row > column ? row : column);
      int up_left = row < column ? row : column;
      int down_left = n - 1 - (row > n - 1 - column ? row : n - 1 - column);
      int up_right = row < n - 1 - column ? row : n - 1 - column;
      arcs += 2 * (n - 1) + down_right + up_left + down_left + up_right;
    }
  text_printf(stream, "c FILE: queen%d_%d.col\n", n, n);
  text_put(stream, "c generator: nqsat " NQSAT_VERSION "\n");
  text_printf(stream,
              "c problem: the %dx%d queen graph, squares adjacent when they share a row, "
              "column or diagonal\n",
              n, n);
  text_printf(stream, "c vertices: square at row r, column c (1-based) is (r-1)*%d + c\n", n);
  text_put(stream, "c edges: every edge twice (e U V and e V U), in the order of the DIMACS "
                   "queenN_N.col files\n");
  if (provenance && provenance->command_line) {
    text_put(stream, "c command: ");
    text_put(stream, provenance->command_line);
    text_put(stream, "\n");
  }
  text_printf(stream, "p edge %d %" PRId64 "\n", n * n, arcs);
  static const int rays[4][2] = {{1, 1}, {1, -1}, {0, 1}, {1, 0}};
  for (int square = 0; square < n * n && stream->status == NQ_OK; square++) {
    int row = square / n, column = square % n;
    for (int ray = 0; ray < 4; ray++)
      for (int step = 1;; step++) {
        int r = row + step * rays[ray][0], c = column + step * rays[ray][1];
        if (r >= n || c < 0 || c >= n)
          break;
        put_edge(stream, square + 1, r * n + c + 1);
      }
    for (int earlier = square - 1; earlier >= 0; earlier--)
      if (adjacent(n, square, earlier))
        put_edge(stream, square + 1, earlier + 1);
  }
  text_flush(stream);
  return stream->status;
}
