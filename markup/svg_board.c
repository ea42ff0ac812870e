/* The chess board of `show --svg` and of the teaching page: squares in
 * the usual light and dark colours, column numbers above and row numbers
 * to the left (both from 1, row 1 at the top, as every board of nqsat is
 * numbered; grey #444, 9.7:1 on white), and queens as the chess glyph
 * U+265B. */
#include "markup.h"

int svg_board_square_size(int n) { return n <= 8 ? 40 : n <= 16 ? 24 : n <= 32 ? 14 : 8; }

void svg_board_squares(markup_writer *out, int x0, int y0, int n, int square,
                       const char *id_prefix) {
  for (int row = 0; row < n; row++)
    for (int column = 0; column < n; column++) {
      if (id_prefix)
        markup_printf(out, "<rect id=\"%s-%d-%d\"", id_prefix, row, column);
      else
        markup_put(out, "<rect");
      markup_printf(out, " x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"%s\"/>\n",
                    x0 + column * square, y0 + row * square, square, square,
                    (row + column) % 2 ? "#b58863" : "#f0d9b5");
    }
}

void svg_board_labels(markup_writer *out, int x0, int y0, int n, int square) {
  if (square < 14)
    return;
  /* Large squares are drawn scaled down on narrow screens: larger labels
   * stay legible there (16 fits the 18-pixel margins of the page). */
  int font = square >= 28 ? 16 : 12;
  for (int column = 0; column < n; column++)
    markup_printf(out,
                  "<text x=\"%d\" y=\"%d\" font-size=\"%d\" fill=\"#444\" "
                  "text-anchor=\"middle\">%d</text>\n",
                  x0 + column * square + square / 2, y0 - 5, font, column + 1);
  for (int row = 0; row < n; row++)
    markup_printf(out,
                  "<text x=\"%d\" y=\"%d\" font-size=\"%d\" fill=\"#444\" "
                  "text-anchor=\"end\">%d</text>\n",
                  x0 - 5, y0 + row * square + square / 2 + font / 3, font, row + 1);
}

void svg_board_queen(markup_writer *out, int x0, int y0, int square, int row, int column,
                     const char *attributes) {
  markup_printf(out,
                "<text%s%s x=\"%d\" y=\"%d\" font-size=\"%d\" text-anchor=\"middle\">&#x265B;"
                "</text>\n",
                attributes ? " " : "", attributes ? attributes : "",
                x0 + column * square + square / 2, y0 + row * square + square * 4 / 5,
                square * 4 / 5);
}
