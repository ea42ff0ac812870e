/* DIR/cactus.svg: the cactus plot of a field of solvers, as the SAT
 * competitions draw it: for each solver, its solved runs' times sorted
 * ascending; the k-th point is at x = k (instances solved), y = its time
 * in seconds. The time axis is logarithmic by default: in a typical field
 * most runs take a small fraction of the timeout, and a linear axis
 * squashes them onto 0. It runs from a power of ten at or below the
 * fastest run (at least 1 ms; faster runs are drawn at it) to the timeout,
 * which a dashed line marks. The legend lists the solvers by solved count
 * (then PAR-2, the SAT Competition's ranking), each with its PAR-2; a
 * field too large for one column beside the plot gets more columns (the
 * picture grows wider, the plot keeps its size), a long name is cut short
 * with its whole name in a <title>, and past the eight colours the lines
 * are dashed, so a dozen solvers and more stay apart and readable.
 * Plain SVG 1.1 written here; each dot carries its time (data-seconds) and
 * a <title> naming the instance, and the plot group its axis kind and
 * ranges, so the picture can be checked against results.csv without any
 * tool of ours. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "quote.h"
#include "run.h"
#include "text_buffer.h"

enum { WIDTH = 860, HEIGHT = 520, LEFT = 70, RIGHT = 200, TOP = 40, BOTTOM = 60 };
enum { LEGEND_ENTRY_HEIGHT = 34, LEGEND_COLUMN_WIDTH = RIGHT };
/* Entries in one legend column: as many as fit from the plot's top down. */
enum { LEGEND_ROWS = (HEIGHT - TOP - 10) / LEGEND_ENTRY_HEIGHT };
/* Characters of a name shown in the legend ("NAME (SOLVED)" within a
 * column at 12 px sans-serif); a longer one ends in an ellipsis. */
enum { LEGEND_NAME_CHARACTERS = 12 };

static const char *const COLOURS[] = {"#1f77b4", "#d62728", "#2ca02c", "#9467bd",
                                      "#ff7f0e", "#17becf", "#8c564b", "#e377c2"};
enum { COLOUR_COUNT = sizeof COLOURS / sizeof COLOURS[0] };
/* The line style of each round of the colours: solid, then dashed ones. */
static const char *const DASHES[] = {"", " stroke-dasharray=\"7,3\"", " stroke-dasharray=\"2,3\"",
                                     " stroke-dasharray=\"9,3,2,3\""};

static const char *colour_of(int order) { return COLOURS[order % COLOUR_COUNT]; }
static const char *dash_of(int order) {
  return DASHES[(order / COLOUR_COUNT) % (int)(sizeof DASHES / sizeof DASHES[0])];
}

/* The legend's text for `name`: whole, or its first characters and an
 * ellipsis (cut before a UTF-8 continuation byte, never inside a character). */
static void legend_name(text_buffer *out, const char *name) {
  size_t length = strlen(name);
  if (length <= LEGEND_NAME_CHARACTERS) {
    quote_xml(out, name);
    return;
  }
  char cut[LEGEND_NAME_CHARACTERS + 4];
  size_t keep = LEGEND_NAME_CHARACTERS - 1;
  while (keep && ((unsigned char)name[keep] & 0xC0) == 0x80)
    keep--;
  memcpy(cut, name, keep);
  memcpy(cut + keep, "\xE2\x80\xA6", 4); /* U+2026 and the terminating NUL */
  quote_xml(out, cut);
}

static const double LOG_AXIS_FLOOR = 1e-3; /* the clock's useful resolution */

/* The smallest of 1, 2, 5 x 10^k at or above `value`. */
static double nice_ceiling(double value) {
  double step = 1e-3;
  while (step < value) {
    if (2 * step >= value)
      return 2 * step;
    if (5 * step >= value)
      return 5 * step;
    step *= 10;
  }
  return step;
}

/* Where the time axis puts `seconds`: 0 at the bottom, 1 at the top. */
typedef struct time_axis {
  run_cactus_axis kind;
  double low, high;
} time_axis;

static double axis_fraction(const time_axis *axis, double seconds) {
  if (axis->kind == RUN_CACTUS_AXIS_LINEAR)
    return seconds / axis->high;
  if (seconds <= axis->low)
    return 0;
  return log10(seconds / axis->low) / log10(axis->high / axis->low);
}

static int compare_doubles(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

typedef struct solved_run {
  double seconds;
  const char *file;
} solved_run;

static int compare_runs(const void *a, const void *b) {
  return compare_doubles(&((const solved_run *)a)->seconds, &((const solved_run *)b)->seconds);
}

/* One solver of the plot, with what its legend entry shows. */
typedef struct plotted_solver {
  const char *name;
  int order; /* position in the command line's order: its colour, the last tie-break */
  int solved, runs;
  double par2;
} plotted_solver;

/* The legend's order: most solved first, then lower PAR-2, then the given order. */
static int compare_legend(const void *a, const void *b) {
  const plotted_solver *x = a, *y = b;
  if (x->solved != y->solved)
    return y->solved - x->solved;
  if (x->par2 != y->par2)
    return x->par2 < y->par2 ? -1 : 1;
  return x->order - y->order;
}

/* Times to the 0.1 ms of results.csv, so dot and row say the same time. */
static double as_in_results(double seconds) {
  return (double)(long long)(seconds * 1e4 + 0.5) / 1e4;
}

static void write_time_ticks(text_buffer *out, const time_axis *axis, double plot_width,
                             double plot_height) {
  double ticks[64];
  int count = 0;
  if (axis->kind == RUN_CACTUS_AXIS_LINEAR) {
    for (int tick = 0; tick <= 5; tick++)
      ticks[count++] = axis->high * tick / 5;
  } else {
    /* Powers of ten; 2 and 5 x 10^k too while the axis spans few decades. */
    int decades = (int)ceil(log10(axis->high / axis->low) - 1e-9);
    int with_halves = decades <= 3;
    for (double power = axis->low; power <= axis->high * (1 + 1e-9) && count < 60; power *= 10) {
      ticks[count++] = power;
      if (with_halves)
        for (int m = 2; m <= 5; m += 3)
          if (m * power <= axis->high * (1 + 1e-9))
            ticks[count++] = m * power;
    }
  }
  for (int i = 0; i < count; i++) {
    double y = TOP + plot_height * (1 - axis_fraction(axis, ticks[i]));
    text_buffer_printf(out,
                       "<line x1=\"%d\" y1=\"%.2f\" x2=\"%d\" y2=\"%.2f\" stroke=\"#dddddd\"/>"
                       "<text x=\"%d\" y=\"%.2f\" text-anchor=\"end\">%g</text>\n",
                       LEFT, y, LEFT + (int)plot_width, y, LEFT - 6, y + 4, ticks[i]);
  }
}

int run_cactus_write(const result_table *table, const char *const *solver_order, int solver_count,
                     run_cactus_axis axis_kind, const char *path, char *error, size_t error_size) {
  /* Solvers: the given order, then any other name in the table. */
  plotted_solver *solvers = calloc((size_t)solver_count + table->count + 1, sizeof *solvers);
  solved_run *runs = calloc(table->count + 1, sizeof *runs);
  if (!solvers || !runs) {
    free(solvers);
    free(runs);
    snprintf(error, error_size, "%s: out of memory", path);
    return -1;
  }
  int count = 0;
  for (int i = 0; i < solver_count; i++)
    solvers[count++].name = solver_order[i];
  for (size_t i = 0; i < table->count; i++) {
    int known = 0;
    for (int j = 0; j < count && !known; j++)
      known = !strcmp(solvers[j].name, table->rows[i].solver);
    if (!known)
      solvers[count++].name = table->rows[i].solver;
  }
  int most_solved = 1;
  double slowest = 0, fastest = 0, timeout = 0;
  for (size_t i = 0; i < table->count; i++) {
    const result_row *row = &table->rows[i];
    if (result_is_run(row) && row->timeout > timeout)
      timeout = row->timeout;
    if (!result_is_solved(row))
      continue;
    double seconds = as_in_results(row->seconds);
    if (seconds > slowest)
      slowest = seconds;
    if (seconds > 0 && (fastest == 0 || seconds < fastest))
      fastest = seconds;
  }
  for (int s = 0; s < count; s++) {
    solvers[s].order = s;
    for (size_t i = 0; i < table->count; i++)
      if (!strcmp(table->rows[i].solver, solvers[s].name) && result_is_solved(&table->rows[i]))
        solvers[s].solved++;
    solvers[s].runs = run_par2(table, solvers[s].name, &solvers[s].par2);
    if (solvers[s].solved > most_solved)
      most_solved = solvers[s].solved;
  }
  double top_time = timeout > slowest ? timeout : slowest;
  time_axis axis = {axis_kind, 0, nice_ceiling(top_time > 0 ? top_time : 1)};
  if (axis_kind == RUN_CACTUS_AXIS_LOG) {
    /* 10^floor(log10(fastest)), the 1e-9 keeping an exact power of ten itself. */
    axis.low = LOG_AXIS_FLOOR;
    if (fastest > LOG_AXIS_FLOOR)
      axis.low = pow(10, floor(log10(fastest) + 1e-9));
    axis.high = top_time > axis.low ? top_time : axis.low * 10;
  }
  double x_max = most_solved;
  double plot_width = WIDTH - LEFT - RIGHT, plot_height = HEIGHT - TOP - BOTTOM;
  int legend_columns = count > LEGEND_ROWS ? (count + LEGEND_ROWS - 1) / LEGEND_ROWS : 1;
  int width = WIDTH + (legend_columns - 1) * LEGEND_COLUMN_WIDTH;
  text_buffer out = {0};
  text_buffer_printf(&out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
  text_buffer_printf(
      &out,
      "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"%d\" height=\"%d\" "
      "viewBox=\"0 0 %d %d\" font-family=\"sans-serif\" font-size=\"12\">\n",
      width, HEIGHT, width, HEIGHT);
  text_buffer_printf(&out, "<title>Cactus plot: instances solved against time</title>\n");
  text_buffer_printf(&out, "<rect width=\"%d\" height=\"%d\" fill=\"white\"/>\n", width, HEIGHT);
  /* Axes, ticks and labels. */
  text_buffer_printf(
      &out,
      "<g id=\"axes\" stroke=\"black\"><line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\"/>"
      "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\"/></g>\n",
      LEFT, TOP + (int)plot_height, LEFT + (int)plot_width, TOP + (int)plot_height, LEFT, TOP, LEFT,
      TOP + (int)plot_height);
  write_time_ticks(&out, &axis, plot_width, plot_height);
  int x_step = most_solved <= 10 ? 1 : most_solved <= 50 ? 5 : most_solved <= 200 ? 20 : 100;
  for (int k = 0; k <= most_solved; k += x_step) {
    double x = LEFT + plot_width * k / x_max;
    text_buffer_printf(&out,
                       "<line x1=\"%.2f\" y1=\"%d\" x2=\"%.2f\" y2=\"%d\" stroke=\"black\"/>"
                       "<text x=\"%.2f\" y=\"%d\" text-anchor=\"middle\">%d</text>\n",
                       x, TOP + (int)plot_height, x, TOP + (int)plot_height + 5, x,
                       TOP + (int)plot_height + 20, k);
  }
  text_buffer_printf(&out,
                     "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">instances solved</text>\n",
                     LEFT + plot_width / 2, HEIGHT - 15);
  text_buffer_printf(
      &out,
      "<text x=\"18\" y=\"%.1f\" text-anchor=\"middle\" transform=\"rotate(-90 18 %.1f)\">"
      "time per instance (s, wall clock%s)</text>\n",
      TOP + plot_height / 2, TOP + plot_height / 2,
      axis_kind == RUN_CACTUS_AXIS_LOG ? ", log scale" : "");
  if (timeout > 0) {
    double y = TOP + plot_height * (1 - axis_fraction(&axis, timeout));
    text_buffer_printf(
        &out,
        "<g id=\"timeout\" data-seconds=\"%g\"><line x1=\"%d\" y1=\"%.2f\" x2=\"%d\" "
        "y2=\"%.2f\" stroke=\"#555555\" stroke-dasharray=\"6,4\"/>"
        "<text x=\"%d\" y=\"%.2f\" text-anchor=\"end\" fill=\"#555555\">"
        "timeout %g s</text></g>\n",
        timeout, LEFT, y, LEFT + (int)plot_width, y, LEFT + (int)plot_width - 4, y - 4, timeout);
  }
  text_buffer_printf(
      &out,
      "<g id=\"plot\" data-axis=\"%s\" data-left=\"%d\" data-top=\"%d\" data-width=\"%.0f\" "
      "data-height=\"%.0f\" data-x-max=\"%g\" data-y-min=\"%g\" data-y-max=\"%.17g\">\n",
      axis_kind == RUN_CACTUS_AXIS_LOG ? "log" : "linear", LEFT, TOP, plot_width, plot_height,
      x_max, axis.low, axis.high);
  for (int s = 0; s < count; s++) {
    const char *colour = colour_of(s);
    int solved = 0;
    for (size_t i = 0; i < table->count; i++)
      if (!strcmp(table->rows[i].solver, solvers[s].name) && result_is_solved(&table->rows[i]))
        runs[solved++] = (solved_run){as_in_results(table->rows[i].seconds), table->rows[i].file};
    qsort(runs, (size_t)solved, sizeof *runs, compare_runs);
    text_buffer_printf(&out, "<g class=\"solver\" data-solver=\"");
    quote_xml(&out, solvers[s].name);
    text_buffer_printf(&out, "\" data-solved=\"%d\" stroke=\"%s\" fill=\"%s\">\n", solved, colour,
                       colour);
    if (solved) {
      text_buffer_printf(&out, "<polyline fill=\"none\" stroke-width=\"2\"%s points=\"",
                         dash_of(s));
      for (int k = 0; k < solved; k++)
        text_buffer_printf(&out, "%s%.2f,%.2f", k ? " " : "", LEFT + plot_width * (k + 1) / x_max,
                           TOP + plot_height * (1 - axis_fraction(&axis, runs[k].seconds)));
      text_buffer_printf(&out, "\"/>\n");
    }
    for (int k = 0; k < solved; k++) {
      text_buffer_printf(
          &out, "<circle cx=\"%.2f\" cy=\"%.2f\" r=\"3\" data-seconds=\"%.4f\"><title>",
          LEFT + plot_width * (k + 1) / x_max,
          TOP + plot_height * (1 - axis_fraction(&axis, runs[k].seconds)), runs[k].seconds);
      quote_xml(&out, solvers[s].name);
      text_buffer_printf(&out, ": ");
      quote_xml(&out, runs[k].file);
      text_buffer_printf(&out, ", %.4f s</title></circle>\n", runs[k].seconds);
    }
    text_buffer_printf(&out, "</g>\n");
  }
  text_buffer_printf(&out, "</g>\n");
  /* The legend, best first, column after column; each solver keeps the
   * colour and line of its place on the command line. */
  qsort(solvers, (size_t)count, sizeof *solvers, compare_legend);
  text_buffer_printf(&out, "<g id=\"legend\" data-columns=\"%d\" data-column-width=\"%d\">\n",
                     legend_columns, LEGEND_COLUMN_WIDTH);
  for (int s = 0; s < count; s++) {
    int order = solvers[s].order;
    int x = WIDTH - RIGHT + (s / LEGEND_ROWS) * LEGEND_COLUMN_WIDTH;
    int y = TOP + 10 + LEGEND_ENTRY_HEIGHT * (s % LEGEND_ROWS);
    text_buffer_printf(&out, "<g class=\"legend-entry\" data-solver=\"");
    quote_xml(&out, solvers[s].name);
    text_buffer_printf(&out,
                       "\" data-solved=\"%d\"><line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" "
                       "stroke=\"%s\" stroke-width=\"3\"%s/><text x=\"%d\" y=\"%d\">",
                       solvers[s].solved, x + 20, y, x + 45, y, colour_of(order), dash_of(order),
                       x + 52, y + 4);
    legend_name(&out, solvers[s].name);
    text_buffer_printf(&out, " (%d)</text><text x=\"%d\" y=\"%d\" fill=\"#555555\">",
                       solvers[s].solved, x + 52, y + 18);
    if (solvers[s].runs)
      text_buffer_printf(&out, "PAR-2 %.3f", solvers[s].par2);
    else
      text_buffer_printf(&out, "PAR-2 -");
    text_buffer_printf(&out, "</text>");
    if (strlen(solvers[s].name) > LEGEND_NAME_CHARACTERS) {
      text_buffer_printf(&out, "<title>");
      quote_xml(&out, solvers[s].name);
      text_buffer_printf(&out, "</title>");
    }
    text_buffer_printf(&out, "</g>\n");
  }
  text_buffer_printf(&out, "</g>\n</svg>\n");
  free(solvers);
  free(runs);
  int result = text_buffer_write_file(&out, path, error, error_size);
  text_buffer_free(&out);
  return result;
}
