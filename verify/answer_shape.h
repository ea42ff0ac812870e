/* Private to verify/: what makes a listed model a model of the instance
 * by the counting convention, apart from satisfying the clauses: which
 * variables it must give a value (every projected one, or every declared
 * one without a projection), which it may leave out (a cube's "c free"
 * variables; the projected variables that occur in no clause, when the
 * answer says they are not listed), which values tell two models apart
 * (the projected ones), and how many models it stands for. */
#ifndef NQSAT_VERIFY_ANSWER_SHAPE_H
#define NQSAT_VERIFY_ANSWER_SHAPE_H

#include <stddef.h>
#include <stdint.h>

#include "nqsat/answer.h"
#include "nqsat/instance.h"

typedef struct answer_shape {
  size_t bytes;             /* of a packed model (nq_answer_model_bytes) */
  unsigned char *projected; /* [0..variables]: 1 when the variable is projected */
  unsigned char *key_mask;  /* packed: both bits of projected variables; NULL: all */
  unsigned char *required;  /* packed: the "given" bit of variables every model gives */
  unsigned char *forbidden; /* packed: variables a model must not give, or NULL */
  int64_t unused;           /* projected variables in no clause */
  int omitting_unused;      /* the answer lists models without them */
} answer_shape;

/* Builds the shape of `answer`'s models for `instance`; `occurs` marks the
 * variables of the clauses. Returns 0, or -1 when out of memory. */
int answer_shape_init(answer_shape *shape, const nq_instance *instance, const nq_answer *answer,
                      const unsigned char *occurs);
void answer_shape_clear(answer_shape *shape);

/* Whether model `m` has the shape: 1, or 0 with `why`. */
int answer_shape_check(const answer_shape *shape, const nq_answer *answer, size_t m, char *why,
                       size_t why_size);

/* The bytes that tell model `m` from the others (its projected values),
 * in `buffer` (shape->bytes) unless the model's own bytes serve. */
const unsigned char *answer_shape_key(const answer_shape *shape, const nq_answer *answer, size_t m,
                                      unsigned char *buffer);

/* log2 of how many models model `m` stands for. */
uint64_t answer_shape_weight(const answer_shape *shape, const nq_answer *answer, size_t m);

/* Whether two cubes (or models) share an assignment of the projection:
 * no projected variable given opposite values in the two. */
int answer_shape_overlap(const answer_shape *shape, const nq_answer *answer, size_t a, size_t b);

/* An exact sum of powers of two. */
typedef struct power_sum {
  uint32_t *limbs;
  size_t size;
} power_sum;

/* Adds 2^exponent; returns -1 when out of memory. */
int power_sum_add(power_sum *sum, uint64_t exponent);
/* The sum in decimal (malloc'd, the caller frees), or NULL when out of
 * memory. */
char *power_sum_digits(const power_sum *sum);
void power_sum_clear(power_sum *sum);

#endif
