#pragma once
#include <stddef.h>
#include <stdint.h>

// SDL2_image loaded on first use (dlopen) by the decode worker, which needs it only for the
// rare formats without a decoder of their own (GIF, BMP, TIFF, ...): a worker that never meets
// one never maps SDL and everything SDL links. Surfaces are opaque here.

/// Loads libSDL2_image and libSDL2 and looks up the functions used below, once; 0 when they
/// are there, -1 otherwise (`vitrine_sdl_error` says why).
int vitrine_sdl_open(void);

/// The image in `bytes` (`type` as IMG_LoadTyped_RW takes it) as a surface, NULL on failure.
void *vitrine_sdl_load(const void *bytes, size_t count, const char *type);

/// The surface's size.
int vitrine_sdl_width(const void *surface);
int vitrine_sdl_height(const void *surface);

/// Copies rows [`first`, `first` + `rows`) of `surface` converted to ARGB8888 into `pixels`
/// (`width` words a row, packed); a transparent colour key becomes alpha 0. 0 on success.
int vitrine_sdl_copy_argb(void *surface, int first, int rows, uint32_t *pixels);

void vitrine_sdl_free(void *surface);

/// SDL's last error, or why loading the libraries failed.
const char *vitrine_sdl_error(void);
