#pragma once
// What the shim's C files share: the decompressor's state and the DC-only helpers.
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <jpeglib.h>

#include "CJPEGShim.h"

struct vitrine_jpeg {
    struct jpeg_decompress_struct cinfo;
    struct jpeg_error_mgr errors;
    jmp_buf escape;
    int failed;
    int truncated;
    int started;
    int max_scans;
    struct jpeg_progress_mgr progress;
    char message[JMSG_LENGTH_MAX];
    // The copy of the stream this decompressor reads (NULL when it reads the caller's bytes), and
    // whether it is the DC-only one.
    uint8_t *stream;
    int dc_only;
    // The DC-only coefficient arrays handed to libjpeg (see dc_arrays.c).
    struct jvirt_barray_control *dc_arrays;
    void (*original_realize)(j_common_ptr cinfo);
    // Which components (in frame order) keep only their DC coefficients, and how many
    // coefficient arrays libjpeg has asked for (it asks in component order).
    int dc_components[4];
    int arrays_requested;
    // Set when the file's scans are split between this decompressor and a partner, over one
    // coefficient buffer (split.c); `split_role` 0 is the one that owns the partner. `stopped`: it
    // gave up because the other failed.
    struct vitrine_split *split;
    int split_role;
    int stopped;
};

enum { vitrine_max_components = 4 };

/// One marker segment of a JPEG; a scan's includes its entropy-coded data.
typedef struct {
    size_t offset;
    size_t length;
    int is_scan;
    /// For a scan: its components (indices in frame order), spectral band and successive approximation.
    int in_scan;
    int component[vitrine_max_components];
    int ss, se, ah, al;
} vitrine_segment;

/// The segments of a progressive Huffman JPEG between its SOI and EOI, and its frame.
typedef struct {
    int width, height;
    int components;
    int ids[vitrine_max_components];
    int h[vitrine_max_components], v[vitrine_max_components];
    int max_h, max_v;
    int scans;
    /// Set when a quantization table comes after the first scan.
    int late_tables;
    vitrine_segment *segments;
    int count;
    int capacity;
} vitrine_layout;

/// Reads the layout of a complete progressive Huffman JPEG (SOF2, ending with EOI, no DNL, at most
/// `max_scans` scans) whose scans leave coefficients 1-9 of every component exact, so libjpeg never
/// smooths it. Returns 1, or 0 for any other file (nothing to free then).
int vitrine_layout_parse(const uint8_t *data, size_t size, int max_scans, vitrine_layout *layout);

/// A malloc'd copy of SOI, the segments whose `keep` is nonzero, and EOI; NULL when out of memory.
uint8_t *vitrine_layout_copy(const uint8_t *data, const vitrine_layout *layout, const int *keep, size_t *out_size);

void vitrine_layout_free(vitrine_layout *layout);

/// Opens the decompressor of a JPEG held in memory, taking over `owned` (may be NULL); shim.c.
vitrine_jpeg *vitrine_open_stream(const uint8_t *data, size_t size, uint8_t *owned, vitrine_jpeg_header *header);

/// Marks a split decompressor's scans read (once jpeg_start_decompress has absorbed them).
void vitrine_split_started(vitrine_jpeg *jpeg);

/// Frees the partner and the shared buffer (role 0 only; nothing else).
void vitrine_split_free(vitrine_jpeg *jpeg);

/// Copies a progressive Huffman JPEG without the AC scans (Ss >= 1) of the components libjpeg
/// decodes from their DC coefficients alone at scale 1/8 (`dc_components`, in frame order), when
/// decoding that copy at 1/8 gives the very pixels of the whole file: the file is progressive,
/// Huffman-coded, ends with EOI, and its scans leave coefficients 1-9 of every component exact (so
/// libjpeg would not smooth blocks). Returns 1 and the malloc'd copy, or 0.
int vitrine_dc_stream(const uint8_t *data, size_t size, uint8_t **out, size_t *out_size, int dc_components[4]);

/// Makes libjpeg keep only the DC coefficient of each block of the `dc_components` (2 bytes a block
/// instead of 128) and whole blocks of the others: its coefficient arrays come from here. Only for
/// the 1/8 scale of a stream from vitrine_dc_stream.
void vitrine_dc_arrays_install(vitrine_jpeg *jpeg);

/// Frees what vitrine_dc_arrays_install's arrays hold.
void vitrine_dc_arrays_free(vitrine_jpeg *jpeg);
