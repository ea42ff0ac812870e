/* nqsat suite DIR: a family of instances with ground truth.
 *
 * Every instance is written by running `nqsat encode` in-process with the
 * very argument list the manifest records (so the command remakes the file
 * byte for byte), then read back by the verifier: its header, its GBD hash,
 * and its ground truth (status, models, symmetry classes) from the native
 * counters and the OEIS table. PicoSAT is never asked. */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "clock.h"
#include "command_errors.h"
#include "interrupt.h"
#include "nqsat/encoder.h"
#include "nqsat/instance.h"
#include "quote.h"
#include "suite.h"
#include "suite_families.h"
#include "suite_manifest.h"

/* ---- Writing one instance ---------------------------------------------------- */

typedef struct suite_run {
  const suite_request *request;
  manifest_rows rows;
  const volatile sig_atomic_t *stop;
  int written, skipped, unknown;
  int show_progress;
  double started;
  nq_instance *cached_board; /* the key of cached_truth (squares only) */
  nq_instance_truth cached_truth;
} suite_run;

/* What one instance is: the encode arguments after "encode N". */
typedef struct instance_plan {
  int n;
  int opb, shuffle;
  nq_amo amo;
  int completion; /* random queens, 0 for plain */
  uint64_t seed;
  char file[128];
} instance_plan;

static void plan_file_name(const suite_request *request, instance_plan *plan) {
  char base[48]; /* "c%d-k%d-s%" PRIu64 at its longest: 47 characters */
  if (plan->completion)
    snprintf(base, sizeof base, "c%d-k%d-s%" PRIu64, plan->n, plan->completion, plan->seed);
  else
    snprintf(base, sizeof base, "q%d", plan->n);
  if (plan->opb) {
    snprintf(plan->file, sizeof plan->file, "%s.opb", base);
    return;
  }
  char shuffled[32] = "";
  if (plan->shuffle)
    snprintf(shuffled, sizeof shuffled, "-shuffled-s%" PRIu64, plan->seed);
  snprintf(plan->file, sizeof plan->file, "%s-%s%s%s.cnf%s", base, nq_amo_name(plan->amo),
           request->parsimonious ? "-parsimonious" : "", shuffled, request->gzip ? ".gz" : "");
}

/* The encode arguments; returns the count. Strings live in `storage`. */
static int plan_arguments(const suite_request *request, const instance_plan *plan, char **argv,
                          char storage[4][32]) {
  int argc = 0;
  argv[argc++] = "encode";
  snprintf(storage[0], 32, "%d", plan->n);
  argv[argc++] = storage[0];
  if (plan->opb) {
    argv[argc++] = "--format";
    argv[argc++] = "opb";
  } else {
    argv[argc++] = "--amo";
    argv[argc++] = (char *)nq_amo_name(plan->amo);
    if (request->parsimonious)
      argv[argc++] = "--parsimonious";
  }
  if (plan->completion) {
    snprintf(storage[1], 32, "%d", plan->completion);
    argv[argc++] = "--completion";
    argv[argc++] = storage[1];
  }
  if (plan->shuffle)
    argv[argc++] = "--shuffle";
  if (plan->completion || plan->shuffle) {
    snprintf(storage[2], 32, "%" PRIu64, plan->seed);
    argv[argc++] = "--seed";
    argv[argc++] = storage[2];
  }
  argv[argc++] = "-o";
  argv[argc++] = (char *)plan->file;
  argv[argc] = NULL;
  return argc;
}

/* The CNF, shuffled CNF and OPB files of one board are written one after
 * another: the last truth is kept, keyed by what the verifier read from the
 * file (N, placed and blocked squares), and reused when the key is the
 * same, so a completion board is searched once, not three times. */
static int same_board(const nq_instance *a, const nq_instance *b) {
  return a->n == b->n && a->placed_count == b->placed_count &&
         a->blocked_count == b->blocked_count &&
         (!a->placed_count ||
          !memcmp(a->placed, b->placed, (size_t)a->placed_count * sizeof *a->placed)) &&
         (!a->blocked_count ||
          !memcmp(a->blocked, b->blocked, (size_t)a->blocked_count * sizeof *a->blocked));
}

static nq_status truth_for(suite_run *run, nq_instance *instance, nq_instance_truth *truth) {
  if (run->cached_board && same_board(run->cached_board, instance)) {
    *truth = run->cached_truth;
    truth->witness = malloc((size_t)instance->n * sizeof *truth->witness);
    if (!truth->witness)
      return NQ_ERR_MEMORY;
    memcpy(truth->witness, run->cached_truth.witness, (size_t)instance->n * sizeof(int));
    return NQ_OK;
  }
  nq_status status = nq_instance_compute_truth(instance, run->request->max_nodes, run->stop, truth);
  if (status != NQ_OK)
    return status;
  nq_instance_free(run->cached_board);
  nq_instance_truth_clear(&run->cached_truth);
  run->cached_board = NULL;
  nq_instance_truth copy = *truth;
  copy.witness = malloc((size_t)instance->n * sizeof *copy.witness);
  nq_instance *key = calloc(1, sizeof *key);
  if (key) {
    key->n = instance->n;
    key->placed_count = instance->placed_count;
    key->blocked_count = instance->blocked_count;
    key->placed = malloc((size_t)instance->placed_count * sizeof *key->placed + 1);
    key->blocked = malloc((size_t)instance->blocked_count * sizeof *key->blocked + 1);
  }
  if (!copy.witness || !key || !key->placed || !key->blocked) {
    free(copy.witness);
    nq_instance_free(key);
    return NQ_OK; /* no cache this time */
  }
  if (instance->placed_count)
    memcpy(key->placed, instance->placed, (size_t)instance->placed_count * sizeof *key->placed);
  if (instance->blocked_count)
    memcpy(key->blocked, instance->blocked, (size_t)instance->blocked_count * sizeof *key->blocked);
  memcpy(copy.witness, truth->witness, (size_t)instance->n * sizeof *copy.witness);
  run->cached_board = key;
  run->cached_truth = copy;
  return NQ_OK;
}

static void show_suite_progress(suite_run *run, const char *file) {
  if (!run->show_progress)
    return;
  fprintf(stderr, "\r\033[Ksuite: %d written, %.1f s: %s", run->written,
          clock_seconds(CLOCK_MONOTONIC) - run->started, file);
  fflush(stderr);
}

/* Writes the instance, reads it back with the verifier and adds its row.
 * Returns 0, or an exit code. */
static int write_instance(suite_run *run, const instance_plan *plan, int64_t clauses_hint) {
  const suite_request *request = run->request;
  if (clauses_hint > request->max_clauses) {
    run->skipped++;
    return 0;
  }
  char *argv[24], storage[4][32];
  int argc = plan_arguments(request, plan, argv, storage);
  show_suite_progress(run, plan->file);
  /* Before the encode command, whose getopt_long reorders argv. */
  char *command = quote_command_line("nqsat", argc, argv);
  if (!command)
    return runtime_error("suite", "out of memory");
  int code = request->encode_command(argc, argv);
  /* A signal after the file was written still ends the suite here: the
   * command line is freed on every way out (LeakSanitizer found it kept
   * when the signal came between the write and this check). */
  int interrupted = code == NQ_EXIT_INTERRUPTED || interrupt_requested(); /* asked once */
  if (code != NQ_EXIT_OK || interrupted)
    free(command);
  if (interrupted)
    return NQ_EXIT_INTERRUPTED;
  if (code != NQ_EXIT_OK)
    return runtime_error("suite", "writing %s/%s failed", request->directory, plan->file);
  manifest_row row;
  memset(&row, 0, sizeof row);
  char error[600];
  nq_instance *instance;
  if (nq_instance_read(plan->file, &instance, error, sizeof error) != NQ_OK) {
    free(command);
    return runtime_error("suite", "reading back %s/%s: %s", request->directory, plan->file, error);
  }
  nq_status status = nq_instance_gbd_hash(plan->file, run->stop, row.hash, error, sizeof error);
  if (status == NQ_OK && (!instance->command || strcmp(instance->command, command))) {
    snprintf(error, sizeof error, "the file's 'c command:' line is not the command that wrote it");
    status = NQ_ERR_PARSE;
  }
  nq_instance_truth truth;
  memset(&truth, 0, sizeof truth);
  if (status == NQ_OK)
    status = truth_for(run, instance, &truth);
  if (status == NQ_ERR_INTERRUPTED || interrupt_requested()) {
    free(command);
    nq_instance_truth_clear(&truth);
    nq_instance_free(instance);
    return NQ_EXIT_INTERRUPTED;
  }
  if (status != NQ_OK) {
    free(command);
    nq_instance_truth_clear(&truth);
    nq_instance_free(instance);
    return runtime_error("suite", "%s/%s: %s", request->directory, plan->file,
                         status == NQ_ERR_PARSE || status == NQ_ERR_IO ? error
                                                                       : nq_strerror(status));
  }
  snprintf(row.file, sizeof row.file, "%s", plan->file);
  row.n = plan->n;
  row.opb = plan->opb;
  snprintf(row.encoding, sizeof row.encoding, "%s", plan->opb ? "pb" : nq_amo_name(plan->amo));
  /* options: what follows "nqsat encode N" up to "-o FILE", without the
   * format and encoding, which have columns of their own. */
  char options[256] = "";
  if (request->parsimonious && !plan->opb)
    strcat(options, "--parsimonious ");
  if (plan->completion)
    snprintf(options + strlen(options), sizeof options - strlen(options), "--completion %d ",
             plan->completion);
  if (plan->shuffle)
    strcat(options, "--shuffle ");
  if (plan->completion || plan->shuffle)
    snprintf(options + strlen(options), sizeof options - strlen(options), "--seed %" PRIu64,
             plan->seed);
  size_t length = strlen(options);
  while (length && options[length - 1] == ' ')
    options[--length] = '\0';
  row.options = strdup(options);
  row.command = command;
  row.variables = instance->variables;
  row.clauses = instance->clauses;
  row.status = truth.status;
  row.models_known = truth.models_exact;
  row.models = truth.models;
  row.unique_defined = !instance->placed_count && !instance->blocked_count;
  row.unique_known = truth.unique_known;
  row.unique = truth.unique;
  run->unknown += !truth.status || !truth.models_exact;
  nq_instance_truth_clear(&truth);
  nq_instance_free(instance);
  if (!row.options || !row.command || manifest_rows_add(&run->rows, &row)) {
    free(row.options);
    free(row.command);
    return runtime_error("suite", "out of memory");
  }
  run->written++;
  return 0;
}

static int64_t clauses_of(const suite_request *request, const instance_plan *plan) {
  if (plan->opb)
    return 0; /* OPB has a few constraints per line: never too big here */
  nq_encoding encoding;
  memset(&encoding, 0, sizeof encoding);
  encoding.n = plan->n;
  encoding.amo = plan->amo;
  encoding.parsimonious = request->parsimonious;
  nq_formula_size size;
  return nq_encoder_measure(&encoding, &size) == NQ_OK ? size.clauses : INT64_MAX;
}

/* The files of one board: CNF in `amo` (and its shuffled copy) when CNF
 * is asked for, and OPB when `with_opb`. */
static int write_board_files(suite_run *run, instance_plan *plan, nq_amo amo, int with_opb) {
  const suite_request *request = run->request;
  for (int shuffled = 0; request->cnf && shuffled <= request->shuffle; shuffled++) {
    plan->amo = amo;
    plan->shuffle = shuffled;
    plan->opb = 0;
    plan_file_name(request, plan);
    int code = write_instance(run, plan, clauses_of(request, plan));
    if (code)
      return code;
  }
  if (!with_opb)
    return 0;
  plan->opb = 1;
  plan->shuffle = 0;
  plan_file_name(request, plan);
  return write_instance(run, plan, 0);
}

/* Plain instances: every size, every encoding, shuffled copies, OPB. */
static int write_plain(suite_run *run) {
  const suite_request *request = run->request;
  for (int s = 0; s < request->size_count; s++) {
    instance_plan plan;
    memset(&plan, 0, sizeof plan);
    plan.n = request->sizes[s];
    plan.seed = request->seed;
    /* CNF per encoding; OPB (which has none) once, with the last. */
    for (int e = 0; e < request->encoding_count; e++) {
      int code = write_board_files(run, &plan, request->encodings[e],
                                   request->opb && e + 1 == request->encoding_count);
      if (code)
        return code;
    }
  }
  return 0;
}

/* Completion instances. Candidates (N, K random queens, seed) are decided
 * by the verifier before anything is written; a candidate is kept while
 * its answer's quota (SAT or UNSAT) has room. Without --queens, K starts
 * at N/2 and moves one step towards the answer still missing each time a
 * candidate is refused: it settles where both answers are common, which is
 * where random completion instances are hardest (Gent, Jefferson and
 * Nightingale, JAIR 59, 2017). */
static int write_completions(suite_run *run) {
  const suite_request *request = run->request;
  uint64_t seed = request->seed;
  for (int s = 0; s < request->completion_size_count; s++) {
    int n = request->completion_sizes[s];
    int want_unsat = (request->completions * request->unsat_percent + 50) / 100;
    int want_sat = request->completions - want_unsat;
    int k = request->queens_percent ? (n * request->queens_percent + 50) / 100 : n / 2;
    if (k < 1)
      k = 1;
    int attempts = 0, undecided = 0;
    while ((want_sat > 0 || want_unsat > 0) && attempts < 50 * request->completions + 50) {
      attempts++;
      if (interrupt_requested())
        return NQ_EXIT_INTERRUPTED;
      nq_encoding encoding;
      memset(&encoding, 0, sizeof encoding);
      encoding.n = n;
      nq_square chosen[NQ_VERIFY_COMPLETION_MAX_N];
      uint64_t candidate_seed = seed++;
      if (k > n || nq_encoder_random_queens(&encoding, k, candidate_seed, chosen) != NQ_OK) {
        if (!request->queens_percent && k > 1)
          k--;
        continue;
      }
      nq_verify_square placed[NQ_VERIFY_COMPLETION_MAX_N];
      for (int i = 0; i < k; i++)
        placed[i] = (nq_verify_square){chosen[i].row, chosen[i].column};
      nq_completion_problem problem = {n, placed, k, NULL, 0, request->max_nodes, 1, run->stop};
      nq_completion_result result;
      if (nq_verify_count_completions(&problem, NULL, &result) == NQ_ERR_INTERRUPTED)
        return NQ_EXIT_INTERRUPTED;
      if (!result.decided) {
        undecided++;
        continue;
      }
      int satisfiable = result.satisfiable;
      int wanted = satisfiable ? want_sat > 0 : want_unsat > 0;
      if (!request->queens_percent && !wanted) {
        /* Move K towards the answer still missing. */
        if (satisfiable && k < n)
          k++;
        else if (!satisfiable && k > 1)
          k--;
      }
      if (!wanted)
        continue;
      if (satisfiable)
        want_sat--;
      else
        want_unsat--;
      instance_plan plan;
      memset(&plan, 0, sizeof plan);
      plan.n = n;
      plan.completion = k;
      plan.seed = candidate_seed;
      int code = write_board_files(run, &plan, request->completion_encoding, request->opb);
      if (code)
        return code;
    }
    if (want_sat > 0 || want_unsat > 0)
      fprintf(stderr,
              "nqsat suite: N = %d: found %d satisfiable and %d unsatisfiable completion "
              "instances fewer than asked (%d candidates tried, %d undecided within "
              "--max-nodes)\n",
              n, want_sat, want_unsat, attempts, undecided);
  }
  return 0;
}

/* DIR exists (or is made) and holds no manifest unless --force. */
static int prepare_directory(const suite_request *request) {
  if (mkdir(request->directory, 0777) != 0 && errno != EEXIST)
    return runtime_error("suite", "cannot create %s: %s", request->directory, strerror(errno));
  struct stat info;
  if (stat(request->directory, &info) != 0 || !S_ISDIR(info.st_mode))
    return runtime_error("suite", "%s is not a directory", request->directory);
  if (chdir(request->directory) != 0)
    return runtime_error("suite", "cannot enter %s: %s", request->directory, strerror(errno));
  if (!request->force && (access("manifest.csv", F_OK) == 0 || access("manifest.json", F_OK) == 0))
    return runtime_error("suite", "%s already holds a manifest; remove it or give --force",
                         request->directory);
  return 0;
}

int suite_build(const suite_request *request) {
  int original_directory = open(".", O_RDONLY | O_DIRECTORY);
  int code = prepare_directory(request);
  if (code) {
    if (original_directory >= 0)
      close(original_directory);
    return code;
  }
  suite_run run;
  memset(&run, 0, sizeof run);
  run.request = request;
  run.stop = interrupt_watch();
  run.show_progress = isatty(STDERR_FILENO);
  run.started = clock_seconds(CLOCK_MONOTONIC);
  code = write_plain(&run);
  if (!code && request->completions)
    code = write_completions(&run);
  if (!code && request->families)
    code = suite_write_families(request, &run.rows, &run.written);
  if (run.show_progress)
    fprintf(stderr, "\r\033[K");
  if (!code) {
    char error[600];
    if (manifest_write(&run.rows, "manifest.csv", "manifest.json", error, sizeof error))
      code = runtime_error("suite", "%s/%s", request->directory, error);
  }
  manifest_rows_free(&run.rows);
  nq_instance_free(run.cached_board);
  nq_instance_truth_clear(&run.cached_truth);
  if (original_directory >= 0) {
    if (fchdir(original_directory) != 0)
      code = code ? code : runtime_error("suite", "cannot return to the working directory");
    close(original_directory);
  }
  if (code == NQ_EXIT_INTERRUPTED) {
    char what[200];
    snprintf(what, sizeof what, "%d instance%s written to %s, no manifest", run.written,
             run.written == 1 ? "" : "s", request->directory);
    return report_interrupted("suite", what);
  }
  if (code)
    return code;
  fprintf(stderr,
          "nqsat suite: %d instances in %s (%d with an unknown status or count, %d skipped "
          "over --max-clauses), manifest.csv and manifest.json; %.1f s\n",
          run.written, request->directory, run.unknown, run.skipped,
          clock_seconds(CLOCK_MONOTONIC) - run.started);
  return NQ_EXIT_OK;
}
