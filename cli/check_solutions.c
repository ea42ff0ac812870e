/* nqsat check N [FILE]: every solution another program listed is checked
 * by the verifier, as a placement and as a member of a set: a board listed
 * twice is a failure, and when the list claims to be complete (MiniZinc's
 * "==========", a count line, or --complete) it must hold every solution
 * of N-Queens. Reading, the set and the comparison are the verifier's
 * (nq_verify_read_answer, nq_solution_tally); this file decides what to
 * print and the exit code. */
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "check_timer.h"
#include "cli.h"
#include "nqsat/instance.h"
#include "nqsat/verify.h"

/* Boards up to this size are written as vectors in messages. */
enum { VECTOR_SHOWN_MAX_N = 32 };

typedef struct check_context {
  const char *name;
  int summary; /* print the verdict line only */
  nq_solution_tally *tally;
  uint64_t valid, invalid, repeated;
  long first_repeat_line, first_repeat_original;
  char first_repeat[VECTOR_SHOWN_MAX_N * 3 + 1]; /* its vector, "" for big boards */
  int out_of_memory;
  int undecodable;                   /* a model that is no board: maybe a shuffled file's */
  const volatile sig_atomic_t *stop; /* --time-limit or a signal: stop reading */
} check_context;

/* "1 5 8 6 3 7 2 4", or "" beyond VECTOR_SHOWN_MAX_N. */
static void vector_text(const int *columns, int n, char *out, size_t size) {
  out[0] = '\0';
  if (n > VECTOR_SHOWN_MAX_N)
    return;
  size_t used = 0;
  for (int row = 0; row < n && used + 1 < size; row++)
    used += (size_t)snprintf(out + used, size - used, row ? " %d" : "%d", columns[row] + 1);
}

static int check_one(void *context, const int *columns, int n, long line, const char *problem) {
  check_context *check = context;
  if (check->stop && *check->stop)
    return 1;
  char why[300];
  uint64_t number = check->valid + check->invalid + check->repeated + 1;
  int valid = columns && nq_verify_check_placement(columns, n, why, sizeof why);
  if (!columns)
    check->undecodable = 1;
  if (!valid) {
    check->invalid++;
    if (!check->summary)
      printf("%ssolution %" PRIu64 " (%s:%ld): INVALID: %s\n", number > 1 ? "\n" : "", number,
             check->name, line, columns ? why : problem);
    fprintf(stderr, "nqsat check: error: %s:%ld: invalid solution: %s\n", check->name, line,
            columns ? why : problem);
  } else {
    long first_line = 0;
    int added = nq_solution_tally_add(check->tally, columns, line, &first_line);
    if (added < 0) {
      check->out_of_memory = 1;
      return 1;
    }
    if (added) {
      check->valid++;
      if (!check->summary)
        printf("%ssolution %" PRIu64 " (%s:%ld): valid\n", number > 1 ? "\n" : "", number,
               check->name, line);
    } else {
      if (!check->repeated++) {
        check->first_repeat_line = line;
        check->first_repeat_original = first_line;
        vector_text(columns, n, check->first_repeat, sizeof check->first_repeat);
        fprintf(
            stderr, "nqsat check: error: %s:%ld: solution %s%slisted twice (first at line %ld)\n",
            check->name, line, check->first_repeat, *check->first_repeat ? " " : "", first_line);
      }
      if (!check->summary)
        printf("%ssolution %" PRIu64 " (%s:%ld): REPEATED: listed before at line %ld\n",
               number > 1 ? "\n" : "", number, check->name, line, first_line);
    }
  }
  if (columns && !check->summary)
    print_numbered_board(stdout, columns, n);
  return 0;
}

/* Where the list claims to be complete, for the verdict line. */
static void completeness_source(const nq_verify_claims *claims, int complete_option,
                                int counted_only, char *out, size_t size) {
  if (claims->complete_line)
    snprintf(out, size, "========== at line %ld", claims->complete_line);
  else if (claims->count.line && !claims->count.incomplete && !counted_only)
    snprintf(out, size, "'%s %s' at line %ld", claims->count.form, claims->count.text,
             claims->count.line);
  else if (complete_option)
    snprintf(out, size, "--complete");
  else
    out[0] = '\0';
}

/* Appends the comparison with the verifier's set to `verdict` for a list
 * claimed complete by `source`; returns 1 when it is, 0 when solutions are
 * missing or completeness cannot be checked (beyond the known counts), -1
 * on an error (reported). */
static int judge_completeness(const check_context *check, int n, const char *source, char *verdict,
                              size_t size) {
  size_t used = strlen(verdict);
  nq_completeness result;
  nq_status status = nq_solution_tally_compare(check->tally, &result);
  if (status == NQ_ERR_SOLVER) {
    runtime_error("check", "the native count of %d-Queens disagrees with OEIS A000170", n);
    return -1;
  }
  if (status != NQ_OK) {
    runtime_error("check", "%s", nq_strerror(status));
    return -1;
  }
  uint64_t distinct = nq_solution_tally_distinct(check->tally);
  if (!result.known) {
    snprintf(verdict + used, size - used,
             "; complete claimed (%s), NOT checked: %d-Queens is beyond the known counts "
             "(N <= %d)",
             source, n, NQ_VERIFY_KNOWN_MAX_N);
    return 0;
  }
  if (!result.missing) {
    snprintf(verdict + used, size - used, "; complete (claimed by %s): %s", source,
             result.compared_by_set ? "equal to the verifier's set"
             : result.counted       ? "as many as the native count and OEIS A000170"
                                    : "as many as OEIS A000170");
    return 1;
  }
  used += (size_t)snprintf(verdict + used, size - used,
                           "; NOT complete (claimed by %s): %" PRIu64 " of %" PRIu64, source,
                           distinct, result.expected);
  for (int k = 0; k < result.shown && used < size; k++) {
    char vector[VECTOR_SHOWN_MAX_N * 3 + 1];
    vector_text(result.missing_examples[k], n, vector, sizeof vector);
    used += (size_t)snprintf(verdict + used, size - used, "%s%s", k ? ", " : ", missing ", vector);
  }
  if (used < size && result.shown && result.missing > (uint64_t)result.shown)
    snprintf(verdict + used, size - used, " and %" PRIu64 " more",
             result.missing - (uint64_t)result.shown);
  else if (used < size && !result.shown)
    snprintf(verdict + used, size - used, ", %" PRIu64 " missing", result.missing);
  return 0;
}

/* A claimed count must be the number of distinct solutions listed (and,
 * through completeness, the number of solutions). Returns 1 when right. */
static int judge_count_claim(const check_context *check, const nq_count_claim *claim,
                             const char *name, char *verdict, size_t size) {
  size_t used = strlen(verdict);
  uint64_t distinct = nq_solution_tally_distinct(check->tally);
  if (claim->conflict_line) {
    snprintf(verdict + used, size - used, "; two different counts claimed (lines %ld and %ld)",
             claim->line, claim->conflict_line);
    fprintf(stderr, "nqsat check: error: %s:%ld: a second, different count\n", name,
            claim->conflict_line);
    return 0;
  }
  if (claim->repeat_line) {
    snprintf(verdict + used, size - used, "; the list is closed twice (lines %ld and %ld)",
             claim->line, claim->repeat_line);
    fprintf(stderr, "nqsat check: error: %s:%ld: a second count line (the first at line %ld)\n",
            name, claim->repeat_line, claim->line);
    return 0;
  }
  if (!claim->digits) {
    snprintf(verdict + used, size - used, "; count '%s' claimed: not a whole number", claim->text);
    fprintf(stderr, "nqsat check: error: %s:%ld: '%s' is not a count\n", name, claim->line,
            claim->text);
    return 0;
  }
  if (nq_count_compare(claim->digits, distinct) != 0) {
    snprintf(verdict + used, size - used,
             "; count %s claimed (line %ld), but %" PRIu64 " distinct listed", claim->text,
             claim->line, distinct);
    fprintf(stderr,
            "nqsat check: error: %s:%ld: %s solutions claimed, %" PRIu64 " distinct listed\n", name,
            claim->line, claim->text, distinct);
    return 0;
  }
  snprintf(verdict + used, size - used, "; count %s claimed: as listed", claim->text);
  return 1;
}

/* A count without a list (nqsat solve N --count, "s mc K"): against the
 * known count of N-Queens (the native counter, checked against OEIS
 * A000170). Returns 1 when right. */
static int judge_counted(const nq_count_claim *claim, int n, const char *name, char *verdict,
                         size_t size) {
  size_t used = strlen(verdict);
  uint64_t known = 0;
  if (!claim->digits) {
    snprintf(verdict + used, size - used, "; count '%s' claimed: not a whole number", claim->text);
    fprintf(stderr, "nqsat check: error: %s:%ld: '%s' is not a count\n", name, claim->line,
            claim->text);
    return 0;
  }
  if (nq_verify_known_count(n, &known, NULL) != 0) {
    snprintf(verdict + used, size - used,
             "; count %s claimed (line %ld): NOT checked, %d-Queens is beyond the known counts",
             claim->text, claim->line, n);
    fprintf(stderr, "nqsat check: error: %s:%ld: the count of %d-Queens is not known here\n", name,
            claim->line, n);
    return 0;
  }
  if (claim->incomplete) {
    /* A count cut short claims only that many solutions at least. */
    if (nq_count_compare(claim->digits, known) > 0) {
      snprintf(verdict + used, size - used,
               "; %s solutions found before the count was cut short (line %ld), but %d-Queens "
               "has only %" PRIu64,
               claim->text, claim->line, n, known);
      fprintf(stderr,
              "nqsat check: error: %s:%ld: %s solutions found before the cut, %d-Queens has "
              "%" PRIu64 "\n",
              name, claim->line, claim->text, n, known);
      return 0;
    }
    snprintf(verdict + used, size - used,
             "; %s solutions found before the count was cut short: a lower bound, no count "
             "claimed (%d-Queens has %" PRIu64 ")",
             claim->text, n, known);
    return 1;
  }
  if (nq_count_compare(claim->digits, known) != 0) {
    snprintf(verdict + used, size - used,
             "; count %s claimed (line %ld), but %d-Queens has %" PRIu64, claim->text, claim->line,
             n, known);
    fprintf(stderr, "nqsat check: error: %s:%ld: %s solutions claimed, %d-Queens has %" PRIu64 "\n",
            name, claim->line, claim->text, n, known);
    return 0;
  }
  snprintf(verdict + used, size - used, "; count %s claimed: as OEIS A000170", claim->text);
  return 1;
}

/* Appends a contradiction to the verdict and says it on stderr. */
static int contradiction(const char *name, char *verdict, size_t size, const char *format, ...)
    __attribute__((format(printf, 4, 5)));
static int contradiction(const char *name, char *verdict, size_t size, const char *format, ...) {
  char text[400];
  va_list arguments;
  va_start(arguments, format);
  vsnprintf(text, sizeof text, format, arguments);
  va_end(arguments);
  size_t used = strlen(verdict);
  snprintf(verdict + used, size - used, "; %s", text);
  fprintf(stderr, "nqsat check: error: %s: %s\n", name, text);
  return 0;
}

/* What the answer says about the end of the search, held to the list and
 * to N-Queens itself: it has a solution for N = 1 and every N >= 4 (the
 * verifier constructs one), so "no solution" is wrong there whatever N. */
static int judge_ends(const nq_verify_claims *claims, int n, const char *name, uint64_t total,
                      int completeness_claimed, char *verdict, size_t size) {
  int right = 1;
  if (claims->second_end_line)
    right = contradiction(
        name, verdict, size, "two ends of the search: '%s' at line %ld and '%s' at line %ld",
        claims->end_text, claims->end_line, claims->second_end_text, claims->second_end_line);
  if (claims->solution_after_end_line)
    right = contradiction(name, verdict, size,
                          "a solution at line %ld after the end of the search ('%s' at line %ld)",
                          claims->solution_after_end_line, claims->end_text, claims->end_line);
  if (claims->unsatisfiable_line && claims->first_solution_line)
    right = contradiction(name, verdict, size,
                          "no solution claimed at line %ld, next to the solution at line %ld",
                          claims->unsatisfiable_line, claims->first_solution_line);
  /* The construction is checked by the placement rules before it is
   * believed. */
  int *columns = malloc((size_t)n * sizeof *columns);
  char why[300];
  int constructed = columns && nq_verify_construct_solution(n, columns) == 0 &&
                    nq_verify_check_placement(columns, n, why, sizeof why);
  char example[VECTOR_SHOWN_MAX_N * 3 + 16] = "";
  if (constructed && n <= VECTOR_SHOWN_MAX_N) {
    strcpy(example, ", e.g. ");
    vector_text(columns, n, example + strlen(example), sizeof example - strlen(example));
  }
  free(columns);
  if (claims->unsatisfiable_line && constructed)
    right = contradiction(name, verdict, size,
                          "no solution claimed at line %ld, but %d-Queens has one (constructed%s)",
                          claims->unsatisfiable_line, n, example);
  else if (!total && constructed && !completeness_claimed && !claims->count.line)
    right = contradiction(name, verdict, size,
                          "no solution listed, but %d-Queens has one (constructed%s)", n, example);
  return right;
}

int check_solutions(int n, const char *path, const nq_verify_model_format *format, int summary,
                    int complete_option, double time_limit_seconds) {
  int from_stdin = !strcmp(path, "-");
  const char *name = from_stdin ? "<stdin>" : path;
  FILE *input = from_stdin ? stdin : fopen(path, "r");
  if (!input)
    return runtime_error("check", "%s: %s", path, strerror(errno));
  char what[300];
  snprintf(what, sizeof what, "checking %.200s", name);
  check_context check = {.name = name, .summary = summary};
  check.stop = check_timer_start(what, time_limit_seconds);
  check.tally = nq_solution_tally_new(n);
  nq_verify_claims claims = {0};
  char error[512] = "";
  nq_status status = check.tally ? nq_verify_read_answer(input, name, n, format, check_one, &check,
                                                         &claims, error, sizeof error)
                                 : NQ_ERR_MEMORY;
  int read_failed = ferror(input);
  int expired = check_timer_expired(), stopped = check.stop && *check.stop;
  check_timer_stop();
  if (stopped) {
    nq_solution_tally_free(check.tally);
    nq_count_claim_clear(&claims.count);
    if (!from_stdin)
      fclose(input);
    if (expired)
      return runtime_error("check", "%s: not judged: --time-limit %.0f s reached", name,
                           time_limit_seconds);
    return report_interrupted("check", "the solutions after the interruption were not read");
  }
  if (!from_stdin)
    fclose(input);
  int code = NQ_EXIT_OK;
  if (check.out_of_memory || status == NQ_ERR_MEMORY) {
    code = runtime_error("check", "out of memory");
  } else if (status == NQ_ERR_PARSE) {
    code = runtime_error("check", "%s", error);
  } else if (status != NQ_OK && status != NQ_ERR_STOPPED) {
    code = runtime_error("check", "%s: %s", name, *error ? error : nq_strerror(status));
  } else if (read_failed) {
    code = runtime_error("check", "%s: read error", name);
  }
  if (code != NQ_EXIT_OK) {
    nq_solution_tally_free(check.tally);
    nq_count_claim_clear(&claims.count);
    return code;
  }

  uint64_t total = check.valid + check.invalid + check.repeated;
  char verdict[1200], source[200];
  /* The line users and scripts have always seen, then what else was
   * checked: repeats, and completeness and counts when claimed. */
  int used = snprintf(verdict, sizeof verdict,
                      "%" PRIu64 " solution%s checked: %" PRIu64 " valid, %" PRIu64 " invalid",
                      total, total == 1 ? "" : "s", check.valid, check.invalid);
  if (check.repeated)
    used += snprintf(verdict + used, sizeof verdict - (size_t)used,
                     "; %" PRIu64 " repeated (the first, %s%sat line %ld, listed before at line "
                     "%ld)",
                     check.repeated, check.first_repeat, *check.first_repeat ? ", " : "",
                     check.first_repeat_line, check.first_repeat_original);
  /* A count with no list is judged as a count, not as a list's claim. */
  int counted_only = claims.count.line && !total && claims.count.form &&
                     strcmp(claims.count.form, "s SOLUTIONS") &&
                     strncmp(claims.count.form, "c K models", 10);
  completeness_source(&claims, complete_option, counted_only, source, sizeof source);
  int claimed = *source != '\0';
  int right = !check.invalid && !check.repeated;
  if (claimed) {
    int complete = judge_completeness(&check, n, source, verdict, sizeof verdict);
    if (complete < 0) {
      nq_solution_tally_free(check.tally);
      nq_count_claim_clear(&claims.count);
      return NQ_EXIT_FAILURE;
    }
    if (!complete)
      fprintf(stderr, "nqsat check: error: %s claims to be complete (%s) but is not\n", name,
              source);
    right &= complete;
  }
  if (counted_only)
    right &= judge_counted(&claims.count, n, name, verdict, sizeof verdict);
  else if (claims.count.line)
    right &= judge_count_claim(&check, &claims.count, name, verdict, sizeof verdict);
  right &= judge_ends(&claims, n, name, total, claimed, verdict, sizeof verdict);
  nq_count_claim_clear(&claims.count);
  nq_solution_tally_free(check.tally);

  if (total && !summary)
    printf("\n");
  printf("%s\n", verdict);
  if (fflush(stdout) != 0 || ferror(stdout))
    return runtime_error("check", "cannot write to standard output");
  if (check.undecodable)
    fprintf(stderr, "nqsat check: note: a model of a shuffled file (encode --shuffle) or of "
                    "the rows model (encode --csp) decodes only through the file's header: use "
                    "'nqsat check --instance FILE' (or --csp ENCODING for an unshuffled "
                    "rows-model file)\n");
  if (!right)
    return NQ_EXIT_FAILURE;
  return NQ_EXIT_OK;
}
