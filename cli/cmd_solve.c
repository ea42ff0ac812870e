/* nqsat solve N | FILE: N-Queens with PicoSAT, or any DIMACS CNF with
 * SAT-competition answers. */
#include <getopt.h>
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "clock.h"
#include "model_count.h"
#include "nqsat/cnf.h"
#include "nqsat/component_count.h"
#include "nqsat/decide.h"
#include "nqsat/engine_choice.h"
#include "nqsat/refute.h"
#include "nqsat/solver.h"
#include "nqsat/verify.h"
#include "processors.h"
#include "solve_proof.h"
#include "stop_deadline.h"
#include "stop_watchdog.h"

static void print_solve_help(void) {
  printf("usage: nqsat solve N [--amo ENCODING] [--count [--unique] | --all | --max K]\n"
         "       nqsat solve FILE [--count [--unique] | --all | --max K] [--board]\n"
         "                  [--occurring] [--partial] [--format plain|mcc|compact]\n"
         "                  [--exact-digits D]\n"
         "                  [--split auto|off] [--symmetry auto|off] [--stats]\n"
         "                  [--engine auto|components|enumerate|picosat]\n"
         "       nqsat solve N|FILE ... --proof FILE [--proof-format text|binary]\n"
         "       nqsat solve FILE --count --certificate C [--certificate-proof lrat|drat]\n"
         "\n"
         "N: builds the N-Queens formula in PicoSAT. Enumeration splits the board\n"
         "into sub-problems solved in parallel, blocks each solution's whole orbit\n"
         "under the board's 8 symmetries and finds every orbit once.\n"
         "FILE (or - for stdin): any DIMACS CNF, plain or gzip; answers in the\n"
         "SAT-competition format ('s SATISFIABLE' and 'v' lines, exit 10; 's\n"
         "UNSATISFIABLE', exit 20; 's UNKNOWN', exit 0). Enumeration blocks models\n"
         "on the 'c ind' / 'c p show' variables when the file declares them, else\n"
         "on every variable. Counts follow the model-counting convention (as\n"
         "picosat --all, clasp and the Model Counting Competition): over every\n"
         "declared variable, or the projection set; a projected variable no clause\n"
         "mentions doubles the count ('p cnf 5 1' / '1 2 0': 24 models), exactly at\n"
         "any size. --count picks the engine by a probe of the formula (--engine\n"
         "auto): the component counter when its primal graph has a small\n"
         "elimination width (it falls apart as variables are set), else\n"
         "enumeration. Only variables that occur in a clause are enumerated,\n"
         "listed and cost memory. The formula is split into cubes on projection\n"
         "variables, enumerated in parallel by nqsat's own all-solutions engine\n"
         "(no blocking clauses: it backtracks after each model; --engine picosat\n"
         "for PicoSAT with a blocking clause per model); output does not depend\n"
         "on --threads.\n"
         "\n");
  printf("  N                 board size, 1..%d\n"
         "  --amo ENCODING    at-most-one encoding (N only), one of:\n",
         NQ_SOLVER_MAX_N);
  char names[256];
  amo_name_list(names, sizeof names, " or ");
  snprintf(names + strlen(names), sizeof names - strlen(names), " (default %s)",
           nq_amo_name(NQ_AMO_PAIRWISE));
  print_wrapped("                    ", names);
  printf("  --count           print only the number of solutions (models)\n"
         "  --unique          with --count and N: the number of fundamental solutions\n"
         "                    (up to rotation and reflection, OEIS A002562); with\n"
         "                    FILE: the orbits of projected models under the\n"
         "                    formula's detected symmetry group, times every\n"
         "                    permutation of the unused projected variables (k of\n"
         "                    them: k + 1 orbits; with --symmetry off, 2^k models)\n"
         "  --all             print every solution: with N one per line, the 1-based\n"
         "                    column of each row's queen (e.g. 2 4 1 3); with FILE\n"
         "                    each model as 'v' lines over the variables in clauses,\n"
         "                    closed by 'c K models', K by the convention\n"
         "  --max K           like --all, but stop after K solutions\n"
         "  --occurring       FILE: count over the variables that occur in a clause\n"
         "                    only (unused declared variables do not double it)\n"
         "  --partial         FILE --all (native engine): a model that leaves k\n"
         "                    projection variables free is printed once, as a cube:\n"
         "                    a 'c free V...' line naming them, then 'v' lines\n"
         "                    without them (it stands for 2^k models); plain --all\n"
         "                    prints all 2^k\n"
         "  --format FORMAT   FILE --count: plain (default: the number) or mcc (the\n"
         "                    Model Counting Competition 2021 lines: s, c s type\n"
         "                    mc|pmc, c s log10-estimate, c s exact arb int);\n"
         "                    FILE --all or --max: plain (default: 'v' lines) or\n"
         "                    compact (one line per model, a character per variable\n"
         "                    that occurs, ascending: 1 true, 0 false, - free)\n"
         "  --exact-digits D  FILE: print counts of at most D decimal digits in full\n"
         "                    (1..%d, default %d); a longer count is printed\n"
         "                    exactly as M*2^K (M odd) with a note on stderr, and\n"
         "                    --format mcc gives its log10-estimate and 'c o exact\n"
         "                    count M*2^K' instead of 'c s exact arb int'\n"
         "  --board           print solutions as boards (FILE: an nqsat instance of\n"
         "                    either model, '--model rows' decoded by its 'c csp:'\n"
         "                    line, shuffled ones through their 'c nqsat map')\n"
         "  --threads T       worker threads, 1..%d (default: all CPUs)\n"
         "  --split MODE      FILE: auto (default: split into cubes) or off (one\n"
         "                    search over the whole formula)\n"
         "  --symmetry MODE   FILE: auto (default: use the formula's symmetries when\n"
         "                    found quickly; not with --max K, whose first models\n"
         "                    come sooner without) or off\n",
         MODEL_COUNT_MAX_DIGITS, MODEL_COUNT_DEFAULT_DIGITS, NQ_SOLVER_MAX_THREADS);
  fputs("  --engine ENGINE   FILE, with --count, --all or --max: auto (default: for\n"
        "                    --count the probe picks components or enumerate, and\n"
        "                    an enumeration runs trials of the component counter\n"
        "                    as its work doubles, the first to finish counting;\n"
        "                    for --all and --max, enumerate), components (--count\n"
        "                    only: DPLL splitting the formula into independent\n"
        "                    components, counts cached, clauses learned; on\n"
        "                    --threads cubes), enumerate\n"
        "                    (or native: nqsat's all-solutions engine,\n"
        "                    chronological backtracking, partial models counted\n"
        "                    2^free at once) or picosat (PicoSAT with a blocking\n"
        "                    clause per model, the cross-check)\n"
        "  --stats           FILE: print variables, clauses, 'symmetry group order:\n"
        "                    G', 'cubes: K', threads, the engine, decisions,\n"
        "                    conflicts, models per second and seconds on stderr;\n"
        "                    'component trials:' after an automatic choice of\n"
        "                    enumeration; the component counter prints its\n"
        "                    probe, learned\n"
        "                    clauses, components, cache hits and cache size\n"
        "                    instead of cubes and symmetry\n"
        "  --time-limit S    stop after S seconds (1..31536000) with what was found,\n"
        "                    marked incomplete; Ctrl-C or SIGTERM: the same, exit 130\n"
        "  --max-memory SIZE refuse to start when the estimated memory exceeds\n"
        "                    SIZE (e.g. 512M, 4G; default half of physical RAM);\n"
        "                    the component counter's cache stays within what is\n"
        "                    left (evicting old entries: slower, same count)\n"
        "  --no-preprocess   FILE --count: count the formula as read, without the\n"
        "                    count-preserving preprocessing (for comparison; same\n"
        "                    count)\n"
        "  --method METHOD   sat (default), local (min-conflicts local search, one\n"
        "                    solution, N up to 10,000,000) or backtrack (the native\n"
        "                    solver); see 'nqsat solve --method local --help'\n"
        "  --proof FILE      when the answer is UNSATISFIABLE (or no solution, or a\n"
        "                    count of 0): write a DRAT proof of it, from nqsat's own\n"
        "                    CDCL engine, that drat-trim or 'nqsat check --proof'\n"
        "                    verifies; for N the formula is 'nqsat encode N' with\n"
        "                    the same --amo\n"
        "  --proof-format F  text or binary (default: text for names ending in .txt,\n"
        "                    else binary)\n"
        "  --certificate C   with FILE --count: write a certificate of the count to C\n"
        "                    (cubes, each satisfying every clause, disjoint) and a\n"
        "                    proof that no other model exists to C.lrat (or C.drat),\n"
        "                    for 'nqsat check --instance FILE --certificate C';\n"
        "                    written on --threads threads, one proof\n"
        "  --certificate-proof P  lrat (default: checks forward by its hints, faster)\n"
        "                    or drat\n"
        "  -h, --help        show this help\n"
        "\n"
        "With none of --count, --all, --max: the first solution (N: as a board,\n"
        "'no solution', or 'unknown (time limit reached)' when stopped first).\n"
        "On a terminal, enumeration shows progress on stderr.\n",
        stdout);
}

typedef enum solve_mode { FIRST, COUNT_ONLY, LIST } solve_mode;

/* --engine: auto picks for --count by nq_cnf_probe_engine. */
typedef enum engine_choice {
  ENGINE_AUTO,
  ENGINE_COMPONENTS,
  ENGINE_ENUMERATE,
  ENGINE_PICOSAT
} engine_choice;

typedef struct solve_options {
  nq_encoding encoding;
  int amo_given;
  solve_mode mode;
  int64_t max_solutions; /* LIST: 0 = all */
  int unique, board, stats;
  int split, symmetry;  /* FILE: 1 = auto, 0 = off */
  int occurring;        /* FILE: count over the variables in clauses only */
  int no_preprocess;    /* FILE --count: count the formula as read */
  uint64_t doubling;    /* FILE --count: 2^doubling models per one of the simplified formula */
  int mcc;              /* FILE --count: Model Counting Competition lines */
  int compact;          /* FILE --all/--max: one line of 0/1/- per model */
  int partial;          /* FILE --all: partial models printed as cubes */
  int64_t exact_digits; /* FILE: counts of more digits are printed as M*2^K */
  int engine;           /* FILE: nq_cnf_engine, when enumerating */
  int engine_choice;    /* FILE: engine_choice below */
  nq_solver_control control;
} solve_options;

/* Ctrl-C or SIGTERM from here on stops the search cleanly, with what was
 * found (common/interrupt.c; a signal more than a second after the
 * first ends at once). Armed only around
 * a search that polls the flag, so before it a signal ends everything at
 * once. */
/* Signals and the --time-limit deadline raise one flag (stop_deadline.h). */
static void watch_for_stop(solve_options *options) {
  options->control.interrupt = stop_deadline_start(options->control.time_limit_seconds);
}

/* How a stopped run is marked, and its exit code (130 after a signal). */
static const char *stop_reason(void) {
  return interrupt_requested() ? "interrupted" : "time limit reached";
}

static int stopped_exit(int otherwise) {
  return interrupt_requested() ? NQ_EXIT_INTERRUPTED : otherwise;
}

static int finish_output(int code) {
  if (fflush(stdout) != 0 || ferror(stdout))
    return runtime_error("solve", "cannot write to standard output");
  return code;
}

/* ---- N mode ---- */

typedef struct list_context {
  int board;
  uint64_t printed;
} list_context;

static int print_solution(void *context, const int *columns, int n) {
  list_context *list = context;
  if (list->board) {
    if (list->printed)
      putchar('\n');
    print_numbered_board(stdout, columns, n);
  } else {
    print_vector(stdout, columns, n);
  }
  list->printed++;
  return ferror(stdout) != 0; /* stop on a closed pipe or a full disk */
}

static int keep_first(void *context, const int *columns, int n) {
  memcpy(context, columns, (size_t)n * sizeof *columns);
  return 1; /* stop: one is all we need */
}

static int solve_queens(solve_options *options) {
  const nq_encoding *encoding = &options->encoding;
  if (options->mode == FIRST) {
    int first[NQ_SOLVER_MAX_N];
    uint64_t found = 0;
    watch_for_stop(options);
    nq_status status =
        nq_solver_enumerate_queens(encoding, 1, &options->control, keep_first, first, &found);
    if (status == NQ_ERR_INTERRUPTED && !found) {
      printf("unknown (%s)\n", stop_reason());
      fprintf(stderr, "nqsat solve: %s before a solution was found\n", stop_reason());
      return stopped_exit(finish_output(NQ_EXIT_OK));
    }
    if (status != NQ_OK && status != NQ_ERR_STOPPED)
      return runtime_error("solve", "%s", nq_strerror(status));
    if (found)
      print_numbered_board(stdout, first, encoding->n);
    else
      printf("no solution\n");
    return finish_output(NQ_EXIT_OK);
  }
  nq_enumeration result;
  list_context list = {options->board, 0};
  int listing = options->mode == LIST;
  watch_for_stop(options);
  nq_status status = nq_solver_enumerate_symmetric(
      encoding, listing ? (uint64_t)options->max_solutions : 0, &options->control,
      listing ? print_solution : NULL, &list, &result);
  if (options->control.progress)
    clear_progress();
  if (status != NQ_OK && status != NQ_ERR_INTERRUPTED) {
    if (status == NQ_ERR_STOPPED)
      return finish_output(NQ_EXIT_FAILURE);
    return runtime_error("solve", "%s", nq_strerror(status));
  }
  uint64_t shown = options->unique ? result.fundamental : result.solutions;
  if (status == NQ_ERR_INTERRUPTED) {
    if (options->mode == COUNT_ONLY)
      printf("%" PRIu64 " (incomplete: %s)\n", shown, stop_reason());
    fprintf(stderr, "nqsat solve: %s after %" PRIu64 " solutions; the enumeration is incomplete\n",
            stop_reason(), result.solutions);
    return stopped_exit(finish_output(NQ_EXIT_OK));
  }
  if (options->mode == COUNT_ONLY)
    printf("%" PRIu64 "\n", shown);
  return finish_output(NQ_EXIT_OK);
}

/* ---- DIMACS mode ---- */

typedef struct model_context {
  const nq_cnf *cnf;
  int board, compact, partial;
  int print; /* 0 for --count */
  uint64_t printed;
  signed char *board_values; /* --board: the model in the file's numbering */
} model_context;

/* --format compact: what each character of a line stands for. */
static void print_compact_header(const int *file_variables, int count) {
  printf("c compact: one line per model, one character per variable that occurs in a clause, "
         "ascending (1 true, 0 false, - free)\n");
  int consecutive = 1;
  for (int i = 1; i <= count && consecutive; i++)
    consecutive = file_variables[i] == i;
  if (consecutive)
    return;
  printf("c compact variables:");
  for (int i = 1; i <= count; i++)
    printf(" %d", file_variables[i]);
  putchar('\n');
}

static int print_model(void *context, const signed char *values, const int *file_variables,
                       int count) {
  model_context *models = context;
  if (!models->print)
    return 0;
  if (!models->printed) {
    printf("s SATISFIABLE\n");
    if (models->compact)
      print_compact_header(file_variables, count);
  }
  models->printed++;
  if (models->compact) {
    print_model_compact(stdout, values, count);
  } else if (models->board) {
    int n = models->cnf->queens_n, variables = models->cnf->max_variable;
    int columns[NQ_SOLVER_MAX_N];
    char why[200];
    if (models->printed > 1)
      putchar('\n');
    memset(models->board_values, 0, (size_t)variables + 1);
    for (int i = 1; i <= count; i++)
      models->board_values[file_variables[i]] = values[i];
    if (nq_cnf_decode_board(models->cnf, models->board_values, variables, columns, why,
                            sizeof why) == 0) {
      print_numbered_board(stdout, columns, n);
    } else {
      printf("c this model is not a board: %s\n", why);
      print_model_lines(stdout, values, file_variables, count);
    }
  } else {
    if (models->partial)
      print_free_line(stdout, values, file_variables, count);
    print_model_lines(stdout, values, file_variables, count);
  }
  return ferror(stdout) != 0;
}

/* The header of --all / --max output: how the run was made. */
static void print_plan_lines(const nq_cnf_report *report, const solve_options *options) {
  printf("c nqsat solve: %d variables occur (%d projected), %" PRIu64 " clauses\n",
         report->variables, report->projected, report->clauses);
  printf("c symmetry: %s, group order %s (%.3f s), %s\n", options->symmetry ? "auto" : "off",
         report->group_order, report->symmetry_seconds,
         report->symmetry_used
             ? "orbits used"
             : "not used (none, off, too large, --max, or --all on a projection)");
  printf("c split: %s, %" PRIu64 " cube%s of depth %d (%.3f s)\n", options->split ? "auto" : "off",
         report->cubes, report->cubes == 1 ? "" : "s", report->split_depth, report->split_seconds);
  if (report->unused_projected)
    printf("c %d projected variable%s occur%s in no clause: not listed (any value goes), so each "
           "model listed stands for 2^%d models\n",
           report->unused_projected, report->unused_projected == 1 ? "" : "s",
           report->unused_projected == 1 ? "s" : "", report->unused_projected);
  if (report->engine == NQ_CNF_ENGINE_NATIVE) {
    printf("c threads: %d, engine native (no blocking clauses; %s)\n", report->threads,
           report->symmetry_used ? "orbits counted by their least member"
           : options->partial    ? "partial models as cubes, 'c free' naming their free "
                                   "variables"
                                 : "partial models expanded");
    return;
  }
  printf("c threads: %d, blocking clauses %s\n", report->threads,
         !report->shrink         ? "full"
         : report->symmetry_used ? "shrunk (cube literals, propagation-minimal)"
                                 : "shrunk (cube literals, propagation-minimal, partial "
                                   "assignments)");
}

static void print_stats(const nq_cnf_report *report, const nq_enumeration *result, double seconds,
                        uint64_t decisions, uint64_t conflicts) {
  fprintf(stderr, "variables: %d\n", report->variables);
  fprintf(stderr, "projected: %d\n", report->projected);
  fprintf(stderr, "unused projected: %d\n", report->unused_projected);
  fprintf(stderr, "clauses: %" PRIu64 "\n", report->clauses);
  fprintf(stderr, "symmetry group order: %s\n", report->group_order);
  fprintf(stderr, "cubes: %" PRIu64 "\n", report->cubes);
  fprintf(stderr, "split depth: %d\n", report->split_depth);
  fprintf(stderr, "threads: %d\n", report->threads);
  model_count models;
  model_count_init(&models);
  model_count_of(&models, result, report, COUNT_OCCURRING, 0);
  fprintf(stderr, "engine: %s\n",
          report->engine == NQ_CNF_ENGINE_PICOSAT
              ? "picosat (a blocking clause per model)"
              : "native (chronological backtracking, partial models)");
  if (report->engine != NQ_CNF_ENGINE_PICOSAT) {
    fprintf(stderr, "decisions: %" PRIu64 "\n", decisions);
    fprintf(stderr, "conflicts: %" PRIu64 "\n", conflicts);
  }
  fputs("models: ", stderr); /* enumerated: over the variables in clauses */
  model_count_print(stderr, &models, MODEL_COUNT_DEFAULT_DIGITS);
  fputc('\n', stderr);
  fprintf(stderr, "models per second: %.0f\n",
          seconds > 0 ? mpz_get_d(models.mantissa) / seconds : 0.0);
  model_count_clear(&models);
  fprintf(stderr, "seconds: %.3f\n", seconds);
}

/* A stop while the file was read or planned: nothing found yet, answered
 * as a stopped search answers. */
static int stopped_before_models(const solve_options *options, const char *what) {
  stop_watchdog_claim();
  if (options->mode == COUNT_ONLY && !options->mcc)
    printf("0 (incomplete: %s)\n", stop_reason());
  else
    printf("s UNKNOWN\n");
  fprintf(stderr, "nqsat solve: %s after 0 models (%s)\n", stop_reason(), what);
  return stopped_exit(finish_output(NQ_EXIT_OK));
}

/* Says on stderr why a count was printed as M*2^K. */
static void note_short_form(const model_count *count, int64_t exact_digits) {
  fprintf(stderr,
          "nqsat solve: the count has about %.0f decimal digits, more than --exact-digits %" PRId64
          ": printed exactly as M*2^K (log10 %.6f)\n",
          floor(model_count_log10(count)) + 1, exact_digits, model_count_log10(count));
}

/* "engine: E, 1 probe of S s: ..." on stderr: what the probe saw. */
static void print_probe(const nq_engine_probe *probe, const char *engine) {
  fprintf(stderr,
          "%s, 1 probe of %.3f s: %d component%s (largest %d variables), elimination width %s%d",
          engine, probe->seconds, probe->components, probe->components == 1 ? "" : "s",
          probe->largest_component, probe->width_over_limit ? "> " : "",
          probe->width_over_limit ? NQ_ENGINE_CHOICE_WIDTH_LIMIT : probe->width);
  if (probe->decisions)
    fprintf(stderr,
            "; %" PRIu64 " decisions %s, %" PRIu64 " of %" PRIu64 " components from the cache",
            probe->decisions, probe->finished ? "(finished)" : "(stopped)", probe->cache_hits,
            probe->components_met);
  fputc('\n', stderr);
}

/* How the component counter came to count: forced, chosen by the probe,
 * or after the watched enumeration was abandoned (the hedge). */
typedef enum components_path { FORCED, PROBED, AFTER_ENUMERATION } components_path;

static void print_component_stats(const nq_component_stats *stats, int threads,
                                  const nq_engine_probe *probe, components_path how) {
  fprintf(stderr, "variables: %d\n", stats->variables);
  fprintf(stderr, "projected: %d\n", stats->projected);
  fprintf(stderr, "unused projected: %d\n", stats->unused_projected);
  fprintf(stderr, "clauses: %" PRIu64 "\n", stats->clauses);
  fprintf(stderr, "threads: %d\n", threads);
  if (how == PROBED)
    print_probe(probe, "engine: components");
  else if (how == FORCED)
    fprintf(stderr, "engine: components (--engine components, no probe)\n");
  else
    fprintf(stderr, "engine: components (a trial during the enumeration)\n");
  fprintf(stderr, "preprocessing: %d fixed, %d substituted, %d eliminated\n", stats->fixed,
          stats->substituted, stats->eliminated);
  fprintf(stderr, "top-level components: %d\n", stats->top_components);
  if (stats->decomposition_width >= 0)
    fprintf(stderr, "branching: tree decomposition of width %d\n", stats->decomposition_width);
  fprintf(stderr, "decisions: %" PRIu64 "\n", stats->decisions);
  fprintf(stderr, "conflicts: %" PRIu64 "\n", stats->conflicts);
  fprintf(stderr, "learned clauses: %" PRIu64 "\n", stats->learned);
  fprintf(stderr, "components: %" PRIu64 "\n", stats->components);
  fprintf(stderr, "cache hits: %" PRIu64 "\n", stats->cache_hits);
  fprintf(stderr, "components of count 0: %" PRIu64 " (%" PRIu64 " decisions)\n",
          stats->zero_components, stats->zero_decisions);
  fprintf(stderr, "component checks by CDCL: %" PRIu64 " (%" PRIu64 " refuted)\n",
          stats->sat_checks, stats->sat_refuted);
  fprintf(stderr, "search work: %" PRIu64 "\n", stats->work);
  fprintf(stderr, "cache entries: %" PRIu64 "\n", stats->cache_entries);
  fprintf(stderr, "cache peak bytes: %" PRIu64 "\n", stats->cache_peak_bytes);
  fprintf(stderr, "cache evictions: %" PRIu64 "\n", stats->evictions);
  fprintf(stderr, "seconds: %.3f\n", stats->seconds);
}

/* The component counter's answer (`status`, `count`, `stats` of its
 * run): --stats, then the count by the convention (or --occurring), in
 * the same output formats as the enumeration's. */
static int print_component_answer(solve_options *options, const char *path, nq_status status,
                                  const mpz_t count, const nq_component_stats *stats,
                                  int has_projection, int threads, const nq_engine_probe *probe,
                                  components_path how) {
  if (options->stats)
    print_component_stats(stats, threads, probe, how);
  if (status == NQ_ERR_INTERRUPTED)
    return stopped_before_models(options, "the component count was not finished");
  if (status != NQ_OK)
    return runtime_error("solve", "%s: %s", path, nq_strerror(status));
  stop_watchdog_claim();
  model_count total;
  model_count_init(&total);
  mpz_set(total.mantissa, count);
  /* Declared variables no clause mentions double the count (the
   * convention), kept as a power of two: 2^31 of them print at once. */
  if (!options->occurring)
    total.power += (uint64_t)stats->unused_projected + options->doubling;
  if (options->mcc) {
    model_count_print_mcc(stdout, &total, has_projection, (uint64_t)options->exact_digits);
  } else {
    int short_form = model_count_print(stdout, &total, (uint64_t)options->exact_digits);
    putchar('\n');
    if (short_form)
      note_short_form(&total, options->exact_digits);
  }
  int code = mpz_sgn(total.mantissa) > 0 ? NQ_EXIT_SATISFIABLE : NQ_EXIT_UNSATISFIABLE;
  model_count_clear(&total);
  return finish_output(code);
}

/* --count by the component counter. Frees `cnf`. */
static int count_by_components(solve_options *options, const char *path, nq_cnf *cnf,
                               uint64_t max_memory, const nq_engine_probe *probe,
                               components_path how) {
  uint64_t limit = max_memory ? max_memory : default_memory_limit();
  int threads = options->control.threads > 0 ? options->control.threads : online_processors(0);
  /* Each worker holds its own copy of the formula. */
  uint64_t needed = nq_cnf_count_components_memory(cnf) * (uint64_t)threads;
  if (memory_budget_check_file("solve", path, needed, limit)) {
    nq_cnf_free(cnf);
    return NQ_EXIT_FAILURE;
  }
  nq_component_options component_options = {.cache_bytes = limit - needed,
                                            .threads = threads,
                                            .without_preprocessing = options->no_preprocess};
  nq_component_stats stats;
  mpz_t count;
  mpz_init(count);
  nq_status status =
      nq_cnf_count_components(cnf, &component_options, &options->control, count, &stats);
  int has_projection = cnf->has_projection;
  nq_cnf_free(cnf);
  int code = print_component_answer(options, path, status, count, &stats, has_projection, threads,
                                    probe, how);
  mpz_clear(count);
  return code;
}

/* The hedge (nqsat/engine_choice.h): the watch that runs the component
 * counter's trials during the enumeration of `plan`, on one thread (one
 * worker is diverted), its cache within half of the memory limit (the
 * enumeration holds the rest). 0 when even that leaves no room: no watch. */
static int watch_with_trials(nq_cnf_plan *plan, nq_engine_hedge *hedge, const nq_cnf *cnf,
                             const nq_cnf_report *report, solve_options *options,
                             uint64_t max_memory) {
  uint64_t half = (max_memory ? max_memory : default_memory_limit()) / 2;
  uint64_t needed = nq_cnf_count_components_memory(cnf);
  if (needed >= half)
    return 0;
  memset(hedge, 0, sizeof *hedge);
  hedge->cnf = cnf;
  hedge->options.cache_bytes = half - needed;
  hedge->options.threads = 1;
  hedge->options.without_preprocessing = options->no_preprocess;
  hedge->control = &options->control;
  hedge->literals = report->literals;
  mpz_init(hedge->count);
  nq_cnf_watch watch = {NQ_ENGINE_CHOICE_WATCH_WORK, nq_engine_hedge_check, hedge};
  nq_cnf_plan_watch(plan, &watch);
  nq_engine_hedge_start(hedge);
  return 1;
}

/* --stats: what the hedge did. */
static void print_hedge(const nq_engine_hedge *hedge, const nq_cnf_report *report) {
  if (!hedge->trials) {
    fprintf(stderr, "component trials: none (the enumeration was short or nearly done)\n");
    return;
  }
  fprintf(stderr,
          "component trials: %d (%.3f s), the last at %" PRIu64
          " steps of the enumeration (%" PRIu64 " of %" PRIu64 " cubes, ",
          hedge->trials, hedge->trial_seconds, hedge->at.work, hedge->at.cubes_done,
          hedge->at.cubes);
  if (hedge->at.models == UINT64_MAX)
    fprintf(stderr, "over 2^64");
  else
    fprintf(stderr, "%" PRIu64, hedge->at.models);
  fprintf(stderr, " models over %d variables): %s\n", report->variables,
          hedge->counted   ? "it counted the formula, the enumeration abandoned"
          : hedge->gave_up ? "the formula does not fall apart, no more trials"
                           : "none finished, the enumeration went on");
}

/* --count first decides satisfiability with a CDCL solver (CaDiCaL when
 * the build has it, PicoSAT otherwise: nqsat/decide.h): an unsatisfiable
 * formula is then counted 0 in the time a SAT solver takes, where the
 * counters (DPLL without restarts or backjumps in the component counter,
 * cubes in the enumeration) can take orders of magnitude longer to
 * exhaust it. It decides the preprocessed formula (simplify_for_count),
 * which has a model exactly when the one read has: on an MCC 2022 file of
 * 28692 variables that leaves 530, PicoSAT takes 5 ms where it took 38 s
 * on the file as read. On a satisfiable formula the call costs one
 * model, mostly a small part of a count; on the competition's hardest
 * (MCC 2022 track 1 instances 86 and 90) CaDiCaL finds it in 4 and 7 s,
 * PicoSAT in 35 and 42 to 57 s. *unsatisfiable is set when the formula
 * has no model; the status is NQ_OK, or NQ_ERR_INTERRUPTED when a stop
 * or the time limit came first. */
static nq_status decide_first(const nq_cnf *cnf, const solve_options *options, int *unsatisfiable) {
  int satisfiable;
  nq_status status = nq_cnf_decide(cnf, &options->control, &satisfiable);
  *unsatisfiable = status == NQ_OK && !satisfiable;
  return status;
}

/* --count on a file: every engine counts the formula simplified as the
 * component counter's preprocessing does (units, failed and equivalent
 * literals, elimination of non-projected variables: the same count but
 * for options->doubling), which on files with many implied or equivalent
 * variables shrinks what the enumeration or the probe sees (an N-Queens
 * file of the Model Counting Competition: 4131 variables to 520). Only
 * when it removes at least a quarter of the variables: substitutions
 * that remove a few change what the enumeration splits on, and on an
 * N-Queens file of the sequential encoding without its comments (541
 * variables to 519) the enumeration was no faster, in some 5-second runs
 * at half the rate. Not
 * with --no-preprocess, --unique, --occurring (the variables in clauses
 * change) or on nqsat's own N-Queens files (their board symmetry needs
 * the queens' variables). *cnf is replaced when simplified; *unkept
 * receives the simplified formula when it was not kept (or NULL), and
 * *no_models is set when the preprocessing found no model. */
static void simplify_for_count(solve_options *options, nq_cnf **cnf, nq_cnf **unkept,
                               int *no_models) {
  *unkept = NULL;
  *no_models = 0;
  if (options->no_preprocess || options->unique || options->occurring)
    return;
  count_simplification done;
  model_count_simplify(cnf, &options->control, &done, unkept);
  *no_models = done.no_models;
  if (options->stats && !(*cnf)->queens_n) {
    fprintf(stderr, "count preprocessing: %d variables, %" PRId64 " clauses -> %d, %" PRId64 "%s\n",
            done.variables_before, done.clauses_before, done.variables_after, done.clauses_after,
            done.no_models  ? " (no models)"
            : done.replaced ? ""
                            : " (not a quarter fewer: the formula as read is counted)");
    fprintf(stderr,
            "count preprocessing by CDCL (%s): %d backbone literals, %d literals removed, %d "
            "implied clauses removed, %d variables eliminated, %.3f s\n",
            nq_cnf_decide_solver(), done.cdcl.backbone, done.cdcl.strengthened, done.cdcl.redundant,
            done.cdcl.eliminated, done.cdcl.seconds);
  }
  if (done.replaced)
    options->doubling = done.doubling;
}

/* The count 0 of an unsatisfiable formula, in the output format asked. */
static int print_unsatisfiable_count(const solve_options *options, int has_projection,
                                     const char *by) {
  stop_watchdog_claim();
  if (options->stats)
    fprintf(stderr, "engine choice: none (%s found the formula unsatisfiable)\n", by);
  model_count zero;
  model_count_init(&zero);
  if (options->mcc) {
    model_count_print_mcc(stdout, &zero, has_projection, (uint64_t)options->exact_digits);
  } else {
    model_count_print(stdout, &zero, (uint64_t)options->exact_digits);
    putchar('\n');
  }
  model_count_clear(&zero);
  return finish_output(NQ_EXIT_UNSATISFIABLE);
}

/* --time-limit counts from the command's start: the engines time from
 * their own starts, so each phase is given what is left of the limit, and
 * reading, deciding and planning do not extend it. */
static void charge_elapsed(solve_options *options, double started, double limit) {
  if (limit <= 0)
    return;
  double left = limit - (clock_seconds(CLOCK_MONOTONIC) - started);
  options->control.time_limit_seconds = left > 1e-3 ? left : 1e-3;
}

static int solve_file(solve_options *options, const char *path, uint64_t max_memory) {
  nq_cnf *cnf = NULL;
  char error[512];
  struct timespec started;
  clock_gettime(CLOCK_MONOTONIC, &started);
  double started_seconds = clock_seconds(CLOCK_MONOTONIC);
  double time_limit = options->control.time_limit_seconds;
  /* Armed before reading: a signal while the file is read or split is
   * recorded, the detection skipped, and the enumeration ends at once,
   * so a stop never kills the run before it can say what it found. */
  watch_for_stop(options);
  if (options->mode == COUNT_ONLY) /* the status line within a second of a stop */
    stop_watchdog_start(options->control.interrupt,
                        options->mcc ? "s UNKNOWN\n" : "0 (incomplete: interrupted)\n",
                        options->mcc ? "s UNKNOWN\n" : "0 (incomplete: time limit reached)\n");
  nq_status status =
      nq_cnf_read_path_until(path, options->control.interrupt, &cnf, error, sizeof error);
  if (status == NQ_ERR_INTERRUPTED)
    return stopped_before_models(options, error);
  if (status != NQ_OK)
    return runtime_error("solve", "%s", error);
  if (options->board && (cnf->queens_n < 1 || cnf->queens_n > NQ_SOLVER_MAX_N)) {
    nq_cnf_free(cnf);
    return runtime_error("solve",
                         "--board: %s is not an nqsat instance of N <= %d (no 'c generator: "
                         "nqsat' and 'c N:' lines)",
                         path, NQ_SOLVER_MAX_N);
  }
  charge_elapsed(options, started_seconds, time_limit);
  if (options->mode == COUNT_ONLY) {
    nq_cnf *unkept;
    int unsatisfiable;
    simplify_for_count(options, &cnf, &unkept, &unsatisfiable);
    const char *by = "the preprocessing";
    status = NQ_OK;
    if (!unsatisfiable) {
      by = nq_cnf_decide_solver();
      status = decide_first(unkept ? unkept : cnf, options, &unsatisfiable);
    }
    nq_cnf_free(unkept);
    if (status == NQ_ERR_INTERRUPTED) {
      nq_cnf_free(cnf);
      return stopped_before_models(options, "while satisfiability was decided");
    }
    if (status != NQ_OK) {
      nq_cnf_free(cnf);
      return runtime_error("solve", "%s: %s", path, nq_strerror(status));
    }
    if (unsatisfiable) {
      int has_projection = cnf->has_projection;
      nq_cnf_free(cnf);
      return print_unsatisfiable_count(options, has_projection, by);
    }
  }
  charge_elapsed(options, started_seconds, time_limit);
  if (options->mode == COUNT_ONLY && options->engine_choice == ENGINE_COMPONENTS)
    return count_by_components(options, path, cnf, max_memory, NULL, FORCED);
  /* The automatic choice: the probe, and when it says enumerate, the
   * enumeration watched (the hedge of nqsat/engine_choice.h). */
  int hedge = options->mode == COUNT_ONLY && options->engine_choice == ENGINE_AUTO &&
              !options->unique && options->engine == NQ_CNF_ENGINE_NATIVE;
  if (hedge) {
    nq_engine_probe probe;
    if (nq_cnf_probe_engine(cnf, &options->control, &probe) == NQ_OK &&
        probe.choice == NQ_COUNT_BY_COMPONENTS) {
      charge_elapsed(options, started_seconds, time_limit);
      return count_by_components(options, path, cnf, max_memory, &probe, PROBED);
    }
    if (options->stats)
      print_probe(&probe, "engine choice: enumerate");
  }
  uint64_t max_models = options->mode == FIRST ? 1 : (uint64_t)options->max_solutions;
  nq_cnf_options plan_options = {0};
  /* One model needs no split: the first cube might hold none. */
  plan_options.no_split = !options->split || options->mode == FIRST;
  /* Nor does a bounded listing use the group: it wants its first models
   * soon, and the lex-leader clauses can put them far off for the native
   * engine (docs/solver.md, Symmetry). */
  plan_options.no_symmetry =
      !options->symmetry || options->mode == FIRST || (options->mode == LIST && max_models > 0);
  plan_options.no_shrink = options->mode == FIRST; /* one model: no blocking clause */
  plan_options.listing = options->mode != COUNT_ONLY;
  plan_options.partial = options->partial;
  /* The first model alone is a plain SAT call: PicoSAT's. */
  plan_options.engine = options->mode == FIRST ? NQ_CNF_ENGINE_PICOSAT : options->engine;
  nq_cnf_plan *plan = NULL;
  nq_cnf_report report;
  charge_elapsed(options, started_seconds, time_limit);
  status = nq_cnf_plan_make(cnf, &plan_options, &options->control, &plan, &report);
  if (status == NQ_ERR_INTERRUPTED) {
    nq_cnf_free(cnf);
    return stopped_before_models(options, "while the file was split");
  }
  if (status != NQ_OK) {
    nq_cnf_free(cnf);
    return runtime_error("solve", "%s: %s", path, nq_strerror(status));
  }
  /* Blocking clauses held at once: a file's model count is not known
   * ahead, and each cube's instance holds only its own, so 256 per worker
   * are charged (fewer with --max K). */
  uint64_t held = 256 * (uint64_t)report.threads;
  if (max_models && max_models < held)
    held = max_models;
  if (memory_budget_check_file(
          "solve", path, nq_cnf_plan_memory_estimate(plan, report.threads, held), max_memory)) {
    nq_cnf_plan_free(plan);
    nq_cnf_free(cnf);
    return NQ_EXIT_FAILURE;
  }
  model_context models = {
      cnf, options->board, options->compact, options->partial, options->mode != COUNT_ONLY, 0,
      NULL};
  if (options->board && !(models.board_values = calloc((size_t)cnf->max_variable + 1, 1))) {
    nq_cnf_plan_free(plan);
    nq_cnf_free(cnf);
    return runtime_error("solve", "%s", nq_strerror(NQ_ERR_MEMORY));
  }
  if (options->mode == LIST) {
    /* Millions of models: large writes, not one per 4 KiB. */
    if (!isatty(STDOUT_FILENO))
      setvbuf(stdout, NULL, _IOFBF, 1 << 20);
    print_plan_lines(&report, options);
  } else if (options->mode == FIRST && report.unused_projected) {
    /* The model leaves them out: said so, or a judge must call it partial. */
    printf("c %d projected variable%s occur%s in no clause: not listed (any value goes)\n",
           report.unused_projected, report.unused_projected == 1 ? "" : "s",
           report.unused_projected == 1 ? "s" : "");
  }
  nq_enumeration result;
  nq_engine_hedge trials;
  charge_elapsed(options, started_seconds, time_limit);
  hedge = hedge && watch_with_trials(plan, &trials, cnf, &report, options, max_memory);
  status =
      nq_cnf_plan_enumerate(plan, max_models, &options->control,
                            options->mode == COUNT_ONLY ? NULL : print_model, &models, &result);
  if (hedge)
    nq_engine_hedge_end(&trials);
  uint64_t decisions, conflicts;
  nq_cnf_plan_search_counts(plan, &decisions, &conflicts);
  nq_cnf_plan_free(plan);
  free(models.board_values);
  int has_projection = cnf->has_projection;
  nq_cnf_free(cnf);
  if (options->control.progress)
    clear_progress();
  if (hedge) {
    if (options->stats)
      print_hedge(&trials, &report);
    int code = trials.counted
                   ? print_component_answer(options, path, NQ_OK, trials.count, &trials.stats,
                                            has_projection, 1, NULL, AFTER_ENUMERATION)
                   : 0;
    mpz_clear(trials.count);
    if (trials.counted)
      return code;
  }
  if (options->stats) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    print_stats(&report, &result,
                (double)(now.tv_sec - started.tv_sec) +
                    (double)(now.tv_nsec - started.tv_nsec) * 1e-9,
                decisions, conflicts);
  }
  if (status == NQ_ERR_STOPPED)
    return finish_output(NQ_EXIT_FAILURE);
  if (status != NQ_OK && status != NQ_ERR_INTERRUPTED)
    return runtime_error("solve", "%s", nq_strerror(status));
  stop_watchdog_claim();
  int stopped = status == NQ_ERR_INTERRUPTED;
  int found_any = result.solutions || result.solutions_high;
  int code = found_any ? NQ_EXIT_SATISFIABLE : stopped ? NQ_EXIT_OK : NQ_EXIT_UNSATISFIABLE;
  model_count count;
  model_count_init(&count);
  if (options->mode == COUNT_ONLY) {
    count_kind kind = options->unique      ? COUNT_ORBITS
                      : options->occurring ? COUNT_OCCURRING
                                           : COUNT_MODELS;
    model_count_of(&count, &result, &report, kind, options->symmetry);
    count.power += options->doubling; /* 0 but for a simplified formula */
    if (options->mcc && stopped) {
      printf("s UNKNOWN\n");
      if (model_count_compare_ui(&count, 0) > 0) { /* the models found: a lower bound */
        printf("c o lower bound ");
        model_count_print(stdout, &count, options->exact_digits);
        putchar('\n');
      }
    } else if (options->mcc) {
      model_count_print_mcc(stdout, &count, has_projection, options->exact_digits);
    } else {
      int short_form = model_count_print(stdout, &count, options->exact_digits);
      if (stopped)
        printf(" (incomplete: %s)", stop_reason());
      putchar('\n');
      if (short_form)
        note_short_form(&count, options->exact_digits);
    }
  } else if (!found_any) {
    printf(stopped ? "s UNKNOWN\n" : "s UNSATISFIABLE\n");
  } else if (options->mode == LIST) {
    /* The closing count: the models listed, by the convention unless
     * --occurring (each listed model stands for 2^unused_projected). */
    model_count_of(&count, &result, &report, options->occurring ? COUNT_OCCURRING : COUNT_MODELS,
                   0);
    printf("c ");
    model_count_print(stdout, &count, options->exact_digits);
    printf(" model%s", model_count_compare_ui(&count, 1) == 0 ? "" : "s");
    if (report.unused_projected && !options->occurring)
      printf(" (%" PRIu64 " listed over the variables that occur)", result.solutions);
    /* A list cut at --max claims no completeness: said on the line the
     * judge reads. */
    if (!stopped && max_models && result.solutions >= max_models && !result.solutions_high)
      printf(" (stopped at --max %" PRIu64 ")", max_models);
    printf("%s\n", stopped ? " (incomplete enumeration)" : "");
  }
  if (stopped) {
    /* As enumerated (over the variables in clauses): both words. */
    model_count_of(&count, &result, &report, COUNT_OCCURRING, 0);
    fprintf(stderr, "nqsat solve: %s after ", stop_reason());
    model_count_print(stderr, &count, options->exact_digits);
    fprintf(stderr, " models\n");
  }
  model_count_clear(&count);
  return stopped_exit(finish_output(code));
}

/* ---- command line ---- */

static int solver_instances(const solve_options *options) {
  if (options->mode == FIRST)
    return 1;
  if (options->control.threads > 0)
    return options->control.threads;
  return online_processors(0);
}

/* Blocking clauses the PicoSAT instances hold at once (an estimate). The
 * first solution needs none. Enumeration fixes the first `rows` rows per
 * sub-problem and each instance blocks only its own sub-problem's
 * solutions. A queen attacks at most 3 squares of a later row, so there are
 * at least prod (n - 3r) prefixes; sub-problems differ in size, so allow 8
 * times the average. */
static uint64_t blocking_clauses_held(const solve_options *options) {
  if (options->mode == FIRST)
    return 0;
  uint64_t held = symmetric_blocking_clauses(options->encoding.n, solver_instances(options));
  if (options->max_solutions > 0 && (uint64_t)options->max_solutions < held)
    held = (uint64_t)options->max_solutions;
  return held;
}

static int is_whole_number(const char *text) {
  const char *p = text;
  if (*p == '+' || *p == '-')
    p++;
  if (!*p)
    return 0;
  for (; *p; p++)
    if (*p < '0' || *p > '9')
      return 0;
  return 1;
}

int cmd_solve(int argc, char **argv) {
  int method_exit;
  if (solve_method_dispatch(&argc, argv, &method_exit))
    return method_exit; /* --method local or backtrack: cmd_solve_native.c */
  enum {
    OPT_UNIQUE = 256,
    OPT_BOARD,
    OPT_THREADS,
    OPT_TIME_LIMIT,
    OPT_MAX_MEMORY,
    OPT_SPLIT,
    OPT_SYMMETRY,
    OPT_STATS,
    OPT_OCCURRING,
    OPT_NO_PREPROCESS,
    OPT_FORMAT,
    OPT_ENGINE,
    OPT_PARTIAL,
    OPT_EXACT_DIGITS,
    OPT_PROOF,
    OPT_PROOF_FORMAT,
    OPT_CERTIFICATE,
    OPT_CERTIFICATE_PROOF
  };
  static const struct option options_table[] = {
      {"amo", required_argument, NULL, 'a'},
      {"count", no_argument, NULL, 'c'},
      {"all", no_argument, NULL, 'A'},
      {"max", required_argument, NULL, 'm'},
      {"unique", no_argument, NULL, OPT_UNIQUE},
      {"board", no_argument, NULL, OPT_BOARD},
      {"threads", required_argument, NULL, OPT_THREADS},
      {"time-limit", required_argument, NULL, OPT_TIME_LIMIT},
      {"max-memory", required_argument, NULL, OPT_MAX_MEMORY},
      {"split", required_argument, NULL, OPT_SPLIT},
      {"symmetry", required_argument, NULL, OPT_SYMMETRY},
      {"stats", no_argument, NULL, OPT_STATS},
      {"occurring", no_argument, NULL, OPT_OCCURRING},
      {"no-preprocess", no_argument, NULL, OPT_NO_PREPROCESS},
      {"format", required_argument, NULL, OPT_FORMAT},
      {"engine", required_argument, NULL, OPT_ENGINE},
      {"partial", no_argument, NULL, OPT_PARTIAL},
      {"exact-digits", required_argument, NULL, OPT_EXACT_DIGITS},
      {"proof", required_argument, NULL, OPT_PROOF},
      {"proof-format", required_argument, NULL, OPT_PROOF_FORMAT},
      {"certificate", required_argument, NULL, OPT_CERTIFICATE},
      {"certificate-proof", required_argument, NULL, OPT_CERTIFICATE_PROOF},
      {"help", no_argument, NULL, 'h'},
      {NULL, 0, NULL, 0}};
  solve_options options = {.encoding = {.n = 0, .amo = NQ_AMO_PAIRWISE},
                           .mode = FIRST,
                           .split = 1,
                           .symmetry = 1,
                           .exact_digits = MODEL_COUNT_DEFAULT_DIGITS};
  int file_only_given = 0;
  int modes_given = 0;
  const char *proof_path = NULL, *certificate_path = NULL;
  int proof_format = -1;      /* by the name */
  int certificate_proof = -1; /* NQ_CERTIFICATE_LRAT unless chosen */
  int64_t value;
  uint64_t max_memory = 0; /* 0: default_memory_limit() */
  optind = 1;
  opterr = 0;
  int code;
  while ((code = getopt_long(argc, argv, ":h", options_table, NULL)) != -1) {
    switch (code) {
    case 'a':
      if (parse_amo("solve", optarg, 0, &options.encoding.amo))
        return NQ_EXIT_USAGE;
      options.amo_given = 1;
      break;
    case 'c': options.mode = COUNT_ONLY, modes_given++; break;
    case 'A': options.mode = LIST, options.max_solutions = 0, modes_given++; break;
    case 'm':
      if (parse_bounded("solve", "--max", optarg, 1, INT64_MAX, &options.max_solutions))
        return NQ_EXIT_USAGE;
      options.mode = LIST, modes_given++;
      break;
    case OPT_UNIQUE: options.unique = 1; break;
    case OPT_BOARD: options.board = 1; break;
    case OPT_THREADS:
      if (parse_bounded("solve", "--threads", optarg, 1, NQ_SOLVER_MAX_THREADS, &value))
        return NQ_EXIT_USAGE;
      options.control.threads = (int)value;
      break;
    case OPT_TIME_LIMIT:
      if (parse_bounded("solve", "--time-limit", optarg, 1, 31536000, &value))
        return NQ_EXIT_USAGE;
      options.control.time_limit_seconds = (double)value;
      break;
    case OPT_MAX_MEMORY:
      if (parse_memory_size("solve", optarg, &max_memory))
        return NQ_EXIT_USAGE;
      break;
    case OPT_SPLIT:
    case OPT_SYMMETRY:
      if (strcmp(optarg, "auto") && strcmp(optarg, "off"))
        return usage_error("solve", "%s '%s': expected auto or off",
                           code == OPT_SPLIT ? "--split" : "--symmetry", optarg);
      *(code == OPT_SPLIT ? &options.split : &options.symmetry) = !strcmp(optarg, "auto");
      file_only_given = 1;
      break;
    case OPT_STATS: options.stats = 1, file_only_given = 1; break;
    case OPT_OCCURRING: options.occurring = 1, file_only_given = 1; break;
    case OPT_NO_PREPROCESS: options.no_preprocess = 1, file_only_given = 1; break;
    case OPT_PARTIAL: options.partial = 1, file_only_given = 1; break;
    case OPT_FORMAT:
      if (strcmp(optarg, "plain") && strcmp(optarg, "mcc") && strcmp(optarg, "compact"))
        return usage_error("solve", "--format: unknown format '%s': use plain, mcc or compact",
                           optarg);
      options.mcc = !strcmp(optarg, "mcc");
      options.compact = !strcmp(optarg, "compact");
      file_only_given = 1;
      break;
    case OPT_PROOF: proof_path = optarg; break;
    case OPT_CERTIFICATE: certificate_path = optarg; break;
    case OPT_CERTIFICATE_PROOF:
      if (!strcmp(optarg, "lrat"))
        certificate_proof = NQ_CERTIFICATE_LRAT;
      else if (!strcmp(optarg, "drat"))
        certificate_proof = NQ_CERTIFICATE_DRAT;
      else
        return usage_error("solve", "unknown --certificate-proof '%s' (lrat, drat)", optarg);
      break;
    case OPT_PROOF_FORMAT:
      if (!strcmp(optarg, "text"))
        proof_format = NQ_PROOF_TEXT;
      else if (!strcmp(optarg, "binary"))
        proof_format = NQ_PROOF_BINARY;
      else
        return usage_error("solve", "unknown --proof-format '%s' (text, binary)", optarg);
      break;
    case OPT_ENGINE:
      if (!strcmp(optarg, "auto"))
        options.engine_choice = ENGINE_AUTO;
      else if (!strcmp(optarg, "components"))
        options.engine_choice = ENGINE_COMPONENTS;
      else if (!strcmp(optarg, "enumerate") || !strcmp(optarg, "native"))
        options.engine_choice = ENGINE_ENUMERATE;
      else if (!strcmp(optarg, "picosat"))
        options.engine_choice = ENGINE_PICOSAT;
      else
        return usage_error(
            "solve",
            "--engine: unknown engine '%s': use auto, components, enumerate, native or picosat",
            optarg);
      options.engine =
          options.engine_choice == ENGINE_PICOSAT ? NQ_CNF_ENGINE_PICOSAT : NQ_CNF_ENGINE_NATIVE;
      file_only_given = 1;
      break;
    case OPT_EXACT_DIGITS:
      if (parse_bounded("solve", "--exact-digits", optarg, 1, MODEL_COUNT_MAX_DIGITS,
                        &options.exact_digits))
        return NQ_EXIT_USAGE;
      file_only_given = 1;
      break;
    case 'h': print_solve_help(); return NQ_EXIT_OK;
    default: return report_bad_option("solve", code, argv);
    }
  }
  if (modes_given > 1)
    return usage_error("solve", "--count, --all and --max exclude each other");
  if (options.unique && options.mode != COUNT_ONLY)
    return usage_error("solve", "--unique goes with --count");
  if (options.occurring && options.mode == FIRST)
    return usage_error("solve", "--occurring goes with --count, --all or --max");
  if (options.occurring && options.unique)
    return usage_error("solve", "--occurring and --unique exclude each other");
  if (options.mcc && (options.mode != COUNT_ONLY || options.unique || options.occurring))
    return usage_error("solve", "--format mcc goes with --count alone (the model count by the "
                                "convention: no --unique, no --occurring)");
  if (options.engine_choice == ENGINE_COMPONENTS && (options.mode != COUNT_ONLY || options.unique))
    return usage_error("solve", "--engine components counts: it goes with --count (no --unique; "
                                "--all and --max list models by enumeration)");
  if (options.compact && (options.mode != LIST || options.board))
    return usage_error("solve", "--format compact goes with --all or --max (and not --board)");
  if (options.partial && (options.mode != LIST || options.max_solutions || options.board))
    return usage_error("solve", "--partial goes with --all (not --max, not --board)");
  if (options.partial && options.engine == NQ_CNF_ENGINE_PICOSAT)
    return usage_error("solve", "--partial needs the native engine (--engine picosat "
                                "lists whole models)");
  if (optind == argc)
    return usage_error("solve", "missing N or FILE");
  if (argc - optind > 1)
    return usage_error("solve", "unexpected argument '%s'", argv[optind + 1]);
  const char *target = argv[optind];
  struct stat info;
  int is_file = !is_whole_number(target) && (!strcmp(target, "-") || stat(target, &info) == 0);
  if (!is_file && !is_whole_number(target))
    return usage_error("solve", "N '%s' is not a whole number, nor an existing file", target);
  if (is_file && options.amo_given)
    return usage_error("solve", "--amo applies to N, not to a DIMACS file");
  if (!is_file && file_only_given)
    return usage_error("solve", "--split, --symmetry, --stats, --engine, --occurring, --partial, "
                                "--format and --exact-digits apply to a DIMACS file");

  if (options.mode != FIRST && isatty(STDERR_FILENO))
    options.control.progress = show_progress;

  if (proof_format >= 0 && !proof_path && !certificate_path)
    return usage_error("solve", "--proof-format needs --proof or --certificate");
  if (certificate_proof >= 0 && !certificate_path)
    return usage_error("solve", "--certificate-proof needs --certificate");
  if (certificate_proof < 0)
    certificate_proof = NQ_CERTIFICATE_LRAT;
  if (certificate_path && (!is_file || options.mode != COUNT_ONLY || options.unique ||
                           options.occurring || !strcmp(target, "-")))
    return usage_error("solve", "--certificate goes with FILE --count (a file, not standard "
                                "input; no --unique, no --occurring)");
  if (is_file && proof_path && !strcmp(target, "-"))
    return usage_error("solve", "--proof needs the formula in a file, not standard input");
  if (is_file && certificate_path && !options.mcc && !options.stats && options.exact_digits > 0) {
    /* The certified count is the count: printed as solve --count prints
     * it, without counting twice (a count too long to print in full is
     * counted apart below). */
    int answer = solve_write_certificate(target, certificate_path, proof_format, certificate_proof,
                                         options.control.threads, interrupt_watch(),
                                         (uint64_t)options.exact_digits);
    if (answer != -1)
      return answer;
    certificate_path = NULL; /* written; only the count is left to print */
  }
  if (is_file) {
    int answer = solve_file(&options, target, max_memory);
    if (certificate_path && (answer == NQ_EXIT_SATISFIABLE || answer == NQ_EXIT_UNSATISFIABLE)) {
      int written =
          solve_write_certificate(target, certificate_path, proof_format, certificate_proof,
                                  options.control.threads, interrupt_watch(), 0);
      if (written != NQ_EXIT_OK)
        return written;
    }
    if (!proof_path || answer != NQ_EXIT_UNSATISFIABLE)
      return answer;
    int written = solve_write_proof(target, proof_path, proof_format, interrupt_watch());
    return written == NQ_EXIT_OK ? answer : written;
  }
  if (parse_bounded("solve", "N", target, 1, NQ_SOLVER_MAX_N, &value))
    return NQ_EXIT_USAGE;
  options.encoding.n = (int)value;
  if (memory_budget_check_solve("solve", &options.encoding, blocking_clauses_held(&options),
                                solver_instances(&options), max_memory))
    return NQ_EXIT_FAILURE;
  int answer = solve_queens(&options);
  if (!proof_path || answer != NQ_EXIT_OK)
    return answer;
  /* No solution is what the proof engine decides: for N >= 4 it finds one
   * and says so. */
  return solve_write_queens_proof(&options.encoding, proof_path, proof_format, interrupt_watch());
}
