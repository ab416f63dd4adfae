#include "shim_private.h"

#include <stdlib.h>
#include <string.h>

// At scale 1/8 libjpeg decodes a component with the 1x1 inverse DCT (jpeg_idct_1x1), which reads
// only each block's DC coefficient, unless the component is subsampled by 2 both ways: then it
// scales it up with the 2x2 one instead of upsampling (jdmaster.c, "scale up the chroma components
// via IDCT scaling"), which reads AC coefficients too. So the AC scans (Ss >= 1) of the components
// decoded 1x1 change nothing in the output once block smoothing is off; and libjpeg smooths only
// while one of coefficients 1-9 is inexact (smoothing_ok in jdcoefct.c), which a complete file
// never leaves (layout.c refuses other files).

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
    vitrine_layout layout;
    // The scan limit is the decompressor's to enforce (it names it); this copy only drops scans.
    if (!vitrine_layout_parse(data, size, 1 << 30, &layout)) return 0;
    for (int i = 0; i < layout.components; i++)
        dc_components[i] = decoded_1x1(layout.h[i], layout.v[i], layout.max_h, layout.max_v);
    int *keep = calloc((size_t)layout.count, sizeof(int));
    if (keep == NULL) {
        vitrine_layout_free(&layout);
        return 0;
    }
    // Kept: every segment but the AC scans (Ss >= 1) of components decoded from their DC alone.
    for (int i = 0; i < layout.count; i++) {
        const vitrine_segment *segment = &layout.segments[i];
        keep[i] = !segment->is_scan || segment->ss == 0;
        for (int c = 0; segment->is_scan && c < segment->in_scan; c++)
            if (!dc_components[segment->component[c]]) keep[i] = 1;
    }
    *out = vitrine_layout_copy(data, &layout, keep, out_size);
    free(keep);
    vitrine_layout_free(&layout);
    return *out != NULL;
}
