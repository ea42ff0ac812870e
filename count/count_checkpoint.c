/* Checkpoints for nqsat count and nqsat-mpi (format in count_jobs.h).
 *
 * Why this is safe against kill -9: each job's line goes out in one write()
 * on a descriptor opened with O_APPEND, so the file holds whole lines of
 * finished jobs; a job is recorded only after it finished, and a rerun
 * skips exactly the recorded ones, so none is counted twice and only those
 * in progress are lost. Against a crash of the machine, fsync at most every
 * 0.2 s (and at the end) bounds the loss; a line torn by the crash fails its
 * checksum or lacks its newline and is cut off on the next open. Batching
 * the fsync keeps thousands of small jobs from waiting on the disk. */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "count_jobs.h"

/* Version 2: job lines carry count1 (the join method's singly counted
 * solutions). A version 1 file is refused by its header. */
#define CHECKPOINT_MAGIC "nqsat-count-checkpoint 2"
#define SYNC_INTERVAL 0.2

struct count_checkpoint {
  int descriptor;
  char *path;
  size_t jobs;
  unsigned char *finished;
  nq_count_tally *loaded; /* per job, for the finished ones */
  int error;              /* errno of the first failed write or sync, 0 if none */
  int unsynced;
  struct timespec last_sync;
};

static uint64_t line_check(uint64_t job, const nq_count_tally *tally) {
  uint64_t values[6] = {job,           tally->count2, tally->count4,
                        tally->count8, tally->count1, tally->work};
  uint64_t hash = UINT64_C(0xcbf29ce484222325);
  for (int i = 0; i < 6; i++)
    for (int b = 0; b < 8; b++)
      hash = (hash ^ ((values[i] >> (8 * b)) & 0xff)) * UINT64_C(0x100000001b3);
  return hash;
}

static int format_header(char *buffer, size_t size, int n, const nq_count_plan *plan) {
  return snprintf(buffer, size, CHECKPOINT_MAGIC " n=%d method=%s jobs=%zu plan=%016" PRIx64 "\n",
                  n, nq_count_method_name(nq_count_plan_method(plan)), nq_count_plan_jobs(plan),
                  nq_count_plan_checksum(plan));
}

static void close_and_free(count_checkpoint *checkpoint) {
  if (checkpoint->descriptor >= 0)
    close(checkpoint->descriptor);
  free(checkpoint->path);
  free(checkpoint->finished);
  free(checkpoint->loaded);
  free(checkpoint);
}

static int write_all(int descriptor, const char *text, size_t size) {
  while (size) {
    ssize_t written = write(descriptor, text, size);
    if (written < 0) {
      if (errno == EINTR)
        continue;
      return -1;
    }
    text += written, size -= (size_t)written;
  }
  return 0;
}

/* Reads the job lines after the header; `good_end` gets the offset after
 * the last whole, valid line. Returns 0, or 1 after the error. */
static int load_lines(const char *program, count_checkpoint *checkpoint, FILE *file,
                      long *good_end) {
  char line[256];
  long line_number = 1;
  *good_end = ftell(file);
  while (fgets(line, sizeof line, file)) {
    line_number++;
    size_t length = strlen(line);
    int whole = length > 0 && line[length - 1] == '\n';
    uint64_t job, count2, count4, count8, count1, work, check;
    char extra;
    int fields = sscanf(line,
                        "%" SCNu64 " %" SCNu64 " %" SCNu64 " %" SCNu64 " %" SCNu64 " %" SCNu64
                        " %" SCNx64 " %c",
                        &job, &count2, &count4, &count8, &count1, &work, &check, &extra);
    nq_count_tally tally = {
        .count2 = count2, .count4 = count4, .count8 = count8, .count1 = count1, .work = work};
    int valid = whole && fields == 7 && job < checkpoint->jobs && line_check(job, &tally) == check;
    if (!valid) {
      /* Only the last line may be torn (a crash while appending). */
      int c = fgetc(file);
      if (c == EOF)
        return 0;
      fprintf(stderr, "%s: error: %s:%ld: not a finished job line (JOB C2 C4 C8 C1 WORK CHECK)\n",
              program, checkpoint->path, line_number);
      return 1;
    }
    if (checkpoint->finished[job]) {
      const nq_count_tally *before = &checkpoint->loaded[job];
      if (memcmp(before, &tally, sizeof tally)) {
        fprintf(stderr, "%s: error: %s:%ld: job %" PRIu64 " recorded twice with different counts\n",
                program, checkpoint->path, line_number, job);
        return 1;
      }
    }
    checkpoint->finished[job] = 1;
    checkpoint->loaded[job] = tally;
    *good_end = ftell(file);
  }
  if (ferror(file)) {
    fprintf(stderr, "%s: error: %s: %s\n", program, checkpoint->path, strerror(errno));
    return 1;
  }
  return 0;
}

int count_checkpoint_open(const char *program, const char *path, int n, const nq_count_plan *plan,
                          count_checkpoint **result) {
  *result = NULL;
  count_checkpoint *checkpoint = calloc(1, sizeof *checkpoint);
  size_t jobs = nq_count_plan_jobs(plan);
  if (checkpoint) {
    checkpoint->descriptor = -1;
    checkpoint->jobs = jobs;
    checkpoint->path = malloc(strlen(path) + 1);
    checkpoint->finished = calloc(jobs ? jobs : 1, 1);
    checkpoint->loaded = calloc(jobs ? jobs : 1, sizeof *checkpoint->loaded);
  }
  if (!checkpoint || !checkpoint->path || !checkpoint->finished || !checkpoint->loaded) {
    if (checkpoint)
      close_and_free(checkpoint);
    fprintf(stderr, "%s: error: %s\n", program, nq_strerror(NQ_ERR_MEMORY));
    return 1;
  }
  strcpy(checkpoint->path, path);
  char header[256];
  format_header(header, sizeof header, n, plan);
  checkpoint->descriptor = open(path, O_RDWR | O_CREAT | O_APPEND, 0644);
  if (checkpoint->descriptor < 0) {
    fprintf(stderr, "%s: error: %s: %s\n", program, path, strerror(errno));
    close_and_free(checkpoint);
    return 1;
  }
  struct stat status;
  if (fstat(checkpoint->descriptor, &status) != 0 || !S_ISREG(status.st_mode)) {
    fprintf(stderr, "%s: error: %s: not a regular file\n", program, path);
    close_and_free(checkpoint);
    return 1;
  }
  if (status.st_size == 0) {
    if (write_all(checkpoint->descriptor, header, strlen(header)) ||
        fsync(checkpoint->descriptor)) {
      fprintf(stderr, "%s: error: %s: %s\n", program, path, strerror(errno));
      close_and_free(checkpoint);
      return 1;
    }
  } else {
    FILE *file = fopen(path, "r");
    char first[256];
    if (!file || !fgets(first, sizeof first, file)) {
      fprintf(stderr, "%s: error: %s: %s\n", program, path,
              file ? "cannot read the header" : strerror(errno));
      if (file)
        fclose(file);
      close_and_free(checkpoint);
      return 1;
    }
    if (strcmp(first, header)) {
      first[strcspn(first, "\n")] = 0;
      header[strcspn(header, "\n")] = 0;
      fprintf(stderr, "%s: error: %s:1: a checkpoint of another run ('%.120s'); this run is '%s'\n",
              program, path, first, header);
      fclose(file);
      close_and_free(checkpoint);
      return 1;
    }
    long good_end;
    int failed = load_lines(program, checkpoint, file, &good_end);
    fclose(file);
    if (!failed && good_end < status.st_size && ftruncate(checkpoint->descriptor, good_end)) {
      fprintf(stderr, "%s: error: %s: cannot cut the torn last line: %s\n", program, path,
              strerror(errno));
      failed = 1;
    }
    if (failed) {
      close_and_free(checkpoint);
      return 1;
    }
  }
  clock_gettime(CLOCK_MONOTONIC, &checkpoint->last_sync);
  *result = checkpoint;
  return 0;
}

int count_checkpoint_finished(const count_checkpoint *checkpoint, size_t job) {
  return job < checkpoint->jobs && checkpoint->finished[job];
}

void count_checkpoint_record(count_checkpoint *checkpoint, size_t job,
                             const nq_count_tally *tally) {
  if (checkpoint->error || job >= checkpoint->jobs)
    return;
  char line[192];
  int length =
      snprintf(line, sizeof line,
               "%zu %" PRIu64 " %" PRIu64 " %" PRIu64 " %" PRIu64 " %" PRIu64 " %016" PRIx64 "\n",
               job, tally->count2, tally->count4, tally->count8, tally->count1, tally->work,
               line_check(job, tally));
  if (write_all(checkpoint->descriptor, line, (size_t)length)) {
    checkpoint->error = errno;
    return;
  }
  checkpoint->unsynced = 1;
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  double since = (double)(now.tv_sec - checkpoint->last_sync.tv_sec) +
                 (double)(now.tv_nsec - checkpoint->last_sync.tv_nsec) / 1e9;
  if (since >= SYNC_INTERVAL) {
    if (fsync(checkpoint->descriptor))
      checkpoint->error = errno;
    checkpoint->unsynced = 0;
    checkpoint->last_sync = now;
  }
}

size_t count_checkpoint_add_loaded(const count_checkpoint *checkpoint, const unsigned char *in_part,
                                   nq_count_tally *tally) {
  size_t added = 0;
  for (size_t job = 0; job < checkpoint->jobs; job++) {
    if (!checkpoint->finished[job] || (in_part && !in_part[job]))
      continue;
    nq_count_tally_add(tally, &checkpoint->loaded[job]);
    added++;
  }
  return added;
}

int count_checkpoint_close(const char *program, count_checkpoint *checkpoint) {
  if (!checkpoint)
    return 0;
  if (!checkpoint->error && checkpoint->unsynced && fsync(checkpoint->descriptor))
    checkpoint->error = errno;
  if (!checkpoint->error && close(checkpoint->descriptor))
    checkpoint->error = errno;
  else if (checkpoint->error)
    close(checkpoint->descriptor);
  checkpoint->descriptor = -1;
  int error = checkpoint->error;
  if (error)
    fprintf(stderr, "%s: error: %s: %s\n", program, checkpoint->path, strerror(error));
  close_and_free(checkpoint);
  return error != 0;
}
