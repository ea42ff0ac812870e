/* Count claims, kept as decimal digits of any length: a model count of a
 * formula with free variables easily passes 2^64, and two whole numbers
 * written in canonical decimal (no sign, no leading zeros) are equal
 * exactly when their digit strings are, so judging them needs no
 * arithmetic. Sources of the forms: picosat's --all output, the Model
 * Counting Competition's output rules of 2020 ("s mc K") and 2021-2024
 * ("c s exact arb int K"), and nqsat solve's own closing comment. */
#include <ctype.h>
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "count_claim.h"

void nq_count_claim_clear(nq_count_claim *claim) {
  free(claim->digits);
  memset(claim, 0, sizeof *claim);
}

int nq_count_compare(const char *digits, uint64_t value) {
  char written[24];
  snprintf(written, sizeof written, "%" PRIu64, value);
  size_t length = strlen(digits), other = strlen(written);
  if (length != other)
    return length < other ? -1 : 1;
  return strcmp(digits, written);
}

double nq_count_log10(const char *digits) {
  if (!strcmp(digits, "0"))
    return -HUGE_VAL;
  /* The leading 17 digits carry all a double holds; the rest only shift. */
  size_t length = strlen(digits), taken = length < 17 ? length : 17;
  char leading[18];
  memcpy(leading, digits, taken);
  leading[taken] = '\0';
  return log10(strtod(leading, NULL)) + (double)(length - taken);
}

static int word_is(const char *text, const char *word) {
  size_t length = strlen(word);
  return !strncmp(text, word, length) && (!text[length] || isspace((unsigned char)text[length]));
}

static const char *skip_blanks(const char *text) {
  while (isspace((unsigned char)*text))
    text++;
  return text;
}

/* Records the number at `number` (its first `length` bytes). */
int count_claim_record(nq_count_claim *claim, const char *form, const char *number, size_t length,
                  long line) {
  int whole = length > 0;
  for (size_t i = 0; i < length && whole; i++)
    whole = isdigit((unsigned char)number[i]);
  while (whole && length > 1 && *number == '0') {
    number++;
    length--;
  }
  if (claim->line) {
    int same = whole && claim->digits && strlen(claim->digits) == length &&
               !strncmp(claim->digits, number, length);
    if (!same && !claim->conflict_line)
      claim->conflict_line = line;
    if (same && !strcmp(form, claim->form) && !claim->repeat_line)
      claim->repeat_line = line;
    return 1;
  }
  claim->line = line;
  claim->form = form;
  size_t shown = length < sizeof claim->text - 4 ? length : sizeof claim->text - 4;
  for (size_t i = 0; i < shown; i++)
    claim->text[i] = isprint((unsigned char)number[i]) ? number[i] : '?';
  strcpy(claim->text + shown, shown < length ? "..." : "");
  if (whole) {
    claim->digits = malloc(length + 1);
    if (!claim->digits)
      return -1;
    memcpy(claim->digits, number, length);
    claim->digits[length] = '\0';
  }
  return 1;
}

int count_claim_read_line(nq_count_claim *claim, const char *text, long line) {
  const char *rest;
  if (text[0] == 's' && isspace((unsigned char)text[1])) {
    rest = skip_blanks(text + 1);
    const char *form = word_is(rest, "SOLUTIONS") ? "s SOLUTIONS"
                       : word_is(rest, "mc")      ? "s mc"
                       : word_is(rest, "pmc")     ? "s pmc"
                                                  : NULL;
    if (!form)
      return 0;
    rest = skip_blanks(rest + strlen(form) - 2);
    return count_claim_record(claim, form, rest, strcspn(rest, " \t"), line);
  }
  if (text[0] != 'c' || !isspace((unsigned char)text[1]))
    return 0;
  rest = skip_blanks(text + 1);
  if (!strncmp(rest, "s exact ", 8)) {
    /* "c s exact arb int K", "c s exact quadruple int K"; a float
     * ("c s exact double prec-sci 1.5e9") is no whole count. */
    if (!strstr(rest, " int ") && !strstr(rest, " int\t"))
      return 0;
    const char *last = rest + strlen(rest);
    while (last > rest && !isspace((unsigned char)last[-1]))
      last--;
    return count_claim_record(claim, "c s exact int", last, strlen(last), line);
  }
  /* "c 92 models": digits, then "model" or "models", then nothing or one
   * of nqsat solve's remarks on the list. */
  size_t digits = strspn(rest, "0123456789");
  if (!digits || !isspace((unsigned char)rest[digits]))
    return 0;
  const char *word = skip_blanks(rest + digits);
  if (!(word_is(word, "models") || word_is(word, "model")))
    return 0;
  const char *remark = skip_blanks(word + (word[5] == 's' ? 6 : 5));
  int64_t listed = 0;
  int incomplete = 0;
  while (*remark) {
    long long number = 0;
    int used = 0;
    if (sscanf(remark, "(%lld listed over the variables that occur)%n", &number, &used) == 1 &&
        used > 0 && number > 0 && !listed)
      listed = number;
    else if (sscanf(remark, "(stopped at --max %lld)%n", &number, &used) == 1 && used > 0)
      incomplete = 1;
    else if (!strncmp(remark, "(incomplete enumeration)", 24) && (used = 24))
      incomplete = 1;
    else
      return 0;
    remark = skip_blanks(remark + used);
  }
  int recorded = count_claim_record(claim, incomplete ? "c K models (incomplete)" : "c K models", rest, digits,
                        line);
  if (recorded > 0 && claim->line == line) {
    claim->listed = listed;
    claim->incomplete = incomplete;
  }
  return recorded;
}
