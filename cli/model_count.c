/* Exact DIMACS model counts by the model-counting convention (see
 * model_count.h). */
#include "model_count.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "cli.h"
#include "nqsat/cnf.h"
#include "nqsat/component_count.h"
#include "nqsat/engine_choice.h"

void model_count_init(model_count *count) {
  mpz_init(count->mantissa);
  count->power = 0;
}

void model_count_clear(model_count *count) { mpz_clear(count->mantissa); }

/* The solver's two-word count, high * 2^64 + low, without assuming how
 * wide GMP's unsigned long is. */
static void set_two_words(mpz_t count, uint64_t high, uint64_t low) {
  uint64_t words[2] = {low, high};
  mpz_import(count, 2, -1, sizeof words[0], 0, 0, words);
}

void model_count_of(model_count *count, const nq_enumeration *result, const nq_cnf_report *report,
                    count_kind kind, int symmetry_on) {
  count->power = 0;
  if (kind == COUNT_ORBITS) {
    set_two_words(count->mantissa, result->fundamental_high, result->fundamental);
    if (symmetry_on)
      mpz_mul_ui(count->mantissa, count->mantissa, (unsigned long)report->unused_projected + 1);
    else
      count->power = (uint64_t)report->unused_projected;
    return;
  }
  set_two_words(count->mantissa, result->solutions_high, result->solutions);
  if (kind == COUNT_MODELS)
    count->power = (uint64_t)report->unused_projected;
}

int model_count_compare_ui(const model_count *count, unsigned long value) {
  if (count->power == 0 || mpz_sgn(count->mantissa) == 0)
    return mpz_cmp_ui(count->mantissa, value);
  if (count->power >= 64)
    return 1; /* a positive mantissa times 2^64 or more */
  mpz_t whole;
  mpz_init(whole);
  mpz_mul_2exp(whole, count->mantissa, (mp_bitcnt_t)count->power);
  int order = mpz_cmp_ui(whole, value);
  mpz_clear(whole);
  return order;
}

double model_count_log10(const model_count *count) {
  /* mantissa = fraction * 2^exponent with fraction in [0.5, 1): no
   * overflow for counts far beyond a double's range. */
  signed long exponent = 0;
  double fraction = mpz_get_d_2exp(&exponent, count->mantissa);
  return log10(fraction) + ((double)exponent + (double)count->power) * log10(2.0);
}

/* Margin around the double estimate of the digits: beyond it the
 * decimal is never made; within it, it is made and measured. */
enum { DIGITS_MARGIN = 2 };

/* The count in decimal (caller frees), or NULL when it has more than
 * `max_digits` digits (or memory runs out). */
static char *decimal_within(const model_count *count, uint64_t max_digits) {
  if (mpz_sgn(count->mantissa) > 0 &&
      model_count_log10(count) + 1 > (double)max_digits + DIGITS_MARGIN)
    return NULL;
  mpz_t whole;
  mpz_init(whole);
  mpz_mul_2exp(whole, count->mantissa, (mp_bitcnt_t)count->power);
  char *text = mpz_get_str(NULL, 10, whole);
  mpz_clear(whole);
  if (text && strlen(text) > max_digits) {
    free(text);
    text = NULL;
  }
  return text;
}

int model_count_fits_digits(const model_count *count, uint64_t max_digits) {
  char *text = decimal_within(count, max_digits);
  free(text);
  return text != NULL;
}

/* "M*2^K" with M odd; "2^K" when M is 1. */
static void print_power_form(FILE *out, const model_count *count) {
  mpz_t odd;
  mpz_init(odd);
  mp_bitcnt_t twos = mpz_scan1(count->mantissa, 0);
  mpz_tdiv_q_2exp(odd, count->mantissa, twos);
  if (mpz_cmp_ui(odd, 1) != 0) {
    char *digits = mpz_get_str(NULL, 10, odd);
    fprintf(out, "%s*", digits ? digits : "?");
    free(digits);
  }
  fprintf(out, "2^%llu", (unsigned long long)(count->power + twos));
  mpz_clear(odd);
}

int model_count_print(FILE *out, const model_count *count, uint64_t max_digits) {
  char *text = decimal_within(count, max_digits);
  if (text) {
    fputs(text, out);
    free(text);
    return 0;
  }
  print_power_form(out, count);
  return 1;
}

void model_count_print_mcc(FILE *out, const model_count *count, int projected,
                           uint64_t max_digits) {
  int satisfiable = mpz_sgn(count->mantissa) > 0;
  fprintf(out, "s %s\n", satisfiable ? "SATISFIABLE" : "UNSATISFIABLE");
  fprintf(out, "c s type %s\n", projected ? "pmc" : "mc");
  if (satisfiable)
    fprintf(out, "c s log10-estimate %.15g\n", model_count_log10(count));
  else
    fprintf(out, "c s log10-estimate -inf\n");
  char *text = decimal_within(count, max_digits);
  if (text) {
    fprintf(out, "c s exact arb int %s\n", text);
    free(text);
  } else {
    fprintf(out, "c o exact count ");
    print_power_form(out, count);
    fprintf(out, " (more than %llu digits; --exact-digits prints them)\n",
            (unsigned long long)max_digits);
  }
}

/* The component counter's count plus the declared variables no clause
 * mentions (each doubles it). */
static void set_component_count(model_count *count, const mpz_t counted,
                                const nq_component_stats *stats) {
  mpz_set(count->mantissa, counted);
  count->power = (uint64_t)stats->unused_projected;
}

/* The counter alone, its cache within what `limit` leaves (as solve's
 * count_by_components, one thread: the judge runs beside the caller). */
static nq_status count_by_components(const nq_cnf *cnf, const nq_solver_control *control,
                                     uint64_t limit, model_count *count, char *why,
                                     size_t why_size) {
  uint64_t needed = nq_cnf_count_components_memory(cnf);
  if (needed >= limit) {
    snprintf(why, why_size, "the component counter needs %llu bytes, over the limit of %llu",
             (unsigned long long)needed, (unsigned long long)limit);
    return NQ_ERR_MEMORY;
  }
  nq_component_options options = {.cache_bytes = limit - needed, .threads = 1};
  nq_component_stats stats;
  mpz_t counted;
  mpz_init(counted);
  nq_status status = nq_cnf_count_components(cnf, &options, control, counted, &stats);
  if (status == NQ_OK)
    set_component_count(count, counted, &stats);
  else if (status != NQ_ERR_INTERRUPTED)
    snprintf(why, why_size, "the component counter failed: %s", nq_strerror(status));
  mpz_clear(counted);
  return status;
}

/* The enumeration (split, symmetry, the native engine), watched by the
 * component counter's trials when its memory fits half of `limit`. */
static nq_status count_by_enumeration(const nq_cnf *cnf, const nq_solver_control *control,
                                      uint64_t limit, model_count *count, const char **engine,
                                      char *why, size_t why_size) {
  nq_cnf_options options = {0};
  nq_cnf_plan *plan = NULL;
  nq_cnf_report report;
  nq_status status = nq_cnf_plan_make(cnf, &options, control, &plan, &report);
  if (status != NQ_OK) {
    if (status != NQ_ERR_INTERRUPTED)
      snprintf(why, why_size, "nqsat's count failed: %s", nq_strerror(status));
    nq_cnf_plan_free(plan);
    return status;
  }
  nq_engine_hedge hedge;
  int hedged = nq_cnf_count_components_memory(cnf) < limit / 2;
  if (hedged) {
    memset(&hedge, 0, sizeof hedge);
    hedge.cnf = cnf;
    hedge.options.cache_bytes = limit / 2 - nq_cnf_count_components_memory(cnf);
    hedge.options.threads = 1;
    hedge.control = control;
    hedge.literals = report.literals;
    mpz_init(hedge.count);
    nq_cnf_watch watch = {NQ_ENGINE_CHOICE_WATCH_WORK, nq_engine_hedge_check, &hedge};
    nq_cnf_plan_watch(plan, &watch);
    nq_engine_hedge_start(&hedge);
  }
  nq_enumeration result;
  status = nq_cnf_plan_enumerate(plan, 0, control, NULL, NULL, &result);
  nq_cnf_plan_free(plan);
  if (hedged)
    nq_engine_hedge_end(&hedge);
  if (hedged && hedge.counted) {
    set_component_count(count, hedge.count, &hedge.stats);
    *engine = "components";
    status = NQ_OK;
  } else if (status == NQ_OK) {
    model_count_of(count, &result, &report, COUNT_MODELS, 0);
  } else if (status != NQ_ERR_INTERRUPTED) {
    snprintf(why, why_size, "nqsat's count failed: %s", nq_strerror(status));
  }
  if (hedged)
    mpz_clear(hedge.count);
  return status;
}

/* The file's clauses and projection without its other comment lines: the
 * reader holds an nqsat header ("c N:", "c variables:") to what it says and
 * refuses a file whose header does not fit its clauses, but a count rests
 * on the clauses alone. */
static nq_status read_without_header(const char *path, nq_cnf **cnf, char *error,
                                     size_t error_size) {
  gzFile file = gzopen(path, "rb");
  if (!file) {
    snprintf(error, error_size, "%s: cannot open", path);
    return NQ_ERR_IO;
  }
  size_t capacity = 1 << 16, length = 0;
  char *text = malloc(capacity);
  char line[1 << 12];
  int line_start = 1, keep = 1;
  while (text && gzgets(file, line, sizeof line)) {
    size_t size = strlen(line);
    if (line_start)
      keep = line[0] != 'c' || !strncmp(line, "c ind ", 6) || !strncmp(line, "c p show ", 9);
    line_start = size > 0 && line[size - 1] == '\n';
    if (!keep)
      continue;
    if (length + size + 1 > capacity) {
      capacity = 2 * capacity + size;
      char *grown = realloc(text, capacity);
      if (!grown)
        free(text);
      text = grown;
    }
    if (text) {
      memcpy(text + length, line, size);
      length += size;
    }
  }
  gzclose(file);
  if (!text)
    return NQ_ERR_MEMORY;
  nq_status status = nq_cnf_read_memory(text, length, path, cnf, error, error_size);
  free(text);
  return status;
}

void model_count_simplify(nq_cnf **cnf, const nq_solver_control *control,
                          count_simplification *done, nq_cnf **unkept) {
  memset(done, 0, sizeof *done);
  if (unkept)
    *unkept = NULL;
  done->variables_before = done->variables_after = (*cnf)->variables;
  done->clauses_before = done->clauses_after = (*cnf)->clause_count;
  if ((*cnf)->queens_n)
    return;
  nq_cnf *simplified = NULL;
  uint64_t doubling = 0;
  if (nq_cnf_count_simplify_deep(*cnf, control, &simplified, &doubling, &done->cdcl) != NQ_OK)
    return; /* out of memory: the formula as read */
  if (!simplified) {
    done->no_models = 1;
    done->variables_after = 0;
    done->clauses_after = 0;
    return;
  }
  done->variables_after = simplified->variables;
  done->clauses_after = simplified->clause_count;
  if ((int64_t)simplified->variables * 4 > (int64_t)(*cnf)->variables * 3) {
    if (unkept)
      *unkept = simplified;
    else
      nq_cnf_free(simplified);
    return;
  }
  nq_cnf_free(*cnf);
  *cnf = simplified;
  done->replaced = 1;
  done->doubling = doubling;
}

nq_status model_count_file(const char *path, const nq_solver_control *control, uint64_t max_memory,
                           model_count *count, const char **engine, char *why, size_t why_size) {
  const char *used = "enumeration";
  nq_cnf *cnf = NULL;
  char error[400];
  nq_status status =
      nq_cnf_read_path_until(path, control ? control->interrupt : NULL, &cnf, error, sizeof error);
  if (status == NQ_ERR_PARSE)
    status = read_without_header(path, &cnf, error, sizeof error);
  if (status != NQ_OK) {
    snprintf(why, why_size, "nqsat cannot count it: %.300s", error);
    return status;
  }
  /* The formula solve --count counts, so the judge verifies what solve
   * can count in about solve's time. */
  count_simplification simplification;
  model_count_simplify(&cnf, control, &simplification, NULL);
  if (simplification.no_models) {
    nq_cnf_free(cnf);
    mpz_set_ui(count->mantissa, 0);
    count->power = 0;
    if (engine)
      *engine = "preprocessing";
    return NQ_OK;
  }
  uint64_t limit = max_memory ? max_memory : default_memory_limit();
  nq_engine_probe probe;
  status = nq_cnf_probe_engine(cnf, control, &probe);
  if (status == NQ_ERR_INTERRUPTED) {
    nq_cnf_free(cnf);
    return status;
  }
  if (status == NQ_OK && probe.choice == NQ_COUNT_BY_COMPONENTS) {
    used = "components";
    status = count_by_components(cnf, control, limit, count, why, why_size);
  } else {
    status = count_by_enumeration(cnf, control, limit, count, &used, why, why_size);
  }
  nq_cnf_free(cnf);
  if (status == NQ_OK)
    count->power += simplification.doubling;
  if (engine)
    *engine = used;
  return status;
}
