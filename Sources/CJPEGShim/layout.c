#include "shim_private.h"

#include <stdlib.h>
#include <string.h>

// The segments of a progressive Huffman JPEG, found by their markers: inside entropy-coded data
// 0xFF is followed by 0x00 (stuffing), 0xD0-0xD7 (restart markers) or more 0xFF (fill); any other
// byte after 0xFF starts the next marker.

enum { checked_coefficients = 10 };

// Skips the entropy-coded data starting at `at`; returns the offset of the marker that ends it
// (its 0xFF), or `size` when the data runs to the end of the buffer.
static size_t skip_entropy_data(const uint8_t *data, size_t size, size_t at) {
    while (at + 1 < size) {
        if (data[at] != 0xFF) {
            const uint8_t *next_ff = memchr(data + at, 0xFF, size - at);
            if (next_ff == NULL) return size;
            at = (size_t)(next_ff - data);
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

static int add_segment(vitrine_layout *layout, vitrine_segment segment) {
    if (layout->count == layout->capacity) {
        int capacity = layout->capacity == 0 ? 32 : layout->capacity * 2;
        vitrine_segment *grown = realloc(layout->segments, (size_t)capacity * sizeof(vitrine_segment));
        if (grown == NULL) return 0;
        layout->segments = grown;
        layout->capacity = capacity;
    }
    layout->segments[layout->count++] = segment;
    return 1;
}

int vitrine_layout_parse(const uint8_t *data, size_t size, int max_scans, vitrine_layout *layout) {
    memset(layout, 0, sizeof(*layout));
    if (size < 4 || data[0] != 0xFF || data[1] != 0xD8) return 0;
    // The Al of the last scan that coded each of coefficients 1-9 of each component (-1: none yet).
    int final_al[vitrine_max_components][checked_coefficients];
    memset(final_al, 0xFF, sizeof(final_al));
    size_t at = 2;
    for (;;) {
        // Fill bytes may come before a marker.
        while (at < size && data[at] == 0xFF && at + 1 < size && data[at + 1] == 0xFF) at++;
        if (at + 1 >= size || data[at] != 0xFF) goto refuse;
        uint8_t marker = data[at + 1];
        if (marker == 0xD9) break;
        // Markers without a length (restart markers, SOI, TEM) do not belong between segments.
        if ((marker >= 0xD0 && marker <= 0xD8) || marker == 0x01 || at + 4 > size) goto refuse;
        size_t length = (size_t)data[at + 2] << 8 | data[at + 3];
        if (length < 2 || at + 2 + length > size) goto refuse;
        const uint8_t *body = data + at + 4;
        size_t segment_end = at + 2 + length;
        vitrine_segment segment = {.offset = at, .length = 2 + length};
        if (marker >= 0xC0 && marker <= 0xCF && marker != 0xC4 && marker != 0xC8 && marker != 0xCC) {
            // A frame header: only progressive Huffman (SOF2) is taken, once.
            if (marker != 0xC2 || length < 8 || layout->components != 0) goto refuse;
            int components = body[5];
            if (components < 1 || components > vitrine_max_components || length != 8 + 3 * (size_t)components)
                goto refuse;
            layout->components = components;
            layout->height = body[1] << 8 | body[2];
            layout->width = body[3] << 8 | body[4];
            if (layout->width == 0 || layout->height == 0) goto refuse;
            layout->max_h = layout->max_v = 1;
            for (int i = 0; i < components; i++) {
                layout->ids[i] = body[6 + 3 * i];
                layout->h[i] = body[7 + 3 * i] >> 4;
                layout->v[i] = body[7 + 3 * i] & 0x0F;
                if (layout->h[i] < 1 || layout->h[i] > 4 || layout->v[i] < 1 || layout->v[i] > 4) goto refuse;
                for (int j = 0; j < i; j++)
                    if (layout->ids[j] == layout->ids[i]) goto refuse;  // which one a scan means is unclear
                if (layout->h[i] > layout->max_h) layout->max_h = layout->h[i];
                if (layout->v[i] > layout->max_v) layout->max_v = layout->v[i];
            }
        } else if (marker == 0xDB && layout->scans > 0) {
            layout->late_tables = 1;
        } else if (marker == 0xDC) {
            goto refuse;  // DNL: the height comes after the first scan.
        } else if (marker == 0xDA) {
            // A scan: its header, then its entropy-coded data up to the next marker.
            if (layout->components == 0 || length < 6) goto refuse;
            int in_scan = body[0];
            if (in_scan < 1 || in_scan > vitrine_max_components || length != 6 + 2 * (size_t)in_scan) goto refuse;
            segment.is_scan = 1;
            segment.in_scan = in_scan;
            segment.ss = body[1 + 2 * in_scan];
            segment.se = body[2 + 2 * in_scan];
            segment.ah = body[3 + 2 * in_scan] >> 4;
            segment.al = body[3 + 2 * in_scan] & 0x0F;
            for (int i = 0; i < in_scan; i++) {
                int index = -1;
                for (int c = 0; c < layout->components; c++)
                    if (layout->ids[c] == body[1 + 2 * i]) index = c;
                if (index < 0) goto refuse;
                for (int j = 0; j < i; j++)
                    if (segment.component[j] == index) goto refuse;
                segment.component[i] = index;
                for (int k = segment.ss > 1 ? segment.ss : 1; k <= segment.se && k < checked_coefficients; k++)
                    final_al[index][k] = segment.al;
            }
            size_t data_end = skip_entropy_data(data, size, segment_end);
            if (data_end >= size) goto refuse;  // cut short: the whole-file decoder reports it
            segment.length = data_end - at;
            segment_end = data_end;
            if (++layout->scans > max_scans) goto refuse;
        }
        if (!add_segment(layout, segment)) goto refuse;
        at = segment_end;
    }
    if (layout->components == 0 || layout->scans == 0) goto refuse;
    // libjpeg smooths blocks while one of coefficients 1-9 is inexact (smoothing_ok in jdcoefct.c);
    // a complete file leaves none so, and only such a file decodes the same from a part of its scans.
    for (int c = 0; c < layout->components; c++)
        for (int k = 1; k < checked_coefficients; k++)
            if (final_al[c][k] != 0) goto refuse;
    return 1;
refuse:
    vitrine_layout_free(layout);
    return 0;
}

uint8_t *vitrine_layout_copy(const uint8_t *data, const vitrine_layout *layout, const int *keep, size_t *out_size) {
    size_t total = 4;
    for (int i = 0; i < layout->count; i++)
        if (keep[i]) total += layout->segments[i].length;
    uint8_t *copy = malloc(total);
    if (copy == NULL) return NULL;
    size_t used = 0;
    copy[used++] = 0xFF;
    copy[used++] = 0xD8;
    for (int i = 0; i < layout->count; i++) {
        if (!keep[i]) continue;
        memcpy(copy + used, data + layout->segments[i].offset, layout->segments[i].length);
        used += layout->segments[i].length;
    }
    copy[used++] = 0xFF;
    copy[used++] = 0xD9;
    *out_size = used;
    return copy;
}

void vitrine_layout_free(vitrine_layout *layout) {
    free(layout->segments);
    memset(layout, 0, sizeof(*layout));
}
