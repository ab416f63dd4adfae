#pragma once
// The kernel's HDMI-CEC interface (linux/cec.h): no library, ioctls on /dev/cec*.
// ioctl is variadic and its request numbers are macros, neither of which Swift can use,
// so each call the player makes is a small function here.
#include <fcntl.h>
#include <linux/cec.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>


static inline int vitrine_cec_caps(int fd, struct cec_caps *caps) { return ioctl(fd, CEC_ADAP_G_CAPS, caps); }

static inline int vitrine_cec_physical_address(int fd, __u16 *address) {
    return ioctl(fd, CEC_ADAP_G_PHYS_ADDR, address);
}

static inline int vitrine_cec_logical_addresses(int fd, struct cec_log_addrs *addresses) {
    return ioctl(fd, CEC_ADAP_G_LOG_ADDRS, addresses);
}

/// Claims one logical address of the playback type, named `name` (at most 14 characters).
static inline int vitrine_cec_claim_playback(int fd, const char *name, struct cec_log_addrs *addresses) {
    memset(addresses, 0, sizeof *addresses);
    addresses->cec_version = CEC_OP_CEC_VERSION_1_4;
    addresses->num_log_addrs = 1;
    addresses->vendor_id = CEC_VENDOR_ID_NONE;
    addresses->log_addr_type[0] = CEC_LOG_ADDR_TYPE_PLAYBACK;
    addresses->primary_device_type[0] = CEC_OP_PRIM_DEVTYPE_PLAYBACK;
    addresses->all_device_types[0] = CEC_OP_ALL_DEVTYPE_PLAYBACK;
    strncpy(addresses->osd_name, name, sizeof addresses->osd_name - 1);
    return ioctl(fd, CEC_ADAP_S_LOG_ADDRS, addresses);
}

/// Sends `length` bytes; with `reply` non-zero, waits up to `timeout_ms` for that opcode back.
static inline int vitrine_cec_transmit(
    int fd, const __u8 *bytes, __u32 length, __u8 reply, __u32 timeout_ms, struct cec_msg *message) {
    memset(message, 0, sizeof *message);
    if (length > CEC_MAX_MSG_SIZE) length = CEC_MAX_MSG_SIZE;
    memcpy(message->msg, bytes, length);
    message->len = length;
    message->reply = reply;
    message->timeout = reply ? timeout_ms : 0;
    return ioctl(fd, CEC_TRANSMIT, message);
}

/// Waits up to `timeout_ms` for a message sent to us.
static inline int vitrine_cec_receive(int fd, __u32 timeout_ms, struct cec_msg *message) {
    memset(message, 0, sizeof *message);
    message->timeout = timeout_ms;
    return ioctl(fd, CEC_RECEIVE, message);
}

static inline int vitrine_cec_status_ok(const struct cec_msg *message) { return cec_msg_status_is_ok(message); }
