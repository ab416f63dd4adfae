// SDL2_image and SDL2 through dlopen: the SDL headers give the types, nothing links them.
#include "CSDLImageLoader.h"

#include <SDL2/SDL.h>
#include <SDL2/SDL_image.h>
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

static struct {
    SDL_RWops *(*rw_from_const_mem)(const void *, int);
    SDL_Surface *(*load_typed_rw)(SDL_RWops *, int, const char *);
    SDL_Surface *(*create_from)(void *, int, int, int, int, Uint32);
    int (*set_blend_mode)(SDL_Surface *, SDL_BlendMode);
    int (*fill_rect)(SDL_Surface *, const SDL_Rect *, Uint32);
    int (*upper_blit)(SDL_Surface *, const SDL_Rect *, SDL_Surface *, SDL_Rect *);
    void (*free_surface)(SDL_Surface *);
    const char *(*get_error)(void);
} sdl;

static pthread_once_t once = PTHREAD_ONCE_INIT;
static int opened = -1;
static char failure[256] = "SDL2_image is not loaded";

static void *symbol(void *library, const char *name) {
    void *found = dlsym(library, name);
    if (found == NULL && failure[0] == '\0') {
        snprintf(failure, sizeof failure, "SDL has no %s", name);
    }
    return found;
}

static void open_libraries(void) {
    // SDL2_image's own dependency brings SDL2 in; the handles stay open for the process's life.
    void *image = dlopen("libSDL2_image-2.0.so.0", RTLD_NOW | RTLD_LOCAL);
    if (image == NULL) {
        const char *why = dlerror();
        snprintf(failure, sizeof failure, "cannot load SDL2_image: %s", why ? why : "unknown");
        return;
    }
    void *core = dlopen("libSDL2-2.0.so.0", RTLD_NOW | RTLD_LOCAL);
    if (core == NULL) {
        const char *why = dlerror();
        snprintf(failure, sizeof failure, "cannot load SDL2: %s", why ? why : "unknown");
        return;
    }
    failure[0] = '\0';
    *(void **)&sdl.rw_from_const_mem = symbol(core, "SDL_RWFromConstMem");
    *(void **)&sdl.load_typed_rw = symbol(image, "IMG_LoadTyped_RW");
    *(void **)&sdl.create_from = symbol(core, "SDL_CreateRGBSurfaceWithFormatFrom");
    *(void **)&sdl.set_blend_mode = symbol(core, "SDL_SetSurfaceBlendMode");
    *(void **)&sdl.fill_rect = symbol(core, "SDL_FillRect");
    *(void **)&sdl.upper_blit = symbol(core, "SDL_UpperBlit");
    *(void **)&sdl.free_surface = symbol(core, "SDL_FreeSurface");
    *(void **)&sdl.get_error = symbol(core, "SDL_GetError");
    if (failure[0] == '\0') {
        opened = 0;
    }
}

int vitrine_sdl_open(void) {
    if (pthread_once(&once, open_libraries) != 0) {
        return -1;
    }
    return opened;
}

void *vitrine_sdl_load(const void *bytes, size_t count, const char *type) {
    if (opened != 0 || count > INT32_MAX) {
        return NULL;
    }
    SDL_RWops *rw = sdl.rw_from_const_mem(bytes, (int)count);
    if (rw == NULL) {
        return NULL;
    }
    // freesrc = 1: SDL closes the stream.
    return sdl.load_typed_rw(rw, 1, type);
}

int vitrine_sdl_width(const void *surface) { return ((const SDL_Surface *)surface)->w; }

int vitrine_sdl_height(const void *surface) { return ((const SDL_Surface *)surface)->h; }

int vitrine_sdl_copy_argb(void *surface, int first, int rows, uint32_t *pixels) {
    SDL_Surface *source = surface;
    int width = source->w;
    SDL_Surface *target =
        sdl.create_from(pixels, width, rows, 32, width * 4, SDL_PIXELFORMAT_ARGB8888);
    if (target == NULL) {
        return -1;
    }
    int status = -1;
    // Copy, not blend; keyed pixels are skipped by the blit, so they stay transparent black.
    if (sdl.set_blend_mode(source, SDL_BLENDMODE_NONE) == 0 && sdl.fill_rect(target, NULL, 0) == 0) {
        SDL_Rect from = {0, first, width, rows};
        SDL_Rect to = {0, 0, width, rows};
        status = sdl.upper_blit(source, &from, target, &to) == 0 ? 0 : -1;
    }
    sdl.free_surface(target);
    return status;
}

void vitrine_sdl_free(void *surface) {
    if (surface != NULL && opened == 0) {
        sdl.free_surface(surface);
    }
}

const char *vitrine_sdl_error(void) {
    if (opened != 0) {
        return failure;
    }
    return sdl.get_error();
}
