#include "shim_private.h"

#include <stdlib.h>
#include <string.h>
#include <jerror.h>

// libjpeg keeps a multi-scan file's coefficients in "virtual arrays" that its memory manager
// hands out (request_virt_barray, realize_virt_arrays, access_virt_barray in jpeg_memory_mgr).
// Decoding a stream from vitrine_dc_stream at scale 1/8 uses only coefficient 0 of each block of
// the DC-only components, so their arrays keep just that for the whole image and lend libjpeg a
// window of whole blocks: on each access the previous window's DC values are stored (when it was
// writable) and the new window's loaded. The other 63 coefficients of a window stay zero: no
// scan left in the stream writes them and the 1x1 inverse DCT does not read them. The other
// components' arrays are whole blocks in one piece, as libjpeg's own.

// libjpeg declares this type only by name; these are the shim's own arrays.
struct jvirt_barray_control {
    int whole;                 // every coefficient kept (window_rows then covers all rows)
    JDIMENSION blocks_per_row;
    JDIMENSION rows;
    JDIMENSION max_access;
    JCOEF *dc;                 // rows * blocks_per_row values (DC only)
    JBLOCK *window;            // max_access rows of blocks (or all rows, whole)
    JBLOCKROW *window_rows;    // what access_virt_barray returns (from its row on, whole)
    JDIMENSION first_row;
    JDIMENSION window_count;
    int dirty;
    struct jvirt_barray_control *next;
};

static vitrine_jpeg *owner(j_common_ptr cinfo) { return (vitrine_jpeg *)cinfo->client_data; }

static jvirt_barray_ptr request(j_common_ptr cinfo, int pool_id, boolean pre_zero, JDIMENSION blocks_per_row,
                                JDIMENSION rows, JDIMENSION max_access) {
    (void)pool_id;
    (void)pre_zero;  // always zeroed
    if (blocks_per_row == 0 || rows == 0 || max_access == 0) ERREXIT(cinfo, JERR_BAD_VIRTUAL_ACCESS);
    if (max_access > rows) max_access = rows;
    struct jvirt_barray_control *array = calloc(1, sizeof(*array));
    if (array == NULL) ERREXIT1(cinfo, JERR_OUT_OF_MEMORY, 10);
    vitrine_jpeg *jpeg = owner(cinfo);
    array->next = jpeg->dc_arrays;
    jpeg->dc_arrays = array;
    // jdcoefct.c asks for one array a component, in component order, sized as below.
    int component = jpeg->arrays_requested++;
    j_decompress_ptr dinfo = (j_decompress_ptr)cinfo;
    int dc_only = 0;
    if (component < dinfo->num_components && component < 4 && jpeg->dc_components[component]) {
        jpeg_component_info *c = &dinfo->comp_info[component];
        JDIMENSION w = (c->width_in_blocks + c->h_samp_factor - 1) / c->h_samp_factor * c->h_samp_factor;
        JDIMENSION h = (c->height_in_blocks + c->v_samp_factor - 1) / c->v_samp_factor * c->v_samp_factor;
        dc_only = w == blocks_per_row && h == rows;
        // Anything else would lose coefficients the output needs: stop rather than guess.
        if (!dc_only) ERREXIT(cinfo, JERR_BAD_VIRTUAL_ACCESS);
    }
    array->whole = !dc_only;
    array->blocks_per_row = blocks_per_row;
    array->rows = rows;
    array->max_access = max_access;
    JDIMENSION window_count = dc_only ? max_access : rows;
    if (dc_only) array->dc = calloc((size_t)rows * blocks_per_row, sizeof(JCOEF));
    array->window = calloc((size_t)window_count * blocks_per_row, sizeof(JBLOCK));
    array->window_rows = calloc(window_count, sizeof(JBLOCKROW));
    if ((dc_only && array->dc == NULL) || array->window == NULL || array->window_rows == NULL)
        ERREXIT1(cinfo, JERR_OUT_OF_MEMORY, 11);
    for (JDIMENSION r = 0; r < window_count; r++) array->window_rows[r] = array->window + (size_t)r * blocks_per_row;
    return array;
}

// The shim's arrays need nothing more; libjpeg's own (none while decoding a DC-only stream) are
// realized as before.
static void realize(j_common_ptr cinfo) { owner(cinfo)->original_realize(cinfo); }

static JBLOCKARRAY access_array(j_common_ptr cinfo, jvirt_barray_ptr array, JDIMENSION start_row, JDIMENSION count,
                          boolean writable) {
    if (count > array->max_access || start_row > array->rows || count > array->rows - start_row)
        ERREXIT(cinfo, JERR_BAD_VIRTUAL_ACCESS);
    if (array->whole) return array->window_rows + start_row;
    JDIMENSION n = array->blocks_per_row;
    if (array->dirty) {
        for (JDIMENSION r = 0; r < array->window_count; r++) {
            JCOEF *dc = array->dc + (size_t)(array->first_row + r) * n;
            JBLOCKROW row = array->window_rows[r];
            for (JDIMENSION b = 0; b < n; b++) dc[b] = row[b][0];
        }
        array->dirty = 0;
    }
    for (JDIMENSION r = 0; r < count; r++) {
        const JCOEF *dc = array->dc + (size_t)(start_row + r) * n;
        JBLOCKROW row = array->window_rows[r];
        for (JDIMENSION b = 0; b < n; b++) row[b][0] = dc[b];
    }
    array->first_row = start_row;
    array->window_count = count;
    array->dirty = writable ? 1 : 0;
    return array->window_rows;
}

void vitrine_dc_arrays_install(vitrine_jpeg *jpeg) {
    jpeg->cinfo.mem->request_virt_barray = request;
    jpeg->original_realize = jpeg->cinfo.mem->realize_virt_arrays;
    jpeg->cinfo.mem->realize_virt_arrays = realize;
    jpeg->cinfo.mem->access_virt_barray = access_array;
}

void vitrine_dc_arrays_free(vitrine_jpeg *jpeg) {
    struct jvirt_barray_control *array = jpeg->dc_arrays;
    while (array != NULL) {
        struct jvirt_barray_control *next = array->next;
        free(array->dc);
        free(array->window);
        free(array->window_rows);
        free(array);
        array = next;
    }
    jpeg->dc_arrays = NULL;
}
