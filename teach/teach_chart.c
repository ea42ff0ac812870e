/* The page's chart: clauses against N for the seven at-most-one encodings
 * of the matrix model and the four CSP encodings of the rows model, from
 * nq_encoder_measure (the closed forms behind every "p cnf" header). */
#include "nqsat/encoder.h"
#include "teach.h"
#include <stdio.h>

enum { SIZES = 26, SERIES = NQ_AMO_COUNT + NQ_CSP_COUNT };

static const int sizes_shown[SIZES - 1] = {4,   5,   6,   8,   10,  12,  16,  20,  25,
                                           32,  40,  50,  64,  80,  100, 128, 160, 200,
                                           256, 320, 400, 512, 640, 800, 1000};

/* Eleven colours, each at 3:1 or more against the white ground (the
 * lines are also named at their ends, so colour is never the only cue;
 * matrix encodings solid, rows dashed). */
static const char *const colours[SERIES] = {"#1f77b4", "#c45100", "#2a7d2a", "#d62728",
                                            "#7b4fa8", "#8c564b", "#c2185b", "#00796b",
                                            "#6b6b00", "#5f5f5f", "#000000"};

void teach_write_size_chart(markup_writer *out, int n) {
  double x[SIZES], y[SERIES][SIZES];
  char names[SERIES][48];
  chart_series series[SERIES];
  /* The sizes shown, with this page's N among them. */
  int count = 0;
  for (int i = 0; i < SIZES - 1; i++) {
    if (count == i && n < sizes_shown[i] && (i == 0 || n > sizes_shown[i - 1]))
      x[count++] = n;
    x[count++] = sizes_shown[i];
  }
  for (int s = 0; s < SERIES; s++) {
    nq_encoding encoding = {.n = 1};
    if (s < NQ_AMO_COUNT) {
      encoding.amo = (nq_amo)s;
      snprintf(names[s], sizeof names[s], "matrix, --amo %s", nq_amo_name((nq_amo)s));
    } else {
      encoding.model = NQ_MODEL_ROWS;
      encoding.csp = (nq_csp)(s - NQ_AMO_COUNT);
      snprintf(names[s], sizeof names[s], "rows, --csp %s", nq_csp_name(encoding.csp));
    }
    for (int i = 0; i < count; i++) {
      nq_formula_size size;
      encoding.n = (int)x[i];
      y[s][i] = nq_encoder_measure(&encoding, &size) == NQ_OK ? (double)size.clauses : 0;
    }
    series[s] = (chart_series){names[s], x, y[s], count, colours[s], s >= NQ_AMO_COUNT};
  }
  char marker[32];
  snprintf(marker, sizeof marker, "N = %d", n);
  chart c = {"Clauses of each encoding against the board size (log-log)",
             "board size N",
             "clauses",
             780,
             460,
             n,
             marker};
  svg_chart(out, &c, series, SERIES);
}
