#pragma once
#include <lcms2.h>

// lcms2's pixel format words are built by function-like macros, which Swift does not import.
// 0xAARRGGBB words in little-endian memory: bytes B, G, R, A.
static const cmsUInt32Number vitrine_lcms_bgra8 = TYPE_BGRA_8;
