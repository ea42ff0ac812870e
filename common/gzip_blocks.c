/* Parallel gzip members. See gzip_blocks.h. */
#include "gzip_blocks.h"

#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

enum { BLOCK_SIZE = 4 << 20, SLOTS = 4, WORKERS = 2 };

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
  int workers; /* threads actually started; 0 compresses inline */
  pthread_t threads[WORKERS];
  unsigned long submitted, written; /* block sequence numbers */
  slot slots[SLOTS];                /* block b lives in slots[b % SLOTS] */
};

static void compress_slot(int level, slot *s) {
  z_stream stream;
  memset(&stream, 0, sizeof stream);
  s->failed = 1;
  if (deflateInit2(&stream, level, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) != Z_OK)
    return;
  stream.next_in = s->input;
  stream.avail_in = (uInt)s->input_size;
  stream.next_out = s->output;
  stream.avail_out = (uInt)s->output_capacity;
  /* The output buffer holds deflateBound(BLOCK_SIZE) bytes, so one call
   * finishes the member. */
  if (deflate(&stream, Z_FINISH) == Z_STREAM_END) {
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
    compress_slot(blocks->level, next);
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

/* Waits for the oldest unwritten block and writes it. Caller holds no lock. */
static void write_oldest(gzip_blocks *blocks) {
  slot *s = &blocks->slots[blocks->written % SLOTS];
  pthread_mutex_lock(&blocks->lock);
  while (s->state != SLOT_DONE)
    pthread_cond_wait(&blocks->done, &blocks->lock);
  pthread_mutex_unlock(&blocks->lock);
  /* A DONE slot is the caller's until it is marked FREE again. */
  if (!blocks->error && s->failed)
    blocks->error = ENOMEM;
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
    compress_slot(blocks->level, s);
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
  slot *s = &blocks->slots[blocks->submitted % SLOTS];
  if (s->input_size || blocks->submitted == 0)
    submit(blocks);
  while (blocks->written < blocks->submitted)
    write_oldest(blocks);
  return blocks->error;
}

void gzip_blocks_free(gzip_blocks *blocks) {
  if (!blocks)
    return;
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
