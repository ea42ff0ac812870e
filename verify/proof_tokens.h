/* Private to verify/: the one tokenizer of the proof checkers' text
 * inputs (DIMACS formulas, text DRAT and LRAT, count certificates):
 * blanks and line ends skipped with the line counted, decimal integers
 * read in one tight loop. Inline: parsing is most of an LRAT check. */
#ifndef NQSAT_VERIFY_PROOF_TOKENS_H
#define NQSAT_VERIFY_PROOF_TOKENS_H

#include <stddef.h>
#include <stdint.h>

typedef struct proof_tokens {
  const char *bytes;
  size_t size, at;
  int64_t line; /* of bytes[at], from 1 */
} proof_tokens;

static inline int proof_token_blank(char byte) {
  return byte == ' ' || byte == '\t' || byte == '\r';
}

/* Skips blanks and line ends (and, with `comments`, lines starting with
 * 'c'); returns the next byte, or -1 at the end. */
static inline int proof_tokens_skip(proof_tokens *t, int comments) {
  while (t->at < t->size) {
    char byte = t->bytes[t->at];
    if (byte == '\n')
      t->line++;
    else if (comments && byte == 'c') {
      while (t->at < t->size && t->bytes[t->at] != '\n')
        t->at++;
      continue;
    } else if (!proof_token_blank(byte))
      return (unsigned char)byte;
    t->at++;
  }
  return -1;
}

/* Skips blanks on the current line only; returns the next byte, '\n', or
 * -1 at the end. */
static inline int proof_tokens_skip_blanks(proof_tokens *t) {
  while (t->at < t->size && proof_token_blank(t->bytes[t->at]))
    t->at++;
  return t->at < t->size ? (unsigned char)t->bytes[t->at] : -1;
}

enum { PROOF_TOKEN_OK = 1, PROOF_TOKEN_NONE = 0, PROOF_TOKEN_LARGE = -1, PROOF_TOKEN_JOINED = -2 };

/* The decimal integer at the position (an optional '-', digits, then a
 * blank, a line end or the end): PROOF_TOKEN_OK with it in *value and the
 * position past it; NONE when no digit is there, LARGE when its magnitude
 * exceeds `limit` (at most INT64_MAX / 16), JOINED when a character other than a blank follows it
 * (the position is then on that character). */
static inline int proof_tokens_integer(proof_tokens *t, int64_t limit, int64_t *value) {
  const char *bytes = t->bytes;
  size_t at = t->at, size = t->size;
  int negative = at < size && bytes[at] == '-';
  at += (size_t)negative;
  if (at >= size || (unsigned)(bytes[at] - '0') > 9)
    return PROOF_TOKEN_NONE;
  int64_t magnitude = 0;
  unsigned digit;
  while (at < size && (digit = (unsigned)(bytes[at] - '0')) <= 9) {
    magnitude = magnitude * 10 + (int64_t)digit;
    if (magnitude > limit)
      return PROOF_TOKEN_LARGE;
    at++;
  }
  t->at = at;
  if (at < size && !proof_token_blank(bytes[at]) && bytes[at] != '\n')
    return PROOF_TOKEN_JOINED;
  *value = negative ? -magnitude : magnitude;
  return PROOF_TOKEN_OK;
}

#endif
