/* A model counter's output as competition lines (counter_output.h). */
#include "counter_output.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The decimal number that is the whole of `text` (after leading blanks,
 * before trailing ones), or NULL. Writes its end into *length. */
static const char *whole_number(const char *text, size_t *length) {
  while (*text == ' ' || *text == '\t')
    text++;
  size_t digits = strspn(text, "0123456789");
  if (!digits)
    return NULL;
  const char *rest = text + digits;
  while (*rest == ' ' || *rest == '\t' || *rest == '\r' || *rest == '\n')
    rest++;
  if (*rest)
    return NULL;
  *length = digits;
  return text;
}

static int put_count(FILE *out, const char *digits, size_t length) {
  return fprintf(out, "c s exact arb int %.*s\n", (int)length, digits) < 0 ? -1 : 0;
}

int counter_output_normalise(const char *output_path, const char *answer_path, char *error,
                             size_t error_size) {
  FILE *in = fopen(output_path, "r");
  if (!in && errno != ENOENT) {
    snprintf(error, error_size, "%s: %s", output_path, strerror(errno));
    return -1;
  }
  FILE *out = fopen(answer_path, "w");
  if (!out) {
    snprintf(error, error_size, "%s: %s", answer_path, strerror(errno));
    if (in)
      fclose(in);
    return -1;
  }
  char *line = NULL;
  size_t capacity = 0;
  int counts = 0, failed = 0, after_solutions = 0, unsatisfiable = 0;
  /* The same count said twice (`s mc N` and `c s exact arb int N`) is
   * one count; two different ones are both kept, for the judge to refuse. */
  char *last = NULL;
  while (in && !failed && getline(&line, &capacity, in) >= 0) {
    size_t length = 0;
    const char *digits = NULL;
    if (after_solutions) {
      /* sharpSAT: the line after "# solutions" is the count. */
      after_solutions = 0;
      digits = whole_number(line, &length);
    } else if (!strncmp(line, "# solutions", 11)) {
      after_solutions = 1;
    } else if (!strncmp(line, "c s exact arb int ", 18)) {
      digits = whole_number(line + 18, &length);
    } else if (!strncmp(line, "s mc ", 5) || !strncmp(line, "s pmc ", 6)) {
      digits = whole_number(line + (line[2] == 'm' ? 5 : 6), &length);
      if (digits)
        failed |= fprintf(out, "c s type %s\n", line[2] == 'm' ? "mc" : "pmc") < 0;
    } else if (!strncmp(line, "s UNSATISFIABLE", 15)) {
      unsatisfiable = 1; /* 0, unless a count line says more */
    } else if (!strncmp(line, "s ", 2)) {
      digits = whole_number(line + 2, &length); /* d4 */
    } else if (!strncmp(line, "c s type ", 9)) {
      char type[8];
      if (sscanf(line + 9, "%7s", type) == 1 && (!strcmp(type, "mc") || !strcmp(type, "pmc")))
        failed |= fprintf(out, "c s type %s\n", type) < 0;
    }
    /* Leading zeros are the same count: the judge compares digits. */
    while (digits && length > 1 && *digits == '0')
      digits++, length--;
    if (digits && !failed && !(last && strlen(last) == length && !strncmp(last, digits, length))) {
      failed = put_count(out, digits, length) != 0;
      counts++;
      free(last);
      last = strndup(digits, length);
      failed |= !last;
    }
  }
  if (unsatisfiable && !counts && !failed) {
    failed = put_count(out, "0", 1) != 0;
    counts++;
  }
  free(last);
  free(line);
  if (in)
    fclose(in);
  if (fclose(out) != 0)
    failed = 1;
  if (failed) {
    snprintf(error, error_size, "%s: cannot write", answer_path);
    return -1;
  }
  return counts;
}
