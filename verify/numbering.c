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

/* ---- The header's own statement of its numbering ----------------------- */

typedef struct statement_form {
  const char *subject; /* what the statement starts with */
  /* The numbering the subject names: the matrix one, or a rows encoding
   * (x(r,v) is direct's and support's alike). */
  nq_verify_numbering numbering;
  /* sscanf patterns: %9d the width (nine digits at most, so no overflow),
   * %n where the formula ends. */
  const char *formulas[4];
} statement_form;

/* The statements nqsat writes, rows and columns from 1 first, then from 0
 * as earlier releases wrote them (DIMACS, then OPB's x(...)). */
static const statement_form forms[] = {
    {"queen at row r, column c",
     NQ_VERIFY_MATRIX,
     {" (1-based) is (r-1)*%9d + c%n", " (0-based) is r*%9d + c + 1%n",
      " (1-based) is x((r-1)*%9d + c)%n", " (0-based) is x(r*%9d + c + 1)%n"}},
    {"x(r,v) =",
     NQ_VERIFY_ROWS_DIRECT,
     {" (r-1)*%9d + v means q_r = v %n", " r*%9d + v + 1 means q_(r+1) = v+1 %n"}},
    {"p(r,a) =",
     NQ_VERIFY_ROWS_ORDER,
     {" (r-1)*%9d + a means q_r <= a %n", " r*%9d + a + 1 means q_(r+1) <= a+1 %n"}},
    {"b(r,k) =",
     NQ_VERIFY_ROWS_LOG,
     {" (r-1)*%9d + k + 1 is bit k %n", " r*%9d + k + 1 is bit k %n"}},
};

/* The formula ends where the pattern did: no operator or term follows,
 * so "(r-1)*8 + c + 1" is not read as "(r-1)*8 + c". */
static int formula_ends(const char *next) {
  while (*next == ' ' || *next == '\t')
    next++;
  return !strchr("+-*/0123456789", *next) || *next == '\0';
}

int nq_verify_numbering_statement(const char *text, int n, nq_verify_numbering numbering) {
  while (*text == ' ' || *text == '\t')
    text++;
  for (size_t i = 0; i < sizeof forms / sizeof forms[0]; i++) {
    const statement_form *form = &forms[i];
    size_t length = strlen(form->subject);
    if (strncmp(text, form->subject, length))
      continue;
    int same_model = numbering == form->numbering || (form->numbering == NQ_VERIFY_ROWS_DIRECT &&
                                                      numbering == NQ_VERIFY_ROWS_SUPPORT);
    if (!same_model)
      return 0;
    const char *rest = text + length;
    for (int f = 0; f < 4 && form->formulas[f]; f++) {
      int width = 0, end = -1;
      if (sscanf(rest, form->formulas[f], &width, &end) == 1 && end > 0 && formula_ends(rest + end))
        return width == nq_verify_numbering_width(numbering, n);
    }
    return 0; /* a subject this reader knows with a formula it does not */
  }
  return -1;
}
