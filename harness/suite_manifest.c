/* manifest.csv (RFC 4180 quoting) and manifest.json for `nqsat suite`. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grow.h"
#include "quote.h"
#include "suite_manifest.h"
#include "text_buffer.h"

int manifest_rows_add(manifest_rows *rows, const manifest_row *row) {
  if (rows->count == rows->capacity) {
    manifest_row *grown =
        grow_array(rows->items, &rows->capacity, rows->capacity + 1, sizeof *grown, 64);
    if (!grown)
      return -1;
    rows->items = grown;
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

static void add_json_string(text_buffer *out, const char *value) {
  text_buffer_printf(out, "\"");
  for (const unsigned char *p = (const unsigned char *)value; *p; p++) {
    if (*p == '"' || *p == '\\')
      text_buffer_printf(out, "\\%c", *p);
    else if (*p < 0x20)
      text_buffer_printf(out, "\\u%04x", *p);
    else
      text_buffer_put(out, (const char *)p, 1);
  }
  text_buffer_printf(out, "\"");
}

static const char *status_name(int status) {
  return status == 10 ? "SAT" : status == 20 ? "UNSAT" : "unknown";
}

static void csv_text(const manifest_rows *rows, text_buffer *out) {
  text_buffer_printf(out, "%s\n", MANIFEST_CSV_HEADER);
  for (size_t i = 0; i < rows->count; i++) {
    const manifest_row *row = &rows->items[i];
    quote_csv(out, row->file, QUOTE_KEEP_LINE_BREAKS);
    text_buffer_printf(out, ",%s,%d,%s,", row->hash, row->n, row->opb ? "opb" : "cnf");
    quote_csv(out, row->encoding, QUOTE_KEEP_LINE_BREAKS);
    text_buffer_printf(out, ",");
    quote_csv(out, row->options, QUOTE_KEEP_LINE_BREAKS);
    text_buffer_printf(out, ",");
    quote_csv(out, row->command, QUOTE_KEEP_LINE_BREAKS);
    text_buffer_printf(out, ",%" PRId64 ",%" PRId64 ",%s,", row->variables, row->clauses,
                       status_name(row->status));
    if (row->models_known)
      text_buffer_printf(out, "%" PRIu64, row->models);
    else
      text_buffer_printf(out, "unknown");
    text_buffer_printf(out, ",");
    if (row->unique_defined && row->unique_known)
      text_buffer_printf(out, "%" PRIu64, row->unique);
    else if (row->unique_defined)
      text_buffer_printf(out, "unknown");
    text_buffer_printf(out, "\n");
  }
}

static void json_text(const manifest_rows *rows, text_buffer *out) {
  text_buffer_printf(out, "[\n");
  for (size_t i = 0; i < rows->count; i++) {
    const manifest_row *row = &rows->items[i];
    text_buffer_printf(out, "  {\"file\": ");
    add_json_string(out, row->file);
    text_buffer_printf(out, ", \"hash\": \"%s\", \"n\": %d, \"format\": \"%s\", \"encoding\": ",
                       row->hash, row->n, row->opb ? "opb" : "cnf");
    add_json_string(out, row->encoding);
    text_buffer_printf(out, ", \"options\": ");
    add_json_string(out, row->options);
    text_buffer_printf(out, ", \"command\": ");
    add_json_string(out, row->command);
    text_buffer_printf(out, ", \"variables\": %" PRId64 ", \"clauses\": %" PRId64 ", \"status\": ",
                       row->variables, row->clauses);
    if (row->status)
      text_buffer_printf(out, "\"%s\"", status_name(row->status));
    else
      text_buffer_printf(out, "null");
    text_buffer_printf(out, ", \"models\": ");
    if (row->models_known)
      text_buffer_printf(out, "%" PRIu64, row->models);
    else
      text_buffer_printf(out, "null");
    text_buffer_printf(out, ", \"unique\": ");
    if (row->unique_defined && row->unique_known)
      text_buffer_printf(out, "%" PRIu64, row->unique);
    else
      text_buffer_printf(out, "null");
    text_buffer_printf(out, i + 1 < rows->count ? "},\n" : "}\n");
  }
  text_buffer_printf(out, "]\n");
}

int manifest_write(const manifest_rows *rows, const char *csv_path, const char *json_path,
                   char *error, size_t error_size) {
  text_buffer csv = {0}, json = {0};
  csv_text(rows, &csv);
  json_text(rows, &json);
  int result = text_buffer_write_file(&csv, csv_path, error, error_size);
  if (!result)
    result = text_buffer_write_file(&json, json_path, error, error_size);
  text_buffer_free(&csv);
  text_buffer_free(&json);
  return result;
}
