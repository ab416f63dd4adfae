import CAvahi
import Foundation
import VitrineCore

/// Announces the page on the local network as an `_http._tcp` service over mDNS, through the
/// Avahi daemon. Optional: without a running avahi-daemon it logs once and does nothing.
/// The announcement lasts as long as the value.
public final class MDNSAnnouncer: @unchecked Sendable {
    // @unchecked: the Avahi objects are touched only on Avahi's own poll thread after `init`
    // (its callbacks), and in `deinit` once that thread has stopped.

    /// What is announced.
    public struct Service: Sendable, Equatable {
        /// The service name, such as `vitrine-kitchen`; Avahi adds `#2` on a clash.
        public var name: String
        public var port: UInt16
        public var type = "_http._tcp"
        /// TXT records (`path=/`).
        public var text: [String] = ["path=/"]

        public init(name: String, port: UInt16) {
            self.name = name
            self.port = port
        }

        /// `vitrine-<hostname>`, the name the device is known by.
        public static func defaultName(hostname: String = ProcessInfo.processInfo.hostName) -> String {
            let short = hostname.split(separator: ".").first.map(String.init) ?? "screen"
            return String("vitrine-\(short)".prefix(63))
        }
    }

    /// State shared with Avahi's callbacks.
    final class Context {
        var service: Service
        var group: OpaquePointer?
        let log = Log("mdns")

        init(service: Service) {
            self.service = service
        }
    }

    private let poll: OpaquePointer
    private let client: OpaquePointer
    private let context: Context
    private let retained: Unmanaged<Context>

    /// Starts announcing; nil (after one log line) when the Avahi daemon cannot be reached.
    public init?(_ service: Service) {
        let log = Log("mdns")
        guard let poll = avahi_threaded_poll_new() else {
            log.warning("cannot start the mDNS announcer; the page is reachable by its address only")
            return nil
        }
        let context = Context(service: service)
        let retained = Unmanaged.passRetained(context)
        var error: Int32 = 0
        guard
            let client = avahi_client_new(
                avahi_threaded_poll_get(poll), AvahiClientFlags(0), Self.clientChanged, retained.toOpaque(), &error)
        else {
            let why = Self.message(error)
            log.info("no mDNS announcement (\(why); is avahi-daemon running?); the page is reachable by its address")
            retained.release()
            avahi_threaded_poll_free(poll)
            return nil
        }
        self.poll = poll
        self.client = client
        self.context = context
        self.retained = retained
        avahi_threaded_poll_start(poll)
    }

    deinit {
        avahi_threaded_poll_stop(poll)
        if let group = context.group { avahi_entry_group_free(group) }
        avahi_client_free(client)
        avahi_threaded_poll_free(poll)
        retained.release()
    }

    /// The name announced now (it changes on a clash).
    public var name: String {
        avahi_threaded_poll_lock(poll)
        defer { avahi_threaded_poll_unlock(poll) }
        return context.service.name
    }

    private static let clientChanged: AvahiClientCallback = { client, state, userdata in
        guard let client, let userdata else { return }
        let context = Unmanaged<Context>.fromOpaque(userdata).takeUnretainedValue()
        switch state {
        case AVAHI_CLIENT_S_RUNNING:
            MDNSAnnouncer.publish(client, context)
        case AVAHI_CLIENT_S_COLLISION, AVAHI_CLIENT_S_REGISTERING:
            if let group = context.group { avahi_entry_group_reset(group) }
        case AVAHI_CLIENT_FAILURE:
            context.log.warning("mDNS announcement stopped: \(MDNSAnnouncer.message(avahi_client_errno(client)))")
        default:
            break
        }
    }

    private static let groupChanged: AvahiEntryGroupCallback = { group, state, userdata in
        guard let group, let userdata else { return }
        let context = Unmanaged<Context>.fromOpaque(userdata).takeUnretainedValue()
        switch state {
        case AVAHI_ENTRY_GROUP_ESTABLISHED:
            context.log.info("announced as \"\(context.service.name)\" (\(context.service.type))")
        case AVAHI_ENTRY_GROUP_COLLISION:
            if let other = avahi_alternative_service_name(context.service.name) {
                context.service.name = String(cString: other)
                avahi_free(other)
            }
            if let client = avahi_entry_group_get_client(group) { MDNSAnnouncer.publish(client, context) }
        case AVAHI_ENTRY_GROUP_FAILURE:
            let client = avahi_entry_group_get_client(group)
            context.log.warning("mDNS announcement failed: \(MDNSAnnouncer.message(avahi_client_errno(client)))")
        default:
            break
        }
    }

    private static func publish(_ client: OpaquePointer, _ context: Context) {
        if context.group == nil {
            context.group = avahi_entry_group_new(
                client, groupChanged, Unmanaged.passUnretained(context).toOpaque())
        }
        guard let group = context.group else {
            context.log.warning("cannot announce over mDNS: \(message(avahi_client_errno(client)))")
            return
        }
        avahi_entry_group_reset(group)
        var text: UnsafeMutablePointer<AvahiStringList>?
        for record in context.service.text { text = avahi_string_list_add(text, record) }
        defer { avahi_string_list_free(text) }
        let added = avahi_entry_group_add_service_strlst(
            group, AvahiIfIndex(AVAHI_IF_UNSPEC), AvahiProtocol(AVAHI_PROTO_UNSPEC), AvahiPublishFlags(0),
            context.service.name,
            context.service.type, nil, nil, context.service.port, text)
        let result = added == 0 ? avahi_entry_group_commit(group) : added
        guard result == 0 else {
            context.log.warning("cannot announce over mDNS: \(message(result))")
            return
        }
    }

    /// Avahi's words for one of its error codes.
    private static func message(_ code: Int32) -> String {
        avahi_strerror(code).map { String(cString: $0) } ?? "error \(code)"
    }
}
