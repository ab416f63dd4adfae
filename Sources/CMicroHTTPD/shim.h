#pragma once
#include <stdarg.h>
#include <stdint.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <microhttpd.h>

// MHD_start_daemon and MHD_get_daemon_info are variadic, which Swift cannot call;
// these wrappers fix the options Vitrine uses.

/// Starts a daemon with its own polling thread on `address` (IPv4 or IPv6), at most
/// `connection_limit` connections, each with `memory_limit` bytes of buffer and a
/// `timeout_seconds` idle timeout; `completed` is called when a request ends.
static inline struct MHD_Daemon *vitrine_mhd_start(
    const struct sockaddr *address, int ipv6, MHD_AccessHandlerCallback handler, void *handler_context,
    MHD_RequestCompletedCallback completed, unsigned int connection_limit, size_t memory_limit,
    unsigned int timeout_seconds) {
    unsigned int flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_POLL;
    if (ipv6) flags |= MHD_USE_IPv6;
    return MHD_start_daemon(
        flags, 0, NULL, NULL, handler, handler_context,
        MHD_OPTION_SOCK_ADDR, address,
        MHD_OPTION_NOTIFY_COMPLETED, completed, handler_context,
        MHD_OPTION_CONNECTION_LIMIT, connection_limit,
        MHD_OPTION_CONNECTION_MEMORY_LIMIT, memory_limit,
        MHD_OPTION_CONNECTION_TIMEOUT, timeout_seconds,
        MHD_OPTION_END);
}

/// The port the daemon listens on (useful after binding port 0), or 0.
static inline uint16_t vitrine_mhd_port(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info ? info->port : 0;
}
