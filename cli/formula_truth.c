/* A formula's truth from nqsat's own count (see formula_truth.h). */
#include "formula_truth.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "interrupt.h"
#include "model_count.h"

/* Counts the file's models by the convention into `count`, as `solve
 * FILE --count` does (model_count_file). Returns NQ_OK,
 * NQ_ERR_INTERRUPTED (time limit or stop), or another status with the
 * reason in `why`. */
static nq_status count_file(const char *path, const nq_solver_control *control, model_count *count,
                            char *why, size_t why_size) {
  return model_count_file(path, control, 0, count, NULL, why, why_size);
}

static void set_truth(nq_instance_truth *truth, const model_count *count) {
  char *digits = NULL;
  if (model_count_fits_digits(count, FORMULA_TRUTH_MAX_DIGITS)) {
    mpz_t whole;
    mpz_init(whole);
    mpz_mul_2exp(whole, count->mantissa, (mp_bitcnt_t)count->power);
    digits = mpz_get_str(NULL, 10, whole);
    if (digits && mpz_sizeinbase(whole, 2) <= 64) {
      truth->models = (uint64_t)strtoull(digits, NULL, 10);
      truth->models_exact = 1;
    }
    mpz_clear(whole);
  }
  truth->status = mpz_sgn(count->mantissa) > 0 ? 10 : 20;
  truth->models_digits = digits;
  if (!digits)
    snprintf(truth->unknown_why, sizeof truth->unknown_why, "nqsat's count has more than %d digits",
             FORMULA_TRUTH_MAX_DIGITS);
}

const nq_instance_truth *formula_truth_source(void *context) {
  formula_truth *formula = context;
  if (formula->computed)
    return &formula->truth;
  formula->computed = 1;
  memset(&formula->truth, 0, sizeof formula->truth);
  model_count count;
  model_count_init(&count);
  nq_instance_truth *truth = &formula->truth;
  nq_status status = count_file(formula->path, &formula->control, &count, truth->unknown_why,
                                sizeof truth->unknown_why);
  if (status == NQ_OK) {
    set_truth(truth, &count);
  } else if (status == NQ_ERR_INTERRUPTED) {
    formula->interrupted = interrupt_requested();
    snprintf(truth->unknown_why, sizeof truth->unknown_why,
             "nqsat's own count did not finish within --time-limit %.0f s",
             formula->control.time_limit_seconds);
  }
  model_count_clear(&count);
  return truth;
}

void formula_truth_clear(formula_truth *formula) {
  if (formula->computed)
    nq_instance_truth_clear(&formula->truth);
}
