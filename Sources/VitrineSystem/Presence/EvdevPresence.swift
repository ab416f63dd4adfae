import VitrineCore
import VitrinePOSIX

#if canImport(Glibc)
    import Glibc
#endif

/// A presence source on an evdev input device (a PIR wired as a `gpio-keys` key): key down
/// reports present, key up absent. It owns the device's descriptor and reads it on a thread of
/// its own, waiting in `poll` on the device and on a socket that `stop()` writes to.
public final class EvdevPresence: Sendable {
    private let device: FileDescriptor
    private let wakeRead: FileDescriptor
    private let wakeWrite: FileDescriptor
    private let code: Int?
    private let name: String
    private let inbox: PresenceInbox
    private let end = ReaderEnd()
    private let log = Log("presence")

    /// Opens `spec.device` for reading (no other program is kept from it).
    public convenience init(_ spec: EvdevPresenceSpec, inbox: PresenceInbox) throws(PresenceError) {
        let device: FileDescriptor
        do {
            device = try FileDescriptor.open(spec.device, O_RDONLY | O_NONBLOCK)
        } catch {
            throw PresenceError("\(spec.device): \(error); check the path and that the player may read it")
        }
        try self.init(reading: device, name: spec.device, code: spec.code, inbox: inbox)
    }

    /// Reads `input_event`s from `device` (a device, or any descriptor that carries them).
    public init(reading device: consuming FileDescriptor, name: String, code: Int?, inbox: PresenceInbox)
        throws(PresenceError)
    {
        var ends: [Int32] = [-1, -1]
        do {
            _ = try Errno.check {
                socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends)
            }
        } catch {
            throw PresenceError("\(name): cannot make a socket pair to stop its reader: \(error)")
        }
        self.device = device
        wakeRead = FileDescriptor(owning: ends[0])
        wakeWrite = FileDescriptor(owning: ends[1])
        self.code = code
        self.name = name
        self.inbox = inbox
    }

    /// Starts reading on a thread of its own.
    public func start() throws(PresenceError) {
        try end.start(name) { [self] in run() }
    }

    /// Ends the reader and waits for it (up to a second).
    public func stop() {
        let byte: [UInt8] = [1]
        do {
            try wakeWrite.writeAll(byte)
        } catch {
            log.warning("\(name): cannot wake its reader to stop: \(error)")
        }
        end.wait()
    }

    /// Whether the reader has ended (stopped, or the device went away).
    public var hasEnded: Bool { end.hasEnded }

    private func run() {
        var stream = InputEventStream()
        var buffer = [UInt8](repeating: 0, count: InputEventStream.eventSize * 64)
        while true {
            var fds = [
                pollfd(fd: device.rawValue, events: Int16(POLLIN), revents: 0),
                pollfd(fd: wakeRead.rawValue, events: Int16(POLLIN), revents: 0),
            ]
            do {
                _ = try Errno.check { poll(&fds, 2, -1) }
            } catch {
                log.warning("\(name): cannot wait for its events: \(error); presence from it ends")
                return
            }
            if fds[1].revents != 0 { return }
            guard fds[0].revents != 0 else { continue }
            let read: Result<Int, Errno> = buffer.withUnsafeMutableBytes { raw in
                do throws(Errno) { return .success(try device.read(into: raw)) } catch { return .failure(error) }
            }
            let count: Int
            switch read {
            case .success(let n): count = n
            case .failure(let error) where error == .tryAgain: continue
            case .failure(let error):
                log.warning("\(name): cannot read: \(error); presence from it ends (is the device unplugged?)")
                return
            }
            if count == 0 {
                log.warning("\(name): the device closed; presence from it ends")
                return
            }
            let events = buffer.withUnsafeBytes { stream.take(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
            for event in events {
                if let present = InputEventStream.presence(of: event, code: code) {
                    inbox.post(PresenceReport(source: "evdev", present: present))
                }
            }
        }
    }
}

/// Why a presence source cannot be used, in one line for the log.
public struct PresenceError: Error, Equatable, Sendable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
