/* nqsat count --part I/K prints one JSON line; --merge reads such lines and
 * adds them up after checking that parts 1..K are each there exactly once
 * and describe the same job list (N, method, version, job count and the
 * plan's checksum). The lines are ours, one object of flat fields a line,
 * so the reader looks fields up by name and refuses what it does not know
 * how to read rather than parse JSON in general. */
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "command_errors.h"
#include "count_jobs.h"

/* Version 2: "c1", the join method's solutions counted singly (in
 * classes of 8). A part's "unique" counts c1 / 8 rounded down: c1 adds up
 * to a multiple of 8 over all parts only. */
#define PART_FORMAT "nqsat-count-part/2"

int count_part_print(const count_part_line *line) {
  uint64_t total = nq_count_tally_total(line->n, &line->tally);
  uint64_t unique = nq_count_tally_fundamental(&line->tally);
  printf("{\"format\":\"" PART_FORMAT "\",\"version\":\"%s\",\"n\":%d,\"method\":\"%s\","
         "\"parts\":%" PRIu32 ",\"part\":%" PRIu32 ",\"jobs\":%" PRIu64 ","
         "\"job_set\":\"jobs by weight dealt in snake order, part %" PRIu32 " of %" PRIu32 "\","
         "\"part_jobs\":%" PRIu64 ",\"plan_checksum\":\"%016" PRIx64 "\","
         "\"c2\":%" PRIu64 ",\"c4\":%" PRIu64 ",\"c8\":%" PRIu64 ",\"c1\":%" PRIu64
         ",\"total\":%" PRIu64 ",\"unique\":%" PRIu64 ",\"nodes\":%" PRIu64
         ",\"seconds\":%.3f,\"cpu_seconds\":%.3f}\n",
         NQSAT_VERSION, line->n, nq_count_method_name(line->method), line->parts, line->part,
         line->jobs, line->part, line->parts, line->part_jobs, line->plan_checksum,
         line->tally.count2, line->tally.count4, line->tally.count8, line->tally.count1, total,
         unique, line->tally.work, line->seconds, line->cpu_seconds);
  return fflush(stdout) != 0 || ferror(stdout);
}

/* The text after "NAME": in a line, or NULL. */
static const char *field(const char *line, const char *name) {
  char key[64];
  snprintf(key, sizeof key, "\"%s\":", name);
  const char *found = strstr(line, key);
  return found ? found + strlen(key) : NULL;
}

static int field_u64(const char *line, const char *name, uint64_t *value) {
  const char *text = field(line, name);
  if (!text || *text < '0' || *text > '9')
    return -1;
  char *end;
  errno = 0;
  unsigned long long parsed = strtoull(text, &end, 10);
  if (errno || (*end != ',' && *end != '}'))
    return -1;
  *value = parsed;
  return 0;
}

static int field_double(const char *line, const char *name, double *value) {
  const char *text = field(line, name);
  if (!text)
    return -1;
  char *end;
  *value = strtod(text, &end);
  return end == text || (*end != ',' && *end != '}') ? -1 : 0;
}

/* A quoted string field into `value` (at most size-1 characters). */
static int field_string(const char *line, const char *name, char *value, size_t size) {
  const char *text = field(line, name);
  if (!text || *text != '"')
    return -1;
  const char *end = strchr(text + 1, '"');
  if (!end || (size_t)(end - text - 1) >= size)
    return -1;
  memcpy(value, text + 1, (size_t)(end - text - 1));
  value[end - text - 1] = 0;
  return 0;
}

typedef struct part_seen {
  char where[300]; /* FILE:LINE of its line */
  count_part_line line;
} part_seen;

typedef struct merge_state {
  int have_first;
  char first_where[300];
  char version[64], method[32];
  count_part_line first;
  part_seen *seen; /* by part - 1, once parts is known */
  nq_count_tally sum;
  double seconds, cpu_seconds;
} merge_state;

static int merge_error(const char *format, ...) __attribute__((format(printf, 1, 2)));
static int merge_error(const char *format, ...) {
  va_list arguments;
  va_start(arguments, format);
  fputs("nqsat count: error: ", stderr);
  vfprintf(stderr, format, arguments);
  fputc('\n', stderr);
  va_end(arguments);
  return 1;
}

static int read_part_line(merge_state *state, const char *where, const char *text) {
  char format[64], version[64], method[32], plan[32];
  count_part_line line = {0};
  uint64_t n, parts, part, total, unique;
  if (field_string(text, "format", format, sizeof format) || strcmp(format, PART_FORMAT))
    return merge_error("%s: not a part line of nqsat count --part (format " PART_FORMAT ")", where);
  if (field_string(text, "version", version, sizeof version) ||
      field_string(text, "method", method, sizeof method) ||
      field_string(text, "plan_checksum", plan, sizeof plan) || field_u64(text, "n", &n) ||
      field_u64(text, "parts", &parts) || field_u64(text, "part", &part) ||
      field_u64(text, "jobs", &line.jobs) || field_u64(text, "part_jobs", &line.part_jobs) ||
      field_u64(text, "c2", &line.tally.count2) || field_u64(text, "c4", &line.tally.count4) ||
      field_u64(text, "c8", &line.tally.count8) || field_u64(text, "c1", &line.tally.count1) ||
      field_u64(text, "total", &total) || field_u64(text, "unique", &unique) ||
      field_u64(text, "nodes", &line.tally.work) || field_double(text, "seconds", &line.seconds) ||
      field_double(text, "cpu_seconds", &line.cpu_seconds))
    return merge_error("%s: a field is missing or malformed", where);
  char *end;
  line.plan_checksum = strtoull(plan, &end, 16);
  if (n < 1 || n > NQ_COUNT_MAX_N || parts < 1 || parts > 65536 || part < 1 || part > parts ||
      *end || strlen(plan) != 16)
    return merge_error("%s: n, parts, part or plan_checksum out of range", where);
  line.n = (int)n, line.parts = (uint32_t)parts, line.part = (uint32_t)part;
  if (nq_count_tally_total(line.n, &line.tally) != total ||
      nq_count_tally_fundamental(&line.tally) != unique)
    return merge_error("%s: part %" PRIu32 "/%" PRIu32
                       ": total and unique do not match c2, c4, c8, c1 (the line was altered)",
                       where, line.part, line.parts);
  if (!state->have_first) {
    state->have_first = 1;
    snprintf(state->first_where, sizeof state->first_where, "%s", where);
    strcpy(state->version, version), strcpy(state->method, method);
    state->first = line;
    state->seen = calloc(parts, sizeof *state->seen);
    if (!state->seen)
      return merge_error("%s", nq_strerror(NQ_ERR_MEMORY));
  } else if (strcmp(version, state->version) || strcmp(method, state->method) ||
             line.n != state->first.n || line.parts != state->first.parts ||
             line.jobs != state->first.jobs || line.plan_checksum != state->first.plan_checksum) {
    return merge_error("%s: part %" PRIu32 "/%" PRIu32 " (N = %d, %s, version %s, %" PRIu64
                       " jobs, plan %s) does not match %s (N = %d, %s, version %s, %" PRIu32
                       " parts, %" PRIu64 " jobs, plan %016" PRIx64 ")",
                       where, line.part, line.parts, line.n, method, version, line.jobs, plan,
                       state->first_where, state->first.n, state->method, state->version,
                       state->first.parts, state->first.jobs, state->first.plan_checksum);
  }
  part_seen *slot = &state->seen[line.part - 1];
  if (slot->where[0])
    return merge_error("%s: part %" PRIu32 "/%" PRIu32 " appears twice (also %s)", where, line.part,
                       line.parts, slot->where);
  snprintf(slot->where, sizeof slot->where, "%s", where);
  slot->line = line;
  return 0;
}

static int read_part_file(merge_state *state, const char *path) {
  int from_stdin = !strcmp(path, "-");
  FILE *file = from_stdin ? stdin : fopen(path, "r");
  const char *name = from_stdin ? "(standard input)" : path;
  if (!file)
    return merge_error("%s: %s", path, strerror(errno));
  char text[2048];
  long line_number = 0;
  int failed = 0;
  while (!failed && fgets(text, sizeof text, file)) {
    line_number++;
    if (!strchr(text, '\n') && !feof(file)) {
      failed = merge_error("%s:%ld: line too long for a part line", name, line_number);
      break;
    }
    const char *start = text + strspn(text, " \t\r\n");
    if (!*start)
      continue; /* blank lines are allowed (concatenated files) */
    char where[300];
    snprintf(where, sizeof where, "%s:%ld", name, line_number);
    failed = read_part_line(state, where, start);
  }
  if (!failed && ferror(file))
    failed = merge_error("%s: %s", name, strerror(errno));
  if (!from_stdin)
    fclose(file);
  return failed;
}

int count_merge(int file_count, char **files, int unique, int stats, count_known_fn known) {
  merge_state state = {0};
  int failed = 0;
  if (file_count == 0)
    failed = read_part_file(&state, "-");
  for (int i = 0; i < file_count && !failed; i++)
    failed = read_part_file(&state, files[i]);
  if (!failed && !state.have_first)
    failed = merge_error("no part lines to merge (give the files of nqsat count --part I/K)");
  if (!failed) {
    char missing[400] = "";
    size_t missing_count = 0;
    for (uint32_t part = 1; part <= state.first.parts; part++) {
      if (state.seen[part - 1].where[0])
        continue;
      if (missing_count++ < 20) {
        size_t used = strlen(missing);
        snprintf(missing + used, sizeof missing - used, "%s%" PRIu32, used ? ", " : "", part);
      }
    }
    if (missing_count)
      failed = merge_error("%zu of %" PRIu32 " parts missing: %s%s", missing_count,
                           state.first.parts, missing, missing_count > 20 ? ", ..." : "");
  }
  if (failed) {
    free(state.seen);
    return NQ_EXIT_FAILURE;
  }
  uint64_t jobs = 0;
  for (uint32_t part = 0; part < state.first.parts; part++) {
    const count_part_line *line = &state.seen[part].line;
    nq_count_tally_add(&state.sum, &line->tally);
    state.seconds += line->seconds, state.cpu_seconds += line->cpu_seconds;
    jobs += line->part_jobs;
  }
  int n = state.first.n;
  nq_count_method method =
      !strcmp(state.method, "join") ? NQ_COUNT_METHOD_JOIN : NQ_COUNT_METHOD_BACKTRACK;
  free(state.seen);
  if (jobs != state.first.jobs)
    return runtime_error("count", "the parts hold %" PRIu64 " jobs in all, the plan %" PRIu64, jobs,
                         state.first.jobs);
  /* Every solution counted singly is in a class of 8, so all parts together
   * hold a multiple of 8 of them; anything else was altered or mixed up. */
  if (state.sum.count1 % 8)
    return runtime_error("count",
                         "the parts' c1 add up to %" PRIu64
                         ", not a multiple of 8 (a part line was altered)",
                         state.sum.count1);
  /* --stats: seconds are the parts' sum (machine time, not wall clock). */
  return count_report("nqsat count", n, method, &state.sum, unique, stats, state.seconds,
                      state.cpu_seconds, "(merged parts)", known);
}
