/* DIR/results.csv of `nqsat run`: RFC 4180 CSV, one row per finished run.
 *
 * Rows are appended to a descriptor opened with O_APPEND, each with one
 * write() of the whole line, as soon as the run is judged: a Ctrl-C, a
 * crash or a kill -9 of the harness loses no finished run, and the file
 * never holds half a row unless the write itself was cut short (a full
 * disk, a kill during the write), which --resume detects and drops. No
 * fsync: the rows are in the kernel's page cache the moment write()
 * returns, which is all a harness crash needs; only a crash of the machine
 * could lose the last rows, and an fsync per run would cost milliseconds
 * (the harness's whole overhead budget) on some file systems. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "grow.h"
#include "quote.h"
#include "run.h"

int csv_split(char *line, char **fields, int max_fields) {
  int count = 0;
  char *p = line;
  for (;;) {
    if (count == max_fields)
      return count;
    if (*p == '"') {
      char *out = ++p;
      fields[count++] = out;
      for (;;) {
        if (!*p)
          return -1;
        if (*p == '"' && p[1] == '"') {
          *out++ = '"';
          p += 2;
        } else if (*p == '"') {
          p++;
          break;
        } else {
          *out++ = *p++;
        }
      }
      *out = '\0';
      if (*p == ',') {
        p++;
        continue;
      }
      return *p ? -1 : count;
    }
    fields[count++] = p;
    char *comma = strchr(p, ',');
    if (!comma)
      return count;
    *comma = '\0';
    p = comma + 1;
  }
}

static char *copy(const char *text) {
  char *result = malloc(strlen(text) + 1);
  if (result)
    strcpy(result, text);
  return result;
}

int results_add(result_table *table, const result_row *row) {
  if (table->count == table->capacity) {
    result_row *grown =
        grow_array(table->rows, &table->capacity, table->capacity + 1, sizeof *grown, 64);
    if (!grown)
      return -1;
    table->rows = grown;
  }
  result_row *slot = &table->rows[table->count];
  *slot = *row;
  slot->solver = copy(row->solver);
  slot->file = copy(row->file);
  slot->result = copy(row->result);
  slot->exit_text = copy(row->exit_text);
  slot->detail = copy(row->detail);
  slot->command = copy(row->command);
  slot->log = copy(row->log ? row->log : "");
  slot->measure = copy(row->measure ? row->measure : "");
  table->count++;
  if (!slot->solver || !slot->file || !slot->result || !slot->exit_text || !slot->detail ||
      !slot->command || !slot->log || !slot->measure)
    return -1;
  return 0;
}

void results_free(result_table *table) {
  for (size_t i = 0; i < table->count; i++) {
    result_row *row = &table->rows[i];
    free(row->solver);
    free(row->file);
    free(row->result);
    free(row->exit_text);
    free(row->detail);
    free(row->command);
    free(row->log);
    free(row->measure);
  }
  free(table->rows);
  memset(table, 0, sizeof *table);
}

static int parse_number(const char *text, double *value) {
  char *end;
  *value = strtod(text, &end);
  return *text && !*end ? 0 : -1;
}

int results_load(const char *path, result_table *table, int repair, int *dropped_partial,
                 char *error, size_t error_size) {
  *dropped_partial = 0;
  table->has_measure = 1;
  FILE *in = fopen(path, "r+");
  if (!in) {
    if (errno == ENOENT)
      return 0;
    snprintf(error, error_size, "%s: %s", path, strerror(errno));
    return -1;
  }
  char *line = NULL;
  size_t capacity = 0;
  ssize_t length;
  long number = 0;
  off_t good_end = 0; /* just after the last complete line */
  int result = 0;
  while ((length = getline(&line, &capacity, in)) >= 0) {
    number++;
    if (length == 0 || line[length - 1] != '\n') {
      *dropped_partial = 1; /* cut off: the run is not recorded, do it again */
      break;
    }
    good_end += length;
    line[--length] = '\0';
    if (number == 1) {
      if (strncmp(line, RESULTS_HEADER_FIRST, strlen(RESULTS_HEADER_FIRST))) {
        snprintf(error, error_size, "%s:1: not a results file of 'nqsat run' (header '%.60s')",
                 path, line);
        result = -1;
        break;
      }
      /* Rows appended to an older file keep its columns. */
      table->has_measure = !strcmp(line, RESULTS_HEADER);
      continue;
    }
    char *fields[16];
    int count = csv_split(line, fields, 16);
    result_row row;
    if (count < 10 || parse_number(fields[3], &row.seconds) ||
        parse_number(fields[4], &row.cpu_seconds) || parse_number(fields[6], &row.peak_mb) ||
        parse_number(fields[7], &row.timeout)) {
      snprintf(error, error_size, "%s:%ld: malformed row", path, number);
      result = -1;
      break;
    }
    row.solver = fields[0];
    row.file = fields[1];
    row.result = fields[2];
    row.exit_text = fields[5];
    row.detail = fields[8];
    row.command = fields[9];
    row.log = count > 10 ? fields[10] : "";
    row.measure = count > 11 ? fields[11] : "";
    if (results_add(table, &row)) {
      snprintf(error, error_size, "%s: out of memory", path);
      result = -1;
      break;
    }
  }
  if (result == 0 && *dropped_partial && repair && ftruncate(fileno(in), good_end) != 0) {
    snprintf(error, error_size, "%s: cannot drop the partial last row: %s", path, strerror(errno));
    result = -1;
  }
  free(line);
  fclose(in);
  return result;
}

/* One row a line: a line break inside a field becomes a space, so a row is
 * appended with one write and read back line by line. */
char *results_format(const result_row *row) {
  text_buffer line = {0};
  quote_csv(&line, row->solver, QUOTE_ONE_LINE);
  text_buffer_put(&line, ",", 1);
  quote_csv(&line, row->file, QUOTE_ONE_LINE);
  text_buffer_put(&line, ",", 1);
  quote_csv(&line, row->result, QUOTE_ONE_LINE);
  text_buffer_printf(&line, ",%.4f,%.4f,", row->seconds, row->cpu_seconds);
  quote_csv(&line, row->exit_text, QUOTE_ONE_LINE);
  text_buffer_printf(&line, ",%.1f,%g,", row->peak_mb, row->timeout);
  quote_csv(&line, row->detail, QUOTE_ONE_LINE);
  text_buffer_put(&line, ",", 1);
  quote_csv(&line, row->command, QUOTE_ONE_LINE);
  text_buffer_put(&line, ",", 1);
  quote_csv(&line, row->log ? row->log : "", QUOTE_ONE_LINE);
  if (row->measure) {
    text_buffer_put(&line, ",", 1);
    quote_csv(&line, row->measure, QUOTE_ONE_LINE);
  }
  text_buffer_put(&line, "\n", 1);
  if (line.failed) {
    text_buffer_free(&line);
    return NULL;
  }
  return line.data;
}

int results_open(const char *path, char *error, size_t error_size) {
  int fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
  if (fd < 0) {
    snprintf(error, error_size, "%s: %s", path, strerror(errno));
    return -1;
  }
  struct stat info;
  if (fstat(fd, &info) == 0 && info.st_size == 0) {
    static const char header[] = RESULTS_HEADER "\n";
    if (write(fd, header, sizeof header - 1) != (ssize_t)(sizeof header - 1)) {
      snprintf(error, error_size, "%s: %s", path, strerror(errno));
      close(fd);
      return -1;
    }
  }
  return fd;
}

int results_append(int fd, const result_row *row) {
  char *line = results_format(row);
  if (!line) {
    errno = ENOMEM;
    return -1;
  }
  size_t length = strlen(line);
  ssize_t written = write(fd, line, length);
  int saved = errno;
  free(line);
  if (written != (ssize_t)length) {
    errno = written < 0 ? saved : ENOSPC;
    return -1;
  }
  return 0;
}
