/* A main for fuzz targets outside libFuzzer: feeds LLVMFuzzerTestOneInput
 * every file named on the command line, or found in a directory named there
 * (sorted by name, dot files skipped), so seed corpora and saved crashers
 * run as ordinary ctest tests in every build. A crash or an abort() in the
 * target fails the test; a missing path fails it too, so a renamed corpus
 * cannot silently replay nothing. */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int replay_file(const char *path) {
  FILE *file = fopen(path, "rb");
  if (!file) {
    perror(path);
    return -1;
  }
  size_t capacity = 4096, size = 0;
  uint8_t *data = malloc(capacity);
  size_t got;
  while (data && (got = fread(data + size, 1, capacity - size, file)) > 0) {
    size += got;
    if (size == capacity) {
      uint8_t *grown = realloc(data, capacity *= 2);
      if (!grown)
        free(data);
      data = grown;
    }
  }
  int failed = !data || ferror(file);
  fclose(file);
  if (failed) {
    fprintf(stderr, "%s: cannot read\n", path);
    free(data);
    return -1;
  }
  fprintf(stderr, "replay %s (%zu bytes)\n", path, size);
  LLVMFuzzerTestOneInput(data, size);
  free(data);
  return 0;
}

static int by_name(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

static int replay_directory(const char *path, int *replayed) {
  DIR *directory = opendir(path);
  if (!directory) {
    perror(path);
    return -1;
  }
  char **names = NULL;
  size_t count = 0;
  int failed = 0;
  struct dirent *entry;
  while (!failed && (entry = readdir(directory)) != NULL) {
    if (entry->d_name[0] == '.')
      continue;
    char **grown = realloc(names, (count + 1) * sizeof *names);
    size_t length = strlen(path) + strlen(entry->d_name) + 2;
    char *name = grown ? malloc(length) : NULL;
    if (grown)
      names = grown;
    if (!name) {
      failed = 1;
      break;
    }
    snprintf(name, length, "%s/%s", path, entry->d_name);
    names[count++] = name;
  }
  closedir(directory);
  if (count)
    qsort(names, count, sizeof *names, by_name);
  for (size_t i = 0; i < count; i++) {
    if (!failed && replay_file(names[i]) != 0)
      failed = 1;
    else if (!failed)
      ++*replayed;
    free(names[i]);
  }
  free(names);
  return failed ? -1 : 0;
}

int main(int argc, char **argv) {
  int replayed = 0;
  for (int i = 1; i < argc; i++) {
    struct stat info;
    if (stat(argv[i], &info) != 0) {
      perror(argv[i]);
      return 1;
    }
    int result = S_ISDIR(info.st_mode)       ? replay_directory(argv[i], &replayed)
                 : replay_file(argv[i]) == 0 ? (replayed++, 0)
                                             : -1;
    if (result != 0)
      return 1;
  }
  printf("replayed %d inputs without a failure\n", replayed);
  return 0;
}
