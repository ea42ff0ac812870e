/* The placed and blocked squares as header comment lines, shared by the
 * DIMACS header and the OPB writer so a checker reads them the same way
 * from either file. */
#include "writers.h"

enum { SQUARES_PER_LINE = 16 };

void put_square_lines(text_stream *stream, char comment, const char *label,
                      const nq_square *squares, int count) {
  for (int i = 0; i < count; i++) {
    if (i % SQUARES_PER_LINE == 0)
      text_printf(stream, "%s%c %s (row,column from 1):", i ? "\n" : "", comment, label);
    text_printf(stream, " %d,%d", squares[i].row + 1, squares[i].column + 1);
  }
  if (count)
    text_put(stream, "\n");
}
