#pragma once
#include <SDL2/SDL.h>
// The window-system details, for the DRM descriptor of a KMS/DRM window only: the X11 and
// Wayland members would bring their own headers (and X11's `Display`) into every importer.
#undef SDL_VIDEO_DRIVER_X11
#undef SDL_VIDEO_DRIVER_WAYLAND
#include <SDL2/SDL_syswm.h>
