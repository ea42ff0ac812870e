/* Parallel gzip members. See gzip_blocks.h. */
#include "gzip_blocks.h"

#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <zlib.h>

/* PIECE: a block is deflated a piece at a time (a few ms each), so that a
 * stop is seen within one piece instead of one block (up to a second on a
 * loaded machine). POLL_MS: how often a writer waiting for a block looks
 * at the stop flag. */
enum { BLOCK_SIZE = 4 << 20, PIECE = 256 << 10, SLOTS = 4, WORKERS = 2, POLL_MS = 10 };

typedef enum slot_state { SLOT_FREE, SLOT_QUEUED, SLOT_WORKING, SLOT_DONE } slot_state;

typedef struct slot {
  unsigned char *input, *output;
  size_t input_size, output_size, output_capacity;
  slot_state state;
  int failed;
} slot;

struct gzip_blocks {
  int level;
  int (*write_all)(void *context, const void *data, size_t size);
  void *context;
  int error; /* first error, sticky */
  pthread_mutex_t lock;
  pthread_cond_t queued, done;
  int stopping;
  const volatile sig_atomic_t *stop; /* see gzip_blocks_stop_when; NULL: never */
  atomic_int abandon;                /* stop compressing: the output is discarded */
  int workers;                       /* threads actually started; 0 compresses inline */
  pthread_t threads[WORKERS];
  unsigned long submitted, written; /* block sequence numbers */
  slot slots[SLOTS];                /* block b lives in slots[b % SLOTS] */
};

static int abandoned(gzip_blocks *blocks) {
  if (blocks->stop && *blocks->stop)
    atomic_store(&blocks->abandon, 1);
  return atomic_load(&blocks->abandon);
}

static void compress_slot(gzip_blocks *blocks, slot *s) {
  z_stream stream;
  memset(&stream, 0, sizeof stream);
  s->failed = 1;
  if (deflateInit2(&stream, blocks->level, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) != Z_OK)
    return;
  stream.next_out = s->output;
  stream.avail_out = (uInt)s->output_capacity;
  /* The output buffer holds deflateBound(BLOCK_SIZE) bytes, so it never
   * fills. Input given a piece at a time with Z_NO_FLUSH compresses to the
   * same bytes as all at once: deflate decides only once it has enough
   * lookahead, whatever the calls. */
  size_t offset = 0;
  int result = Z_OK;
  while (result == Z_OK && !abandoned(blocks)) {
    size_t piece = s->input_size - offset < PIECE ? s->input_size - offset : PIECE;
    stream.next_in = s->input + offset;
    stream.avail_in = (uInt)piece;
    offset += piece;
    result = deflate(&stream, offset == s->input_size ? Z_FINISH : Z_NO_FLUSH);
  }
  if (result == Z_STREAM_END) {
    s->output_size = s->output_capacity - stream.avail_out;
    s->failed = 0;
  }
  deflateEnd(&stream);
}

static void *worker(void *argument) {
  gzip_blocks *blocks = argument;
  pthread_mutex_lock(&blocks->lock);
  for (;;) {
    /* Stopping comes only after gzip_blocks_finish wrote every block, or
     * when the output is being discarded (an interruption): then queued
     * blocks are dropped, not compressed for nothing (up to a second). */
    if (blocks->stopping)
      break;
    slot *next = NULL;
    /* The oldest queued block first, so the writer waits least. */
    for (unsigned long b = blocks->written; b < blocks->submitted && !next; b++)
      if (blocks->slots[b % SLOTS].state == SLOT_QUEUED)
        next = &blocks->slots[b % SLOTS];
    if (!next) {
      pthread_cond_wait(&blocks->queued, &blocks->lock);
      continue;
    }
    next->state = SLOT_WORKING;
    pthread_mutex_unlock(&blocks->lock);
    compress_slot(blocks, next);
    pthread_mutex_lock(&blocks->lock);
    next->state = SLOT_DONE;
    pthread_cond_broadcast(&blocks->done);
  }
  pthread_mutex_unlock(&blocks->lock);
  return NULL;
}

gzip_blocks *gzip_blocks_new(int level, int (*write_all)(void *, const void *, size_t),
                             void *context) {
  gzip_blocks *blocks = calloc(1, sizeof *blocks);
  if (!blocks)
    return NULL;
  blocks->level = level;
  blocks->write_all = write_all;
  blocks->context = context;
  z_stream probe;
  memset(&probe, 0, sizeof probe);
  if (deflateInit2(&probe, level, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) != Z_OK) {
    free(blocks);
    return NULL;
  }
  size_t bound = deflateBound(&probe, BLOCK_SIZE);
  deflateEnd(&probe);
  for (int i = 0; i < SLOTS; i++) {
    blocks->slots[i].input = malloc(BLOCK_SIZE);
    blocks->slots[i].output = malloc(bound);
    blocks->slots[i].output_capacity = bound;
    if (!blocks->slots[i].input || !blocks->slots[i].output) {
      for (int j = 0; j <= i; j++) {
        free(blocks->slots[j].input);
        free(blocks->slots[j].output);
      }
      free(blocks);
      return NULL;
    }
  }
  pthread_mutex_init(&blocks->lock, NULL);
  pthread_cond_init(&blocks->queued, NULL);
  pthread_cond_init(&blocks->done, NULL);
  /* Without threads (creation failed) blocks are compressed inline. */
  while (blocks->workers < WORKERS &&
         pthread_create(&blocks->threads[blocks->workers], NULL, worker, blocks) == 0)
    blocks->workers++;
  return blocks;
}

/* Waits for the oldest unwritten block and writes it. Caller holds no lock.
 * Gives up waiting when the stop flag is raised (error EINTR): no progress
 * then, and the caller's loops end on the error. */
static void write_oldest(gzip_blocks *blocks) {
  slot *s = &blocks->slots[blocks->written % SLOTS];
  pthread_mutex_lock(&blocks->lock);
  while (s->state != SLOT_DONE) {
    if (abandoned(blocks)) {
      pthread_mutex_unlock(&blocks->lock);
      if (!blocks->error)
        blocks->error = EINTR;
      return;
    }
    /* A signal handler cannot signal a condition variable: poll. */
    struct timespec until;
    clock_gettime(CLOCK_REALTIME, &until);
    until.tv_nsec += POLL_MS * 1000000L;
    if (until.tv_nsec >= 1000000000L) {
      until.tv_sec++;
      until.tv_nsec -= 1000000000L;
    }
    pthread_cond_timedwait(&blocks->done, &blocks->lock, &until);
  }
  pthread_mutex_unlock(&blocks->lock);
  /* A DONE slot is the caller's until it is marked FREE again. */
  if (!blocks->error && s->failed)
    blocks->error = abandoned(blocks) ? EINTR : ENOMEM;
  if (!blocks->error)
    blocks->error = blocks->write_all(blocks->context, s->output, s->output_size);
  s->input_size = 0;
  pthread_mutex_lock(&blocks->lock);
  s->state = SLOT_FREE;
  blocks->written++;
  pthread_mutex_unlock(&blocks->lock);
}

static void submit(gzip_blocks *blocks) {
  slot *s = &blocks->slots[blocks->submitted % SLOTS];
  if (!blocks->workers)
    compress_slot(blocks, s);
  pthread_mutex_lock(&blocks->lock);
  s->state = blocks->workers ? SLOT_QUEUED : SLOT_DONE;
  blocks->submitted++;
  pthread_cond_signal(&blocks->queued);
  pthread_mutex_unlock(&blocks->lock);
}

int gzip_blocks_add(gzip_blocks *blocks, const void *data, size_t size) {
  const unsigned char *bytes = data;
  while (size && !blocks->error) {
    /* The filling slot is blocks->submitted % SLOTS; free it first. */
    if (blocks->submitted - blocks->written == SLOTS)
      write_oldest(blocks);
    slot *s = &blocks->slots[blocks->submitted % SLOTS];
    size_t room = BLOCK_SIZE - s->input_size;
    size_t part = size < room ? size : room;
    memcpy(s->input + s->input_size, bytes, part);
    s->input_size += part;
    bytes += part;
    size -= part;
    if (s->input_size == BLOCK_SIZE)
      submit(blocks);
  }
  return blocks->error;
}

int gzip_blocks_finish(gzip_blocks *blocks) {
  if (blocks->submitted - blocks->written == SLOTS)
    write_oldest(blocks);
  if (blocks->error)
    return blocks->error;
  slot *s = &blocks->slots[blocks->submitted % SLOTS];
  if (s->input_size || blocks->submitted == 0)
    submit(blocks);
  while (blocks->written < blocks->submitted && !blocks->error)
    write_oldest(blocks);
  return blocks->error;
}

void gzip_blocks_free(gzip_blocks *blocks) {
  if (!blocks)
    return;
  /* Blocks still being compressed are of no use now (after finish there
   * are none): stop them at the next piece. */
  atomic_store(&blocks->abandon, 1);
  pthread_mutex_lock(&blocks->lock);
  blocks->stopping = 1;
  pthread_cond_broadcast(&blocks->queued);
  pthread_mutex_unlock(&blocks->lock);
  for (int i = 0; i < blocks->workers; i++)
    pthread_join(blocks->threads[i], NULL);
  pthread_mutex_destroy(&blocks->lock);
  pthread_cond_destroy(&blocks->queued);
  pthread_cond_destroy(&blocks->done);
  for (int i = 0; i < SLOTS; i++) {
    free(blocks->slots[i].input);
    free(blocks->slots[i].output);
  }
  free(blocks);
}

void gzip_blocks_stop_when(gzip_blocks *blocks, const volatile sig_atomic_t *stop) {
  blocks->stop = stop;
}
