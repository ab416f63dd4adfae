#pragma once
// The few OpenGL (ES) 2 calls that render video frames into a texture of SDL's renderer,
// through function pointers looked up at run time (SDL_GL_GetProcAddress): nothing is linked
// against libGL or libGLESv2, and the same code serves desktop OpenGL and OpenGL ES.
#include <stddef.h>
#include <stdint.h>

#define VITRINE_GL_TEXTURE_2D 0x0DE1
#define VITRINE_GL_TEXTURE_BINDING_2D 0x8069
#define VITRINE_GL_FRAMEBUFFER 0x8D40
#define VITRINE_GL_FRAMEBUFFER_BINDING 0x8CA6
#define VITRINE_GL_COLOR_ATTACHMENT0 0x8CE0
#define VITRINE_GL_FRAMEBUFFER_COMPLETE 0x8CD5
#define VITRINE_GL_SYNC_GPU_COMMANDS_COMPLETE 0x9117

typedef void *(*vitrine_gl_loader)(const char *name);

/// The GL functions in use; FenceSync, WaitSync and DeleteSync may be missing (OpenGL ES 2).
typedef struct VitrineGL {
    void (*GenFramebuffers)(int count, unsigned *names);
    void (*DeleteFramebuffers)(int count, const unsigned *names);
    void (*BindFramebuffer)(unsigned target, unsigned name);
    void (*FramebufferTexture2D)(unsigned target, unsigned attachment, unsigned textarget, unsigned texture, int level);
    unsigned (*CheckFramebufferStatus)(unsigned target);
    void (*GetIntegerv)(unsigned name, int *value);
    void (*Flush)(void);
    const unsigned char *(*GetString)(unsigned name);
    void *(*FenceSync)(unsigned condition, unsigned flags);
    void (*WaitSync)(void *sync, unsigned flags, uint64_t timeout);
    void (*DeleteSync)(void *sync);
} VitrineGL;

/// Looks the functions up; 0 when one that is needed is missing.
static inline int vitrine_gl_load(VitrineGL *gl, vitrine_gl_loader load) {
    gl->GenFramebuffers = (void (*)(int, unsigned *))load("glGenFramebuffers");
    gl->DeleteFramebuffers = (void (*)(int, const unsigned *))load("glDeleteFramebuffers");
    gl->BindFramebuffer = (void (*)(unsigned, unsigned))load("glBindFramebuffer");
    gl->FramebufferTexture2D =
        (void (*)(unsigned, unsigned, unsigned, unsigned, int))load("glFramebufferTexture2D");
    gl->CheckFramebufferStatus = (unsigned (*)(unsigned))load("glCheckFramebufferStatus");
    gl->GetIntegerv = (void (*)(unsigned, int *))load("glGetIntegerv");
    gl->Flush = (void (*)(void))load("glFlush");
    gl->GetString = (const unsigned char *(*)(unsigned))load("glGetString");
    gl->FenceSync = (void *(*)(unsigned, unsigned))load("glFenceSync");
    gl->WaitSync = (void (*)(void *, unsigned, uint64_t))load("glWaitSync");
    gl->DeleteSync = (void (*)(void *))load("glDeleteSync");
    if (!gl->FenceSync || !gl->WaitSync || !gl->DeleteSync) {
        gl->FenceSync = NULL;
        gl->WaitSync = NULL;
        gl->DeleteSync = NULL;
    }
    return gl->GenFramebuffers && gl->DeleteFramebuffers && gl->BindFramebuffer && gl->FramebufferTexture2D
        && gl->CheckFramebufferStatus && gl->GetIntegerv && gl->Flush && gl->GetString;
}

/// The current context's GL_RENDERER (the driver's name for the GPU), or "".
static inline const char *vitrine_gl_renderer(const VitrineGL *gl) {
    const unsigned char *name = gl->GetString(0x1F01);
    return name ? (const char *)name : "";
}

/// GL_RENDERER of the context current on this thread, looked up with `load`; "" when there is
/// none or glGetString is missing.
static inline const char *vitrine_gl_current_renderer(vitrine_gl_loader load) {
    const unsigned char *(*get_string)(unsigned) = (const unsigned char *(*)(unsigned))load("glGetString");
    if (!get_string) return "";
    const unsigned char *name = get_string(0x1F01);
    return name ? (const char *)name : "";
}

/// The 2D texture bound in the current context (after SDL_GL_BindTexture), 0 when none.
static inline unsigned vitrine_gl_bound_texture(const VitrineGL *gl) {
    int name = 0;
    gl->GetIntegerv(VITRINE_GL_TEXTURE_BINDING_2D, &name);
    return name > 0 ? (unsigned)name : 0;
}

/// A complete framebuffer in the current context whose colour is `texture`; 0 when it cannot be.
static inline unsigned vitrine_gl_framebuffer(const VitrineGL *gl, unsigned texture) {
    unsigned fbo = 0;
    int previous = 0;
    gl->GetIntegerv(VITRINE_GL_FRAMEBUFFER_BINDING, &previous);
    gl->GenFramebuffers(1, &fbo);
    if (fbo == 0) return 0;
    gl->BindFramebuffer(VITRINE_GL_FRAMEBUFFER, fbo);
    gl->FramebufferTexture2D(
        VITRINE_GL_FRAMEBUFFER, VITRINE_GL_COLOR_ATTACHMENT0, VITRINE_GL_TEXTURE_2D, texture, 0);
    unsigned status = gl->CheckFramebufferStatus(VITRINE_GL_FRAMEBUFFER);
    gl->BindFramebuffer(VITRINE_GL_FRAMEBUFFER, (unsigned)previous);
    if (status != VITRINE_GL_FRAMEBUFFER_COMPLETE) {
        gl->DeleteFramebuffers(1, &fbo);
        return 0;
    }
    return fbo;
}

static inline void vitrine_gl_delete_framebuffer(const VitrineGL *gl, unsigned fbo) {
    if (fbo != 0) gl->DeleteFramebuffers(1, &fbo);
}

/// Ends rendering in the current context: a fence after what was rendered (where there are
/// fences), and a flush so the other context sees it. Returns the fence or NULL.
static inline void *vitrine_gl_fence(const VitrineGL *gl) {
    void *sync = gl->FenceSync ? gl->FenceSync(VITRINE_GL_SYNC_GPU_COMMANDS_COMPLETE, 0) : NULL;
    gl->Flush();
    return sync;
}

/// In the context that draws next: its commands wait (on the GPU, not here) for the fence.
static inline void vitrine_gl_wait(const VitrineGL *gl, void *sync) {
    if (!sync || !gl->WaitSync) return;
    gl->WaitSync(sync, 0, 0xFFFFFFFFFFFFFFFFull);
    gl->DeleteSync(sync);
}
