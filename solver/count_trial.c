/* A component count that pauses and resumes (see count_trial.h): the
 * counter's budget_spent hook parks its thread on a condition variable
 * until the caller resumes it with more budget or stops it. */
#include "count_trial.h"

#include <pthread.h>
#include <stdlib.h>

enum trial_state { TRIAL_RUNNING, TRIAL_PAUSED, TRIAL_ENDED };

struct count_trial {
  pthread_t thread;
  pthread_mutex_t lock;
  pthread_cond_t changed;
  enum trial_state state;
  int stop;
  uint64_t max_decisions, max_work; /* the budgets a resume brings */
  nq_status status;
  const nq_cnf *cnf;
  nq_component_options options;
  nq_solver_control control;
  mpz_ptr count;
  nq_component_stats *stats;
};

/* On the counter's thread: report the figures so far, wait to be resumed
 * or stopped. */
static int budget_spent(void *context, const nq_component_stats *so_far, uint64_t *max_decisions,
                        uint64_t *max_work) {
  count_trial *trial = context;
  pthread_mutex_lock(&trial->lock);
  *trial->stats = *so_far;
  trial->state = TRIAL_PAUSED;
  pthread_cond_broadcast(&trial->changed);
  while (trial->state == TRIAL_PAUSED)
    pthread_cond_wait(&trial->changed, &trial->lock);
  int go = !trial->stop;
  if (go) {
    *max_decisions = trial->max_decisions;
    *max_work = trial->max_work;
  }
  pthread_mutex_unlock(&trial->lock);
  return go;
}

static void *run_trial(void *context) {
  count_trial *trial = context;
  nq_status status = nq_cnf_count_components(trial->cnf, &trial->options, &trial->control,
                                             trial->count, trial->stats);
  pthread_mutex_lock(&trial->lock);
  trial->status = status;
  trial->state = TRIAL_ENDED;
  pthread_cond_broadcast(&trial->changed);
  pthread_mutex_unlock(&trial->lock);
  return NULL;
}

/* Called with the lock held. */
static void wait_while_running(count_trial *trial) {
  while (trial->state == TRIAL_RUNNING)
    pthread_cond_wait(&trial->changed, &trial->lock);
}

count_trial *count_trial_start(const nq_cnf *cnf, const nq_component_options *options,
                               const nq_solver_control *control, mpz_t count,
                               nq_component_stats *stats) {
  count_trial *trial = calloc(1, sizeof *trial);
  if (!trial)
    return NULL;
  trial->cnf = cnf;
  trial->options = *options;
  trial->options.threads = 1;
  trial->options.budget_spent = budget_spent;
  trial->options.budget_context = trial;
  if (control)
    trial->control = *control;
  trial->count = count;
  trial->stats = stats;
  trial->state = TRIAL_RUNNING;
  if (pthread_mutex_init(&trial->lock, NULL) != 0) {
    free(trial);
    return NULL;
  }
  if (pthread_cond_init(&trial->changed, NULL) != 0) {
    pthread_mutex_destroy(&trial->lock);
    free(trial);
    return NULL;
  }
  pthread_mutex_lock(&trial->lock);
  if (pthread_create(&trial->thread, NULL, run_trial, trial) != 0) {
    pthread_mutex_unlock(&trial->lock);
    pthread_cond_destroy(&trial->changed);
    pthread_mutex_destroy(&trial->lock);
    free(trial);
    return NULL;
  }
  wait_while_running(trial);
  pthread_mutex_unlock(&trial->lock);
  return trial;
}

void count_trial_resume(count_trial *trial, uint64_t max_decisions, uint64_t max_work) {
  pthread_mutex_lock(&trial->lock);
  if (trial->state == TRIAL_PAUSED) {
    trial->max_decisions = max_decisions;
    trial->max_work = max_work;
    trial->state = TRIAL_RUNNING;
    pthread_cond_broadcast(&trial->changed);
    wait_while_running(trial);
  }
  pthread_mutex_unlock(&trial->lock);
}

int count_trial_ended(const count_trial *trial, nq_status *status) {
  /* The state changes only while the caller waits in start or resume. */
  if (trial->state != TRIAL_ENDED)
    return 0;
  *status = trial->status;
  return 1;
}

void count_trial_free(count_trial *trial) {
  if (!trial)
    return;
  pthread_mutex_lock(&trial->lock);
  if (trial->state == TRIAL_PAUSED) {
    trial->stop = 1;
    trial->state = TRIAL_RUNNING;
    pthread_cond_broadcast(&trial->changed);
  }
  pthread_mutex_unlock(&trial->lock);
  pthread_join(trial->thread, NULL);
  pthread_cond_destroy(&trial->changed);
  pthread_mutex_destroy(&trial->lock);
  free(trial);
}
