/* DIR/cactus.svg: the cactus plot of a field of solvers, as the SAT
 * competitions draw it: for each solver, its solved runs' times sorted
 * ascending; the k-th point is at x = k (instances solved), y = its time
 * in seconds (linear axis from 0). One polyline and one dot per solved run
 * for each solver, a legend, axis labels. Plain SVG 1.1 written here; each
 * dot carries its time (data-seconds) and a <title> naming the instance, and
 * the plot group its axis ranges, so the picture can be checked against
 * results.csv without any tool of ours. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "quote.h"
#include "run.h"
#include "text_buffer.h"

enum { WIDTH = 860, HEIGHT = 520, LEFT = 70, RIGHT = 200, TOP = 40, BOTTOM = 60 };

static const char *const COLOURS[] = {"#1f77b4", "#d62728", "#2ca02c", "#9467bd",
                                      "#ff7f0e", "#17becf", "#8c564b", "#e377c2"};

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

int run_cactus_write(const result_table *table, const char *const *solver_order, int solver_count,
                     const char *path, char *error, size_t error_size) {
  /* Solvers: the given order, then any other name in the table. */
  const char **names = calloc((size_t)solver_count + table->count + 1, sizeof *names);
  solved_run *runs = calloc(table->count + 1, sizeof *runs);
  if (!names || !runs) {
    free(names);
    free(runs);
    snprintf(error, error_size, "%s: out of memory", path);
    return -1;
  }
  int count = 0;
  for (int i = 0; i < solver_count; i++)
    names[count++] = solver_order[i];
  for (size_t i = 0; i < table->count; i++) {
    int known = 0;
    for (int j = 0; j < count && !known; j++)
      known = !strcmp(names[j], table->rows[i].solver);
    if (!known)
      names[count++] = table->rows[i].solver;
  }
  int most_solved = 1;
  double slowest = 0;
  for (int s = 0; s < count; s++) {
    int solved = 0;
    for (size_t i = 0; i < table->count; i++)
      if (!strcmp(table->rows[i].solver, names[s]) && result_is_solved(&table->rows[i])) {
        solved++;
        if (table->rows[i].seconds > slowest)
          slowest = table->rows[i].seconds;
      }
    if (solved > most_solved)
      most_solved = solved;
  }
  double x_max = most_solved, y_max = nice_ceiling(slowest > 0 ? slowest : 1);
  double plot_width = WIDTH - LEFT - RIGHT, plot_height = HEIGHT - TOP - BOTTOM;
  text_buffer out = {0};
  text_buffer_printf(&out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
  text_buffer_printf(
      &out,
      "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"%d\" height=\"%d\" "
      "viewBox=\"0 0 %d %d\" font-family=\"sans-serif\" font-size=\"12\">\n",
      WIDTH, HEIGHT, WIDTH, HEIGHT);
  text_buffer_printf(&out, "<title>Cactus plot: instances solved against time</title>\n");
  text_buffer_printf(&out, "<rect width=\"%d\" height=\"%d\" fill=\"white\"/>\n", WIDTH, HEIGHT);
  /* Axes, ticks and labels. */
  text_buffer_printf(
      &out,
      "<g id=\"axes\" stroke=\"black\"><line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\"/>"
      "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\"/></g>\n",
      LEFT, TOP + (int)plot_height, LEFT + (int)plot_width, TOP + (int)plot_height, LEFT, TOP, LEFT,
      TOP + (int)plot_height);
  for (int tick = 0; tick <= 5; tick++) {
    double seconds = y_max * tick / 5;
    double y = TOP + plot_height * (1 - seconds / y_max);
    text_buffer_printf(&out,
                       "<line x1=\"%d\" y1=\"%.2f\" x2=\"%d\" y2=\"%.2f\" stroke=\"#dddddd\"/>"
                       "<text x=\"%d\" y=\"%.2f\" text-anchor=\"end\">%g</text>\n",
                       LEFT, y, LEFT + (int)plot_width, y, LEFT - 6, y + 4, seconds);
  }
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
      "time per instance (s, wall clock)</text>\n",
      TOP + plot_height / 2, TOP + plot_height / 2);
  text_buffer_printf(
      &out,
      "<g id=\"plot\" data-left=\"%d\" data-top=\"%d\" data-width=\"%.0f\" data-height=\"%.0f\" "
      "data-x-max=\"%g\" data-y-max=\"%g\">\n",
      LEFT, TOP, plot_width, plot_height, x_max, y_max);
  for (int s = 0; s < count; s++) {
    const char *colour = COLOURS[s % (sizeof COLOURS / sizeof COLOURS[0])];
    int solved = 0;
    for (size_t i = 0; i < table->count; i++)
      if (!strcmp(table->rows[i].solver, names[s]) && result_is_solved(&table->rows[i]))
        /* To the 0.1 ms of results.csv, so dot and row say the same time. */
        runs[solved++] = (solved_run){(double)(long long)(table->rows[i].seconds * 1e4 + 0.5) / 1e4,
                                      table->rows[i].file};
    qsort(runs, (size_t)solved, sizeof *runs, compare_runs);
    text_buffer_printf(&out, "<g class=\"solver\" data-solver=\"");
    quote_xml(&out, names[s]);
    text_buffer_printf(&out, "\" data-solved=\"%d\" stroke=\"%s\" fill=\"%s\">\n", solved, colour,
                       colour);
    if (solved) {
      text_buffer_printf(&out, "<polyline fill=\"none\" stroke-width=\"2\" points=\"");
      for (int k = 0; k < solved; k++)
        text_buffer_printf(&out, "%s%.2f,%.2f", k ? " " : "", LEFT + plot_width * (k + 1) / x_max,
                           TOP + plot_height * (1 - runs[k].seconds / y_max));
      text_buffer_printf(&out, "\"/>\n");
    }
    for (int k = 0; k < solved; k++) {
      text_buffer_printf(&out,
                         "<circle cx=\"%.2f\" cy=\"%.2f\" r=\"3\" data-seconds=\"%.4f\"><title>",
                         LEFT + plot_width * (k + 1) / x_max,
                         TOP + plot_height * (1 - runs[k].seconds / y_max), runs[k].seconds);
      quote_xml(&out, names[s]);
      text_buffer_printf(&out, ": ");
      quote_xml(&out, runs[k].file);
      text_buffer_printf(&out, ", %.4f s</title></circle>\n", runs[k].seconds);
    }
    text_buffer_printf(&out, "</g>\n");
    /* Legend entry. */
    int y = TOP + 10 + 22 * s;
    text_buffer_printf(
        &out,
        "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"%s\" stroke-width=\"3\"/>"
        "<text x=\"%d\" y=\"%d\">",
        WIDTH - RIGHT + 20, y, WIDTH - RIGHT + 45, y, colour, WIDTH - RIGHT + 52, y + 4);
    quote_xml(&out, names[s]);
    text_buffer_printf(&out, " (%d)</text>\n", solved);
  }
  text_buffer_printf(&out, "</g>\n</svg>\n");
  free(names);
  free(runs);
  int result = text_buffer_write_file(&out, path, error, error_size);
  text_buffer_free(&out);
  return result;
}
