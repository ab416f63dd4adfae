#include "shim_private.h"

#include <stdlib.h>
#include <string.h>

// At scale 1/8 libjpeg decodes a component with the 1x1 inverse DCT (jpeg_idct_1x1), which reads
// only each block's DC coefficient, unless the component is subsampled by 2 both ways: then it
// scales it up with the 2x2 one instead of upsampling (jdmaster.c, "scale up the chroma components
// via IDCT scaling"), which reads AC coefficients too. So the AC scans (Ss >= 1) of the components
// decoded 1x1 change nothing in the output once block smoothing is off; and libjpeg smooths only
// while one of coefficients 1-9 is inexact (smoothing_ok in jdcoefct.c), which a complete file
// never leaves. The scans are found by their markers: inside
// entropy-coded data 0xFF is followed by 0x00 (stuffing), 0xD0-0xD7 (restart markers) or more 0xFF
// (fill); any other byte after 0xFF starts the next marker.

enum { max_components = 4, checked_coefficients = 10 };

// Skips the entropy-coded data starting at `at`; returns the offset of the marker that ends it
// (its 0xFF), or `size` when the data runs to the end of the buffer.
static size_t skip_entropy_data(const uint8_t *data, size_t size, size_t at) {
    while (at + 1 < size) {
        if (data[at] != 0xFF) {
            at++;
            continue;
        }
        uint8_t next = data[at + 1];
        if (next == 0x00 || (next >= 0xD0 && next <= 0xD7)) {
            at += 2;
        } else if (next == 0xFF) {
            at++;
        } else {
            return at;
        }
    }
    return size;
}

// As jdmaster.c picks each component's DCT size at scale 1/8 (min_DCT_scaled_size 1): 1 when the
// component is decoded with the 1x1 inverse DCT.
static int decoded_1x1(int h, int v, int max_h, int max_v) {
    int size = 1;
    while (size < DCTSIZE && max_h % (h * size * 2) == 0 && max_v % (v * size * 2) == 0) size *= 2;
    return size == 1;
}

int vitrine_dc_stream(const uint8_t *data, size_t size, uint8_t **out, size_t *out_size, int dc_components[4]) {
    *out = NULL;
    *out_size = 0;
    memset(dc_components, 0, 4 * sizeof(int));
    if (size < 4 || data[0] != 0xFF || data[1] != 0xD8) return 0;
    uint8_t *copy = malloc(size);
    if (copy == NULL) return 0;
    size_t used = 0;
    copy[used++] = 0xFF;
    copy[used++] = 0xD8;
    int ids[max_components];
    int components = 0;
    int progressive = 0;
    // The Al of the last scan that coded each of coefficients 1-9 of each component (-1: none yet).
    int final_al[max_components][checked_coefficients];
    memset(final_al, 0xFF, sizeof(final_al));
    size_t at = 2;
    int ended = 0;
    while (!ended) {
        // Fill bytes may come before a marker.
        while (at < size && data[at] == 0xFF && at + 1 < size && data[at + 1] == 0xFF) at++;
        if (at + 1 >= size || data[at] != 0xFF) goto refuse;
        uint8_t marker = data[at + 1];
        if (marker == 0xD9) {
            copy[used++] = 0xFF;
            copy[used++] = 0xD9;
            ended = 1;
            break;
        }
        // Markers without a length (restart markers, SOI, TEM) do not belong between segments.
        if ((marker >= 0xD0 && marker <= 0xD8) || marker == 0x01 || at + 4 > size) goto refuse;
        size_t length = (size_t)data[at + 2] << 8 | data[at + 3];
        if (length < 2 || at + 2 + length > size) goto refuse;
        const uint8_t *segment = data + at + 4;
        size_t segment_end = at + 2 + length;
        if (marker >= 0xC0 && marker <= 0xCF && marker != 0xC4 && marker != 0xC8 && marker != 0xCC) {
            // A frame header: only progressive Huffman (SOF2) is taken.
            if (marker != 0xC2 || length < 8) goto refuse;
            progressive = 1;
            components = segment[5];
            if (components < 1 || components > max_components || length != 8 + 3 * (size_t)components) goto refuse;
            int max_h = 1, max_v = 1;
            for (int i = 0; i < components; i++) {
                ids[i] = segment[6 + 3 * i];
                int h = segment[7 + 3 * i] >> 4, v = segment[7 + 3 * i] & 0x0F;
                if (h < 1 || h > 4 || v < 1 || v > 4) goto refuse;
                if (h > max_h) max_h = h;
                if (v > max_v) max_v = v;
            }
            for (int i = 0; i < components; i++)
                dc_components[i] = decoded_1x1(segment[7 + 3 * i] >> 4, segment[7 + 3 * i] & 0x0F, max_h, max_v);
        } else if (marker == 0xDC) {
            goto refuse;  // DNL: the height comes after the first scan.
        }
        if (marker != 0xDA) {
            memcpy(copy + used, data + at, 2 + length);
            used += 2 + length;
            at = segment_end;
            continue;
        }
        // A scan: its header, then its entropy-coded data up to the next marker.
        if (!progressive || length < 6) goto refuse;
        int in_scan = segment[0];
        if (in_scan < 1 || in_scan > max_components || length != 6 + 2 * (size_t)in_scan) goto refuse;
        int ss = segment[1 + 2 * in_scan];
        int se = segment[2 + 2 * in_scan];
        int al = segment[3 + 2 * in_scan] & 0x0F;
        // Kept: DC scans, and AC scans of a component decoded with more than its DC coefficient.
        int keep = ss == 0;
        for (int i = 0; i < in_scan; i++) {
            int index = -1;
            for (int c = 0; c < components; c++)
                if (ids[c] == segment[1 + 2 * i]) index = c;
            if (index < 0) goto refuse;
            if (!dc_components[index]) keep = 1;
            for (int k = ss > 1 ? ss : 1; k <= se && k < checked_coefficients; k++) final_al[index][k] = al;
        }
        size_t data_end = skip_entropy_data(data, size, segment_end);
        if (data_end >= size) goto refuse;  // cut short: the whole-file decoder reports it
        if (keep) {
            memcpy(copy + used, data + at, data_end - at);
            used += data_end - at;
        }
        at = data_end;
    }
    if (!ended || !progressive) goto refuse;
    for (int c = 0; c < components; c++)
        for (int k = 1; k < checked_coefficients; k++)
            if (final_al[c][k] != 0) goto refuse;
    *out = copy;
    *out_size = used;
    return 1;
refuse:
    free(copy);
    return 0;
}
