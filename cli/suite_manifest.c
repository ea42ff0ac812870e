/* manifest.csv (RFC 4180 quoting) and manifest.json for `nqsat suite`. */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nqsat/output.h"
#include "suite_manifest.h"

int manifest_rows_add(manifest_rows *rows, const manifest_row *row) {
  if (rows->count == rows->capacity) {
    size_t capacity = rows->capacity ? 2 * rows->capacity : 64;
    manifest_row *grown = realloc(rows->items, capacity * sizeof *grown);
    if (!grown)
      return -1;
    rows->items = grown;
    rows->capacity = capacity;
  }
  rows->items[rows->count++] = *row;
  return 0;
}

void manifest_rows_free(manifest_rows *rows) {
  for (size_t i = 0; i < rows->count; i++) {
    free(rows->items[i].options);
    free(rows->items[i].command);
  }
  free(rows->items);
  memset(rows, 0, sizeof *rows);
}

/* A growing text buffer. */
typedef struct text {
  char *data;
  size_t length, capacity;
  int failed;
} text;

static void add(text *out, const char *piece, size_t length) {
  if (out->failed)
    return;
  if (out->length + length + 1 > out->capacity) {
    size_t capacity = out->capacity ? out->capacity : 4096;
    while (capacity < out->length + length + 1)
      capacity *= 2;
    char *grown = realloc(out->data, capacity);
    if (!grown) {
      out->failed = 1;
      return;
    }
    out->data = grown;
    out->capacity = capacity;
  }
  memcpy(out->data + out->length, piece, length);
  out->length += length;
  out->data[out->length] = '\0';
}

static void add_text(text *out, const char *piece) { add(out, piece, strlen(piece)); }

static void add_format(text *out, const char *format, ...) __attribute__((format(printf, 2, 3)));
static void add_format(text *out, const char *format, ...) {
  char piece[256];
  va_list arguments;
  va_start(arguments, format);
  vsnprintf(piece, sizeof piece, format, arguments);
  va_end(arguments);
  add_text(out, piece);
}

/* RFC 4180: a field with a comma, quote or line break is quoted, quotes doubled. */
static void add_csv_field(text *out, const char *field) {
  if (!strpbrk(field, ",\"\r\n")) {
    add_text(out, field);
    return;
  }
  add_text(out, "\"");
  for (const char *p = field; *p; p++)
    add(out, *p == '"' ? "\"\"" : p, *p == '"' ? 2 : 1);
  add_text(out, "\"");
}

static void add_json_string(text *out, const char *value) {
  add_text(out, "\"");
  for (const unsigned char *p = (const unsigned char *)value; *p; p++) {
    if (*p == '"' || *p == '\\')
      add_format(out, "\\%c", *p);
    else if (*p < 0x20)
      add_format(out, "\\u%04x", *p);
    else
      add(out, (const char *)p, 1);
  }
  add_text(out, "\"");
}

static const char *status_name(int status) {
  return status == 10 ? "SAT" : status == 20 ? "UNSAT" : "unknown";
}

static void csv_text(const manifest_rows *rows, text *out) {
  add_text(out, MANIFEST_CSV_HEADER "\n");
  for (size_t i = 0; i < rows->count; i++) {
    const manifest_row *row = &rows->items[i];
    add_csv_field(out, row->file);
    add_format(out, ",%s,%d,%s,", row->hash, row->n, row->opb ? "opb" : "cnf");
    add_csv_field(out, row->encoding);
    add_text(out, ",");
    add_csv_field(out, row->options);
    add_text(out, ",");
    add_csv_field(out, row->command);
    add_format(out, ",%" PRId64 ",%" PRId64 ",%s,", row->variables, row->clauses,
               status_name(row->status));
    if (row->models_known)
      add_format(out, "%" PRIu64, row->models);
    else
      add_text(out, "unknown");
    add_text(out, ",");
    if (row->unique_defined && row->unique_known)
      add_format(out, "%" PRIu64, row->unique);
    else if (row->unique_defined)
      add_text(out, "unknown");
    add_text(out, "\n");
  }
}

static void json_text(const manifest_rows *rows, text *out) {
  add_text(out, "[\n");
  for (size_t i = 0; i < rows->count; i++) {
    const manifest_row *row = &rows->items[i];
    add_text(out, "  {\"file\": ");
    add_json_string(out, row->file);
    add_format(out, ", \"hash\": \"%s\", \"n\": %d, \"format\": \"%s\", \"encoding\": ", row->hash,
               row->n, row->opb ? "opb" : "cnf");
    add_json_string(out, row->encoding);
    add_text(out, ", \"options\": ");
    add_json_string(out, row->options);
    add_text(out, ", \"command\": ");
    add_json_string(out, row->command);
    add_format(out, ", \"variables\": %" PRId64 ", \"clauses\": %" PRId64 ", \"status\": ",
               row->variables, row->clauses);
    if (row->status)
      add_format(out, "\"%s\"", status_name(row->status));
    else
      add_text(out, "null");
    add_text(out, ", \"models\": ");
    if (row->models_known)
      add_format(out, "%" PRIu64, row->models);
    else
      add_text(out, "null");
    add_text(out, ", \"unique\": ");
    if (row->unique_defined && row->unique_known)
      add_format(out, "%" PRIu64, row->unique);
    else
      add_text(out, "null");
    add_text(out, i + 1 < rows->count ? "},\n" : "}\n");
  }
  add_text(out, "]\n");
}

static int write_whole(const char *path, const text *content, char *error, size_t error_size) {
  nq_output *output;
  if (content->failed) {
    snprintf(error, error_size, "%s: out of memory", path);
    return -1;
  }
  if (nq_output_open(&output, path, NQ_COMPRESS_NONE, 0, error, error_size) != NQ_OK)
    return -1;
  nq_output_write(output, content->data, content->length);
  return nq_output_commit(output, error, error_size) == NQ_OK ? 0 : -1;
}

int manifest_write(const manifest_rows *rows, const char *csv_path, const char *json_path,
                   char *error, size_t error_size) {
  text csv = {0}, json = {0};
  csv_text(rows, &csv);
  json_text(rows, &json);
  int result = write_whole(csv_path, &csv, error, error_size);
  if (!result)
    result = write_whole(json_path, &json, error, error_size);
  free(csv.data);
  free(json.data);
  return result;
}
