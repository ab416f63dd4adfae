#include "shim_private.h"

#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jerror.h>

// A progressive JPEG is a series of scans, each a pass over the whole image that codes some
// coefficients (a spectral band, Ss..Se, to some bits, Ah/Al) of some components. libjpeg
// entropy-decodes them one after the other on one thread, into a buffer of every coefficient of
// the image, and only then runs the inverse DCT; that decoding is most of a progressive file's
// cost. Two scans that share no component, or whose bands do not overlap, touch different
// coefficients, and a scan needs an earlier one only where they do, and only row by row. So the
// file's scans are split between two decompressors, each reading a copy of the file with its own
// scans only (every other segment kept, in order, so each scan sees the tables it would), over one
// coefficient buffer: this one (role 0) and its partner (role 1), each run on a thread of its own
// by the caller, both making rows (a band each) once their scans are read. Each block
// row of a scan waits, when libjpeg asks for it, until the scans before it that touch the same
// coefficients are past that row; the output pass waits until every scan is. Each coefficient then
// goes through the very operations, in the same order, as in a whole-file decode: the same pixels,
// corrupt data included. Block smoothing is off: layout.c takes only files that libjpeg would not
// smooth (each decompressor alone would think some coefficients inexact).

enum { max_split_scans = 64, min_split_pixels = 1 << 19 };

// libjpeg declares its array type only by name; these are the split's own, cast to it.
typedef struct {
    int component;
    JDIMENSION blocks_per_row;
    JDIMENSION rows;
    JBLOCK *blocks;
    JBLOCKROW *row_pointers;
} split_array;

typedef struct {
    int role;
    int components;  // bit mask, frame order
    int ss, se;      // the coefficients it may touch, in zigzag order
} split_scan;

struct vitrine_split {
    pthread_mutex_t lock;
    pthread_cond_t changed;
    int scans;
    split_scan scan[max_split_scans];
    // Block rows of each component that each scan has finished (UINT_MAX once it is through).
    JDIMENSION done[max_split_scans][vitrine_max_components];
    // Each role's scans, in file order, and the one it is in (-1: none yet, or through all).
    int local[2][max_split_scans];
    int local_count[2];
    int current[2];
    int stopped;  // one of them failed: the other gives up instead of waiting for it
    split_array *arrays[vitrine_max_components];
    vitrine_jpeg *partner;
    // From the model: when each role is through its scans, the cost of role 1's last scan, the
    // picture's blocks and pixels (in the model's units: a byte of entropy-coded data).
    double through[2];
    double last_scan;
    double blocks, pixels;
    void (*original_realize[2])(j_common_ptr cinfo);
};

static vitrine_jpeg *owner(j_common_ptr cinfo) { return (vitrine_jpeg *)cinfo->client_data; }

// Whether scan `j` touches coefficients scan `i` touches, in component `c` (or any component, c < 0).
static int overlaps(const split_scan *i, const split_scan *j, int c) {
    int shared = i->components & j->components;
    if (c >= 0) shared &= 1 << c;
    return shared != 0 && i->ss <= j->se && j->ss <= i->se;
}

static void complete(struct vitrine_split *split, int scan) {
    if (scan < 0) return;
    for (int c = 0; c < vitrine_max_components; c++) split->done[scan][c] = UINT_MAX;
}

// Whether rows below `rows` of component `c` are through every scan before `scan` that touches its
// coefficients (scan = split->scans: every scan, for the output).
static int ready(const struct vitrine_split *split, int scan, int c, JDIMENSION rows) {
    for (int i = 0; i < scan; i++) {
        int needed = scan == split->scans ? (split->scan[i].components >> c & 1)
                                          : overlaps(&split->scan[i], &split->scan[scan], c);
        if (needed && split->done[i][c] < rows) return 0;
    }
    return 1;
}

static jvirt_barray_ptr request(j_common_ptr cinfo, int pool_id, boolean pre_zero, JDIMENSION blocks_per_row,
                                JDIMENSION rows, JDIMENSION max_access) {
    (void)pool_id;
    (void)pre_zero;  // always zeroed
    (void)max_access;
    vitrine_jpeg *jpeg = owner(cinfo);
    struct vitrine_split *split = jpeg->split;
    // jdcoefct.c asks for one array a component, in component order, each decompressor alike.
    int component = jpeg->arrays_requested++;
    if (component >= vitrine_max_components || blocks_per_row == 0 || rows == 0)
        ERREXIT(cinfo, JERR_BAD_VIRTUAL_ACCESS);
    // libjpeg takes a component's quantization table when its first scan starts (latch_quant_tables
    // in jdinput.c) and makes no rows of a component without one; this decompressor may read no scan
    // of some component, so it takes them all now. Every table is in by now: layout.c takes only
    // files whose tables all come before the first scan, so these are the ones libjpeg would take.
    j_decompress_ptr dinfo = (j_decompress_ptr)cinfo;
    if (component < dinfo->num_components && dinfo->comp_info[component].quant_table == NULL) {
        jpeg_component_info *c = &dinfo->comp_info[component];
        if (c->quant_tbl_no < 0 || c->quant_tbl_no >= NUM_QUANT_TBLS || dinfo->quant_tbl_ptrs[c->quant_tbl_no] == NULL)
            ERREXIT1(cinfo, JERR_NO_QUANT_TABLE, c->quant_tbl_no);
        JQUANT_TBL *table = (*cinfo->mem->alloc_small)(cinfo, JPOOL_IMAGE, sizeof(JQUANT_TBL));
        memcpy(table, dinfo->quant_tbl_ptrs[c->quant_tbl_no], sizeof(JQUANT_TBL));
        c->quant_table = table;
    }
    pthread_mutex_lock(&split->lock);
    split_array *array = split->arrays[component];
    int fits = 1;
    if (array == NULL) {
        array = calloc(1, sizeof(*array));
        if (array != NULL) {
            array->component = component;
            array->blocks_per_row = blocks_per_row;
            array->rows = rows;
            array->blocks = calloc((size_t)rows * blocks_per_row, sizeof(JBLOCK));
            array->row_pointers = calloc(rows, sizeof(JBLOCKROW));
            if (array->blocks == NULL || array->row_pointers == NULL) {
                free(array->blocks);
                free(array->row_pointers);
                free(array);
                array = NULL;
            } else {
                for (JDIMENSION r = 0; r < rows; r++) array->row_pointers[r] = array->blocks + (size_t)r * blocks_per_row;
                split->arrays[component] = array;
            }
        }
    } else {
        fits = array->blocks_per_row == blocks_per_row && array->rows == rows;
    }
    pthread_mutex_unlock(&split->lock);
    if (array == NULL) ERREXIT1(cinfo, JERR_OUT_OF_MEMORY, 12);
    if (!fits) ERREXIT(cinfo, JERR_BAD_VIRTUAL_ACCESS);
    return (jvirt_barray_ptr)(void *)array;
}

// libjpeg's own arrays (none while these are in use) are realized as before.
static void realize(j_common_ptr cinfo) {
    vitrine_jpeg *jpeg = owner(cinfo);
    jpeg->split->original_realize[jpeg->split_role](cinfo);
}

// Ends the decode of `jpeg` from inside libjpeg when the other one failed. Called with the lock held.
static void give_up(j_common_ptr cinfo, struct vitrine_split *split) {
    vitrine_jpeg *jpeg = owner(cinfo);
    snprintf(jpeg->message, sizeof(jpeg->message), "stopped: the other half of the decode failed");
    jpeg->stopped = 1;
    jpeg->failed = 1;
    pthread_mutex_unlock(&split->lock);
    longjmp(jpeg->escape, 1);
}

static JBLOCKARRAY access_array(j_common_ptr cinfo, jvirt_barray_ptr handle, JDIMENSION start_row, JDIMENSION count,
                                boolean writable) {
    split_array *array = (split_array *)(void *)handle;
    if (start_row > array->rows || count > array->rows - start_row) ERREXIT(cinfo, JERR_BAD_VIRTUAL_ACCESS);
    vitrine_jpeg *jpeg = owner(cinfo);
    struct vitrine_split *split = jpeg->split;
    int role = jpeg->split_role;
    int c = array->component;
    JDIMENSION end = start_row + count;
    pthread_mutex_lock(&split->lock);
    int scan = split->scans;  // the output pass: after every scan
    if (writable) {
        // Reading scans: which one is the one libjpeg is in (input_scan_number counts from 1).
        int local = ((j_decompress_ptr)cinfo)->input_scan_number - 1;
        if (local < 0 || local >= split->local_count[role]) {
            pthread_mutex_unlock(&split->lock);
            ERREXIT(cinfo, JERR_BAD_VIRTUAL_ACCESS);
        }
        scan = split->local[role][local];
        if (split->scan[scan].components >> c & 1 && split->done[scan][c] < start_row) split->done[scan][c] = start_row;
    }
    if (scan != split->current[role]) {
        complete(split, split->current[role]);
        split->current[role] = scan < split->scans ? scan : -1;
    }
    pthread_cond_broadcast(&split->changed);
    for (;;) {
        if (split->stopped) give_up(cinfo, split);
        if (ready(split, scan, c, end)) break;
        pthread_cond_wait(&split->changed, &split->lock);
    }
    pthread_mutex_unlock(&split->lock);
    return array->row_pointers + start_row;
}

static void install(vitrine_jpeg *jpeg, struct vitrine_split *split, int role) {
    jpeg->split = split;
    jpeg->split_role = role;
    jpeg->cinfo.mem->request_virt_barray = request;
    split->original_realize[role] = jpeg->cinfo.mem->realize_virt_arrays;
    jpeg->cinfo.mem->realize_virt_arrays = realize;
    jpeg->cinfo.mem->access_virt_barray = access_array;
}

// The time two decompressors would take over the scans with these roles, in a model: each scan
// costs the bytes of its data plus a little per block, and starts no earlier than those it needs
// and ends a block row after them (rows go through the scans one after the other). `free_at`
// gets when each role is through.
static double simulate(int n, const double *cost, const uint64_t *needs, double rows, const int *role,
                       double free_at[2]) {
    double start[max_split_scans], finish[max_split_scans];
    free_at[0] = free_at[1] = 0;
    for (int j = 0; j < n; j++) {
        double begin = free_at[role[j]], end = begin + cost[j];
        for (int i = 0; i < j; i++) {
            if (!(needs[j] >> i & 1)) continue;
            if (start[i] > begin) begin = start[i];
            if (finish[i] + cost[j] / rows > end) end = finish[i] + cost[j] / rows;
        }
        if (begin + cost[j] > end) end = begin + cost[j];
        start[j] = begin;
        finish[j] = end;
        free_at[role[j]] = end;
    }
    return free_at[0] > free_at[1] ? free_at[0] : free_at[1];
}

// Splits the scans between the two roles so that, in the model above, both are through soonest:
// every split tried for up to 13 scans, beyond that each scan in turn to the role that would end
// it first, then single scans moved while that helps. Role 0, which also makes the rows, gets the
// share that ends first. Returns 0 when one role would get nothing.
static int assign(const vitrine_layout *layout, struct vitrine_split *split, const int *given, int given_count) {
    double block_count[vitrine_max_components];
    for (int c = 0; c < layout->components; c++) {
        double w = ((double)layout->width * layout->h[c] / layout->max_h + 7) / 8;
        double h = ((double)layout->height * layout->v[c] / layout->max_v + 7) / 8;
        block_count[c] = w * h;
    }
    double rows = ((double)layout->height / (8.0 * layout->max_v)) + 1;
    double cost[max_split_scans];
    uint64_t needs[max_split_scans];
    int n = 0;
    for (int s = 0; s < layout->count; s++) {
        const vitrine_segment *segment = &layout->segments[s];
        if (!segment->is_scan) continue;
        split_scan *scan = &split->scan[n];
        // The coefficients a scan may touch: its band, and for an AC scan up to 16 more, which
        // damaged data can make libjpeg write (a run past the band's end lands on
        // jpeg_natural_order[k] for k up to Se + 16, clamped to 63).
        scan->ss = segment->ss;
        scan->se = segment->ss == 0 ? segment->se : (segment->se + 16 > 63 ? 63 : segment->se + 16);
        cost[n] = (double)segment->length;
        for (int i = 0; i < segment->in_scan; i++) {
            scan->components |= 1 << segment->component[i];
            cost[n] += block_count[segment->component[i]] / 4;
        }
        needs[n] = 0;
        for (int i = 0; i < n; i++)
            if (overlaps(&split->scan[i], scan, -1)) needs[n] |= (uint64_t)1 << i;
        n++;
    }
    split->scans = n;
    int role[max_split_scans] = {0}, trial[max_split_scans] = {0};
    double free_at[2], best;
    if (given != NULL) {
        if (given_count != n) return 0;
        for (int j = 0; j < n; j++) role[j] = given[j] != 0;
    } else if (n <= 13) {
        best = -1;
        for (uint32_t mask = 0; mask < (1u << (n - 1)); mask++) {
            for (int j = 1; j < n; j++) trial[j] = mask >> (j - 1) & 1;
            double span = simulate(n, cost, needs, rows, trial, free_at);
            if (best < 0 || span < best) {
                best = span;
                memcpy(role, trial, sizeof(role));
            }
        }
    } else {
        for (int j = 0; j < n; j++) {
            double spans[2];
            for (int r = 0; r < 2; r++) {
                role[j] = r;
                spans[r] = simulate(j + 1, cost, needs, rows, role, free_at);
            }
            role[j] = spans[1] < spans[0];
        }
        best = simulate(n, cost, needs, rows, role, free_at);
        for (int moved = 1; moved;) {
            moved = 0;
            for (int j = 0; j < n; j++) {
                role[j] ^= 1;
                double span = simulate(n, cost, needs, rows, role, free_at);
                if (span < best) {
                    best = span;
                    moved = 1;
                } else {
                    role[j] ^= 1;
                }
            }
        }
    }
    simulate(n, cost, needs, rows, role, free_at);
    // The role that ends first becomes role 0 (a given split is kept as it is).
    int first = given == NULL && free_at[1] < free_at[0] ? 1 : 0;
    split->through[0] = free_at[first];
    split->through[1] = free_at[first ^ 1];
    for (int i = 0; i < n; i++)
        if (role[i] != first) split->last_scan = cost[i];
    for (int c = 0; c < layout->components; c++) split->blocks += block_count[c];
    split->pixels = (double)layout->width * layout->height;
    for (int i = 0; i < n; i++) {
        split->scan[i].role = role[i] ^ first;
        int r = split->scan[i].role;
        split->local[r][split->local_count[r]++] = i;
    }
    return split->local_count[0] > 0 && split->local_count[1] > 0;
}

vitrine_jpeg *vitrine_jpeg_open_split(const uint8_t *data, size_t size, vitrine_jpeg_header *header) {
    return vitrine_jpeg_open_split_as(data, size, NULL, 0, header);
}

vitrine_jpeg *vitrine_jpeg_open_split_as(const uint8_t *data, size_t size, const int *given, int count,
                                         vitrine_jpeg_header *header) {
    vitrine_layout layout;
    if (!vitrine_layout_parse(data, size, max_split_scans, &layout)) return NULL;
    if (layout.late_tables) {
        vitrine_layout_free(&layout);
        return NULL;
    }
    // A small picture decodes in a few milliseconds: not worth a thread.
    if ((double)layout.width * layout.height < min_split_pixels) {
        vitrine_layout_free(&layout);
        return NULL;
    }
    struct vitrine_split *split = calloc(1, sizeof(*split));
    int *keep = calloc((size_t)layout.count * 2, sizeof(int));
    uint8_t *streams[2] = {NULL, NULL};
    size_t sizes[2] = {0, 0};
    vitrine_jpeg *roles[2] = {NULL, NULL};
    if (split == NULL || keep == NULL || !assign(&layout, split, given, count)) goto refuse;
    for (int role = 0; role < 2; role++) {
        int n = 0;
        for (int s = 0; s < layout.count; s++) {
            int is_scan = layout.segments[s].is_scan;
            keep[role * layout.count + s] = !is_scan || split->scan[n].role == role;
            n += is_scan;
        }
        streams[role] = vitrine_layout_copy(data, &layout, keep + role * layout.count, &sizes[role]);
        if (streams[role] == NULL) goto refuse;
    }
    vitrine_jpeg_header helper_header;
    roles[1] = vitrine_open_stream(streams[1], sizes[1], streams[1], &helper_header);
    streams[1] = NULL;
    roles[0] = vitrine_open_stream(streams[0], sizes[0], streams[0], header);
    streams[0] = NULL;
    // A header libjpeg refuses: the whole file's decoder says what is wrong with it.
    if (roles[0] == NULL || roles[1] == NULL || roles[0]->failed || roles[1]->failed) goto refuse;
    pthread_mutex_init(&split->lock, NULL);
    pthread_cond_init(&split->changed, NULL);
    split->current[0] = split->current[1] = -1;
    split->partner = roles[1];
    install(roles[0], split, 0);
    install(roles[1], split, 1);
    free(keep);
    vitrine_layout_free(&layout);
    return roles[0];
refuse:
    for (int role = 0; role < 2; role++) {
        free(streams[role]);
        vitrine_jpeg_close(roles[role]);
    }
    free(keep);
    free(split);
    vitrine_layout_free(&layout);
    return NULL;
}

void vitrine_split_started(vitrine_jpeg *jpeg) {
    struct vitrine_split *split = jpeg->split;
    int role = jpeg->split_role;
    pthread_mutex_lock(&split->lock);
    for (int i = 0; i < split->local_count[role]; i++) complete(split, split->local[role][i]);
    split->current[role] = -1;
    pthread_cond_broadcast(&split->changed);
    pthread_mutex_unlock(&split->lock);
}

double vitrine_jpeg_split_share(const vitrine_jpeg *jpeg, int denominator) {
    const struct vitrine_split *split = jpeg->split;
    if (split == NULL || denominator < 1) return 0.5;
    // The rows' cost (inverse DCT, colours, the downscale), measured against the scans' on 24 MP
    // photos at 1/1 and 1/2: about 1.4 a block and 0.07 a pixel made.
    double rows = split->blocks * 1.4 + split->pixels / ((double)denominator * denominator) * 0.07;
    // Role 0 is through its scans first and makes the top band, a row once role 1's last scan
    // (sweeping down until role 1 is through) has passed it; role 1 then makes the rest.
    double best = 0.5, best_end = -1;
    for (int step = 5; step <= 95; step++) {
        double share = step / 100.0;
        double top = split->through[0] + share * rows;
        double passed = split->through[1] - split->last_scan * (1 - share);
        if (passed > top) top = passed;
        double bottom = split->through[1] + (1 - share) * rows;
        double end = top > bottom ? top : bottom;
        if (best_end < 0 || end < best_end) {
            best_end = end;
            best = share;
        }
    }
    return best;
}

vitrine_jpeg *vitrine_jpeg_split_partner(vitrine_jpeg *jpeg) {
    return jpeg->split != NULL && jpeg->split_role == 0 ? jpeg->split->partner : NULL;
}

void vitrine_jpeg_split_stop(vitrine_jpeg *jpeg) {
    struct vitrine_split *split = jpeg->split;
    if (split == NULL) return;
    pthread_mutex_lock(&split->lock);
    split->stopped = 1;
    pthread_cond_broadcast(&split->changed);
    pthread_mutex_unlock(&split->lock);
}

int vitrine_jpeg_stopped(const vitrine_jpeg *jpeg) { return jpeg->stopped; }

void vitrine_split_free(vitrine_jpeg *jpeg) {
    struct vitrine_split *split = jpeg->split;
    if (split == NULL || jpeg->split_role != 0) return;
    split->partner->split = NULL;
    vitrine_jpeg_close(split->partner);
    for (int c = 0; c < vitrine_max_components; c++) {
        if (split->arrays[c] == NULL) continue;
        free(split->arrays[c]->blocks);
        free(split->arrays[c]->row_pointers);
        free(split->arrays[c]);
    }
    pthread_mutex_destroy(&split->lock);
    pthread_cond_destroy(&split->changed);
    free(split);
    jpeg->split = NULL;
}
