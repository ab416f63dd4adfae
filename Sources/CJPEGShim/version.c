#define _GNU_SOURCE
#include "CJPEGShim.h"

#include <dlfcn.h>
#include <link.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>

// The split and DC-only paths (split.c, dc_arrays.c) stand in for libjpeg's virtual arrays and rely
// on how libjpeg-turbo uses them (the order jdcoefct.c asks for them, when the quantization tables
// are latched), which is not an interface: they are proved on the versions vitrine_jpeg_version
// reports, and the caller compares. libjpeg-turbo has no call that says its version, but every build
// carries the text "libjpeg-turbo version X.Y.Z" in its read-only data, so the version is read from
// the mapped library this process loaded (found through one of its functions), not from the headers.

static const char marker[] = "libjpeg-turbo version ";

typedef struct {
    const char *path;
    int version;
} search;

// Parses "X.Y.Z" at `text` (at most `length` bytes) as X * 1000000 + Y * 1000 + Z; 0 if it is not one.
static int parse_version(const char *text, size_t length) {
    int parts[3] = {0, 0, 0};
    size_t i = 0;
    for (int part = 0; part < 3; part++) {
        size_t digits = 0;
        while (i < length && text[i] >= '0' && text[i] <= '9' && digits < 4) {
            parts[part] = parts[part] * 10 + (text[i] - '0');
            i++;
            digits++;
        }
        if (digits == 0) return 0;
        if (part < 2) {
            if (i >= length || text[i] != '.') return 0;
            i++;
        }
    }
    return parts[0] * 1000000 + parts[1] * 1000 + parts[2];
}

static int find_in_object(struct dl_phdr_info *info, size_t size, void *context) {
    (void)size;
    search *wanted = context;
    if (info->dlpi_name == NULL || strcmp(info->dlpi_name, wanted->path) != 0) return 0;
    for (int i = 0; i < info->dlpi_phnum; i++) {
        const ElfW(Phdr) *segment = &info->dlpi_phdr[i];
        if (segment->p_type != PT_LOAD || !(segment->p_flags & PF_R)) continue;
        const char *start = (const char *)(info->dlpi_addr + segment->p_vaddr);
        size_t length = segment->p_memsz;
        const char *found = memmem(start, length, marker, sizeof marker - 1);
        if (found != NULL) {
            const char *number = found + sizeof marker - 1;
            wanted->version = parse_version(number, (size_t)(start + length - number));
            return 1;
        }
    }
    return 1;
}

static int loaded_version;
static pthread_once_t loaded_once = PTHREAD_ONCE_INIT;

static void read_loaded_version(void) {
    Dl_info info;
    if (dladdr((void *)&jpeg_std_error, &info) == 0 || info.dli_fname == NULL) return;
    search wanted = {info.dli_fname, 0};
    dl_iterate_phdr(find_in_object, &wanted);
    loaded_version = wanted.version;
}

int vitrine_jpeg_version(void) {
    if (pthread_once(&loaded_once, read_loaded_version) != 0) return 0;
    return loaded_version;
}

int vitrine_jpeg_header_version(void) {
#ifdef LIBJPEG_TURBO_VERSION_NUMBER
    return LIBJPEG_TURBO_VERSION_NUMBER;
#else
    return 0;
#endif
}
