/* The lines of a labelled printed board, shared by the solution reader
 * (check N) and the answer reader (check --instance). */
#include "board_text.h"

static int is_blank(char c) { return c == ' ' || c == '\t'; }

/* An unsigned decimal number at *p, clamped to 10^12; leaves *p after
 * it. Returns 0 when no digit is there. */
static int read_number(const char **p, long long *value) {
  if (**p < '0' || **p > '9')
    return 0;
  *value = 0;
  for (; **p >= '0' && **p <= '9'; ++*p)
    if (*value < 1000000000000LL)
      *value = *value * 10 + (**p - '0');
  return 1;
}

int board_text_labelled_row(const char *line, long long *label, int *squares) {
  const char *p = line;
  if (!read_number(&p, label) || !is_blank(*p))
    return -1;
  int column = -1;
  *squares = 0;
  for (;;) {
    while (is_blank(*p))
      p++;
    if (!*p)
      break;
    if ((*p != '.' && *p != 'Q') || (p[1] && !is_blank(p[1])))
      return -1;
    if (*p == 'Q')
      column = column == -1 ? *squares : -3;
    ++*squares;
    p++;
  }
  if (!*squares)
    return -1;
  return column == -1 ? -2 : column;
}

int board_text_only_numbers(const char *line) {
  int digits = 0;
  for (const char *p = line; *p; p++) {
    if (*p >= '0' && *p <= '9')
      digits = 1;
    else if (!is_blank(*p))
      return 0;
  }
  return digits;
}

int board_text_header_width(const char *line, int *wrong_at, long long *wrong) {
  const char *p = line;
  int count = 0;
  for (;;) {
    while (is_blank(*p))
      p++;
    if (!*p)
      return count;
    long long value = 0;
    if (!read_number(&p, &value) || (*p && !is_blank(*p)) || value != count + 1) {
      *wrong_at = count + 1;
      *wrong = value;
      return 0;
    }
    count++;
  }
}
