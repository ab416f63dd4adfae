#include "CJPEGShim.h"
#include "shim_private.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>
#include <jerror.h>


// Every libjpeg call below runs under a setjmp in the same function, so these
// jump back there instead of calling exit().
static void fail(j_common_ptr cinfo) {
    vitrine_jpeg *jpeg = (vitrine_jpeg *)cinfo->client_data;
    (*cinfo->err->format_message)(cinfo, jpeg->message);
    jpeg->failed = 1;
    longjmp(jpeg->escape, 1);
}

static void message(j_common_ptr cinfo, int level) {
    vitrine_jpeg *jpeg = (vitrine_jpeg *)cinfo->client_data;
    // Warnings (level -1) leave a whole image, except data ending early, which
    // leaves grey rows: that one is an error, as in the whole-image decoder.
    if (level == -1 && cinfo->err->msg_code == JWRN_JPEG_EOF) {
        jpeg->truncated = 1;
        fail(cinfo);
    }
}

static void quiet(j_common_ptr cinfo) { (void)cinfo; }

// A file with thousands of tiny scans would take minutes: refuse it past the limit,
// as TurboJPEG's TJFLAG_LIMITSCANS does.
static void count_scans(j_common_ptr cinfo) {
    vitrine_jpeg *jpeg = (vitrine_jpeg *)cinfo->client_data;
    j_decompress_ptr dinfo = (j_decompress_ptr)cinfo;
    if (jpeg->max_scans > 0 && dinfo->input_scan_number > jpeg->max_scans) {
        snprintf(jpeg->message, sizeof(jpeg->message), "more than %d scans", jpeg->max_scans);
        jpeg->failed = 1;
        longjmp(jpeg->escape, 1);
    }
}

// The bytes of a multi-scan file's whole-image coefficient arrays, rounded up to whole MCUs as
// jdcoefct.c sizes them; with `dc_components`, of those dc_arrays.c makes instead (one coefficient
// a block for those components).
static size_t coefficient_bytes(j_decompress_ptr cinfo, const int *dc_components) {
    size_t total = 0;
    for (int i = 0; i < cinfo->num_components && i < 4; i++) {
        jpeg_component_info *c = &cinfo->comp_info[i];
        size_t w = (c->width_in_blocks + c->h_samp_factor - 1) / c->h_samp_factor * c->h_samp_factor;
        size_t h = (c->height_in_blocks + c->v_samp_factor - 1) / c->v_samp_factor * c->v_samp_factor;
        total += w * h * (dc_components != NULL && dc_components[i] ? sizeof(JCOEF) : sizeof(JBLOCK));
    }
    return total;
}

void vitrine_jpeg_set_limits(vitrine_jpeg *jpeg, size_t max_memory, int max_scans) {
    jpeg->max_scans = max_scans;
    if (jpeg->failed) return;
    jpeg->cinfo.mem->max_memory_to_use = (long)max_memory;
    jpeg->progress.progress_monitor = count_scans;
    jpeg->cinfo.progress = &jpeg->progress;
}

vitrine_jpeg *vitrine_open_stream(const uint8_t *data, size_t size, uint8_t *owned, vitrine_jpeg_header *header) {
    vitrine_jpeg *jpeg = calloc(1, sizeof(vitrine_jpeg));
    if (jpeg == NULL) {
        free(owned);
        return NULL;
    }
    jpeg->stream = owned;
    memset(header, 0, sizeof(*header));
    jpeg->cinfo.err = jpeg_std_error(&jpeg->errors);
    jpeg->errors.error_exit = fail;
    jpeg->errors.emit_message = message;
    jpeg->errors.output_message = quiet;
    jpeg->cinfo.client_data = jpeg;
    if (setjmp(jpeg->escape)) return jpeg;
    jpeg_create_decompress(&jpeg->cinfo);
    jpeg_mem_src(&jpeg->cinfo, data, (unsigned long)size);
    jpeg_read_header(&jpeg->cinfo, TRUE);
    header->width = (int)jpeg->cinfo.image_width;
    header->height = (int)jpeg->cinfo.image_height;
    header->is_plain_ycc = !jpeg->cinfo.progressive_mode && !jpeg_has_multiple_scans(&jpeg->cinfo) &&
                           jpeg->cinfo.jpeg_color_space == JCS_YCbCr && jpeg->cinfo.num_components == 3;
    header->is_multi_scan = jpeg->cinfo.progressive_mode || jpeg_has_multiple_scans(&jpeg->cinfo);
    J_COLOR_SPACE space = jpeg->cinfo.jpeg_color_space;
    header->is_bgra_capable = space == JCS_YCbCr || space == JCS_RGB || space == JCS_GRAYSCALE;
    header->coefficient_bytes = header->is_multi_scan ? coefficient_bytes(&jpeg->cinfo, NULL) : 0;
    return jpeg;
}

vitrine_jpeg *vitrine_jpeg_open(const uint8_t *data, size_t size, vitrine_jpeg_header *header) {
    return vitrine_open_stream(data, size, NULL, header);
}

vitrine_jpeg *vitrine_jpeg_open_dc_only(const uint8_t *data, size_t size, vitrine_jpeg_header *header) {
    uint8_t *stream = NULL;
    size_t stream_size = 0;
    int dc_components[4];
    if (!vitrine_dc_stream(data, size, &stream, &stream_size, dc_components)) return NULL;
    vitrine_jpeg *jpeg = vitrine_open_stream(stream, stream_size, stream, header);
    if (jpeg == NULL) return NULL;
    jpeg->dc_only = 1;
    memcpy(jpeg->dc_components, dc_components, sizeof(dc_components));
    if (!jpeg->failed) header->coefficient_bytes = coefficient_bytes(&jpeg->cinfo, dc_components);
    return jpeg;
}

int vitrine_jpeg_start(vitrine_jpeg *jpeg, int denominator, int *width, int *height) {
    if (jpeg->failed) return -1;
    if (setjmp(jpeg->escape)) return -1;
    jpeg->cinfo.scale_num = 1;
    jpeg->cinfo.scale_denom = (unsigned int)denominator;
    jpeg->cinfo.out_color_space = JCS_EXT_BGRA;
    // The same choices as the whole-image decoder (TJFLAG_FASTUPSAMPLE, the default
    // integer DCT), so both give the same pixels.
    jpeg->cinfo.do_fancy_upsampling = FALSE;
    jpeg->cinfo.dct_method = JDCT_ISLOW;
    if (jpeg->dc_only) {
        // Only the 1/8 scale reads nothing but the DC coefficients; the whole file is never smoothed
        // (its coefficients 1-9 are exact), so neither is this copy.
        if (denominator != 8) {
            snprintf(jpeg->message, sizeof(jpeg->message), "a DC-only stream decodes at scale 1/8 only");
            jpeg->failed = 1;
            return -1;
        }
        jpeg->cinfo.do_block_smoothing = FALSE;
        vitrine_dc_arrays_install(jpeg);
    }
    if (jpeg->split != NULL) {
        // Never smoothed (layout.c takes only such files); each decompressor alone would think some
        // of its coefficients inexact.
        jpeg->cinfo.do_block_smoothing = FALSE;
    }
    jpeg_start_decompress(&jpeg->cinfo);
    if (jpeg->split != NULL) vitrine_split_started(jpeg);
    jpeg->started = 1;
    *width = (int)jpeg->cinfo.output_width;
    *height = (int)jpeg->cinfo.output_height;
    return 0;
}

int vitrine_jpeg_skip(vitrine_jpeg *jpeg, int rows) {
    if (jpeg->failed || !jpeg->started) return -1;
    if (setjmp(jpeg->escape)) return -1;
    JDIMENSION left = (JDIMENSION)rows;
    while (left > 0) {
        JDIMENSION skipped = jpeg_skip_scanlines(&jpeg->cinfo, left);
        if (skipped == 0) return -1;
        left -= skipped;
    }
    return 0;
}

int vitrine_jpeg_read(vitrine_jpeg *jpeg, uint8_t *pixels, size_t pitch, int count) {
    if (jpeg->failed || !jpeg->started) return -1;
    if (setjmp(jpeg->escape)) return -1;
    enum { batch = 16 };
    JSAMPROW rows[batch];
    int done = 0;
    while (done < count && jpeg->cinfo.output_scanline < jpeg->cinfo.output_height) {
        int n = count - done < batch ? count - done : batch;
        for (int i = 0; i < n; i++) rows[i] = pixels + (size_t)(done + i) * pitch;
        JDIMENSION got = jpeg_read_scanlines(&jpeg->cinfo, rows, (JDIMENSION)n);
        if (got == 0) break;
        done += (int)got;
    }
    return done;
}

int vitrine_jpeg_finish(vitrine_jpeg *jpeg) {
    if (jpeg->failed || !jpeg->started) return -1;
    if (setjmp(jpeg->escape)) return -1;
    jpeg_finish_decompress(&jpeg->cinfo);
    jpeg->started = 0;
    return 0;
}

int vitrine_jpeg_failed(const vitrine_jpeg *jpeg) { return jpeg->failed; }
int vitrine_jpeg_truncated(const vitrine_jpeg *jpeg) { return jpeg->truncated; }
const char *vitrine_jpeg_message(const vitrine_jpeg *jpeg) { return jpeg->message; }

void vitrine_jpeg_close(vitrine_jpeg *jpeg) {
    if (jpeg == NULL) return;
    // With its partner, which must not be decoding any more.
    vitrine_split_free(jpeg);
    // Destroying aborts any decode in progress; no libjpeg call here can fail.
    jpeg_destroy_decompress(&jpeg->cinfo);
    vitrine_dc_arrays_free(jpeg);
    free(jpeg->stream);
    free(jpeg);
}
