#pragma once
#include <stddef.h>

// The calling thread's CPU mask (sched_getaffinity and sched_setaffinity are GNU extensions,
// which Swift's Glibc module leaves out). The mask is kept by the caller as opaque bytes.

/// The bytes a saved mask takes.
size_t vitrine_cpu_mask_size(void);

/// Saves the calling thread's mask into `saved` (`vitrine_cpu_mask_size` bytes), then allows
/// the thread only the CPU it is running on. 0 on success; -1 with errno set otherwise, the
/// mask unchanged.
int vitrine_cpu_pin_current(void *saved);

/// How many CPUs the calling thread may run on; -1 with errno set when its mask cannot be read.
int vitrine_cpu_count(void);

/// Gives the calling thread the mask `saved` again. 0 on success; -1 with errno set otherwise.
int vitrine_cpu_restore(const void *saved);
