/* Private to solver/: a run of the component counter that pauses when its
 * budget is spent and resumes with a larger one, for the hedge's trials
 * (engine_choice.c). Each later trial goes on where the last stopped, with
 * the counter's cache, learned clauses and search as they were, so no
 * trial repeats another's work.
 *
 * The counter runs on a thread of its own (nq_component_options.
 * budget_spent blocks it there while paused); the caller waits while it
 * runs, so only one of the two computes at a time. */
#ifndef NQSAT_COUNT_TRIAL_H
#define NQSAT_COUNT_TRIAL_H

#include <gmp.h>

#include "nqsat/component_count.h"

typedef struct count_trial count_trial;

/* Starts counting `cnf` with `options` (its budgets those of the first
 * trial, one thread) and `control` (copied), and waits until the run
 * pauses or ends. `count` and `stats` are written when it ends; `stats`
 * also at each pause (the figures so far). NULL when no thread or memory
 * could be had. */
count_trial *count_trial_start(const nq_cnf *cnf, const nq_component_options *options,
                               const nq_solver_control *control, mpz_t count,
                               nq_component_stats *stats);

/* Resumes a paused run with these budgets (totals since its start) and
 * waits until it pauses or ends. */
void count_trial_resume(count_trial *trial, uint64_t max_decisions, uint64_t max_work);

/* 1 when the run has ended, its status in *status; 0 while paused. */
int count_trial_ended(const count_trial *trial, nq_status *status);

/* Stops a paused run (NQ_ERR_STOPPED), waits for its thread and frees it;
 * accepts NULL. */
void count_trial_free(count_trial *trial);

#endif
