#pragma once
#include <stddef.h>
#include <stdint.h>

/// One libjpeg decompressor reading a JPEG held in memory, with errors turned
/// into return codes (libjpeg's default error handler would end the process).
typedef struct vitrine_jpeg vitrine_jpeg;

/// What the header says; filled by vitrine_jpeg_open.
typedef struct {
    int width;
    int height;
    /// 1 when the file is baseline with all components in one scan, 3-component YCbCr:
    /// the only kind the row-range decode takes (anything else goes the whole-image way).
    int is_plain_ycc;
    /// 1 for a progressive (or otherwise multi-scan) file: libjpeg then keeps every DCT
    /// coefficient of the whole image while it reads the scans, whatever the output scale.
    int is_multi_scan;
    /// 1 when the output can be BGRA straight from libjpeg (YCbCr, RGB or grayscale; not CMYK/YCCK).
    int is_bgra_capable;
    /// The bytes of that whole-image coefficient buffer (multi-scan files only; 0 otherwise).
    size_t coefficient_bytes;
} vitrine_jpeg_header;

/// Caps what libjpeg may allocate for this decompressor (its memory manager refuses more)
/// and the number of scans a multi-scan file may have. Call before vitrine_jpeg_start.
void vitrine_jpeg_set_limits(vitrine_jpeg *jpeg, size_t max_memory, int max_scans);

/// Reads the header of `size` bytes at `data` (which must outlive the decompressor).
/// Returns NULL only when out of memory; check vitrine_jpeg_failed afterwards.
vitrine_jpeg *vitrine_jpeg_open(const uint8_t *data, size_t size, vitrine_jpeg_header *header);

/// As vitrine_jpeg_open, over a copy of a progressive file's DC scans only, for decoding at scale
/// 1/8 with the very pixels of the whole file, in a coefficient buffer of 2 bytes a block
/// (coefficient_bytes says so). NULL when the file is not one for this (not progressive Huffman,
/// incomplete, cut short, or out of memory): then open it whole.
vitrine_jpeg *vitrine_jpeg_open_dc_only(const uint8_t *data, size_t size, vitrine_jpeg_header *header);

/// As vitrine_jpeg_open, for a progressive file whose scans are split between this decompressor and
/// a partner (vitrine_jpeg_split_partner) over one coefficient buffer (coefficient_bytes as for the
/// whole file). Both must be started and read on two threads at once, each a band of the rows
/// (skip to it), since each reads only its share of the scans: libjpeg's requests for a block row
/// wait until the scans before that touch the same coefficients are past it. Any band gives the very
/// pixels of a whole-file decode. When one fails, call vitrine_jpeg_split_stop so the other gives
/// up. NULL when the file is not one for this (not progressive Huffman, cut short, over 64 scans, a
/// scan order libjpeg would smooth, quantization tables after the first scan, under half a
/// megapixel, nothing to split, out of memory): then open it whole. `data` need not outlive it.
vitrine_jpeg *vitrine_jpeg_open_split(const uint8_t *data, size_t size, vitrine_jpeg_header *header);

/// As vitrine_jpeg_open_split with the split given: `roles[i]` (0 or 1) reads the file's scan i
/// (`count` must be the number of scans; the first of the pair reads role 0's). For tests.
vitrine_jpeg *vitrine_jpeg_open_split_as(const uint8_t *data, size_t size, const int *roles, int count,
                                         vitrine_jpeg_header *header);

/// The partner of a decompressor from vitrine_jpeg_open_split (freed with it), or NULL.
vitrine_jpeg *vitrine_jpeg_split_partner(vitrine_jpeg *jpeg);

/// The share of the output rows the first of a split pair should make (the top band) at scale
/// 1/`denominator`, so both are through together by the split's model of their work.
double vitrine_jpeg_split_share(const vitrine_jpeg *jpeg, int denominator);

/// Makes both of a split pair give up (with vitrine_jpeg_stopped set) instead of waiting for scans.
void vitrine_jpeg_split_stop(vitrine_jpeg *jpeg);

/// Nonzero when the decode gave up because the other of its pair failed.
int vitrine_jpeg_stopped(const vitrine_jpeg *jpeg);

/// Starts decompression at DCT scale 1/`denominator`, BGRA output, merged chroma upsampling;
/// reports the output size. Returns 0 on success.
int vitrine_jpeg_start(vitrine_jpeg *jpeg, int denominator, int *width, int *height);

/// Skips `rows` output rows (entropy decoding only for whole iMCU rows). Returns 0 on success.
int vitrine_jpeg_skip(vitrine_jpeg *jpeg, int rows);

/// Reads up to `count` rows of BGRA pixels into `pixels` (rows `pitch` bytes apart).
/// Returns the number of rows read, or -1 on error.
int vitrine_jpeg_read(vitrine_jpeg *jpeg, uint8_t *pixels, size_t pitch, int count);

/// Reads what follows the last row up to the end marker (a file cut short there is caught).
/// Call after all rows were read. Returns 0 on success.
int vitrine_jpeg_finish(vitrine_jpeg *jpeg);

/// Nonzero once an error happened (a truncated file counts as one).
int vitrine_jpeg_failed(const vitrine_jpeg *jpeg);
/// Nonzero when the error was the data ending early.
int vitrine_jpeg_truncated(const vitrine_jpeg *jpeg);
/// libjpeg's message for the error ("" if none).
const char *vitrine_jpeg_message(const vitrine_jpeg *jpeg);

/// Stops decoding (if started) and frees everything.
void vitrine_jpeg_close(vitrine_jpeg *jpeg);

/// The version of the libjpeg-turbo this process loaded, as X * 1000000 + Y * 1000 + Z (2001005
/// for 2.1.5), read from the library itself; 0 when it cannot be read (another libjpeg).
int vitrine_jpeg_version(void);

/// The libjpeg-turbo version of the headers the shim was compiled with, in the same form; 0 if unknown.
int vitrine_jpeg_header_version(void);
