#pragma once
#include <png.h>

// libpng's simplified API (png_image) catches its own errors, so no setjmp is needed here.
static inline void vitrine_png_image_prepare(png_image *image) {
    image->version = PNG_IMAGE_VERSION;
    image->opaque = NULL;
}

static inline void vitrine_png_image_want_bgra(png_image *image) { image->format = PNG_FORMAT_BGRA; }
