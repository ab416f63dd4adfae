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
    // The DC-only copy of the stream this decompressor reads (NULL when it reads the caller's bytes).
    uint8_t *dc_stream;
    // The DC-only coefficient arrays handed to libjpeg (see dc_arrays.c).
    struct jvirt_barray_control *dc_arrays;
    void (*original_realize)(j_common_ptr cinfo);
    // Which components (in frame order) keep only their DC coefficients, and how many
    // coefficient arrays libjpeg has asked for (it asks in component order).
    int dc_components[4];
    int arrays_requested;
};

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
