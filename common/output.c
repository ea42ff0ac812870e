/* Atomic, optionally gzip-compressed output. See nqsat/output.h. */
/* realpath(): XSI in glibc's headers, beyond _POSIX_C_SOURCE. */
#define _XOPEN_SOURCE 700
#include "nqsat/output.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "gzip_blocks.h"

enum { BUFFER_SIZE = 1 << 20 };

struct nq_output {
  int fd;
  int owns_fd;          /* 0 for standard output */
  char *final_path;     /* rename target, NULL when written directly */
  char *temporary_path; /* NULL when written directly */
  const char *display_name;
  gzip_blocks *gz; /* non-NULL when compressing */
  int saved_errno; /* first error, sticky */
  size_t used;
  const volatile sig_atomic_t *stop; /* see nq_output_stop_when; NULL: never */
  unsigned char buffer[BUFFER_SIZE];
};

static int write_fd(void *context, const void *data, size_t size);

static int ends_with(const char *text, const char *suffix) {
  size_t text_length = strlen(text), suffix_length = strlen(suffix);
  return text_length >= suffix_length && !strcmp(text + text_length - suffix_length, suffix);
}

static void describe(char *error, size_t error_size, const char *what, const char *path, int code) {
  if (error && error_size)
    snprintf(error, error_size, "%s '%s': %s", what, path, strerror(code));
}

static int is_direct_target(const char *path) {
  struct stat info;
  if (stat(path, &info) != 0)
    return 0; /* does not exist yet: create it atomically */
  return !S_ISREG(info.st_mode);
}

/* Where the file behind `path` really is, when `path` is a symlink to an
 * existing file: writing there keeps the link, as writing through it would
 * (a rename onto the link itself would replace it by a plain file).
 * NULL when `path` is no symlink or a dangling one (then the link is
 * replaced, as nothing it points to exists); the caller frees. */
static char *symlink_target(const char *path) {
  struct stat info;
  if (lstat(path, &info) != 0 || !S_ISLNK(info.st_mode))
    return NULL;
  return realpath(path, NULL);
}

static int open_temporary(nq_output *output, const char *path) {
  size_t length = strlen(path);
  output->final_path = malloc(length + 1);
  output->temporary_path = malloc(length + sizeof ".tmp.XXXXXX");
  if (!output->final_path || !output->temporary_path) {
    errno = ENOMEM;
    return -1;
  }
  memcpy(output->final_path, path, length + 1);
  memcpy(output->temporary_path, path, length);
  memcpy(output->temporary_path + length, ".tmp.XXXXXX", sizeof ".tmp.XXXXXX");
  output->fd = mkstemp(output->temporary_path);
  if (output->fd < 0)
    return -1;
  /* mkstemp creates mode 0600; give the file the mode a plain open() would. */
  mode_t mask = umask(0);
  umask(mask);
  if (fchmod(output->fd, 0666 & ~mask) != 0) {
    int code = errno;
    close(output->fd);
    unlink(output->temporary_path);
    errno = code;
    return -1;
  }
  return 0;
}

nq_status nq_output_open(nq_output **result, const char *path, nq_compression compression,
                         int gzip_level, char *error, size_t error_size) {
  *result = NULL;
  nq_output *output = calloc(1, sizeof *output);
  if (!output) {
    describe(error, error_size, "cannot write", path ? path : "<stdout>", ENOMEM);
    return NQ_ERR_MEMORY;
  }
  int to_stdout = !path || !strcmp(path, "-");
  output->display_name = to_stdout ? "<stdout>" : path;
  if (to_stdout) {
    output->fd = STDOUT_FILENO;
  } else if (is_direct_target(path)) {
    output->fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0666);
    output->owns_fd = 1;
    if (output->fd < 0) {
      describe(error, error_size, "cannot open", path, errno);
      free(output);
      return NQ_ERR_IO;
    }
  } else {
    output->owns_fd = 1;
    char *target = symlink_target(path);
    int opened = open_temporary(output, target ? target : path);
    free(target);
    if (opened != 0) {
      describe(error, error_size, "cannot create", path, errno);
      free(output->final_path);
      free(output->temporary_path);
      free(output);
      return NQ_ERR_IO;
    }
  }
  int compress = compression == NQ_COMPRESS_GZIP ||
                 (compression == NQ_COMPRESS_AUTO && !to_stdout && ends_with(path, ".gz"));
  if (compress) {
    /* Compressed on worker threads, in parallel with the caller producing
     * the text (see gzip_blocks.h). */
    output->gz =
        gzip_blocks_new(gzip_level >= 1 && gzip_level <= 9 ? gzip_level : 6, write_fd, output);
    if (!output->gz) {
      describe(error, error_size, "cannot compress", output->display_name, ENOMEM);
      nq_output_abort(output);
      return NQ_ERR_IO;
    }
  }
  *result = output;
  return NQ_OK;
}

/* Writes everything or returns the errno value of the failure. */
static int write_fd(void *context, const void *data, size_t size) {
  nq_output *output = context;
  const unsigned char *p = data;
  while (size) {
    /* A signal ends a blocked write early (EINTR, or a short count). */
    if (output->stop && *output->stop)
      return EINTR;
    ssize_t written = write(output->fd, p, size);
    if (written < 0) {
      if (errno == EINTR)
        continue;
      return errno;
    }
    p += written;
    size -= (size_t)written;
  }
  return 0;
}

static void flush_buffer(nq_output *output) {
  if (output->saved_errno || !output->used)
    return;
  output->saved_errno = write_fd(output, output->buffer, output->used);
  output->used = 0;
}

nq_status nq_output_write(nq_output *output, const void *data, size_t size) {
  if (output->stop && *output->stop)
    return NQ_ERR_INTERRUPTED;
  if (output->gz) {
    if (!output->saved_errno)
      output->saved_errno = gzip_blocks_add(output->gz, data, size);
    return output->saved_errno ? NQ_ERR_IO : NQ_OK;
  }
  const unsigned char *bytes = data;
  while (size) {
    if (output->used == BUFFER_SIZE)
      flush_buffer(output);
    size_t room = BUFFER_SIZE - output->used;
    size_t chunk = size < room ? size : room;
    memcpy(output->buffer + output->used, bytes, chunk);
    output->used += chunk;
    bytes += chunk;
    size -= chunk;
  }
  return output->saved_errno ? NQ_ERR_IO : NQ_OK;
}

static void release(nq_output *output) {
  free(output->final_path);
  free(output->temporary_path);
  free(output);
}

nq_status nq_output_commit(nq_output *output, char *error, size_t error_size) {
  flush_buffer(output);
  if (output->gz) {
    int code = gzip_blocks_finish(output->gz);
    if (!output->saved_errno)
      output->saved_errno = code;
    gzip_blocks_free(output->gz);
    output->gz = NULL;
  }
  if (!output->saved_errno && output->owns_fd && output->temporary_path && fsync(output->fd) != 0 &&
      errno != EINVAL)
    output->saved_errno = errno;
  if (output->owns_fd && close(output->fd) != 0 && !output->saved_errno)
    output->saved_errno = errno;
  output->owns_fd = 0;
  if (!output->saved_errno && output->temporary_path &&
      rename(output->temporary_path, output->final_path) != 0)
    output->saved_errno = errno;
  if (output->saved_errno) {
    describe(error, error_size, "cannot write", output->display_name, output->saved_errno);
    if (output->temporary_path)
      unlink(output->temporary_path);
    release(output);
    return NQ_ERR_IO;
  }
  release(output);
  return NQ_OK;
}

void nq_output_abort(nq_output *output) {
  if (!output)
    return;
  gzip_blocks_free(output->gz);
  if (output->owns_fd)
    close(output->fd);
  if (output->temporary_path)
    unlink(output->temporary_path);
  release(output);
}

void nq_output_stop_when(nq_output *output, const volatile sig_atomic_t *stop) {
  output->stop = stop;
  if (output->gz)
    gzip_blocks_stop_when(output->gz, stop);
}
