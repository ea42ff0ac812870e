/* Line charts on log-log axes, for the teaching page's formula sizes: the
 * sizes span eight decades between N = 4 and N = 1000, so only
 * logarithmic axes show every encoding at once. */
#include <math.h>
#include <stdio.h>

#include "markup.h"

enum { MARGIN_LEFT = 70, MARGIN_RIGHT = 190, MARGIN_TOP = 36, MARGIN_BOTTOM = 56 };

typedef struct axes {
  double x_low, x_high, y_low, y_high; /* decades: log10 of the ends */
  int left, right, top, bottom;        /* plot area in pixels */
} axes;

static double x_pixel(const axes *a, double x) {
  return a->left + (log10(x) - a->x_low) / (a->x_high - a->x_low) * (a->right - a->left);
}

static double y_pixel(const axes *a, double y) {
  return a->bottom - (log10(y) - a->y_low) / (a->y_high - a->y_low) * (a->bottom - a->top);
}

/* 1, 10, 100, 1k, 10k, ... for a power of ten. */
static void decade_label(char *text, size_t size, int decade) {
  static const char *suffixes[] = {"", "k", "M", "G", "T", "P"};
  if (decade < 0 || decade / 3 >= (int)(sizeof suffixes / sizeof suffixes[0])) {
    snprintf(text, size, "1e%d", decade);
    return;
  }
  int mantissa = decade % 3 == 0 ? 1 : decade % 3 == 1 ? 10 : 100;
  snprintf(text, size, "%d%s", mantissa, suffixes[decade / 3]);
}

static void bounds(const chart_series *series, int count, axes *a) {
  double x_min = HUGE_VAL, x_max = 0, y_min = HUGE_VAL, y_max = 0;
  for (int s = 0; s < count; s++)
    for (int i = 0; i < series[s].count; i++) {
      double x = series[s].x[i], y = series[s].y[i];
      if (x <= 0 || y <= 0)
        continue;
      x_min = fmin(x_min, x), x_max = fmax(x_max, x);
      y_min = fmin(y_min, y), y_max = fmax(y_max, y);
    }
  if (x_max <= 0)
    x_min = y_min = 1, x_max = y_max = 10;
  a->x_low = floor(log10(x_min));
  a->x_high = fmax(ceil(log10(x_max)), a->x_low + 1);
  a->y_low = floor(log10(y_min));
  a->y_high = fmax(ceil(log10(y_max)), a->y_low + 1);
}

static void grid(markup_writer *out, const chart *c, const axes *a) {
  char label[32];
  for (int d = (int)a->x_low; d <= (int)a->x_high; d++) {
    double x = x_pixel(a, pow(10, d));
    decade_label(label, sizeof label, d);
    markup_printf(out,
                  "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#ddd\"/>\n"
                  "<text x=\"%.1f\" y=\"%d\" font-size=\"12\" text-anchor=\"middle\">%s</text>\n",
                  x, a->top, x, a->bottom, x, a->bottom + 16, label);
  }
  for (int d = (int)a->y_low; d <= (int)a->y_high; d++) {
    double y = y_pixel(a, pow(10, d));
    decade_label(label, sizeof label, d);
    markup_printf(out,
                  "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#ddd\"/>\n"
                  "<text x=\"%d\" y=\"%.1f\" font-size=\"12\" text-anchor=\"end\">%s</text>\n",
                  a->left, y, a->right, y, a->left - 6, y + 4, label);
  }
  markup_printf(out,
                "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" "
                "stroke=\"#444\"/>\n",
                a->left, a->top, a->right - a->left, a->bottom - a->top);
  markup_printf(out, "<text x=\"%d\" y=\"%d\" font-size=\"13\" text-anchor=\"middle\">",
                (a->left + a->right) / 2, a->bottom + 40);
  markup_escaped(out, c->x_label);
  markup_printf(out,
                "</text>\n<text x=\"%d\" y=\"%d\" font-size=\"13\" text-anchor=\"middle\" "
                "transform=\"rotate(-90 %d %d)\">",
                18, (a->top + a->bottom) / 2, 18, (a->top + a->bottom) / 2);
  markup_escaped(out, c->y_label);
  markup_printf(out, "</text>\n<text x=\"%d\" y=\"%d\" font-size=\"15\" text-anchor=\"middle\">",
                (a->left + a->right) / 2, 22);
  markup_escaped(out, c->title);
  markup_put(out, "</text>\n");
}

static void line(markup_writer *out, const axes *a, const chart_series *s) {
  markup_printf(out, "<g><title>");
  markup_escaped(out, s->name);
  markup_printf(out,
                "</title>\n<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"2\"%s points=\"",
                s->colour, s->dashed ? " stroke-dasharray=\"6 3\"" : "");
  for (int i = 0; i < s->count; i++)
    if (s->x[i] > 0 && s->y[i] > 0)
      markup_printf(out, "%.1f,%.1f ", x_pixel(a, s->x[i]), y_pixel(a, s->y[i]));
  markup_put(out, "\"/>\n");
  for (int i = 0; i < s->count; i++)
    if (s->x[i] > 0 && s->y[i] > 0)
      markup_printf(out, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"2.5\" fill=\"%s\"/>\n",
                    x_pixel(a, s->x[i]), y_pixel(a, s->y[i]), s->colour);
  markup_put(out, "</g>\n");
}

/* Each line named at its right end (direct labels, no legend to match
 * colours against): the labels in the order of the lines' last points,
 * pushed apart to LABEL_GAP pixels and kept inside the chart, each tied
 * to its line's end by a short leader in the line's colour and dash. */
enum { LABEL_GAP = 14, MAX_LABELED = 32 };
static void direct_labels(markup_writer *out, const axes *a, const chart_series *series,
                          int count) {
  int order[MAX_LABELED], shown = 0;
  double end_y[MAX_LABELED], label_y[MAX_LABELED], end_x[MAX_LABELED];
  for (int s = 0; s < count && shown < MAX_LABELED; s++) {
    int last = -1;
    for (int i = 0; i < series[s].count; i++)
      if (series[s].x[i] > 0 && series[s].y[i] > 0)
        last = i;
    if (last < 0)
      continue;
    end_x[s] = x_pixel(a, series[s].x[last]);
    end_y[s] = y_pixel(a, series[s].y[last]);
    int k = shown++;
    for (; k > 0 && end_y[order[k - 1]] > end_y[s]; k--)
      order[k] = order[k - 1];
    order[k] = s;
  }
  /* Top down, each at least LABEL_GAP below the one above; then bottom up
   * so that none leaves the plot's bottom. */
  for (int k = 0; k < shown; k++) {
    double y = end_y[order[k]];
    if (k > 0 && y < label_y[order[k - 1]] + LABEL_GAP)
      y = label_y[order[k - 1]] + LABEL_GAP;
    label_y[order[k]] = y;
  }
  for (int k = shown - 1; k >= 0; k--) {
    double limit = k == shown - 1 ? a->bottom + 4 : label_y[order[k + 1]] - LABEL_GAP;
    if (label_y[order[k]] > limit)
      label_y[order[k]] = limit;
  }
  for (int k = 0; k < shown; k++) {
    const chart_series *s = &series[order[k]];
    double y = label_y[order[k]];
    markup_printf(out,
                  "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"1.5\"%s "
                  "points=\"%.1f,%.1f %d,%.1f %d,%.1f\"/>\n<text x=\"%d\" y=\"%.1f\" "
                  "font-size=\"12\" fill=\"#222\">",
                  s->colour, s->dashed ? " stroke-dasharray=\"6 3\"" : "", end_x[order[k]],
                  end_y[order[k]], a->right + 6, y, a->right + 26, y, a->right + 30, y + 4);
    markup_escaped(out, s->name);
    markup_put(out, "</text>\n");
  }
}

void svg_chart(markup_writer *out, const chart *c, const chart_series *series, int count) {
  axes a;
  bounds(series, count, &a);
  a.left = MARGIN_LEFT;
  a.right = c->width - MARGIN_RIGHT;
  a.top = MARGIN_TOP;
  a.bottom = c->height - MARGIN_BOTTOM;
  markup_printf(out,
                "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
                "viewBox=\"0 0 %d %d\" font-family=\"sans-serif\" role=\"img\">\n<title>",
                c->width, c->height, c->width, c->height);
  markup_escaped(out, c->title);
  markup_put(out, "</title>\n");
  grid(out, c, &a);
  if (c->marker_x > 0 && log10(c->marker_x) >= a.x_low && log10(c->marker_x) <= a.x_high) {
    double x = x_pixel(&a, c->marker_x);
    markup_printf(out,
                  "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#c00\" "
                  "stroke-dasharray=\"2 3\"/>\n<text x=\"%.1f\" y=\"%d\" font-size=\"12\" "
                  "fill=\"#c00\">",
                  x, a.top, x, a.bottom, x + 4, a.top + 14);
    markup_escaped(out, c->marker_label ? c->marker_label : "");
    markup_put(out, "</text>\n");
  }
  for (int s = 0; s < count; s++)
    line(out, &a, &series[s]);
  direct_labels(out, &a, series, count);
  markup_put(out, "</svg>\n");
}
