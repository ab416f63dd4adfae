#pragma once
#include <stdarg.h>
#include <stdint.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <arpa/inet.h>
#include <netinet/in.h>
#include <string.h>
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

/// Starts a daemon for the web page: one thread per connection (a slow request, such as a
/// preview being drawn, holds up no other), and TLS with the PEM certificate and key when
/// both are given (libmicrohttpd's GnuTLS).
static inline struct MHD_Daemon *vitrine_mhd_start_site(
    const struct sockaddr *address, int ipv6, MHD_AccessHandlerCallback handler, void *handler_context,
    MHD_RequestCompletedCallback completed, unsigned int connection_limit, size_t memory_limit,
    unsigned int timeout_seconds, const char *cert_pem, const char *key_pem) {
    unsigned int flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_THREAD_PER_CONNECTION | MHD_USE_POLL;
    if (ipv6) flags |= MHD_USE_IPv6;
    if (cert_pem && key_pem) {
        return MHD_start_daemon(
            flags | MHD_USE_TLS, 0, NULL, NULL, handler, handler_context,
            MHD_OPTION_SOCK_ADDR, address,
            MHD_OPTION_NOTIFY_COMPLETED, completed, handler_context,
            MHD_OPTION_CONNECTION_LIMIT, connection_limit,
            MHD_OPTION_CONNECTION_MEMORY_LIMIT, memory_limit,
            MHD_OPTION_CONNECTION_TIMEOUT, timeout_seconds,
            MHD_OPTION_HTTPS_MEM_CERT, cert_pem,
            MHD_OPTION_HTTPS_MEM_KEY, key_pem,
            MHD_OPTION_END);
    }
    return MHD_start_daemon(
        flags, 0, NULL, NULL, handler, handler_context,
        MHD_OPTION_SOCK_ADDR, address,
        MHD_OPTION_NOTIFY_COMPLETED, completed, handler_context,
        MHD_OPTION_CONNECTION_LIMIT, connection_limit,
        MHD_OPTION_CONNECTION_MEMORY_LIMIT, memory_limit,
        MHD_OPTION_CONNECTION_TIMEOUT, timeout_seconds,
        MHD_OPTION_END);
}

/// The client's address as text (IPv4 or IPv6) into `out`; "unknown" when it cannot be told.
static inline void vitrine_mhd_client(struct MHD_Connection *connection, char *out, socklen_t size) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    const struct sockaddr *addr = info ? info->client_addr : NULL;
    const char *text = NULL;
    if (addr && addr->sa_family == AF_INET)
        text = inet_ntop(AF_INET, &((const struct sockaddr_in *)addr)->sin_addr, out, size);
    else if (addr && addr->sa_family == AF_INET6)
        text = inet_ntop(AF_INET6, &((const struct sockaddr_in6 *)addr)->sin6_addr, out, size);
    if (!text && size > 7) { out[0] = 0; strncat(out, "unknown", size - 1); }
}
