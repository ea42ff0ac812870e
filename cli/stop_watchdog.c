/* The watchdog of a stopped count (stop_watchdog.h). */
#include "stop_watchdog.h"

#include <pthread.h>
#include <stdatomic.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "command_errors.h"
#include "interrupt.h"

typedef struct watchdog {
  const volatile sig_atomic_t *stop;
  double time_limit;
  struct timespec started;
  const char *interrupted_line, *time_limit_line;
} watchdog;

static watchdog the_watchdog;
static atomic_int answer_claimed;

static double seconds_since(const struct timespec *start) {
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return (double)(now.tv_sec - start->tv_sec) + (double)(now.tv_nsec - start->tv_nsec) * 1e-9;
}

static void sleep_seconds(double seconds) {
  struct timespec wait = {(time_t)seconds, (long)((seconds - (double)(time_t)seconds) * 1e9)};
  while (nanosleep(&wait, &wait) != 0)
    ; /* a signal cut it short: sleep the rest */
}

static void write_all(int fd, const char *text) {
  size_t left = strlen(text);
  while (left) {
    ssize_t written = write(fd, text, left);
    if (written <= 0)
      return;
    text += written;
    left -= (size_t)written;
  }
}

static void *watch(void *unused) {
  (void)unused;
  watchdog *w = &the_watchdog;
  int interrupted;
  for (;;) {
    interrupted = *w->stop != 0;
    if (interrupted || (w->time_limit > 0 && seconds_since(&w->started) >= w->time_limit))
      break;
    sleep_seconds(0.02);
  }
  sleep_seconds(STOP_WATCHDOG_GRACE);
  if (atomic_exchange(&answer_claimed, 1))
    return NULL;                            /* the command answered */
  interrupted = interrupt_requested() != 0; /* the deadline raises the flag too */
  write_all(STDOUT_FILENO, interrupted ? w->interrupted_line : w->time_limit_line);
  write_all(STDERR_FILENO,
            interrupted ? "nqsat solve: interrupted in a phase that does not stop by itself; "
                          "ended with nothing counted\n"
                        : "nqsat solve: time limit reached in a phase that does not stop by "
                          "itself; ended with nothing counted\n");
  _exit(interrupted ? NQ_EXIT_INTERRUPTED : NQ_EXIT_OK);
}

void stop_watchdog_start(const volatile sig_atomic_t *stop, double time_limit_seconds,
                         const char *interrupted_line, const char *time_limit_line) {
  watchdog *w = &the_watchdog;
  w->stop = stop;
  w->time_limit = time_limit_seconds;
  w->interrupted_line = interrupted_line;
  w->time_limit_line = time_limit_line;
  clock_gettime(CLOCK_MONOTONIC, &w->started);
  pthread_t thread;
  if (pthread_create(&thread, NULL, watch, NULL) == 0)
    pthread_detach(thread);
}

int stop_watchdog_claim(void) {
  if (!atomic_exchange(&answer_claimed, 1))
    return 1;
  for (;;)
    pause(); /* the watchdog is printing and ends the process */
}
