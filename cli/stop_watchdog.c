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
  const char *interrupted_line, *time_limit_line;
} watchdog;

static watchdog the_watchdog;
static atomic_int answer_claimed;

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
  while (!*w->stop)
    sleep_seconds(0.02);
  sleep_seconds(STOP_WATCHDOG_GRACE);
  if (atomic_exchange(&answer_claimed, 1))
    return NULL; /* the command answered */
  /* The deadline raises the same flag; only a signal sets this one. */
  int interrupted = interrupt_requested() != 0;
  write_all(STDOUT_FILENO, interrupted ? w->interrupted_line : w->time_limit_line);
  write_all(STDERR_FILENO,
            interrupted ? "nqsat solve: interrupted in a phase that does not stop by itself; "
                          "ended with nothing counted\n"
                        : "nqsat solve: time limit reached in a phase that does not stop by "
                          "itself; ended with nothing counted\n");
  _exit(interrupted ? NQ_EXIT_INTERRUPTED : NQ_EXIT_OK);
}

void stop_watchdog_start(const volatile sig_atomic_t *stop, const char *interrupted_line,
                         const char *time_limit_line) {
  watchdog *w = &the_watchdog;
  w->stop = stop;
  w->interrupted_line = interrupted_line;
  w->time_limit_line = time_limit_line;
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
