/* The manifest of a suite (rows kept in memory, written
 * as CSV and JSON through nq_output, so each appears only when complete). */
#ifndef NQSAT_SUITE_MANIFEST_H
#define NQSAT_SUITE_MANIFEST_H

#include <stddef.h>
#include <stdint.h>

typedef struct manifest_row {
  char file[128];
  char hash[33];
  int n;
  int opb;
  char encoding[16];
  char *options; /* owned */
  char *command; /* owned */
  int64_t variables, clauses;
  int status; /* 10, 20, 0 unknown */
  int models_known;
  uint64_t models;
  int unique_defined, unique_known;
  uint64_t unique;
} manifest_row;

typedef struct manifest_rows {
  manifest_row *items;
  size_t count, capacity;
} manifest_rows;

/* Takes ownership of the row's strings on success; returns 0 or -1. */
int manifest_rows_add(manifest_rows *rows, const manifest_row *row);
void manifest_rows_free(manifest_rows *rows);

/* Writes both files; returns 0, or -1 with a message in `error`. */
int manifest_write(const manifest_rows *rows, const char *csv_path, const char *json_path,
                   char *error, size_t error_size);

/* The CSV header, also what `run` expects. */
#define MANIFEST_CSV_HEADER                                                                        \
  "file,hash,n,format,encoding,options,command,variables,clauses,status,models,unique"

#endif
