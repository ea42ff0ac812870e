/* The rows model's registry: every CSP encoding's scheme (csp.h), indexed
 * by its nq_csp value, and the public names. The schemes know nothing of
 * this table, so dispatching here never leads back here. */
#include <string.h>

#include "csp.h"

static const csp_scheme *const schemes[NQ_CSP_COUNT] = {&csp_direct_scheme, &csp_support_scheme,
                                                        &csp_order_scheme, &csp_log_scheme};

const csp_scheme *csp_scheme_of(nq_csp csp) {
  return (int)csp >= 0 && csp < NQ_CSP_COUNT ? schemes[csp] : NULL;
}

const char *nq_csp_name(nq_csp csp) {
  const csp_scheme *scheme = csp_scheme_of(csp);
  return scheme ? scheme->name : "unknown";
}

int nq_csp_from_name(const char *name, nq_csp *csp) {
  for (int i = 0; i < NQ_CSP_COUNT; i++)
    if (!strcmp(schemes[i]->name, name)) {
      *csp = schemes[i]->csp;
      return 0;
    }
  return -1;
}

int nq_csp_row_width(nq_csp csp, int n) {
  const csp_scheme *scheme = csp_scheme_of(csp);
  return scheme && n >= 1 ? scheme->width(n) : 0;
}
