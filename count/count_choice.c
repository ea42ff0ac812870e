/* The names a user chooses a counting method and an instruction-set level
 * by, for `nqsat count` and nqsat-mpi alike: one table per choice, and the
 * messages listing the names built from those tables. */
#include <stdio.h>
#include <string.h>

#include "nqsat/count_plan.h"

static const nq_count_method methods[] = {NQ_COUNT_METHOD_AUTO, NQ_COUNT_METHOD_BACKTRACK,
                                          NQ_COUNT_METHOD_JOIN};
static const nq_count_isa levels[] = {NQ_COUNT_ISA_AUTO, NQ_COUNT_ISA_AVX512, NQ_COUNT_ISA_AVX2,
                                      NQ_COUNT_ISA_PORTABLE};

/* The old --kernel names and the level each means now: the vector kernel
 * is the AVX-512 level's, the rows kernel runs at every level. */
static const struct {
  const char *name;
  nq_count_isa isa;
} kernels[] = {
    {"auto", NQ_COUNT_ISA_AUTO}, {"rows", NQ_COUNT_ISA_PORTABLE}, {"vector", NQ_COUNT_ISA_AVX512}};

#define COUNT_OF(array) (sizeof(array) / sizeof(array)[0])

/* "a, b or c" from `count` names. */
static void list_names(char *out, size_t size, const char *const *names, size_t count) {
  size_t used = 0;
  out[0] = '\0';
  for (size_t i = 0; i < count && used < size; i++) {
    const char *glue = i == 0 ? "" : i + 1 == count ? " or " : ", ";
    int wrote = snprintf(out + used, size - used, "%s%s", glue, names[i]);
    if (wrote < 0)
      return;
    used += (size_t)wrote;
  }
}

static int unknown(const char *option, const char *value, const char *const *names, size_t count,
                   char *why, size_t why_size) {
  char list[128];
  list_names(list, sizeof list, names, count);
  snprintf(why, why_size, "unknown --%s '%s': use %s", option, value, list);
  return -1;
}

static int set_level(nq_count_choice *choice, const char *option, nq_count_isa isa, char *why,
                     size_t why_size) {
  if (choice->isa_option && strcmp(choice->isa_option, option)) {
    snprintf(why, why_size, "--kernel is the old name of --isa: give one of them");
    return -1;
  }
  choice->isa = isa;
  choice->isa_option = !strcmp(option, "isa") ? "isa" : "kernel";
  return 0;
}

int nq_count_choice_parse(nq_count_choice *choice, const char *option, const char *value, char *why,
                          size_t why_size) {
  const char *names[8];
  if (!strcmp(option, "method")) {
    for (size_t i = 0; i < COUNT_OF(methods); i++) {
      names[i] = nq_count_method_name(methods[i]);
      if (!strcmp(value, names[i])) {
        choice->method = methods[i];
        return 0;
      }
    }
    return unknown(option, value, names, COUNT_OF(methods), why, why_size);
  }
  if (!strcmp(option, "isa")) {
    for (size_t i = 0; i < COUNT_OF(levels); i++) {
      names[i] = nq_count_isa_name(levels[i]);
      if (!strcmp(value, names[i]))
        return set_level(choice, option, levels[i], why, why_size);
    }
    return unknown(option, value, names, COUNT_OF(levels), why, why_size);
  }
  if (!strcmp(option, "kernel")) {
    for (size_t i = 0; i < COUNT_OF(kernels); i++) {
      names[i] = kernels[i].name;
      if (!strcmp(value, names[i]))
        return set_level(choice, option, kernels[i].isa, why, why_size);
    }
    return unknown(option, value, names, COUNT_OF(kernels), why, why_size);
  }
  snprintf(why, why_size, "no option --%s", option);
  return -1;
}
