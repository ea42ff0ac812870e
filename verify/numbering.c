/* How a SAT model's variables make a board, re-derived from the header's
 * words alone: the matrix model's queen numbering, or the rows model's
 * value variables under one of its CSP encodings. The encoder states the
 * same numbering in nqsat/encoder.h; nothing here is shared with it, so a
 * file whose header lies about its numbering fails here, not silently. */
#include <stdio.h>
#include <string.h>

#include "nqsat/verify.h"

int nq_verify_numbering_from_words(const char *model, const char *csp,
                                   nq_verify_numbering *numbering) {
  if (!model || !strcmp(model, "matrix")) {
    *numbering = NQ_VERIFY_MATRIX;
    return 0;
  }
  if (strcmp(model, "rows") || !csp)
    return -1;
  static const struct {
    const char *word;
    nq_verify_numbering numbering;
  } encodings[] = {{"direct", NQ_VERIFY_ROWS_DIRECT},
                   {"support", NQ_VERIFY_ROWS_SUPPORT},
                   {"order", NQ_VERIFY_ROWS_ORDER},
                   {"log", NQ_VERIFY_ROWS_LOG}};
  for (size_t i = 0; i < sizeof encodings / sizeof encodings[0]; i++)
    if (!strcmp(csp, encodings[i].word)) {
      *numbering = encodings[i].numbering;
      return 0;
    }
  return -1;
}

/* Bits of the log encoding: the smallest b with 2^b >= n. */
static int bits_of(int n) {
  int bits = 0;
  while ((1L << bits) < n)
    bits++;
  return bits;
}

int nq_verify_numbering_width(nq_verify_numbering numbering, int n) {
  switch (numbering) {
  case NQ_VERIFY_ROWS_ORDER: return n - 1;
  case NQ_VERIFY_ROWS_LOG: return bits_of(n);
  default: return n;
  }
}

int64_t nq_verify_numbering_variables(nq_verify_numbering numbering, int n) {
  return (int64_t)n * nq_verify_numbering_width(numbering, n);
}

int nq_verify_decode_numbered(int n, nq_verify_numbering numbering,
                              int (*is_true)(void *context, int variable), void *context,
                              int *columns, char *why, size_t why_size) {
  if (numbering == NQ_VERIFY_MATRIX || numbering == NQ_VERIFY_ROWS_DIRECT ||
      numbering == NQ_VERIFY_ROWS_SUPPORT)
    return nq_verify_decode_model(n, is_true, context, columns, why, why_size);
  int width = nq_verify_numbering_width(numbering, n);
  for (int row = 0; row < n; row++) {
    int first = row * width + 1;
    if (numbering == NQ_VERIFY_ROWS_LOG) {
      int value = 0;
      for (int bit = 0; bit < width; bit++)
        value += is_true(context, first + bit) << bit;
      if (value >= n) {
        if (why)
          snprintf(why, why_size, "row %d: the bits give column %d, outside 1..%d", row + 1,
                   value + 1, n);
        return -1;
      }
      columns[row] = value;
      continue;
    }
    /* Order: "q <= a + 1" is false for a below q - 1 and true from there,
     * so the column is the number of false bounds, if they come first. */
    int false_bounds = 0;
    for (int a = 0; a < width; a++) {
      if (is_true(context, first + a))
        continue;
      if (false_bounds != a) {
        if (why)
          snprintf(why, why_size, "row %d: q <= %d holds but q <= %d does not", row + 1,
                   false_bounds + 1, a + 1);
        return -1;
      }
      false_bounds++;
    }
    columns[row] = false_bounds;
  }
  return 0;
}
