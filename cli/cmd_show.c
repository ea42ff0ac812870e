/* nqsat show N [FILE]: solutions drawn for people. Reads vector lines (or
 * SAT models) with nq_verify_read_solutions(), checks every board, and
 * prints it as a board numbered like every board of nqsat (rows and
 * columns from 1, row 1 at the top), with its chess squares beside the
 * vector (the notation of the Wikipedia table: file letter = column, rank
 * 1 = row N), or writes an SVG for slides.
 * With --unique, one representative per symmetry class and its size. */
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "grow.h"
#include "markup.h"
#include "nqsat/output.h"
#include "nqsat/verify.h"

#define SHOW_MAX_N 1000
#define CHESS_MAX_N 26 /* files a..z */
#define SVG_MAX_BOARDS 144
#define SVG_MAX_N 64

static void print_show_help(void) {
  printf("usage: nqsat show N [FILE] [--unique] [--chess] [--svg OUT.svg]\n"
         "\n"
         "Draws the solutions in FILE (default: standard input) for an N x N board.\n"
         "Input: vector lines as 'nqsat solve --all' prints them (1-based column of\n"
         "the queen in each row, row 1 first), or SAT models ('v' lines, MiniSat\n"
         "results). Every board is checked; an invalid one is an error (exit 1).\n"
         "\n"
         "For each solution: a heading with the vector and, in parentheses, the\n"
         "chess squares (file letter = column, a at the left; rank 1 = the bottom\n"
         "row, so row 1 is rank N), then the board ('.' empty, 'Q' queen) with its\n"
         "column numbers above and its row numbers at the left, both from 1, row 1\n"
         "at the top, as 'nqsat trace' and the teaching page number them.\n"
         "\n"
         "  N              board size, 1..%d\n"
         "  --unique       one representative per class under rotation and reflection\n"
         "                 (the smallest image, as a vector), with the class size and\n"
         "                 how many of its boards the input held\n"
         "  --chess        only the chess squares, one line per solution (N <= %d)\n"
         "  --svg OUT.svg  write the boards as an SVG picture instead (N <= %d, at most\n"
         "                 %d boards), replacing OUT.svg only when complete\n"
         "  -h, --help     show this help\n",
         SHOW_MAX_N, CHESS_MAX_N, SVG_MAX_N, SVG_MAX_BOARDS);
}

typedef struct board_list {
  int n;
  int *columns;     /* count * n */
  int *class_sizes; /* with --unique: size of each class */
  int *seen;        /* with --unique: boards of the class in the input */
  size_t count, capacity;
  int unique;
  const char *name;
  char error[300];
} board_list;

static int append_board(board_list *list, const int *columns) {
  if (list->count == list->capacity) {
    int *grown = grow_array(list->columns, &list->capacity, list->capacity + 1,
                            (size_t)list->n * sizeof *grown, 64);
    if (!grown)
      return -1;
    list->columns = grown;
  }
  memcpy(list->columns + list->count * (size_t)list->n, columns, (size_t)list->n * sizeof(int));
  list->count++;
  return 0;
}

static int collect_board(void *context, const int *columns, int n, long line, const char *problem) {
  board_list *list = context;
  char why[200];
  if (!columns) {
    snprintf(list->error, sizeof list->error, "%s:%ld: not a board: %s", list->name, line, problem);
    return 1;
  }
  if (!nq_verify_check_placement(columns, n, why, sizeof why)) {
    snprintf(list->error, sizeof list->error, "%s:%ld: not a solution: %s", list->name, line, why);
    return 1;
  }
  if (append_board(list, columns)) {
    snprintf(list->error, sizeof list->error, "out of memory");
    return 1;
  }
  return 0;
}

/* Replaces the boards by their distinct classes (each as its smallest
 * image, sorted), with their sizes and how often each occurred. */
static int group_classes(board_list *list) {
  size_t room = list->count ? list->count : 1;
  int *class_of = malloc(room * sizeof *class_of);
  int *canonical = malloc(room * (size_t)list->n * sizeof *canonical);
  list->class_sizes = malloc(room * sizeof *list->class_sizes);
  list->seen = malloc(room * sizeof *list->seen);
  int classes = -1;
  if (class_of && canonical && list->class_sizes && list->seen)
    classes = nq_verify_group_classes(list->n, list->columns, list->count, class_of,
                                      list->class_sizes, list->seen, canonical);
  free(class_of);
  if (classes < 0) {
    free(canonical);
    return -1;
  }
  free(list->columns);
  list->columns = canonical;
  list->count = (size_t)classes;
  return 0;
}

/* "a2 b4 c6 ...": for each file (column) from a, the rank of its queen;
 * `end` after the last. */
static void print_chess(FILE *out, const int *columns, int n, const char *end) {
  int row_of_column[CHESS_MAX_N];
  for (int row = 0; row < n; row++)
    row_of_column[columns[row]] = row;
  for (int column = 0; column < n; column++)
    fprintf(out, column + 1 < n ? "%c%d " : "%c%d%s", 'a' + column, n - row_of_column[column],
            column + 1 < n ? "" : end);
}

static void print_heading(const board_list *list, size_t index) {
  int n = list->n;
  const int *columns = list->columns + index * (size_t)n;
  if (list->unique)
    printf("class %zu: size %d, %d in the input: ", index + 1, list->class_sizes[index],
           list->seen[index]);
  else
    printf("solution %zu: ", index + 1);
  for (int row = 0; row < n; row++)
    printf(row + 1 < n ? "%d " : "%d", columns[row] + 1);
  if (n <= CHESS_MAX_N) {
    printf(" (chess: ");
    print_chess(stdout, columns, n, ")\n");
  } else {
    putchar('\n');
  }
}

/* ---- SVG ------------------------------------------------------------------ */

/* Boards in a grid, each with its row and column numbers and a caption;
 * squares in the usual light/dark colours, queens as the chess glyph
 * U+265B. */
static int write_svg(const board_list *list, const char *path) {
  int n = list->n;
  int square = svg_board_square_size(n);
  int margin = 24, board = n * square, cell_width = board + 2 * margin,
      cell_height = board + 2 * margin + 18;
  int per_row = 1;
  while ((size_t)per_row * (size_t)per_row < list->count)
    per_row++;
  int rows = list->count ? (int)((list->count + (size_t)per_row - 1) / (size_t)per_row) : 1;
  char error[300];
  markup_writer svg = {0};
  if (nq_output_open(&svg.output, path, NQ_COMPRESS_NONE, 0, error, sizeof error) != NQ_OK)
    return runtime_error("show", "%s", error);
  markup_printf(&svg,
                "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
                "font-family=\"sans-serif\">\n"
                "<title>%zu %s of the %d-queens problem (nqsat show)</title>\n",
                per_row * cell_width, rows * cell_height, list->count,
                list->unique ? "symmetry classes" : "solutions", n);
  for (size_t index = 0; index < list->count; index++) {
    const int *columns = list->columns + index * (size_t)n;
    int x0 = (int)(index % (size_t)per_row) * cell_width + margin,
        y0 = (int)(index / (size_t)per_row) * cell_height + margin;
    markup_put(&svg, "<g>\n");
    svg_board_squares(&svg, x0, y0, n, square, NULL);
    for (int row = 0; row < n; row++)
      svg_board_queen(&svg, x0, y0, square, row, columns[row], NULL);
    svg_board_labels(&svg, x0, y0, n, square);
    if (list->unique)
      markup_printf(&svg, "<text x=\"%d\" y=\"%d\" font-size=\"12\">class %zu: %d boards</text>\n",
                    x0, y0 + board + 28, index + 1, list->class_sizes[index]);
    else
      markup_printf(&svg, "<text x=\"%d\" y=\"%d\" font-size=\"12\">solution %zu</text>\n", x0,
                    y0 + board + 28, index + 1);
    markup_put(&svg, "</g>\n");
  }
  markup_put(&svg, "</svg>\n");
  if (svg.status != NQ_OK) {
    nq_output_abort(svg.output);
    return runtime_error("show", "cannot write '%s'", path);
  }
  if (nq_output_commit(svg.output, error, sizeof error) != NQ_OK)
    return runtime_error("show", "%s", error);
  return NQ_EXIT_OK;
}

int cmd_show(int argc, char **argv) {
  static const struct option options[] = {{"unique", no_argument, NULL, 'u'},
                                          {"chess", no_argument, NULL, 'c'},
                                          {"svg", required_argument, NULL, 's'},
                                          {"help", no_argument, NULL, 'h'},
                                          {NULL, 0, NULL, 0}};
  board_list list = {0};
  int chess_only = 0;
  const char *svg_path = NULL;
  optind = 1;
  opterr = 0;
  int code;
  while ((code = getopt_long(argc, argv, ":h", options, NULL)) != -1) {
    switch (code) {
    case 'u': list.unique = 1; break;
    case 'c': chess_only = 1; break;
    case 's': svg_path = optarg; break;
    case 'h': print_show_help(); return NQ_EXIT_OK;
    default: return report_bad_option("show", code, argv);
    }
  }
  int n;
  if (parse_positional_n("show", argc, argv, optind, 2, SHOW_MAX_N, &n))
    return NQ_EXIT_USAGE;
  if (chess_only && n > CHESS_MAX_N)
    return usage_error("show", "--chess needs N <= %d (one letter per file)", CHESS_MAX_N);
  if (chess_only && svg_path)
    return usage_error("show", "--chess and --svg exclude each other");
  if (svg_path && n > SVG_MAX_N)
    return usage_error("show", "--svg needs N <= %d", SVG_MAX_N);
  list.n = (int)n;
  const char *input_path = optind + 1 < argc ? argv[optind + 1] : NULL;
  FILE *input = stdin;
  list.name = "<stdin>";
  if (input_path && strcmp(input_path, "-")) {
    input = fopen(input_path, "r");
    if (!input)
      return runtime_error("show", "cannot open '%s': %s", input_path, strerror(errno));
    list.name = input_path;
  }
  char error[300] = "";
  nq_status status =
      nq_verify_read_solutions(input, list.name, list.n, collect_board, &list, error, sizeof error);
  if (input != stdin)
    fclose(input);
  int exit_code = NQ_EXIT_OK;
  if (status != NQ_OK && status != NQ_ERR_STOPPED) {
    exit_code = runtime_error("show", "%s", status == NQ_ERR_PARSE ? error : nq_strerror(status));
  } else if (list.error[0]) {
    exit_code = runtime_error("show", "%s", list.error);
  } else if (list.unique && group_classes(&list)) {
    exit_code = runtime_error("show", "out of memory");
  } else if (svg_path) {
    if (list.count > SVG_MAX_BOARDS)
      exit_code = runtime_error("show",
                                "%zu boards are too many for one picture (at most %d; "
                                "try --unique or fewer lines)",
                                list.count, SVG_MAX_BOARDS);
    else
      exit_code = write_svg(&list, svg_path);
  } else {
    size_t boards = 0;
    for (size_t i = 0; i < list.count; i++) {
      const int *columns = list.columns + i * (size_t)list.n;
      boards += list.unique ? (size_t)list.seen[i] : 1;
      if (chess_only) {
        print_chess(stdout, columns, list.n, "\n");
        continue;
      }
      print_heading(&list, i);
      print_numbered_board(stdout, columns, list.n);
      putchar('\n');
    }
    if (list.unique && !chess_only) {
      uint64_t members = 0;
      for (size_t i = 0; i < list.count; i++)
        members += (uint64_t)list.class_sizes[i];
      printf("%zu class%s with %" PRIu64 " boards in all; the input held %zu of them\n", list.count,
             list.count == 1 ? "" : "es", members, boards);
    }
    if (fflush(stdout) != 0 || ferror(stdout))
      exit_code = runtime_error("show", "cannot write to standard output");
  }
  free(list.columns);
  free(list.class_sizes);
  free(list.seen);
  return exit_code;
}
