/* The at-most-one registry: every encoding's scheme (amo.h), indexed by
 * its nq_amo value, and the public names. The schemes know nothing of this
 * table, so dispatching here never leads back here. */
#include <string.h>

#include "amo.h"

static const amo_scheme *const schemes[NQ_AMO_COUNT] = {
    [NQ_AMO_PAIRWISE] = &amo_pairwise_scheme, [NQ_AMO_SEQUENTIAL] = &amo_sequential_scheme,
    [NQ_AMO_LADDER] = &amo_ladder_scheme,     [NQ_AMO_COMMANDER] = &amo_commander_scheme,
    [NQ_AMO_PRODUCT] = &amo_product_scheme,   [NQ_AMO_BINARY] = &amo_binary_scheme,
    [NQ_AMO_BIMANDER] = &amo_bimander_scheme,
};

const amo_scheme *amo_scheme_of(nq_amo amo) {
  return (int)amo >= 0 && amo < NQ_AMO_COUNT ? schemes[amo] : NULL;
}

const char *nq_amo_name(nq_amo amo) {
  const amo_scheme *scheme = amo_scheme_of(amo);
  return scheme ? scheme->name : "unknown";
}

int nq_amo_from_name(const char *name, nq_amo *amo) {
  for (int i = 0; i < NQ_AMO_COUNT; i++)
    if (schemes[i] && !strcmp(schemes[i]->name, name)) {
      *amo = schemes[i]->amo;
      return 0;
    }
  return -1;
}

const char *nq_amo_summary(nq_amo amo) {
  const amo_scheme *scheme = amo_scheme_of(amo);
  return scheme ? scheme->summary : "unknown";
}

int nq_amo_is_parsimonious(nq_amo amo) {
  const amo_scheme *scheme = amo_scheme_of(amo);
  return scheme ? scheme->parsimonious : 0;
}
