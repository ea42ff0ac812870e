/* SAT-competition model lines and the progress line of long enumerations. */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"

/* The competition format caps lines at 4096 characters; a model of any
 * size is wrapped into as many "v" lines as it needs, the last ending in
 * the terminating 0. */
enum { V_LINE_LIMIT = 4096 };

/* Writes `number` in decimal at `out`; returns the characters written.
 * Millions of models are printed one literal at a time: this is what
 * keeps --all from being bound by snprintf. */
static size_t put_decimal(char *out, int number) {
  char digits[12];
  size_t length = 0, used = 0;
  unsigned magnitude = number < 0 ? 0u - (unsigned)number : (unsigned)number;
  do {
    digits[length++] = (char)('0' + magnitude % 10);
    magnitude /= 10;
  } while (magnitude);
  if (number < 0)
    out[used++] = '-';
  while (length)
    out[used++] = digits[--length];
  return used;
}

void print_model_lines(FILE *out, const signed char *values, const int *file_variables, int count) {
  char line[V_LINE_LIMIT + 16];
  size_t used = 0;
  for (int i = 1; i <= count + 1; i++) {
    if (i <= count && values[i] < 0)
      continue; /* a free variable: left out of the cube */
    char literal[16];
    int variable = i > count ? 0 : file_variables ? file_variables[i] : i;
    size_t length = put_decimal(literal, i > count || values[i] ? variable : -variable);
    if (used && used + 1 + length > V_LINE_LIMIT) {
      line[used++] = '\n';
      fwrite(line, 1, used, out);
      used = 0;
    }
    if (!used)
      line[used++] = 'v';
    line[used++] = ' ';
    memcpy(line + used, literal, length);
    used += length;
  }
  line[used++] = '\n';
  fwrite(line, 1, used, out);
}

void print_free_line(FILE *out, const signed char *values, const int *file_variables, int count) {
  char line[V_LINE_LIMIT + 16];
  size_t used = 0;
  for (int i = 1; i <= count; i++) {
    if (values[i] >= 0)
      continue;
    if (used + 14 > V_LINE_LIMIT) {
      line[used++] = '\n';
      fwrite(line, 1, used, out);
      used = 0;
    }
    if (!used) {
      memcpy(line, "c free", 6);
      used = 6;
    }
    line[used++] = ' ';
    used += put_decimal(line + used, file_variables ? file_variables[i] : i);
  }
  if (used) {
    line[used++] = '\n';
    fwrite(line, 1, used, out);
  }
}

void print_model_compact(FILE *out, const signed char *values, int count) {
  char chunk[4096];
  size_t used = 0;
  for (int i = 1; i <= count; i++) {
    if (used == sizeof chunk) {
      fwrite(chunk, 1, used, out);
      used = 0;
    }
    chunk[used++] = values[i] < 0 ? '-' : values[i] ? '1' : '0';
  }
  fwrite(chunk, 1, used, out);
  putc('\n', out);
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
