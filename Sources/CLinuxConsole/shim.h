#pragma once
// The kernel's console interfaces (linux-libc-dev headers, no library): virtual terminals
// (VT_SETMODE process switching), input devices (absolute axis ranges) and the DRM master
// of a display device. ioctl is variadic, which Swift cannot call: each request has a
// wrapper here that returns 0 or the errno.
#include <errno.h>
#include <linux/input.h>
#include <linux/kd.h>
#include <linux/vt.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/timerfd.h>
#include <time.h>
#include <unistd.h>

// drm.h's DRM_IOCTL_SET_MASTER and DRM_IOCTL_DROP_MASTER (libdrm's headers are a -dev package).
#define VITRINE_DRM_IOCTL_SET_MASTER _IO('d', 0x1e)
#define VITRINE_DRM_IOCTL_DROP_MASTER _IO('d', 0x1f)

static inline int vitrine_drm_set_master(int fd) {
    return ioctl(fd, VITRINE_DRM_IOCTL_SET_MASTER, 0) == 0 ? 0 : errno;
}

static inline int vitrine_drm_drop_master(int fd) {
    return ioctl(fd, VITRINE_DRM_IOCTL_DROP_MASTER, 0) == 0 ? 0 : errno;
}

/// The range and current value of absolute axis `axis` (ABS_X, ABS_Y) of an evdev device.
static inline int vitrine_input_absinfo(int fd, unsigned int axis, int *value, int *minimum, int *maximum) {
    struct input_absinfo info;
    memset(&info, 0, sizeof info);
    if (ioctl(fd, EVIOCGABS(axis), &info) != 0) return errno;
    *value = info.value;
    *minimum = info.minimum;
    *maximum = info.maximum;
    return 0;
}

/// Whether an evdev device moves by relative X and Y motion (a mouse, as SDL tells one from a
/// tablet or a panel with absolute axes).
static inline int vitrine_input_is_relative(int fd) {
    unsigned long bits[(REL_MAX + 8 * sizeof(unsigned long)) / (8 * sizeof(unsigned long))];
    memset(bits, 0, sizeof bits);
    if (ioctl(fd, EVIOCGBIT(EV_REL, sizeof bits), bits) < 0) return 0;
    const unsigned long width = 8 * sizeof(unsigned long);
    return ((bits[REL_X / width] >> (REL_X % width)) & 1) && ((bits[REL_Y / width] >> (REL_Y % width)) & 1);
}

/// The active VT's number (VT_GETSTATE), or -errno.
static inline int vitrine_vt_active(int fd) {
    struct vt_stat state;
    memset(&state, 0, sizeof state);
    if (ioctl(fd, VT_GETSTATE, &state) != 0) return -errno;
    return state.v_active;
}

/// Switches by signal: the kernel sends `release` when another VT is asked for and waits for
/// vitrine_vt_release_done; it sends `acquire` when this VT comes back.
static inline int vitrine_vt_process_mode(int fd, int release, int acquire) {
    struct vt_mode mode;
    memset(&mode, 0, sizeof mode);
    mode.mode = VT_PROCESS;
    mode.relsig = (short)release;
    mode.acqsig = (short)acquire;
    return ioctl(fd, VT_SETMODE, &mode) == 0 ? 0 : errno;
}

/// Back to the kernel switching by itself.
static inline int vitrine_vt_auto_mode(int fd) {
    struct vt_mode mode;
    memset(&mode, 0, sizeof mode);
    mode.mode = VT_AUTO;
    return ioctl(fd, VT_SETMODE, &mode) == 0 ? 0 : errno;
}

static inline int vitrine_vt_release_done(int fd) { return ioctl(fd, VT_RELDISP, 1) == 0 ? 0 : errno; }

static inline int vitrine_vt_acquire_done(int fd) { return ioctl(fd, VT_RELDISP, VT_ACKACQ) == 0 ? 0 : errno; }

/// Asks the kernel for VT `number` (Ctrl+Alt+F<number> when the keyboard is not the kernel's).
static inline int vitrine_vt_activate(int fd, int number) {
    return ioctl(fd, VT_ACTIVATE, number) == 0 ? 0 : errno;
}

/// A time the wall clock does not reach: the year 2242 with a 64-bit time_t, 2038 with a 32-bit one.
static inline time_t vitrine_clock_never(void) {
    return sizeof(time_t) > 4 ? (time_t)((long long)1 << 33) : (time_t)0x7fffffff;
}

/// A timer on the wall clock that never fires but is cancelled whenever the clock is set
/// (TFD_TIMER_CANCEL_ON_SET): a read of it then fails with ECANCELED. Returns the descriptor,
/// or -1 with errno set.
static inline int vitrine_clock_set_watch(void) {
    int fd = timerfd_create(CLOCK_REALTIME, TFD_CLOEXEC);
    if (fd < 0) return -1;
    struct itimerspec never;
    memset(&never, 0, sizeof never);
    never.it_value.tv_sec = vitrine_clock_never();
    if (timerfd_settime(fd, TFD_TIMER_ABSTIME | TFD_TIMER_CANCEL_ON_SET, &never, NULL) != 0) {
        int error = errno;
        close(fd);
        errno = error;
        return -1;
    }
    return fd;
}

/// Arms the watch again after a cancel: 0, or the errno.
static inline int vitrine_clock_set_rearm(int fd) {
    struct itimerspec never;
    memset(&never, 0, sizeof never);
    never.it_value.tv_sec = vitrine_clock_never();
    return timerfd_settime(fd, TFD_TIMER_ABSTIME | TFD_TIMER_CANCEL_ON_SET, &never, NULL) == 0 ? 0 : errno;
}
