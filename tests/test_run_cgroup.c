/* test_run_cgroup.c - what the harness reads from a run's cgroup, on
 * fixture folders written here in the kernel's formats (the cgroup v2 and
 * v1 documentation, Documentation/admin-guide/cgroup-v2.rst and
 * cgroup-v1/memory.rst), so the cgroup v2 memory path is checked also on
 * hybrid hosts, whose memory controller is bound to cgroup v1 (no
 * cgroup2 mount there, even a fresh one in a private mount namespace,
 * lists `memory` in cgroup.controllers):
 *   - v2: CPU time from cpu.stat's usage_usec (not user_usec or
 *     system_usec, in any order), peak from memory.peak, the limit hit
 *     from memory.events' oom or oom_kill and not from `max` (the limit
 *     reached and reclaimed);
 *   - v1: peak from memory.max_usage_in_bytes, the limit hit from
 *     memory.oom_control's oom_kill, CPU still from the v2 folder;
 *   - a folder without memory.peak (Linux before 5.19) cannot be read;
 *   - cgroup.events' populated, cgroup.procs' pids matched whole. */
#define _DEFAULT_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "check.h"
#include "run_cgroup.h"

static char root[64];

/* DIR/NAME with `text`; DIR made if needed. */
static void put(const char *dir, const char *name, const char *text) {
  char path[512];
  mkdir(dir, 0755);
  snprintf(path, sizeof path, "%s/%s", dir, name);
  FILE *file = fopen(path, "w");
  if (!file || fputs(text, file) < 0 || fclose(file)) {
    perror(path);
    exit(1);
  }
}

/* A run's cgroup in fixture folders `unified` and `memory` ("" for v2). */
static run_cgroup fixture(const char *unified, const char *memory) {
  run_cgroup group;
  memset(&group, 0, sizeof group);
  snprintf(group.unified, sizeof group.unified, "%s/%s", root, unified);
  if (*memory)
    snprintf(group.memory, sizeof group.memory, "%s/%s", root, memory);
  group.join[0] = group.join[1] = -1;
  return group;
}

/* run_cgroup_read gives `cpu` seconds (to the microsecond), `peak` bytes
 * and `hit` for the memory limit. */
static void expect_usage(const run_cgroup *group, double cpu, uint64_t peak, int hit,
                         const char *what) {
  run_cgroup_usage usage;
  CHECK(run_cgroup_read(group, &usage) == 0, "%s: fixture not read", what);
  CHECK(usage.cpu_seconds > cpu - 5e-7 && usage.cpu_seconds < cpu + 5e-7, "%s: cpu %.6f, want %.6f",
        what, usage.cpu_seconds, cpu);
  CHECK(usage.peak_bytes == peak, "%s: peak %llu, want %llu", what,
        (unsigned long long)usage.peak_bytes, (unsigned long long)peak);
  CHECK(usage.memory_limit_hit == hit, "%s: memory limit hit %d, want %d", what,
        usage.memory_limit_hit, hit);
}

static void v2_memory(void) {
  /* Two children of 40 MB each over a 60 MB memory.max: the kernel
   * reclaimed (max), then killed one (oom, oom_kill). */
  run_cgroup group = fixture("v2-killed", "");
  put(group.unified, "cpu.stat",
      "usage_usec 1734512\nuser_usec 1600000\nsystem_usec 134512\nnr_periods 0\n"
      "nr_throttled 0\nthrottled_usec 0\n");
  put(group.unified, "memory.peak", "62914560\n");
  put(group.unified, "memory.events",
      "low 0\nhigh 0\nmax 57\noom 1\noom_kill 1\noom_group_kill 0\n");
  expect_usage(&group, 1.734512, 62914560u, 1, "v2, oom_kill 1");

  /* The limit reached and reclaimed, nothing killed: not a memory end;
   * the keys in another order. */
  group = fixture("v2-reclaimed", "");
  put(group.unified, "cpu.stat", "user_usec 20\nsystem_usec 5\nusage_usec 25\n");
  put(group.unified, "memory.peak", "1048576\n");
  put(group.unified, "memory.events", "low 0\nhigh 3\nmax 12\noom 0\noom_kill 0\n");
  expect_usage(&group, 0.000025, 1048576u, 0, "v2, max 12 (reclaim at the limit)");

  /* An allocation refused at the limit with nobody killed is memory too. */
  put(group.unified, "memory.events", "low 0\nhigh 0\nmax 4\noom 1\noom_kill 0\n");
  expect_usage(&group, 0.000025, 1048576u, 1, "v2, oom 1");

  /* Linux 5.14 to 5.18: cgroup.kill but no memory.peak. */
  group = fixture("v2-no-peak", "");
  put(group.unified, "cpu.stat", "usage_usec 10\n");
  put(group.unified, "memory.events", "oom 0\noom_kill 0\n");
  run_cgroup_usage usage;
  CHECK(run_cgroup_read(&group, &usage) != 0, "read without memory.peak claimed a peak");
}

static void v1_memory(void) {
  run_cgroup group = fixture("v1-unified", "v1-memory");
  put(group.unified, "cpu.stat", "usage_usec 2500000\nuser_usec 2400000\nsystem_usec 100000\n");
  put(group.memory, "memory.max_usage_in_bytes", "83886080\n");
  put(group.memory, "memory.oom_control", "oom_kill_disable 0\nunder_oom 0\noom_kill 2\n");
  /* v2 files in the unified folder that must not be used for memory. */
  put(group.unified, "memory.peak", "1\n");
  put(group.unified, "memory.events", "oom 0\noom_kill 0\n");
  expect_usage(&group, 2.5, 83886080u, 1, "v1, oom_kill 2");
  put(group.memory, "memory.oom_control", "oom_kill_disable 0\nunder_oom 0\noom_kill 0\n");
  expect_usage(&group, 2.5, 83886080u, 0, "v1, oom_kill 0");
}

static void processes(void) {
  run_cgroup group = fixture("procs", "");
  put(group.unified, "cgroup.events", "populated 1\nfrozen 0\n");
  CHECK(run_cgroup_populated(&group), "populated 1 not seen");
  put(group.unified, "cgroup.events", "populated 0\nfrozen 0\n");
  CHECK(!run_cgroup_populated(&group), "populated 0 taken for 1");
  put(group.unified, "cgroup.procs", "12\n345\n");
  CHECK(run_cgroup_holds(&group, 345), "pid 345 not found");
  CHECK(run_cgroup_holds(&group, 12), "pid 12 not found");
  CHECK(!run_cgroup_holds(&group, 34), "pid 34 found in 345");
  CHECK(!run_cgroup_holds(&group, 3456), "pid 3456 found");
  CHECK(!run_cgroup_holds(&group, 1), "pid 1 found in 12");
}

int main(void) {
  snprintf(root, sizeof root, "%s", "/tmp/nqsat-test-cgroup.XXXXXX");
  if (!mkdtemp(root)) {
    perror("mkdtemp");
    return 1;
  }
  v2_memory();
  v1_memory();
  processes();
  char command[128];
  snprintf(command, sizeof command, "rm -rf '%s'", root);
  if (system(command))
    fprintf(stderr, "test_run_cgroup: could not remove %s\n", root);
  return check_report("test_run_cgroup");
}
