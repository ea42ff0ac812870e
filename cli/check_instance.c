/* nqsat check --instance FILE [ANSWER]: one line per verdict of the
 * verifier on another program's answer (see nqsat/answer.h). FILE is an
 * nqsat instance (the verifier knows its truth) or any other formula
 * (models judged on the formula, counts against nqsat's own count). */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include <zlib.h>

#include "check_timer.h"
#include "cli.h"
#include "encoding_proof.h"
#include "formula_truth.h"
#include "nqsat/answer.h"

/* Boards up to this size are shown as vectors on the verdict line. */
enum { BOARD_SHOWN_MAX_N = 64 };

enum { VERDICT_KINDS = NQ_VERDICT_UNVERIFIED + 1 };

typedef struct check_tally {
  const char *answer_name;
  int summary; /* count the verdicts, print only the first wrong one */
  uint64_t total, correct;
  uint64_t of_kind[VERDICT_KINDS];
  char first_wrong[700]; /* the first verdict that is not correct, or "" */
} check_tally;

static void print_verdict(void *context, const nq_verdict *verdict) {
  check_tally *tally = context;
  tally->total++;
  tally->correct += verdict->kind == NQ_VERDICT_CORRECT;
  tally->of_kind[verdict->kind]++;
  if (tally->summary) {
    if (verdict->kind != NQ_VERDICT_CORRECT && !tally->first_wrong[0])
      snprintf(tally->first_wrong, sizeof tally->first_wrong, "%s %s (%s:%ld): %s",
               nq_verdict_name(verdict->kind), verdict->subject, tally->answer_name, verdict->line,
               verdict->text);
    return;
  }
  printf("%s %s (%s:%ld): %s", nq_verdict_name(verdict->kind), verdict->subject, tally->answer_name,
         verdict->line, verdict->text);
  if (verdict->board && verdict->n <= BOARD_SHOWN_MAX_N) {
    printf("; board");
    for (int row = 0; row < verdict->n; row++)
      printf(" %d", verdict->board[row] + 1);
  }
  putchar('\n');
}

/* --summary: "365597 verdicts: 365597 correct", the other kinds counted,
 * then the first verdict that is not correct. */
static void print_summary(const check_tally *tally) {
  printf("%" PRIu64 " verdict%s: %" PRIu64 " correct", tally->total, tally->total == 1 ? "" : "s",
         tally->correct);
  for (int kind = NQ_VERDICT_CORRECT + 1; kind < VERDICT_KINDS; kind++)
    if (tally->of_kind[kind])
      printf(", %" PRIu64 " %s", tally->of_kind[kind], nq_verdict_name((nq_verdict_kind)kind));
  if (tally->first_wrong[0])
    printf("; first: %s", tally->first_wrong);
  putchar('\n');
}

/* Whether `path` is a weighted model counting file (MCC 2021+: a "c t wmc"
 * or "c t pwmc" line, or "c p weight" lines): its count is a sum of
 * weights, not of models, which nqsat does not compute. Sets `line`. */
static int is_weighted(const char *path, long *line) {
  gzFile file = gzopen(path, "rb");
  if (!file)
    return 0; /* the instance reader has already named the problem */
  char text[256];
  long number = 0;
  int weighted = 0;
  int line_start = 1;
  while (!weighted && gzgets(file, text, sizeof text)) {
    size_t length = strlen(text);
    if (line_start) {
      number++;
      weighted = !strncmp(text, "c t wmc", 7) || !strncmp(text, "c t pwmc", 8) ||
                 !strncmp(text, "c p weight ", 11);
    }
    line_start = length > 0 && text[length - 1] == '\n';
  }
  gzclose(file);
  *line = number;
  return weighted;
}

/* The verifier's truth about a board; when its search was stopped by
 * --time-limit, a truth that says so, so the verdicts name the reason. */
typedef struct board_truth {
  judged_instance *judged;
  double time_limit_seconds;
  nq_instance_truth stopped;
} board_truth;

static const nq_instance_truth *board_truth_source(void *context) {
  board_truth *board = context;
  const nq_instance_truth *truth = judged_instance_truth(board->judged);
  if (truth || board->judged->truth_status != NQ_ERR_INTERRUPTED || !check_timer_expired())
    return truth;
  memset(&board->stopped, 0, sizeof board->stopped);
  snprintf(board->stopped.unknown_why, sizeof board->stopped.unknown_why,
           "the verifier's search did not finish within --time-limit %.0f s",
           board->time_limit_seconds);
  return &board->stopped;
}

int check_instance(const char *instance_path, const char *answer_path, uint64_t max_nodes,
                   double time_limit_seconds, int summary) {
  char error[600];
  nq_instance *instance = NULL;
  if (nq_instance_read_formula(instance_path, &instance, error, sizeof error) != NQ_OK)
    return runtime_error("check", "%s", error);
  long weighted_line = 0;
  if (is_weighted(instance_path, &weighted_line)) {
    nq_instance_free(instance);
    return runtime_error("check",
                         "%s:%ld: a weighted model counting file (MCC 'c t wmc'/'c p weight'): "
                         "nqsat counts models, not weights, and cannot judge its answers",
                         instance_path, weighted_line);
  }
  /* A header is believed only when the clauses prove it (encoding_proof.h). */
  char proof_note[900];
  if (!encoding_proof_check(instance_path, instance, proof_note, sizeof proof_note))
    fprintf(stderr, "nqsat check: note: %s: %s\n", instance_path, proof_note);
  /* --time-limit bounds the whole run: the verifier's search of a board
   * and nqsat's count of a formula stop at the same deadline. */
  char what[300];
  snprintf(what, sizeof what, "judging %.120s against %.120s", answer_path, instance_path);
  const volatile sig_atomic_t *stop = check_timer_start(what, time_limit_seconds);
  /* An nqsat instance's truth is the verifier's; a formula without a board
   * gets nqsat's own count (formula_truth.h). */
  judged_instance judged;
  judged_instance_adopt(&judged, instance_path, instance, max_nodes, stop);
  formula_truth formula = {
      .path = instance_path,
      .control = {.interrupt = stop, .time_limit_seconds = time_limit_seconds}};
  int has_board = instance->n > 0;
  board_truth board = {.judged = &judged, .time_limit_seconds = time_limit_seconds};
  nq_truth_source truth_source = has_board ? board_truth_source : formula_truth_source;
  void *truth_context = has_board ? (void *)&board : (void *)&formula;
  int from_stdin = !strcmp(answer_path, "-");
  const char *answer_name = from_stdin ? "<stdin>" : answer_path;
  FILE *input = from_stdin ? stdin : fopen(answer_path, "r");
  if (!input) {
    check_timer_stop();
    judged_instance_close(&judged);
    return runtime_error("check", "%s: %s", answer_path, strerror(errno));
  }
  nq_answer *answer = nq_answer_new(instance->variables);
  nq_status status =
      answer ? nq_answer_read(answer, input, answer_name, error, sizeof error) : NQ_ERR_MEMORY;
  if (!from_stdin)
    fclose(input);
  check_tally tally = {.answer_name = answer_name, .summary = summary};
  if (status == NQ_OK)
    status = nq_answer_judge(instance, instance_path, answer, truth_source, truth_context,
                             print_verdict, &tally, error, sizeof error);
  nq_answer_free(answer);
  int interrupted =
      judged.truth_status == NQ_ERR_INTERRUPTED || formula.interrupted || interrupt_requested();
  judged_instance_close(&judged);
  formula_truth_clear(&formula);
  int expired = check_timer_expired();
  check_timer_stop();
  if (expired && !interrupt_requested()) {
    interrupted = 0;
    fprintf(stderr,
            "nqsat check: --time-limit %.0f s reached: the claims that needed the truth are "
            "unverified\n",
            time_limit_seconds);
  }
  if (interrupted)
    return report_interrupted("check", "verdicts after the interruption are missing");
  if (status == NQ_ERR_MEMORY)
    return runtime_error("check", "out of memory");
  if (status != NQ_OK)
    return runtime_error("check", "%s", error);
  if (summary)
    print_summary(&tally);
  if (fflush(stdout) != 0 || ferror(stdout))
    return runtime_error("check", "cannot write to standard output");
  return tally.total > 0 && tally.correct == tally.total ? NQ_EXIT_OK : NQ_EXIT_FAILURE;
}
