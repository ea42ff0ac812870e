/* The judge's mutation fuzzer: right answers to small formulas (random
 * CNFs with and without projections and unused variables, nqsat's
 * N-Queens encodings), in the formats solvers print and as installed
 * solvers and nqsat itself print them, each changed by one mutation; the
 * verdict of `check --instance` (in-process: the verifier's reader and
 * judge, with the header proof and truth sources check --instance uses; a share of them
 * through the nqsat binary, gzip-compressed answers all through it) must
 * equal the truth decided here (fuzz_answer.h). Prints per mutation kind:
 * answers generated, wrong ones, killed, surviving (wrong but accepted)
 * and right ones rejected; exits 1 on any survivor or rejected right
 * answer outside --known-failing.
 *
 *   judge_fuzz NQSAT [--seeds FIRST..LAST] [--answers K] [--cli-every K]
 *              [--real-every K] [--in-process-only] [--seconds S]
 *              [--known-failing KIND,KIND...] [--show K]
 *
 * --cli-every K sends every K-th answer through the binary (0: only the
 * gzip ones); --real-every K collects real outputs on two seeds in K;
 * --in-process-only runs no program (no gzip answers, no check N, no
 * real outputs): for runs of millions of answers; --seconds S stops after
 * the seed that passes S seconds.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <zlib.h>

#include "encoding_proof.h"
#include "formula_truth.h"
#include "fuzz_answer.h"
#include "fuzz_formula.h"
#include "nqsat/answer.h"
#include "nqsat/instance.h"

/* model_count_file's default cache bound, which the nqsat binary takes
 * from physical memory (cli/memory_budget.c): small formulas need little. */
uint64_t default_memory_limit(void);
uint64_t default_memory_limit(void) { return 1ull << 30; }

typedef struct kind_tally {
  uint64_t generated, wrong, killed, surviving, right, rejected, cli;
  char example[4096]; /* the first failure: formula, answer, command */
} kind_tally;

static kind_tally tallies[MUTATION_KINDS + 1]; /* the last: real outputs */
static const char *nqsat_path;
static char directory[] = "/tmp/nqsat-judge-fuzz.XXXXXX";
static int show_failures = 3;

static void die(const char *format, ...) {
  va_list arguments;
  va_start(arguments, format);
  fputs("judge_fuzz: ", stderr);
  vfprintf(stderr, format, arguments);
  fputc('\n', stderr);
  va_end(arguments);
  exit(2);
}

static void write_file(const char *path, const char *text, size_t length, int gzip) {
  if (gzip) {
    gzFile file = gzopen(path, "wb");
    if (!file || gzwrite(file, text, (unsigned)length) != (int)length || gzclose(file) != Z_OK)
      die("cannot write %s", path);
    return;
  }
  FILE *file = fopen(path, "w");
  if (!file || fwrite(text, 1, length, file) != length || fclose(file) != 0)
    die("cannot write %s: %s", path, strerror(errno));
}

static double now_seconds(void);
/* Seconds spent running programs (the binary's share, real outputs). */
static double spawn_seconds;

static char *read_command(const char *command) {
  double started = now_seconds();
  FILE *pipe = popen(command, "r");
  if (!pipe)
    die("cannot run %s", command);
  size_t capacity = 4096, length = 0;
  char *text = malloc(capacity);
  size_t got;
  while (text && (got = fread(text + length, 1, capacity - length - 1, pipe)) > 0) {
    length += got;
    if (capacity - length < 2)
      text = realloc(text, capacity *= 2);
  }
  pclose(pipe);
  spawn_seconds += now_seconds() - started;
  if (!text)
    die("out of memory");
  text[length] = 0;
  return text;
}

/* ---- the judge, in-process ---- */

/* One formula file and the truth sources check --instance would use for
 * it (cli/check_instance.c): the verifier's for a board, else nqsat's own
 * count (cli/formula_truth.c), each computed once. */
typedef struct judged_formula {
  char path[320];
  nq_instance *instance;
  char error[600];
  formula_truth formula;
  nq_instance_truth board_truth;
  int board_state; /* 0 not computed, 1 known, -1 failed */
} judged_formula;

static const nq_instance_truth *board_truth(void *context) {
  judged_formula *judged = context;
  if (!judged->board_state)
    judged->board_state =
        nq_instance_compute_truth(judged->instance, 0, NULL, &judged->board_truth) == NQ_OK ? 1
                                                                                            : -1;
  return judged->board_state > 0 ? &judged->board_truth : NULL;
}

static void judged_open(judged_formula *judged, const char *path) {
  memset(judged, 0, sizeof *judged);
  snprintf(judged->path, sizeof judged->path, "%s", path);
  if (nq_instance_read_formula(path, &judged->instance, judged->error, sizeof judged->error) !=
      NQ_OK) {
    nq_instance_free(judged->instance);
    judged->instance = NULL;
  } else {
    /* As check --instance: a header is believed only when the clauses
     * prove it; otherwise the file is a plain formula. */
    char note[400];
    encoding_proof_check(path, judged->instance, note, sizeof note);
  }
  judged->formula.path = judged->path;
  judged->formula.control.time_limit_seconds = 10;
  judged->formula.control.threads = 1; /* small formulas: threads cost more than they save */
}

static void judged_close(judged_formula *judged) {
  nq_instance_free(judged->instance);
  formula_truth_clear(&judged->formula);
  if (judged->board_state)
    nq_instance_truth_clear(&judged->board_truth);
}

typedef struct verdict_tally {
  uint64_t total, correct;
  char first[400];
} verdict_tally;

static void count_verdict(void *context, const nq_verdict *verdict) {
  verdict_tally *tally = context;
  tally->total++;
  tally->correct += verdict->kind == NQ_VERDICT_CORRECT;
  if (verdict->kind != NQ_VERDICT_CORRECT && !tally->first[0])
    snprintf(tally->first, sizeof tally->first, "%s %s (line %ld): %s",
             nq_verdict_name(verdict->kind), verdict->subject, verdict->line, verdict->text);
}

/* 1 when the judge accepts the answer (check --instance would exit 0). */
static int judge_in_process(judged_formula *judged, const char *text, char *why, size_t why_size) {
  if (!judged->instance) {
    snprintf(why, why_size, "instance not read: %s", judged->error);
    return 0;
  }
  nq_answer *answer = nq_answer_new(judged->instance->variables);
  FILE *input = fmemopen((void *)text, strlen(text), "r");
  if (!answer || !input)
    die("out of memory");
  char error[600];
  verdict_tally tally = {0, 0, ""};
  nq_status status = nq_answer_read(answer, input, "answer", error, sizeof error);
  fclose(input);
  int has_board = judged->instance->n > 0;
  if (status == NQ_OK)
    status = nq_answer_judge(judged->instance, judged->path, answer,
                             has_board ? board_truth : formula_truth_source,
                             has_board ? (void *)judged : (void *)&judged->formula, count_verdict,
                             &tally, error, sizeof error);
  nq_answer_free(answer);
  if (status != NQ_OK) {
    snprintf(why, why_size, "error: %s", error);
    return 0;
  }
  snprintf(why, why_size, "%llu verdicts, %llu correct%s%s", (unsigned long long)tally.total,
           (unsigned long long)tally.correct, tally.first[0] ? "; first: " : "", tally.first);
  return tally.total > 0 && tally.correct == tally.total;
}

/* ---- the judge, through the binary ---- */

static int judge_cli(const char *formula_path, const char *answer_path) {
  char command[1024];
  snprintf(command, sizeof command, "'%s' check --instance '%s' '%s' -q >/dev/null 2>&1",
           nqsat_path, formula_path, answer_path);
  double started = now_seconds();
  int status = system(command);
  spawn_seconds += now_seconds() - started;
  if (status == -1 || !WIFEXITED(status))
    die("cannot run %s", command);
  return WEXITSTATUS(status) == 0;
}

/* ---- one answer ---- */

static void record(kind_tally *tally, int right, int accepted, const char *formula_text,
                   const char *answer_text, const char *how, const char *why) {
  tally->generated++;
  tally->right += right;
  tally->wrong += !right;
  tally->killed += !right && !accepted;
  tally->surviving += !right && accepted;
  tally->rejected += right && !accepted;
  if (right != accepted && !tally->example[0])
    snprintf(tally->example, sizeof tally->example,
             "%s answer %s by %s (%s)\n--- formula\n%s--- answer\n%s---\n",
             right ? "right" : "wrong", accepted ? "accepted" : "rejected", how, why, formula_text,
             answer_text);
}

typedef struct run_options {
  uint64_t first_seed, last_seed;
  uint64_t answers; /* stop after this many (0: all seeds) */
  uint64_t cli_every;
  const char *known_failing;
  uint64_t real_every; /* real outputs from seeds 0 and 3 modulo this */
  int in_process_only; /* no program run: no gzip, check N or real outputs */
  double seconds;      /* stop after this long (0: no limit) */
} run_options;

static uint64_t answers_made;

static double now_seconds(void) {
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return (double)now.tv_sec + (double)now.tv_nsec * 1e-9;
}
static uint64_t formula_files;

static void judge_answer(fuzz_mutation kind, const fuzz_formula *formula, judged_formula *judged,
                         const char *formula_text, const fuzz_answer *answer,
                         const run_options *options) {
  int right = fuzz_answer_is_right(answer, formula);
  if (right < 0)
    return; /* a model total on the projection only: never made */
  char *text = fuzz_answer_text(answer, formula);
  char why[700] = "";
  int through_cli =
      kind == MUTATION_GZIP || (options->cli_every && answers_made % options->cli_every == 0);
  int accepted;
  if (through_cli) {
    char answer_path[300];
    snprintf(answer_path, sizeof answer_path, "%s/answer%s", directory,
             kind == MUTATION_GZIP ? ".txt.gz" : ".txt");
    write_file(answer_path, text, strlen(text), kind == MUTATION_GZIP);
    accepted = judge_cli(judged->path, answer_path);
    tallies[kind].cli++;
  } else {
    accepted = judge_in_process(judged, text, why, sizeof why);
  }
  answers_made++;
  record(&tallies[kind], right, accepted, formula_text, text,
         through_cli ? "nqsat check --instance" : "the judge in-process", why);
  free(text);
}

/* Writes `formula` to the file `name` and opens it for judging. */
static char *open_formula(const fuzz_formula *formula, const char *name, judged_formula *judged) {
  char path[300];
  snprintf(path, sizeof path, "%s/%s.cnf", directory, name);
  formula_files++;
  char *text = fuzz_formula_text(formula);
  write_file(path, text, strlen(text), 0);
  judged_open(judged, path);
  return text;
}

/* ---- real outputs: installed solvers and nqsat in every mode ---- */

/* Reads a single-model output (s/v lines, or MiniSat's SAT and literals)
 * into an answer, without the judge's reader: only status and literals. */
static int parse_single(const char *text, fuzz_answer *answer, const fuzz_formula *formula) {
  memset(answer, 0, sizeof *answer);
  answer->style = STYLE_COMPETITION;
  int status = -1;
  fuzz_model model = {0, 0, 0, 0};
  int saw_model = 0;
  for (const char *line = text; line && *line;
       line = strchr(line, '\n'), line = line ? line + 1 : NULL) {
    const char *literals = NULL;
    if (!strncmp(line, "s SATISFIABLE", 13) || !strncmp(line, "SAT\n", 4) ||
        !strncmp(line, "SATISFIABLE", 11))
      status = 1;
    else if (!strncmp(line, "s UNSATISFIABLE", 15) || !strncmp(line, "UNSAT", 5) ||
             !strncmp(line, "UNSATISFIABLE", 13))
      status = 0;
    else if (!strncmp(line, "v ", 2))
      literals = line + 1;
    else if (status == 1 && (*line == '-' || *line == ' ' || (*line >= '0' && *line <= '9')))
      literals = line; /* MiniSat's result file */
    if (!literals)
      continue;
    saw_model = 1; /* a line of "0" alone: the empty model (no variable occurs) */
    char *end;
    for (;;) {
      long literal = strtol(literals, &end, 10);
      if (end == literals || literal == 0)
        break;
      long variable = literal > 0 ? literal : -literal;
      if (variable > formula->variables)
        return -1;
      uint64_t bit = 1ull << (variable - 1);
      model.given |= bit;
      if (literal > 0)
        model.values |= bit;
      saw_model = 1;
      literals = end;
    }
  }
  if (status < 0)
    return -1;
  answer->satisfiable = status;
  if (saw_model)
    answer->models[answer->model_count++] = model;
  answer->end_at = answer->model_count;
  snprintf(answer->count, sizeof answer->count, "%llu",
           (unsigned long long)formula->projected_count);
  return 0;
}

/* The count an nqsat output states (a bare number, 'c s exact arb int K'
 * or 'c K models'), or -1. */
static long long stated_count(const char *text) {
  const char *at;
  if ((at = strstr(text, "c s exact arb int ")))
    return atoll(at + 18);
  long long value;
  for (const char *line = text; line; line = strchr(line, '\n'), line = line ? line + 1 : NULL) {
    char word[16];
    if (sscanf(line, "c %lld %15s", &value, word) == 2 && !strncmp(word, "model", 5))
      return value;
  }
  /* --count: the number alone on the first line. */
  if (text[0] >= '0' && text[0] <= '9' && sscanf(text, "%lld", &value) == 1)
    return value;
  return strstr(text, "s UNSATISFIABLE") ? 0 : -1;
}

/* Whether a line is one of a listing's model lines. */
static int is_model_line(const char *line, size_t length) {
  if (length >= 2 && line[0] == 'v' && line[1] == ' ')
    return 1;
  for (size_t i = 0; i < length; i++)
    if (line[i] != '0' && line[i] != '1' && line[i] != '-')
      return 0;
  return length > 0;
}

/* `text` with model line `which` (counted among model lines) dropped or
 * written twice; NULL when there is no such line. */
static char *edit_model_line(const char *text, int which, int duplicate) {
  size_t length = strlen(text);
  char *out = malloc(2 * length + 2);
  size_t at = 0;
  int seen = 0, done = 0;
  for (const char *line = text; *line;) {
    const char *end = strchr(line, '\n');
    size_t size = end ? (size_t)(end - line) + 1 : strlen(line);
    int model = is_model_line(line, end ? (size_t)(end - line) : size);
    if (model && seen++ == which) {
      done = 1;
      if (duplicate) {
        memcpy(out + at, line, size);
        at += size;
      } else {
        line += size;
        continue;
      }
    }
    memcpy(out + at, line, size);
    at += size;
    line += size;
  }
  out[at] = 0;
  if (!done) {
    free(out);
    return NULL;
  }
  return out;
}

/* Real outputs are tallied by where they came from too. */
enum { REAL_LABELS = 48 };
static struct {
  char label[80];
  kind_tally tally;
} real_tallies[REAL_LABELS];

static kind_tally *real_tally(const char *label) {
  for (int i = 0; i < REAL_LABELS; i++) {
    if (!real_tallies[i].label[0])
      snprintf(real_tallies[i].label, sizeof real_tallies[i].label, "%s", label);
    if (!strcmp(real_tallies[i].label, label))
      return &real_tallies[i].tally;
  }
  die("more than %d kinds of real outputs", REAL_LABELS);
  return NULL;
}

static void judge_real(const char *label, const char *output, int right, judged_formula *judged,
                       const char *formula_text) {
  char why[700] = "";
  char how[200];
  snprintf(how, sizeof how, "the judge in-process on %s", label);
  int accepted = judge_in_process(judged, output, why, sizeof why);
  record(&tallies[MUTATION_KINDS], right, accepted, formula_text, output, how, why);
  record(real_tally(label), right, accepted, formula_text, output, how, why);
  answers_made++;
}

static int have_program(const char *name) {
  char command[200];
  snprintf(command, sizeof command, "command -v %s >/dev/null 2>&1", name);
  return system(command) == 0;
}

static void real_outputs(const fuzz_formula *formula, judged_formula *judged,
                         const char *formula_text, fuzz_rng *rng) {
  static const char *const solvers[][2] = {
      {"minisat", "minisat -verb=0 '%s' '%s.out' >/dev/null 2>&1; cat '%s.out'"},
      {"cadical", "cadical -q '%s'"},
      {"cryptominisat5", "cryptominisat5 --verb 0 '%s'"},
      {"picosat", "picosat '%s'"},
      {"clasp", "clasp '%s' 2>/dev/null"}};
  static int available[5] = {-1, -1, -1, -1, -1};
  const char *path = judged->path;
  char command[1200];
  for (int s = 0; s < 5; s++) {
    if (available[s] < 0)
      available[s] = have_program(solvers[s][0]);
    if (!available[s])
      continue;
    snprintf(command, sizeof command, solvers[s][1], path, path, path);
    char *output = read_command(command);
    fuzz_answer parsed;
    if (parse_single(output, &parsed, formula) == 0) {
      int right = fuzz_answer_is_right(&parsed, formula);
      if (right >= 0)
        judge_real(solvers[s][0], output, right, judged, formula_text);
    }
    free(output);
  }
  static const char *const modes[] = {"",
                                      "--all",
                                      "--max 2",
                                      "--count",
                                      "--count --format mcc",
                                      "--all --format compact",
                                      "--all --partial",
                                      "--count --engine components"};
  for (size_t m = 0; m < sizeof modes / sizeof *modes; m++) {
    snprintf(command, sizeof command, "'%s' solve '%s' %s 2>/dev/null", nqsat_path, path, modes[m]);
    char *output = read_command(command);
    int right;
    char label[80];
    snprintf(label, sizeof label, "nqsat solve %s", modes[m]);
    if (m == 0) {
      fuzz_answer parsed;
      right =
          parse_single(output, &parsed, formula) == 0 ? fuzz_answer_is_right(&parsed, formula) : 0;
      /* nqsat lists only the variables that occur: a model total on the
       * projection is judged by its clauses, which it satisfies when
       * they all occur in it; the one-model answer is held to its status. */
      if (right < 0)
        right = parsed.satisfiable == (formula->projected_count > 0);
    } else {
      long long stated = stated_count(output);
      right = m == 2 ? stated >= 0 && (unsigned long long)stated <= formula->projected_count
                     : stated == (long long)formula->projected_count;
    }
    judge_real(label, output, right, judged, formula_text);
    int listing = strstr(modes[m], "--all") || strstr(modes[m], "--max");
    if (listing && formula->projected_count) {
      /* A model line dropped or written twice: always wrong. */
      int which = (int)fuzz_below(rng, 2);
      for (int duplicate = 0; duplicate < 2; duplicate++) {
        char *edited = edit_model_line(output, which, duplicate);
        if (edited) {
          snprintf(label, sizeof label, "nqsat solve %s, a model line %s", modes[m],
                   duplicate ? "written twice" : "dropped");
          judge_real(label, edited, 0, judged, formula_text);
          free(edited);
        }
      }
    }
    free(output);
  }
}

/* ---- check N: board vectors ---- */

/* The boards of a queens formula as vector lines ("2 4 1 3"), one
 * mutation applied, judged by `nqsat check N --complete`: the list must
 * hold every board once, each a solution; a line after a status claim
 * is read too. */
static void check_n_answer(const fuzz_formula *formula, fuzz_rng *rng) {
  static const fuzz_mutation kinds[] = {MUTATION_NONE,         MUTATION_DROP, MUTATION_DUPLICATE,
                                        MUTATION_PARTIAL_COPY, MUTATION_FLIP, MUTATION_END_ADD,
                                        MUTATION_REORDER};
  fuzz_mutation kind = kinds[fuzz_below(rng, sizeof kinds / sizeof *kinds)];
  int n = formula->queens_n;
  size_t boards = formula->model_count;
  int columns[FUZZ_MAX_MODELS + 1][8];
  for (size_t b = 0; b < boards; b++)
    for (int r = 0; r < n; r++)
      for (int c = 0; c < n; c++)
        if ((formula->models[b] >> (r * n + c)) & 1)
          columns[b][r] = c + 1;
  size_t listed = boards, pick = fuzz_below(rng, boards);
  int width[FUZZ_MAX_MODELS + 1];
  for (size_t b = 0; b <= boards; b++)
    width[b] = n;
  int right = 1;
  switch (kind) {
  case MUTATION_DROP:
    memmove(columns[pick], columns[pick + 1], (boards - pick - 1) * sizeof columns[0]);
    listed--;
    right = 0;
    break;
  case MUTATION_DUPLICATE:
    memcpy(columns[listed++], columns[pick], sizeof columns[0]);
    right = 0;
    break;
  case MUTATION_PARTIAL_COPY:
    memcpy(columns[listed], columns[pick], sizeof columns[0]);
    width[listed++] = n - 1;
    right = 0;
    break;
  case MUTATION_FLIP: {
    /* Another column in one row: no longer this board, and any board it
     * becomes is listed already. */
    int row = (int)fuzz_below(rng, (uint64_t)n);
    columns[pick][row] = 1 + (columns[pick][row] + (int)fuzz_below(rng, (uint64_t)n - 1)) % n;
    right = 0;
    break;
  }
  case MUTATION_REORDER:
    for (size_t b = boards - 1; b > 0; b--) {
      size_t other = fuzz_below(rng, b + 1);
      int swap[8];
      memcpy(swap, columns[b], sizeof swap);
      memcpy(columns[b], columns[other], sizeof swap);
      memcpy(columns[other], swap, sizeof swap);
    }
    break;
  default: break;
  }
  char text[8192];
  size_t at = 0;
  for (size_t b = 0; b < listed; b++) {
    if (kind == MUTATION_END_ADD && b == listed / 2)
      at += (size_t)snprintf(text + at, sizeof text - at, "UNSAT\n");
    for (int r = 0; r < width[b]; r++)
      at += (size_t)snprintf(text + at, sizeof text - at, r ? " %d" : "%d", columns[b][r]);
    at += (size_t)snprintf(text + at, sizeof text - at, "\n");
  }
  if (kind == MUTATION_END_ADD) {
    at += (size_t)snprintf(text + at, sizeof text - at, "UNSAT\n");
    for (int r = 0; r < n; r++) /* all queens in column 1: no solution */
      at += (size_t)snprintf(text + at, sizeof text - at, r ? " 1" : "1");
    at += (size_t)snprintf(text + at, sizeof text - at, "\n");
    right = 0;
  }
  char answer_path[300], command[1024];
  snprintf(answer_path, sizeof answer_path, "%s/vectors.txt", directory);
  write_file(answer_path, text, at, 0);
  snprintf(command, sizeof command, "'%s' check %d --complete '%s' -q >/dev/null 2>&1", nqsat_path,
           n, answer_path);
  double started = now_seconds();
  int status = system(command);
  spawn_seconds += now_seconds() - started;
  if (status == -1 || !WIFEXITED(status))
    die("cannot run %s", command);
  char formula_note[64];
  snprintf(formula_note, sizeof formula_note, "(N = %d, nqsat check N --complete)\n", n);
  record(&tallies[kind], right, WEXITSTATUS(status) == 0, formula_note, text,
         "nqsat check N --complete", "");
  tallies[kind].cli++;
  answers_made++;
}

/* ---- the run ---- */

static char *queens_texts[8];

static int make_formula(fuzz_formula *formula, fuzz_rng *rng, uint64_t seed) {
  if (seed % 4 != 3) {
    fuzz_formula_random(formula, rng);
    return 0;
  }
  int n = 4 + (int)fuzz_below(rng, 3);
  if (!queens_texts[n]) {
    char command[512];
    snprintf(command, sizeof command, "'%s' encode %d", nqsat_path, n);
    queens_texts[n] = read_command(command);
  }
  if (fuzz_formula_queens(formula, queens_texts[n], n) != 0)
    die("cannot read nqsat encode %d", n);
  return 0;
}

static void run_seed(uint64_t seed, const run_options *options) {
  fuzz_rng rng = {seed * 0x2545f4914f6cdd1dull + 1};
  fuzz_formula base;
  make_formula(&base, &rng, seed);
  judged_formula judged;
  char *base_text = open_formula(&base, "base", &judged);
  /* Real outputs from two seeds in --real-every (running programs is
   * what costs): a random formula and an N-Queens encoding. */
  if (!options->in_process_only &&
      (seed % options->real_every == 0 || seed % options->real_every == 3))
    real_outputs(&base, &judged, base_text, &rng);
  if (base.queens_n && !options->in_process_only)
    check_n_answer(&base, &rng);
  for (int style = 0; style < STYLE_COUNT; style++) {
    if (!fuzz_style_fits((fuzz_style)style, &base))
      continue;
    for (int kind = 0; kind < MUTATION_KINDS; kind++) {
      /* gzip goes through the binary: one style a seed. */
      if (kind == MUTATION_GZIP &&
          ((uint64_t)style != seed % STYLE_COUNT || options->in_process_only))
        continue;
      fuzz_answer answer;
      fuzz_answer_right(&answer, (fuzz_style)style, &base, &rng);
      if (kind == MUTATION_EXTRA_CLAUSE || kind == MUTATION_FORGED_HEADER) {
        fuzz_formula changed;
        fuzz_formula_copy(&changed, &base);
        if (fuzz_mutate(&answer, &changed, (fuzz_mutation)kind, &rng)) {
          judged_formula judged_changed;
          char *changed_text = open_formula(&changed, "changed", &judged_changed);
          judge_answer((fuzz_mutation)kind, &changed, &judged_changed, changed_text, &answer,
                       options);
          judged_close(&judged_changed);
          free(changed_text);
        }
        fuzz_formula_free(&changed);
        continue;
      }
      if (fuzz_mutate(&answer, &base, (fuzz_mutation)kind, &rng))
        judge_answer((fuzz_mutation)kind, &base, &judged, base_text, &answer, options);
    }
  }
  judged_close(&judged);
  free(base_text);
  fuzz_formula_free(&base);
}

static int listed(const char *list, const char *name) {
  if (!list)
    return 0;
  size_t length = strlen(name);
  for (const char *at = list; (at = strstr(at, name)); at += length)
    if ((at == list || at[-1] == ',') && (at[length] == ',' || at[length] == 0))
      return 1;
  return 0;
}

static int report(const run_options *options, double seconds) {
  printf("%-20s %9s %9s %9s %9s %9s %9s %6s\n", "mutation", "answers", "wrong", "killed",
         "surviving", "right", "rejected", "cli");
  int failed = 0;
  uint64_t total = 0;
  for (int kind = 0; kind <= MUTATION_KINDS; kind++) {
    const kind_tally *tally = &tallies[kind];
    const char *name = kind == MUTATION_KINDS ? "real-outputs" : fuzz_mutation_name(kind);
    total += tally->generated;
    printf("%-20s %9llu %9llu %9llu %9llu %9llu %9llu %6llu\n", name,
           (unsigned long long)tally->generated, (unsigned long long)tally->wrong,
           (unsigned long long)tally->killed, (unsigned long long)tally->surviving,
           (unsigned long long)tally->right, (unsigned long long)tally->rejected,
           (unsigned long long)tally->cli);
    if (!tally->surviving && !tally->rejected)
      continue;
    int known = listed(options->known_failing, name);
    if (show_failures-- > 0 || !known)
      fprintf(stderr, "%s %s: %llu surviving, %llu right rejected; first:\n%s\n",
              known ? "KNOWN-FAILING" : "FAIL", name, (unsigned long long)tally->surviving,
              (unsigned long long)tally->rejected, tally->example);
    failed |= !known;
  }
  for (int i = 0; i < REAL_LABELS && real_tallies[i].label[0]; i++) {
    const kind_tally *tally = &real_tallies[i].tally;
    if (!tally->surviving && !tally->rejected)
      continue;
    int show = show_failures-- > 0;
    fprintf(stderr,
            "  real output '%s': %llu of %llu wrong survive, %llu of %llu right rejected%s%s\n",
            real_tallies[i].label, (unsigned long long)tally->surviving,
            (unsigned long long)tally->wrong, (unsigned long long)tally->rejected,
            (unsigned long long)tally->right, show ? "; first:\n" : "", show ? tally->example : "");
  }
  printf("%llu answers in %.2f s, %.2f s of it running programs (seeds %llu..%llu)\n",
         (unsigned long long)total, seconds, spawn_seconds, (unsigned long long)options->first_seed,
         (unsigned long long)options->last_seed);
  if (options->known_failing)
    printf("known failing (reported, not failed): %s\n", options->known_failing);
  return failed;
}

int main(int argc, char **argv) {
  if (argc < 2)
    die("usage: judge_fuzz NQSAT [--seeds FIRST..LAST] [--answers K] [--cli-every K] "
        "[--real-every K] [--in-process-only] [--seconds S] [--known-failing KIND,...] "
        "[--show K]");
  nqsat_path = argv[1];
  run_options options = {1, 200, 0, 200, NULL, 16, 0, 0};
  for (int i = 2; i < argc; i++) {
    const char *value = i + 1 < argc ? argv[i + 1] : "";
    if (!strcmp(argv[i], "--seeds")) {
      unsigned long long first, last;
      if (sscanf(value, "%llu..%llu", &first, &last) == 2 && first <= last) {
        options.first_seed = first;
        options.last_seed = last;
      } else if (sscanf(value, "%llu", &last) == 1 && last > 0) {
        options.last_seed = options.first_seed + last - 1;
      } else {
        die("--seeds FIRST..LAST or a number of seeds, not '%s'", value);
      }
    } else if (!strcmp(argv[i], "--answers")) {
      options.answers = strtoull(value, NULL, 10);
      options.last_seed = UINT64_MAX - 1;
    } else if (!strcmp(argv[i], "--cli-every")) {
      options.cli_every = strtoull(value, NULL, 10);
    } else if (!strcmp(argv[i], "--real-every")) {
      options.real_every = strtoull(value, NULL, 10);
      if (options.real_every < 4)
        die("--real-every must be at least 4");
    } else if (!strcmp(argv[i], "--in-process-only")) {
      options.in_process_only = 1;
      options.cli_every = 0;
      continue;
    } else if (!strcmp(argv[i], "--seconds")) {
      options.seconds = strtod(value, NULL);
    } else if (!strcmp(argv[i], "--known-failing")) {
      options.known_failing = value;
    } else if (!strcmp(argv[i], "--show")) {
      show_failures = atoi(value);
    } else {
      die("unknown option '%s'", argv[i]);
    }
    i++;
  }
  if (!mkdtemp(directory))
    die("cannot make a temporary directory: %s", strerror(errno));
  struct timespec started, ended;
  clock_gettime(CLOCK_MONOTONIC, &started);
  for (uint64_t seed = options.first_seed; seed <= options.last_seed; seed++) {
    run_seed(seed, &options);
    clock_gettime(CLOCK_MONOTONIC, &ended);
    double spent =
        (double)(ended.tv_sec - started.tv_sec) + (double)(ended.tv_nsec - started.tv_nsec) * 1e-9;
    if ((options.answers && answers_made >= options.answers) ||
        (options.seconds > 0 && spent >= options.seconds)) {
      options.last_seed = seed;
      break;
    }
  }
  clock_gettime(CLOCK_MONOTONIC, &ended);
  double seconds =
      (double)(ended.tv_sec - started.tv_sec) + (double)(ended.tv_nsec - started.tv_nsec) * 1e-9;
  int failed = report(&options, seconds);
  char command[400];
  snprintf(command, sizeof command, "rm -rf '%s'", directory);
  if (system(command) != 0)
    fprintf(stderr, "judge_fuzz: cannot remove %s\n", directory);
  for (int n = 0; n < 8; n++)
    free(queens_texts[n]);
  return failed;
}
