/* Minimal assertions for nqsat's C tests: report every failure with its
 * location, keep going, and exit non-zero at the end if any failed. */
#ifndef NQSAT_TESTS_CHECK_H
#define NQSAT_TESTS_CHECK_H

#include <stdio.h>

static int check_failures;

#define CHECK(condition, ...)                                                                      \
  do {                                                                                             \
    if (!(condition)) {                                                                            \
      check_failures++;                                                                            \
      fprintf(stderr, "%s:%d: check failed: %s: ", __FILE__, __LINE__, #condition);                \
      fprintf(stderr, __VA_ARGS__);                                                                \
      fputc('\n', stderr);                                                                         \
    }                                                                                              \
  } while (0)

static inline int check_report(const char *name) {
  if (check_failures)
    fprintf(stderr, "%s: %d check(s) failed\n", name, check_failures);
  else
    printf("%s: all checks passed\n", name);
  return check_failures ? 1 : 0;
}

#endif
