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

/* The largest K of "M*2^K" turned into decimal (about 30,000 digits, a
 * few milliseconds); a larger power stays unread, judged as no whole
 * number. */
enum { POWER_FORM_MAX_EXPONENT = 100000 };

/* nqsat solve prints a count of more than --exact-digits digits exactly
 * as "M*2^K" (M odd) or "2^K": its decimal digits, malloc'd, computed in
 * base-10^9 limbs by doubling 29 bits at a time (2^29 * 10^9 < 2^64);
 * NULL when `number` is not that form or K is too large. */
static char *power_form_decimal(const char *number, size_t length) {
  size_t m_length = 0;
  const char *power = number;
  const char *star = memchr(number, '*', length);
  if (star) {
    m_length = (size_t)(star - number);
    if (!m_length || strspn(number, "0123456789") != m_length)
      return NULL;
    power = star + 1;
  }
  size_t rest = length - (size_t)(power - number);
  if (rest < 3 || power[0] != '2' || power[1] != '^')
    return NULL;
  size_t k_length = rest - 2;
  if (k_length > 6 || strspn(power + 2, "0123456789") < k_length)
    return NULL;
  unsigned long exponent = strtoul(power + 2, NULL, 10);
  if (exponent > POWER_FORM_MAX_EXPONENT)
    return NULL;
  size_t limbs_max = m_length / 9 + 2 + (size_t)(exponent * 0.30103 / 9) + 2;
  uint32_t *limbs = calloc(limbs_max, sizeof *limbs);
  if (!limbs)
    return NULL;
  size_t used = 0;
  if (!star) {
    limbs[used++] = 1;
  } else {
    for (size_t end = m_length; end > 0;) {
      size_t begin = end >= 9 ? end - 9 : 0;
      uint32_t limb = 0;
      for (size_t i = begin; i < end; i++)
        limb = limb * 10 + (uint32_t)(number[i] - '0');
      limbs[used++] = limb;
      end = begin;
    }
  }
  for (unsigned long left = exponent; left > 0;) {
    unsigned shift = left >= 29 ? 29 : (unsigned)left;
    uint64_t carry = 0;
    for (size_t i = 0; i < used; i++) {
      uint64_t value = ((uint64_t)limbs[i] << shift) + carry;
      limbs[i] = (uint32_t)(value % 1000000000u);
      carry = value / 1000000000u;
    }
    while (carry) {
      limbs[used++] = (uint32_t)(carry % 1000000000u);
      carry /= 1000000000u;
    }
    left -= shift;
  }
  while (used > 1 && !limbs[used - 1])
    used--;
  size_t size = used * 9 + 16;
  char *digits = malloc(size);
  if (digits) {
    size_t written = (size_t)snprintf(digits, size, "%" PRIu32, limbs[used - 1]);
    for (size_t i = used - 1; i-- > 0;)
      written += (size_t)snprintf(digits + written, size - written, "%09" PRIu32, limbs[i]);
  }
  free(limbs);
  return digits;
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
  char *expanded = whole ? NULL : power_form_decimal(number, length);
  const char *value = expanded ? expanded : number;
  size_t value_length = expanded ? strlen(expanded) : length;
  whole = whole || expanded;
  if (claim->line) {
    int same = whole && claim->digits && strlen(claim->digits) == value_length &&
               !strncmp(claim->digits, value, value_length);
    free(expanded);
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
  if (expanded) {
    claim->digits = expanded;
  } else if (whole) {
    claim->digits = malloc(length + 1);
    if (!claim->digits)
      return -1;
    memcpy(claim->digits, number, length);
    claim->digits[length] = '\0';
  }
  return 1;
}

/* "M*2^K" or "2^K" written with digits (K may be too large to expand). */
static int is_power_form(const char *text, size_t length) {
  size_t m = strspn(text, "0123456789");
  const char *power = text[m] == '*' && m ? text + m + 1 : text;
  size_t rest = length - (size_t)(power - text);
  return rest >= 3 && power[0] == '2' && power[1] == '^' &&
         strspn(power + 2, "0123456789") == rest - 2;
}

/* The length of a count at the start of `text`: digits, or nqsat's
 * "M*2^K" / "2^K". */
static size_t count_span(const char *text) {
  size_t digits = strspn(text, "0123456789");
  if (text[digits] == '*' && digits)
    digits += 1 + strspn(text + digits + 1, "0123456789");
  if (text[digits] == '^' && digits)
    digits += 1 + strspn(text + digits + 1, "0123456789");
  return digits;
}

int count_claim_read_bare(nq_count_claim *claim, const char *text, long line) {
  size_t length = count_span(text);
  if (!length)
    return 0;
  const char *rest = text + length;
  int incomplete = 0;
  if (*rest) {
    /* nqsat solve --count cut short: "N (incomplete: REASON)". */
    const char *remark = skip_blanks(rest);
    size_t remark_length = strlen(remark);
    if (remark == rest || strncmp(remark, "(incomplete: ", 13) || remark[remark_length - 1] != ')')
      return 0;
    incomplete = 1;
  }
  if (strspn(text, "0123456789") < length && !is_power_form(text, length))
    return 0;
  int recorded = count_claim_record(claim, incomplete ? "K (incomplete)" : "K", text, length, line);
  if (recorded > 0 && claim->line == line)
    claim->incomplete = incomplete;
  return recorded;
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
  size_t digits = count_span(rest);
  if (!digits || !isspace((unsigned char)rest[digits]) ||
      (strspn(rest, "0123456789") < digits && !is_power_form(rest, digits)))
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
  int recorded = count_claim_record(claim, incomplete ? "c K models (incomplete)" : "c K models",
                                    rest, digits, line);
  if (recorded > 0 && claim->line == line) {
    claim->listed = listed;
    claim->incomplete = incomplete;
  }
  return recorded;
}
