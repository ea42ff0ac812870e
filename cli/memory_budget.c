/* --max-memory: refuse a run that would not fit, before allocating, rather
 * than be killed by the kernel half-way. The estimates are the libraries'
 * (nq_solver_memory_estimate, nq_cnf_plan_memory_estimate,
 * nq_count_memory_estimate); this file adds up what a command holds at
 * once, compares with the limit and says what does not fit. Enumerating
 * all solutions charges A000170(N) of them when the count is known. */
#include <ctype.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "nqsat/solver.h"
#include "nqsat/verify.h"
#include "processors.h"

static void format_bytes(uint64_t bytes, char *out, size_t size) {
  static const char *const units[] = {"bytes", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
  double value = (double)bytes;
  int unit = 0;
  while (value >= 1024 && unit < 6) {
    value /= 1024;
    unit++;
  }
  if (unit == 0)
    snprintf(out, size, "%" PRIu64 " bytes", bytes);
  else
    snprintf(out, size, "%.1f %s", value, units[unit]);
}

int parse_memory_size(const char *command_name, const char *text, uint64_t *bytes) {
  return parse_size_option(command_name, "--max-memory", text, bytes);
}

int parse_size_option(const char *command_name, const char *option, const char *text,
                      uint64_t *bytes) {
  const char *p = text;
  uint64_t value = 0;
  int overflow = 0;
  if (!isdigit((unsigned char)*p))
    goto malformed;
  for (; isdigit((unsigned char)*p); p++) {
    if (value > (UINT64_MAX - 9) / 10)
      overflow = 1;
    value = value * 10 + (uint64_t)(*p - '0');
  }
  int shift = 0;
  switch (toupper((unsigned char)*p)) {
  case 'K': shift = 10; break;
  case 'M': shift = 20; break;
  case 'G': shift = 30; break;
  case 'T': shift = 40; break;
  default: break;
  }
  if (shift) {
    p++;
    if (*p == 'i')
      p++;
  }
  if (toupper((unsigned char)*p) == 'B')
    p++;
  if (*p)
    goto malformed;
  if (overflow || value > (UINT64_MAX >> 1) >> shift) {
    usage_error(command_name, "%s %s is too large", option, text);
    return -1;
  }
  if (value == 0) {
    usage_error(command_name, "%s must be more than 0", option);
    return -1;
  }
  *bytes = value << shift;
  return 0;
malformed:
  usage_error(command_name, "%s '%s' is not a size (bytes, or with K, M, G, T: 512M, 4G)", option,
              text);
  return -1;
}

uint64_t default_memory_limit(void) {
  long pages = sysconf(_SC_PHYS_PAGES), page_size = sysconf(_SC_PAGESIZE);
  if (pages <= 0 || page_size <= 0)
    return (uint64_t)4 << 30;
  return (uint64_t)pages * (uint64_t)page_size / 2;
}

/* Solutions the enumeration keeps blocking clauses for: all of them
 * (A000170(N), when known) capped by `max_solutions` (0: no cap). */
static uint64_t solutions_kept(int n, uint64_t max_solutions) {
  uint64_t known = 0;
  if (nq_verify_known_count(n, &known, NULL) != 0)
    known = max_solutions; /* unknown count: only the cap, if any, is certain */
  return max_solutions && max_solutions < known ? max_solutions : known;
}

uint64_t symmetric_blocking_clauses(int n, int solver_instances) {
  uint64_t total = 0;
  if (nq_verify_known_count(n, &total, NULL) != 0)
    total = UINT64_MAX / 64;
  return nq_solver_symmetric_blocking_clauses(n, solver_instances, total);
}

static int refuse(const char *command_name, const char *what, uint64_t estimate, uint64_t limit) {
  char needed[32], allowed[32];
  format_bytes(estimate, needed, sizeof needed);
  format_bytes(limit, allowed, sizeof allowed);
  return runtime_error(command_name,
                       "%s needs an estimated %s, more than the memory limit of %s "
                       "(raise it with --max-memory)",
                       what, needed, allowed);
}

int memory_budget_check_count(const char *command_name, int n, const char *method,
                              uint64_t estimate, uint64_t limit) {
  if (!limit)
    limit = default_memory_limit();
  if (estimate <= limit)
    return 0;
  char what[64];
  snprintf(what, sizeof what, "N = %d by --method %s", n, method);
  return refuse(command_name, what, estimate, limit);
}

int memory_budget_check_solve(const char *command_name, const nq_encoding *encoding,
                              uint64_t blocking_clauses, int solver_instances, uint64_t limit) {
  if (!limit)
    limit = default_memory_limit();
  nq_formula_size size;
  if (nq_encoder_measure(encoding, &size) != NQ_OK)
    return 0; /* the solver reports the problem itself */
  uint64_t estimate =
      nq_solver_memory_estimate(&size, encoding->n, solver_instances, blocking_clauses);
  if (estimate <= limit)
    return 0;
  char what[96];
  snprintf(what, sizeof what, "solving N = %d (%s)", encoding->n, nq_amo_name(encoding->amo));
  return refuse(command_name, what, estimate, limit);
}

int memory_budget_check_file(const char *command_name, const char *path, uint64_t estimate,
                             uint64_t limit) {
  if (!limit)
    limit = default_memory_limit();
  if (estimate <= limit)
    return 0;
  char what[600];
  snprintf(what, sizeof what, "solving %s", path);
  return refuse(command_name, what, estimate, limit);
}

/* What one SAT stage of verify holds: its PicoSAT instances with their
 * blocking clauses, and the solutions it holds back to report in order. */
static uint64_t verify_sat_stage_bytes(int n, nq_amo amo, int plain, uint64_t instances) {
  nq_encoding encoding = {.n = n, .amo = amo};
  nq_formula_size size;
  if (nq_encoder_measure(&encoding, &size) != NQ_OK)
    return 0;
  uint64_t count = solutions_kept(n, 0);
  /* One PicoSAT instance per thread holds the formula. --plain blocks every
   * solution in its one instance; the symmetric path holds only the
   * blocking clauses of the sub-problems in progress. */
  uint64_t blocked = plain ? count : symmetric_blocking_clauses(n, (int)instances);
  /* The symmetric enumeration holds back the solutions of sub-problems that
   * finish before the one next in line, so that they are reported in
   * order: at worst all of them, in buffers that grow by doubling. */
  uint64_t held_back = plain ? 0 : 2 * count * (uint64_t)n * sizeof(int);
  return nq_solver_memory_estimate(&size, n, (int)instances, blocked) + held_back;
}

/* The solution sets of one row: the native one and one per encoding (all
 * kept until the row is complete), n bytes a solution (nq_solution_set),
 * each growing by doubling and sorted in place. */
static uint64_t verify_row_set_bytes(int n, int encoding_count, int set_max_n) {
  if (n > set_max_n)
    return 0;
  return (uint64_t)(1 + encoding_count) * 2 * solutions_kept(n, 0) * (uint64_t)n;
}

int memory_budget_check_verify(const char *command_name, int first, int last,
                               const nq_amo *encodings, int encoding_count, int set_max_n,
                               int plain, int threads, int slots, uint64_t limit) {
  if (!limit)
    limit = default_memory_limit();
  uint64_t instances = plain ? 1 : threads > 0 ? (uint64_t)threads : (uint64_t)online_processors(0);
  for (int n = first; n <= last; n++) {
    /* With two stages in flight (verify_table.h), the other one may be any
     * other SAT stage of this row or a neighbouring one, and the sets of
     * the previous row may still be held while this row's fill. */
    uint64_t other = 0, sets = verify_row_set_bytes(n, encoding_count, set_max_n);
    if (slots > 1 && n > first)
      sets += verify_row_set_bytes(n - 1, encoding_count, set_max_n);
    for (int e = 0; e < encoding_count; e++) {
      uint64_t mine = verify_sat_stage_bytes(n, encodings[e], plain, instances);
      if (slots > 1) {
        other = 0;
        for (int near = n - 1; near <= n + 1; near++) {
          for (int f = 0; near >= first && near <= last && f < encoding_count; f++) {
            if (near == n && f == e)
              continue;
            uint64_t bytes = verify_sat_stage_bytes(near, encodings[f], plain, instances);
            if (bytes > other)
              other = bytes;
          }
        }
      }
      uint64_t estimate = mine + other + sets;
      if (estimate > limit) {
        char what[96];
        snprintf(what, sizeof what, "verifying N = %d (%s, A000170(N) = %" PRIu64 ")", n,
                 nq_amo_name(encodings[e]), solutions_kept(n, 0));
        return refuse(command_name, what, estimate, limit);
      }
    }
  }
  return 0;
}
