#pragma once
#include <stdarg.h>
#include <stdint.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <arpa/inet.h>
#include <netinet/in.h>
#include <string.h>
#include <microhttpd.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

// MHD_start_daemon and MHD_get_daemon_info are variadic, which Swift cannot call;
// these wrappers fix the options Vitrine uses.

/// Starts an event-driven daemon on `address` (IPv4 or IPv6): one internal thread, or a pool
/// of `threads` threads, waiting on epoll for every connection (never a thread per
/// connection); connections may be suspended while a worker makes their answer.
/// `connection_limit` connections in all, `per_address_limit` from one client address (more
/// are closed as they are accepted), `memory_limit` bytes of buffer each (the request head must
/// fit), `timeout_seconds` without traffic closes one. TLS (GnuTLS) with the PEM certificate
/// and key when both are given. `notify` hears of each connection opening and closing.
static inline struct MHD_Daemon *vitrine_http_start(
    const struct sockaddr *address, int ipv6, MHD_AccessHandlerCallback handler, void *handler_context,
    MHD_RequestCompletedCallback completed, MHD_NotifyConnectionCallback notify, unsigned int connection_limit,
    unsigned int per_address_limit, size_t memory_limit, unsigned int timeout_seconds, unsigned int threads,
    const char *cert_pem, const char *key_pem) {
    unsigned int flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_EPOLL | MHD_ALLOW_SUSPEND_RESUME;
    if (ipv6) flags |= MHD_USE_IPv6;
    if (threads < 1) threads = 1;
    // The certificate and key when both are given, else nothing: one call either way.
    int tls = cert_pem && key_pem;
    struct MHD_OptionItem tls_options[] = {
        {tls ? MHD_OPTION_HTTPS_MEM_CERT : MHD_OPTION_END, 0, (void *)cert_pem},
        {MHD_OPTION_HTTPS_MEM_KEY, 0, (void *)key_pem},
        {MHD_OPTION_END, 0, NULL},
    };
    if (tls) flags |= MHD_USE_TLS;
    return MHD_start_daemon(
        flags, 0, NULL, NULL, handler, handler_context,
        MHD_OPTION_SOCK_ADDR, address,
        MHD_OPTION_NOTIFY_COMPLETED, completed, handler_context,
        MHD_OPTION_NOTIFY_CONNECTION, notify, handler_context,
        MHD_OPTION_CONNECTION_LIMIT, connection_limit,
        MHD_OPTION_PER_IP_CONNECTION_LIMIT, per_address_limit,
        MHD_OPTION_CONNECTION_MEMORY_LIMIT, memory_limit,
        MHD_OPTION_CONNECTION_TIMEOUT, timeout_seconds,
        MHD_OPTION_THREAD_POOL_SIZE, threads,
        MHD_OPTION_ARRAY, tls_options,
        MHD_OPTION_END);
}

/// The port the daemon listens on (useful after binding port 0), or 0.
static inline uint16_t vitrine_mhd_port(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info ? info->port : 0;
}

/// The connection's socket, or -1.
static inline int vitrine_mhd_socket(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info ? info->connect_fd : -1;
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

/// Lowers the calling thread's scheduling priority to `nice` (the server's worker threads, so
/// the show's frame loop wins the processor); 0 or -1 as setpriority returns.
static inline int vitrine_lower_thread_priority(int nice) {
    return setpriority(PRIO_PROCESS, (id_t)syscall(SYS_gettid), nice);
}

/// Lets one connection (an event stream) stay open without traffic: its own time limits apply instead.
static inline enum MHD_Result vitrine_mhd_no_timeout(struct MHD_Connection *connection) {
    return MHD_set_connection_option(connection, MHD_CONNECTION_OPTION_TIMEOUT, (unsigned int)0);
}
