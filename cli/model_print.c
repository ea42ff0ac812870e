/* SAT-competition model lines and the progress line of long enumerations. */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"

/* The competition format caps lines at 4096 characters; a model of any
 * size is wrapped into as many "v" lines as it needs, the last ending in
 * the terminating 0. */
enum { V_LINE_LIMIT = 4096 };

void print_model_lines(FILE *out, const signed char *values, const int *file_variables, int count) {
  char line[V_LINE_LIMIT + 2];
  size_t used = 0;
  for (int i = 1; i <= count + 1; i++) {
    char literal[16];
    int variable = i > count ? 0 : file_variables ? file_variables[i] : i;
    int length = i > count
                     ? snprintf(literal, sizeof literal, "0")
                     : snprintf(literal, sizeof literal, "%d", values[i] ? variable : -variable);
    if (used && used + 1 + (size_t)length > V_LINE_LIMIT) {
      line[used++] = '\n';
      fwrite(line, 1, used, out);
      used = 0;
    }
    if (!used)
      line[used++] = 'v';
    line[used++] = ' ';
    memcpy(line + used, literal, (size_t)length);
    used += (size_t)length;
  }
  line[used++] = '\n';
  fwrite(line, 1, used, out);
}

void show_progress(void *context, uint64_t solutions, double elapsed_seconds) {
  (void)context;
  double rate = elapsed_seconds > 0 ? (double)solutions / elapsed_seconds : 0;
  fprintf(stderr, "\r%llu solutions, %.0f/s, %.1f s elapsed ", (unsigned long long)solutions, rate,
          elapsed_seconds);
  fflush(stderr);
}

void clear_progress(void) {
  fputs("\r\033[K", stderr);
  fflush(stderr);
}
