/* The clock of nqsat check (see check_timer.h). One run a process, so
 * the state is static: interrupt_mirror needs a flag in static storage. */
#include "check_timer.h"

#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <time.h>
#include <unistd.h>

#include "interrupt.h"

static volatile sig_atomic_t stop_flag;
static struct {
  pthread_t thread;
  pthread_mutex_t lock;
  pthread_cond_t wake;
  int running, done, expired, line_shown, on_terminal;
  const char *what;
  double limit;
  struct timespec started;
} clock_state = {.lock = PTHREAD_MUTEX_INITIALIZER, .wake = PTHREAD_COND_INITIALIZER};

static double seconds_since(const struct timespec *start) {
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return (double)(now.tv_sec - start->tv_sec) + (double)(now.tv_nsec - start->tv_nsec) * 1e-9;
}

static void show_line(double elapsed) {
  char limit[64] = "";
  if (clock_state.limit > 0)
    snprintf(limit, sizeof limit, " of --time-limit %.0f s", clock_state.limit);
  fprintf(stderr, "%snqsat check: %s, %.0f s%s%s", clock_state.on_terminal ? "\r" : "",
          clock_state.what, elapsed, limit, clock_state.on_terminal ? " " : "\n");
  fflush(stderr);
  clock_state.line_shown = 1;
}

/* Sleeps on the condition until the next second (or the deadline), so
 * check_timer_stop wakes it at once. */
static void *run_clock(void *unused) {
  (void)unused;
  double next_line = CHECK_TIMER_PROGRESS_AFTER;
  pthread_mutex_lock(&clock_state.lock);
  while (!clock_state.done) {
    double elapsed = seconds_since(&clock_state.started);
    if (clock_state.limit > 0 && elapsed >= clock_state.limit && !clock_state.expired) {
      clock_state.expired = 1;
      stop_flag = 1;
    }
    if (elapsed >= next_line) {
      show_line(elapsed);
      next_line = clock_state.on_terminal ? elapsed + 1 : elapsed + CHECK_TIMER_LOG_EVERY;
    }
    double wait = next_line - elapsed;
    if (clock_state.limit > 0 && !clock_state.expired && clock_state.limit - elapsed < wait)
      wait = clock_state.limit - elapsed;
    if (wait < 0.01)
      wait = 0.01;
    struct timespec until;
    clock_gettime(CLOCK_REALTIME, &until);
    until.tv_sec += (time_t)wait;
    until.tv_nsec += (long)((wait - (double)(time_t)wait) * 1e9);
    if (until.tv_nsec >= 1000000000L) {
      until.tv_sec++;
      until.tv_nsec -= 1000000000L;
    }
    int waited = 0;
    while (!clock_state.done && waited != ETIMEDOUT)
      waited = pthread_cond_timedwait(&clock_state.wake, &clock_state.lock, &until);
  }
  pthread_mutex_unlock(&clock_state.lock);
  return NULL;
}

const volatile sig_atomic_t *check_timer_start(const char *what, double time_limit_seconds) {
  clock_state.what = what;
  clock_state.limit = time_limit_seconds;
  clock_state.done = clock_state.expired = clock_state.line_shown = 0;
  clock_state.on_terminal = isatty(STDERR_FILENO);
  clock_gettime(CLOCK_MONOTONIC, &clock_state.started);
  interrupt_watch();
  interrupt_mirror(&stop_flag);
  if (pthread_create(&clock_state.thread, NULL, run_clock, NULL) != 0)
    return &stop_flag; /* signals still stop the run */
  clock_state.running = 1;
  return &stop_flag;
}

int check_timer_expired(void) {
  pthread_mutex_lock(&clock_state.lock);
  int expired = clock_state.expired;
  pthread_mutex_unlock(&clock_state.lock);
  return expired;
}

void check_timer_stop(void) {
  if (clock_state.running) {
    pthread_mutex_lock(&clock_state.lock);
    clock_state.done = 1;
    pthread_cond_signal(&clock_state.wake);
    pthread_mutex_unlock(&clock_state.lock);
    pthread_join(clock_state.thread, NULL);
    clock_state.running = 0;
  }
  if (clock_state.line_shown && clock_state.on_terminal) {
    fputs("\r\033[K", stderr);
    fflush(stderr);
  }
}
