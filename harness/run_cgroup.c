/* Control groups for `nqsat run` (run_cgroup.h). The hierarchies are found
 * in /proc/self/mountinfo and the harness's own place in them in
 * /proc/self/cgroup. CPU time, cgroup.kill and cgroup.events come from
 * cgroup v2 (Linux 5.14+ for cgroup.kill), which every v2 cgroup has
 * without any controller; the memory limit and peak from v2's memory
 * controller when it can be enabled below the harness (memory.max,
 * memory.peak, memory.events), else from a cgroup v1 memory hierarchy
 * (memory.limit_in_bytes, memory.max_usage_in_bytes, memory.oom_control),
 * as on hybrid machines. */
#define _DEFAULT_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "run_cgroup.h"

/* Reads DIR/NAME (at most size - 1 bytes, NUL-terminated); -1 when it
 * cannot be read. */
static int read_text(const char *dir, const char *name, char *text, size_t size) {
  char path[RUN_CGROUP_PATH_MAX + 96];
  snprintf(path, sizeof path, "%s/%s", dir, name);
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return -1;
  ssize_t got = read(fd, text, size - 1);
  close(fd);
  if (got < 0)
    return -1;
  text[got] = '\0';
  return 0;
}

static int write_text(const char *dir, const char *name, const char *text) {
  char path[RUN_CGROUP_PATH_MAX + 96];
  snprintf(path, sizeof path, "%s/%s", dir, name);
  int fd = open(path, O_WRONLY | O_CLOEXEC);
  if (fd < 0)
    return -1;
  size_t length = strlen(text);
  ssize_t put = write(fd, text, length);
  int saved = errno;
  close(fd);
  errno = saved;
  return put == (ssize_t)length ? 0 : -1;
}

static int has_file(const char *dir, const char *name) {
  char path[RUN_CGROUP_PATH_MAX + 96];
  snprintf(path, sizeof path, "%s/%s", dir, name);
  return access(path, F_OK) == 0;
}

/* The number after "KEY " in a flat-keyed file's text; 0 when absent. */
static unsigned long long keyed_value(const char *text, const char *key) {
  size_t length = strlen(key);
  for (const char *line = text; line && *line;
       line = strchr(line, '\n'), line = line ? line + 1 : NULL)
    if (!strncmp(line, key, length) && line[length] == ' ')
      return strtoull(line + length + 1, NULL, 10);
  return 0;
}

/* Whether `option` is one of the comma-separated `options`. */
static int has_option(const char *options, const char *option) {
  size_t length = strlen(option);
  for (const char *p = options; p; p = strchr(p, ','), p = p ? p + 1 : NULL)
    if (!strncmp(p, option, length) && (p[length] == ',' || p[length] == '\0'))
      return 1;
  return 0;
}

/* The folder of the harness's own cgroup in the hierarchy mounted with
 * `fstype` (and, for v1, super option `controller`) into `dir`. */
static int own_cgroup(const char *fstype, const char *controller, char *dir, size_t size) {
  FILE *mounts = fopen("/proc/self/mountinfo", "r");
  if (!mounts)
    return -1;
  char line[2048], mount_root[512] = "", mount_point[512] = "";
  while (!*mount_point && fgets(line, sizeof line, mounts)) {
    char root[512], point[512], type[64], options[512];
    const char *separator = strstr(line, " - ");
    if (!separator || sscanf(line, "%*s %*s %*s %511s %511s", root, point) != 2 ||
        sscanf(separator + 3, "%63s %*s %511s", type, options) != 2 || strcmp(type, fstype))
      continue;
    if (controller && !has_option(options, controller))
      continue;
    snprintf(mount_root, sizeof mount_root, "%s", root);
    snprintf(mount_point, sizeof mount_point, "%s", point);
  }
  fclose(mounts);
  if (!*mount_point)
    return -1;
  FILE *groups = fopen("/proc/self/cgroup", "r");
  if (!groups)
    return -1;
  int found = -1;
  while (found && fgets(line, sizeof line, groups)) {
    line[strcspn(line, "\n")] = '\0';
    char *controllers = strchr(line, ':');
    char *path = controllers ? strchr(controllers + 1, ':') : NULL;
    if (!path)
      continue;
    *path++ = '\0';
    *controllers++ = '\0';
    if (controller ? !has_option(controllers, controller) : (strcmp(line, "0") || *controllers))
      continue;
    /* Paths are relative to the cgroup namespace, which is the mount's root. */
    size_t root_length = strcmp(mount_root, "/") ? strlen(mount_root) : 0;
    if (root_length && !strncmp(path, mount_root, root_length))
      path += root_length;
    snprintf(dir, size, "%s%s", mount_point, strcmp(path, "/") ? path : "");
    found = 0;
  }
  fclose(groups);
  return found;
}

/* The v2 memory controller enabled for the children of `base`: in the
 * harness's cgroup's subtree_control (refused when the harness's cgroup
 * holds processes and is not the root) and in base's. memory.peak is
 * required too: Linux 5.14 to 5.18 have cgroup.kill but no memory.peak,
 * and a run's peak must come from the kernel, not be left out. */
static int enable_v2_memory(const char *own, const char *base) {
  char controllers[512];
  if (read_text(own, "cgroup.controllers", controllers, sizeof controllers))
    return -1;
  /* A blank-separated list. */
  for (char *p = controllers; *p; p++)
    if (*p == ' ' || *p == '\n')
      *p = ',';
  if (!has_option(controllers, "memory"))
    return -1;
  (void)write_text(own, "cgroup.subtree_control", "+memory");
  return write_text(base, "cgroup.subtree_control", "+memory") == 0 &&
                 has_file(base, "memory.max") && has_file(base, "memory.peak")
             ? 0
             : -1;
}

int run_cgroup_base_open(run_cgroup_base *base, char *why, size_t why_size) {
  memset(base, 0, sizeof *base);
  char own[RUN_CGROUP_PATH_MAX - 40];
  if (own_cgroup("cgroup2", NULL, own, sizeof own)) {
    snprintf(why, why_size, "no cgroup v2 hierarchy in /proc/self/mountinfo");
    return -1;
  }
  snprintf(base->unified, sizeof base->unified, "%s/nqsat-run.%d", own, (int)getpid());
  if (mkdir(base->unified, 0755) && errno != EEXIST) {
    snprintf(why, why_size, "cannot create %s: %s", base->unified, strerror(errno));
    *base->unified = '\0';
    return -1;
  }
  /* (The root cgroup has none: asked of the new folder.) */
  if (!has_file(base->unified, "cgroup.kill")) {
    snprintf(why, why_size, "%s has no cgroup.kill (Linux 5.14 or later needed)", base->unified);
    run_cgroup_base_close(base);
    return -1;
  }
  if (enable_v2_memory(own, base->unified) == 0)
    return 0;
  char own_memory[RUN_CGROUP_PATH_MAX - 40];
  if (own_cgroup("cgroup", "memory", own_memory, sizeof own_memory)) {
    snprintf(why, why_size,
             "no memory controller: not enabled below %s (cgroup v2) and no cgroup v1 memory "
             "hierarchy",
             own);
    run_cgroup_base_close(base);
    return -1;
  }
  snprintf(base->memory, sizeof base->memory, "%s/nqsat-run.%d", own_memory, (int)getpid());
  if ((mkdir(base->memory, 0755) && errno != EEXIST) ||
      !has_file(base->memory, "memory.max_usage_in_bytes")) {
    snprintf(why, why_size, "cannot create %s: %s", base->memory, strerror(errno));
    *base->memory = '\0';
    run_cgroup_base_close(base);
    return -1;
  }
  base->memory_v1 = 1;
  return 0;
}

void run_cgroup_base_close(run_cgroup_base *base) {
  if (*base->memory)
    rmdir(base->memory);
  if (*base->unified)
    rmdir(base->unified);
  *base->memory = *base->unified = '\0';
}

static int open_join(const char *dir) {
  char path[RUN_CGROUP_PATH_MAX + 96];
  snprintf(path, sizeof path, "%s/cgroup.procs", dir);
  return open(path, O_WRONLY | O_CLOEXEC);
}

int run_cgroup_create(run_cgroup_base *base, run_cgroup *group, uint64_t memory_limit) {
  memset(group, 0, sizeof *group);
  group->join[0] = group->join[1] = -1;
  unsigned number = ++base->runs;
  snprintf(group->unified, sizeof group->unified, "%s/%u", base->unified, number);
  if (base->memory_v1)
    snprintf(group->memory, sizeof group->memory, "%s/%u", base->memory, number);
  if (mkdir(group->unified, 0755)) {
    *group->unified = '\0';
    return -1;
  }
  if (*group->memory && mkdir(group->memory, 0755)) {
    int saved = errno;
    *group->memory = '\0';
    run_cgroup_remove(group);
    errno = saved;
    return -1;
  }
  if (memory_limit) {
    char bytes[32];
    snprintf(bytes, sizeof bytes, "%llu", (unsigned long long)memory_limit);
    /* No swap either (ignored where swap is not accounted): a run over
     * the limit ends instead of paging. */
    int set = *group->memory ? write_text(group->memory, "memory.limit_in_bytes", bytes)
                             : write_text(group->unified, "memory.max", bytes);
    if (*group->memory)
      (void)write_text(group->memory, "memory.memsw.limit_in_bytes", bytes);
    else
      (void)write_text(group->unified, "memory.swap.max", "0");
    if (set) {
      int saved = errno;
      run_cgroup_remove(group);
      errno = saved;
      return -1;
    }
  }
  group->join[0] = open_join(group->unified);
  if (*group->memory)
    group->join[1] = open_join(group->memory);
  if (group->join[0] < 0 || (*group->memory && group->join[1] < 0)) {
    int saved = errno;
    run_cgroup_remove(group);
    errno = saved;
    return -1;
  }
  return 0;
}

int run_cgroup_join(const run_cgroup *group) {
  /* "0" is the writing process itself. */
  for (int i = 0; i < 2; i++)
    if (group->join[i] >= 0 && write(group->join[i], "0", 1) != 1)
      return -1;
  return 0;
}

int run_cgroup_read(const run_cgroup *group, run_cgroup_usage *usage) {
  memset(usage, 0, sizeof *usage);
  char text[1024];
  if (read_text(group->unified, "cpu.stat", text, sizeof text))
    return -1;
  usage->cpu_seconds = (double)keyed_value(text, "usage_usec") / 1e6;
  if (*group->memory) {
    if (read_text(group->memory, "memory.max_usage_in_bytes", text, sizeof text))
      return -1;
    usage->peak_bytes = strtoull(text, NULL, 10);
    if (read_text(group->memory, "memory.oom_control", text, sizeof text) == 0)
      usage->memory_limit_hit = keyed_value(text, "oom_kill") > 0;
  } else {
    if (read_text(group->unified, "memory.peak", text, sizeof text))
      return -1;
    usage->peak_bytes = strtoull(text, NULL, 10);
    if (read_text(group->unified, "memory.events", text, sizeof text) == 0)
      usage->memory_limit_hit = keyed_value(text, "oom_kill") > 0 || keyed_value(text, "oom") > 0;
  }
  return 0;
}

int run_cgroup_populated(const run_cgroup *group) {
  char text[256];
  if (!*group->unified || read_text(group->unified, "cgroup.events", text, sizeof text))
    return 0;
  return keyed_value(text, "populated") != 0;
}

int run_cgroup_holds(const run_cgroup *group, pid_t pid) {
  /* The run's cgroup.procs lists it (one pid a line). */
  char text[4096], *end;
  if (!*group->unified || read_text(group->unified, "cgroup.procs", text, sizeof text))
    return 0;
  for (char *p = text; *p; p = end) {
    long listed = strtol(p, &end, 10);
    if (end == p)
      break;
    if (listed == (long)pid)
      return 1;
  }
  return 0;
}

void run_cgroup_kill(const run_cgroup *group) {
  if (*group->unified)
    (void)write_text(group->unified, "cgroup.kill", "1");
}

void run_cgroup_remove(run_cgroup *group) {
  for (int i = 0; i < 2; i++)
    if (group->join[i] >= 0) {
      close(group->join[i]);
      group->join[i] = -1;
    }
  /* A process killed a moment ago may still be leaving the cgroup. */
  for (int attempt = 0; attempt < 200 && *group->unified && rmdir(group->unified) && errno == EBUSY;
       attempt++) {
    run_cgroup_kill(group);
    struct timespec pause = {0, 1000000};
    nanosleep(&pause, NULL);
  }
  for (int attempt = 0; attempt < 200 && *group->memory && rmdir(group->memory) && errno == EBUSY;
       attempt++) {
    struct timespec pause = {0, 1000000};
    nanosleep(&pause, NULL);
  }
  *group->unified = *group->memory = '\0';
}
