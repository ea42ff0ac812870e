/* The end of `nqsat run`: the wrong answers first, each with a command
 * that reproduces it, then one line per solver.
 *
 * PAR-2 as the SAT Competition ranks solvers (its rules: the "penalized
 * average runtime", each solved instance counting its run time, each
 * unsolved one twice the time limit), here the mean over the solver's runs
 * of the wall-clock time. A wrong answer is not a solved run (it counts
 * 2 x timeout too); the competition disqualifies a solver that gives one,
 * so the table marks such a solver instead of ranking it quietly. */
#include <stdlib.h>
#include <string.h>

#include "run.h"

int result_is_solved(const result_row *row) {
  return !strcmp(row->result, "correct") || !strcmp(row->result, "unsat-verified") ||
         !strcmp(row->result, "count-correct");
}

int result_is_run(const result_row *row) { return strcmp(row->result, "skipped") != 0; }

double result_par2_seconds(const result_row *row) {
  return result_is_solved(row) ? row->seconds : 2 * row->timeout;
}

int run_par2(const result_table *table, const char *solver, double *par2) {
  int runs = 0;
  double sum = 0;
  for (size_t i = 0; i < table->count; i++) {
    const result_row *row = &table->rows[i];
    if (!strcmp(row->solver, solver) && result_is_run(row)) {
      runs++;
      sum += result_par2_seconds(row);
    }
  }
  *par2 = runs ? sum / runs : 0;
  return runs;
}

int result_is_wrong(const result_row *row) {
  return !strcmp(row->result, "wrong-status") || !strcmp(row->result, "invalid-model") ||
         !strcmp(row->result, "wrong-exit-code") || !strcmp(row->result, "unsat-proof-failed") ||
         !strcmp(row->result, "wrong-count") || !strcmp(row->result, "count-wrong");
}

typedef struct solver_tally {
  const char *name;
  int runs, solved, wrong, timeouts, memory, crashes, unknown, skipped;
  double par2_sum;
} solver_tally;

static solver_tally *find_tally(solver_tally *tallies, int *count, const char *name) {
  for (int i = 0; i < *count; i++)
    if (!strcmp(tallies[i].name, name))
      return &tallies[i];
  solver_tally *tally = &tallies[(*count)++];
  memset(tally, 0, sizeof *tally);
  tally->name = name;
  return tally;
}

void run_report(FILE *out, const result_table *table, const char *const *solver_order,
                int solver_count, const char *directory) {
  int wrong_total = 0;
  for (size_t i = 0; i < table->count; i++)
    wrong_total += result_is_wrong(&table->rows[i]);
  if (wrong_total) {
    fprintf(out, "WRONG ANSWERS (%d):\n", wrong_total);
    for (size_t i = 0; i < table->count; i++) {
      const result_row *row = &table->rows[i];
      if (!result_is_wrong(row))
        continue;
      fprintf(out, "  %s on %s: %s: %s\n", row->solver, row->file, row->result, row->detail);
      fprintf(out, "    reproduce: %s; nqsat check --instance %s/%s answer.txt\n", row->command,
              directory, row->file);
    }
    fprintf(out, "\n");
  }
  solver_tally *tallies = calloc(table->count + (size_t)solver_count + 1, sizeof *tallies);
  if (!tallies)
    return;
  int count = 0;
  for (int i = 0; i < solver_count; i++)
    find_tally(tallies, &count, solver_order[i]);
  for (size_t i = 0; i < table->count; i++) {
    const result_row *row = &table->rows[i];
    solver_tally *tally = find_tally(tallies, &count, row->solver);
    if (!result_is_run(row)) {
      tally->skipped++; /* not run: neither a run nor in PAR-2 */
      continue;
    }
    tally->runs++;
    tally->par2_sum += result_par2_seconds(row);
    if (result_is_solved(row)) {
      tally->solved++;
    } else {
      tally->wrong += result_is_wrong(row);
      tally->timeouts += !strcmp(row->result, "timeout");
      tally->memory += !strcmp(row->result, "memory");
      tally->crashes += !strcmp(row->result, "crash");
      tally->unknown += !strcmp(row->result, "unknown") || !strcmp(row->result, "unverified") ||
                        !strcmp(row->result, "count-unverified") ||
                        !strcmp(row->result, "unsat-no-proof");
    }
  }
  size_t width = strlen("solver");
  for (int i = 0; i < count; i++)
    if (strlen(tallies[i].name) > width)
      width = strlen(tallies[i].name);
  fprintf(out, "%-*s %6s %6s %6s %8s %6s %6s %7s %10s\n", (int)width, "solver", "runs", "solved",
          "wrong", "timeouts", "memory", "crash", "unknown", "PAR-2 (s)");
  for (int i = 0; i < count; i++) {
    const solver_tally *t = &tallies[i];
    fprintf(out, "%-*s %6d %6d %6d %8d %6d %6d %7d ", (int)width, t->name, t->runs, t->solved,
            t->wrong, t->timeouts, t->memory, t->crashes, t->unknown);
    if (t->runs)
      fprintf(out, "%10.3f", t->par2_sum / t->runs);
    else
      fprintf(out, "%10s", "-");
    fprintf(out, "%s", t->wrong ? "  (wrong answers: disqualified by competition rules)" : "");
    if (t->skipped)
      fprintf(out, "  (%d file%s skipped: format)", t->skipped, t->skipped == 1 ? "" : "s");
    fprintf(out, "\n");
  }
  free(tallies);
}
