#define _GNU_SOURCE
#include "CThreadCPU.h"

#include <errno.h>
#include <sched.h>
#include <string.h>

size_t vitrine_cpu_mask_size(void) { return sizeof(cpu_set_t); }

int vitrine_cpu_pin_current(void *saved) {
    cpu_set_t old;
    if (sched_getaffinity(0, sizeof old, &old) != 0) return -1;
    int cpu = sched_getcpu();
    if (cpu < 0) return -1;
    if (cpu >= CPU_SETSIZE) {
        errno = ERANGE;
        return -1;
    }
    cpu_set_t one;
    CPU_ZERO(&one);
    CPU_SET(cpu, &one);
    if (sched_setaffinity(0, sizeof one, &one) != 0) return -1;
    memcpy(saved, &old, sizeof old);
    return 0;
}

int vitrine_cpu_count(void) {
    cpu_set_t mask;
    if (sched_getaffinity(0, sizeof mask, &mask) != 0) return -1;
    return CPU_COUNT(&mask);
}

int vitrine_cpu_restore(const void *saved) {
    cpu_set_t mask;
    memcpy(&mask, saved, sizeof mask);
    return sched_setaffinity(0, sizeof mask, &mask);
}
