/* Writing SVG and HTML (`show --svg`, `teach`, the cactus plot of `run`).
 *
 * A markup_writer appends text to an nq_output and remembers the first
 * failure, so writers can emit freely and check once at the end. */
#ifndef NQSAT_MARKUP_H
#define NQSAT_MARKUP_H

#include <stddef.h>

#include "nqsat/output.h"

typedef struct markup_writer {
  nq_output *output;
  nq_status status; /* first failure, sticky */
} markup_writer;

/* Formatted text (any length). */
void markup_printf(markup_writer *out, const char *format, ...)
    __attribute__((format(printf, 2, 3)));
/* Text as it is, and `size` bytes as they are. */
void markup_put(markup_writer *out, const char *text);
void markup_write(markup_writer *out, const char *data, size_t size);
/* Text with &, <, >, " escaped, for element content and attribute values. */
void markup_escaped(markup_writer *out, const char *text);

/* The chess board as `show --svg` draws it (svg_board.c). */
/* Square size in pixels for an n x n board: 40 up to n = 8, then smaller. */
int svg_board_square_size(int n);
/* The n x n squares in light and dark from (x0, y0); with `id_prefix`,
 * each rect gets id="PREFIX-ROW-COLUMN" (0-based). */
void svg_board_squares(markup_writer *out, int x0, int y0, int n, int square,
                       const char *id_prefix);
/* Column numbers above the board and row numbers to its left, both from
 * 1 with row 1 at the top (squares of at least 14 pixels; nothing
 * otherwise). */
void svg_board_labels(markup_writer *out, int x0, int y0, int n, int square);
/* The queen glyph (U+265B) centred on square (row, column); `attributes`
 * (may be NULL) is added inside the element, e.g. an id. */
void svg_board_queen(markup_writer *out, int x0, int y0, int square, int row, int column,
                     const char *attributes);

/* A line chart with logarithmic axes (svg_chart.c): one polyline per
 * series with a dot per point, decade grid lines labelled 1, 10, 100, 1k,
 * ..., axis labels, a title and each line named at its end; `marker_x` > 0 draws a vertical
 * line there labelled `marker_label`. Points with x or y <= 0 are left
 * out. Strings are escaped. */
typedef struct chart_series {
  const char *name;
  const double *x, *y;
  int count;
  const char *colour; /* any SVG colour */
  int dashed;
} chart_series;

typedef struct chart {
  const char *title, *x_label, *y_label;
  int width, height;
  double marker_x;
  const char *marker_label;
} chart;

void svg_chart(markup_writer *out, const chart *chart, const chart_series *series, int count);

#endif
