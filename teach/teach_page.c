/* The teaching page: the template (teach/page/page.html) with its markers
 * "<!--nq:NAME-->" replaced by the style sheet, the scripts, and the parts
 * that depend on N. The searches are recorded here and written into the
 * page as data; the page's scripts only replay them. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "teach.h"
#include "teach_assets.h"

typedef struct page {
  int n;
  const char *command_line;
  teach_search searches[2]; /* plain backtracking, forward checking */
  int *class_of, *class_size;
  int classes;
  int square, board_x, board_y; /* the board's geometry, shared with the scripts */
} page;

static void write_board(markup_writer *out, const page *p) {
  int n = p->n, square = p->square, x0 = p->board_x, y0 = p->board_y;
  int width = x0 + n * square + 24, height = y0 + n * square + 24;
  markup_printf(out,
                "<svg id=\"board\" xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" "
                "height=\"%d\" viewBox=\"0 0 %d %d\" font-family=\"sans-serif\" role=\"img\">\n"
                "<title>The %d x %d board</title>\n",
                width, height, width, height, n, n);
  svg_board_squares(out, x0, y0, n, square, "sq");
  /* Per square, hidden until the scripts show them: a shade (attacked), a
   * cross (ruled out by forward checking) and a queen. */
  for (int row = 0; row < n; row++)
    for (int column = 0; column < n; column++) {
      char id[64];
      markup_printf(
          out,
          "<rect id=\"sh-%d-%d\" x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" "
          "fill=\"rgba(200,40,40,0.35)\" visibility=\"hidden\"/>\n"
          "<text id=\"x-%d-%d\" x=\"%d\" y=\"%d\" font-size=\"%d\" text-anchor=\"middle\" "
          "fill=\"#6b0000\" visibility=\"hidden\">&#x2715;</text>\n",
          row, column, x0 + column * square, y0 + row * square, square, square, row, column,
          x0 + column * square + square / 2, y0 + row * square + square * 2 / 3, square / 2);
      snprintf(id, sizeof id, "id=\"q-%d-%d\" visibility=\"hidden\"", row, column);
      svg_board_queen(out, x0, y0, square, row, column, id);
    }
  /* One scale on each axis, from 1 as `nqsat show`, `nqsat trace` and the
   * page's other boards count (the chess names appear only in the page's
   * sentences). */
  svg_board_labels(out, x0, y0, n, square);
  markup_printf(out,
                "<rect id=\"cur\" x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" "
                "stroke=\"#000\" stroke-width=\"4\" visibility=\"hidden\"/>\n"
                "<rect id=\"wiped\" x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" "
                "stroke=\"#7a0000\" stroke-width=\"4\" stroke-dasharray=\"10 4\" "
                "visibility=\"hidden\"/>\n</svg>\n",
                x0, y0, square, square, x0, y0, square, n * square);
}

/* A search's steps as the page carries them: each step's character
 * (teach.h), except that a run of k >= 2 removals in a row is one
 * character, '0' + k - 2 (up to ':' for k = 12): the rows of the queens
 * removed follow from the placements before, and the runs are a third
 * of the steps at N = 12, the room the SAT searches need to be recorded
 * to their solutions. teach/page/replay.js expands them. */
static void write_steps(markup_writer *out, const teach_search *search) {
  size_t k = 0;
  while (k < search->step_count) {
    size_t run = 0;
    while (k + run < search->step_count && search->steps[k + run] >= 'A' &&
           search->steps[k + run] <= 'Z')
      run++;
    if (run >= 2) {
      markup_printf(out, "%c", (char)('0' + run - 2));
      k += run;
    } else {
      markup_write(out, search->steps + k, 1);
      k++;
    }
  }
}

/* The data the scripts replay: JSON (only digits, letters and
 * punctuation of our own, so nothing needs escaping). */
static void write_data(markup_writer *out, const page *p) {
  const teach_search *bt = &p->searches[0], *fc = &p->searches[1];
  markup_printf(out, "{\"n\":%d,\"board\":{\"square\":%d,\"x\":%d,\"y\":%d},\"modes\":{", p->n,
                p->square, p->board_x, p->board_y);
  markup_printf(out, "\"bt\":{\"nodes\":%llu,\"solutions\":%zu,\"steps\":\"",
                (unsigned long long)bt->nodes, bt->solution_count);
  write_steps(out, bt);
  markup_printf(out, "\"},\"fc\":{\"nodes\":%llu,\"solutions\":%zu,\"wipeOuts\":%llu,\"steps\":\"",
                (unsigned long long)fc->nodes, fc->solution_count,
                (unsigned long long)fc->wipe_outs);
  write_steps(out, fc);
  markup_put(out, "\"}},\"classOf\":[");
  for (size_t i = 0; i < bt->solution_count; i++)
    markup_printf(out, i ? ",%d" : "%d", p->class_of[i]);
  markup_put(out, "],\"classSize\":[");
  for (int i = 0; i < p->classes; i++)
    markup_printf(out, i ? ",%d" : "%d", p->class_size[i]);
  markup_put(out, "],\"formulas\":");
  nq_status status = teach_write_formulas(out, p->n);
  if (status != NQ_OK && out->status == NQ_OK)
    out->status = status;
  markup_put(out, "}");
}

static void write_title(markup_writer *out, const page *p) {
  markup_printf(out, "%d-Queens, step by step", p->n);
}
static void write_errors_js(markup_writer *out, const page *p) {
  (void)p;
  markup_put(out, teach_errors_js);
}
static void write_css(markup_writer *out, const page *p) {
  (void)p;
  markup_put(out, teach_teach_css);
}
static void write_formulations(markup_writer *out, const page *p) {
  teach_write_formulations(out, p->n);
}
static void write_chart(markup_writer *out, const page *p) { teach_write_size_chart(out, p->n); }
static void write_version(markup_writer *out, const page *p) {
  (void)p;
  markup_put(out, NQSAT_VERSION);
}
static void write_command(markup_writer *out, const page *p) {
  markup_put(out, "<code>");
  markup_escaped(out, p->command_line ? p->command_line : "nqsat teach");
  markup_put(out, "</code>");
}
/* The scripts after errors.js, in the order they build on each other. */
static void write_js(markup_writer *out, const page *p) {
  (void)p;
  const char *scripts[] = {teach_replay_js,   teach_board_view_js, teach_panels_js,
                           teach_controls_js, teach_formula_js,    teach_clause_board_js,
                           teach_sat_view_js, teach_main_js};
  for (size_t i = 0; i < sizeof scripts / sizeof scripts[0]; i++)
    markup_put(out, scripts[i]);
}

static const struct {
  const char *name;
  void (*write)(markup_writer *out, const page *p);
} parts[] = {
    {"title", write_title}, {"errors_js", write_errors_js},       {"css", write_css},
    {"board", write_board}, {"formulations", write_formulations}, {"chart", write_chart},
    {"data", write_data},   {"version", write_version},           {"command", write_command},
    {"js", write_js}};

static void write_part(markup_writer *out, const page *p, const char *name, size_t length) {
  for (size_t i = 0; i < sizeof parts / sizeof parts[0]; i++)
    if (strlen(parts[i].name) == length && !strncmp(parts[i].name, name, length)) {
      parts[i].write(out, p);
      return;
    }
  if (out->status == NQ_OK)
    out->status = NQ_ERR_ARGUMENT; /* a marker the template should not have */
}

static void write_template(markup_writer *out, const page *p) {
  static const char marker[] = "<!--nq:";
  const char *text = teach_page_html;
  for (const char *found; (found = strstr(text, marker));) {
    markup_write(out, text, (size_t)(found - text));
    const char *name = found + strlen(marker), *end = strstr(name, "-->");
    if (!end) {
      out->status = NQ_ERR_ARGUMENT;
      return;
    }
    write_part(out, p, name, (size_t)(end - name));
    text = end + 3;
  }
  markup_put(out, text);
}

static int same_solutions(const teach_search *a, const teach_search *b) {
  return a->solution_count == b->solution_count &&
         (!a->solution_count ||
          !memcmp(a->solutions, b->solutions, a->solution_count * (size_t)a->n * sizeof(int)));
}

nq_status teach_write_page(nq_output *output, int n, const char *command_line) {
  page p = {.n = n, .command_line = command_line};
  p.square = n <= 4 ? 64 : 480 / n;
  p.board_x = 24;
  p.board_y = 18;
  nq_status status = teach_search_record(n, 0, &p.searches[0]);
  if (status == NQ_OK)
    status = teach_search_record(n, 1, &p.searches[1]);
  /* Forward checking prunes only what has no solution: the same solutions,
   * in the same order, or the page's class numbers would not fit both. */
  if (status == NQ_OK && !same_solutions(&p.searches[0], &p.searches[1]))
    status = NQ_ERR_ARGUMENT;
  size_t count = p.searches[0].solution_count;
  if (status == NQ_OK) {
    p.class_of = malloc((count ? count : 1) * sizeof *p.class_of);
    p.class_size = malloc((count ? count : 1) * sizeof *p.class_size);
    p.classes = p.class_of && p.class_size
                    ? teach_classes(n, p.searches[0].solutions, count, p.class_of, p.class_size)
                    : -1;
    if (p.classes < 0)
      status = NQ_ERR_MEMORY;
  }
  if (status == NQ_OK) {
    markup_writer out = {output, NQ_OK};
    write_template(&out, &p);
    status = out.status;
  }
  teach_search_free(&p.searches[0]);
  teach_search_free(&p.searches[1]);
  free(p.class_of);
  free(p.class_size);
  return status;
}
