import Dispatch
import Foundation
import Synchronization
import VitrineCore
import VitrinePOSIX

#if canImport(Glibc)
    import Glibc
#endif

/// A backlight device folder (`/sys/class/backlight/NAME`, or any folder with the same
/// `brightness` and `max_brightness` files): values are written on a queue of its own, the
/// newest replacing any not yet written, so the frame loop never waits on the device.
public final class SysfsBacklight: BacklightDevice, Sendable {
    public let name: String
    public let folder: String
    public let maximum: Int
    public let initial: Int
    private let queue = DispatchQueue(label: "vitrine.backlight")
    private let next = Mutex<Int?>(nil)
    private let failure = Mutex<String?>(nil)

    /// Opens the device `spec` names (or the first under its root, by name).
    public init(_ spec: BacklightSpec) throws(PowerFailure) {
        let root = spec.root
        let name: String
        if let device = spec.device {
            name = device
        } else {
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []).filter {
                FileManager.default.fileExists(atPath: "\(root)/\($0)/max_brightness")
            }.sorted()
            guard let first = names.first else { throw PowerFailure("no backlight device under \(root)") }
            name = first
        }
        folder = "\(root)/\(name)"
        self.name = name
        guard let maximum = Self.readNumber("\(folder)/max_brightness"), maximum > 0 else {
            throw PowerFailure("\(folder)/max_brightness cannot be read as a positive number")
        }
        self.maximum = maximum
        guard let current = Self.readNumber("\(folder)/brightness") else {
            throw PowerFailure("\(folder)/brightness cannot be read")
        }
        initial = min(maximum, max(0, current))
        guard FileManager.default.isWritableFile(atPath: "\(folder)/brightness") else {
            throw PowerFailure(
                "\(folder)/brightness is not writable by this user (a udev rule or the video group gives access)")
        }
    }

    public func write(_ raw: Int) {
        let first = next.withLock { value -> Bool in
            defer { value = raw }
            return value == nil
        }
        guard first else { return }
        queue.async { [self] in
            guard
                let value = next.withLock({ pending -> Int? in
                    defer { pending = nil }
                    return pending
                })
            else { return }
            let problem = Self.write(value, to: "\(folder)/brightness")
            failure.withLock { $0 = problem }
        }
    }

    public var problem: String? { failure.withLock { $0 } }

    /// Waits for the writes asked so far.
    public func waitUntilIdle() {
        queue.sync {}
    }

    /// The value `brightness` holds now.
    public func current() -> Int? { Self.readNumber("\(folder)/brightness") }

    static func readNumber(_ path: String) -> Int? {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
        return Int(text.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// Writes `value` as the whole file, in one write as sysfs wants (the shell's `echo N >`); nil
    /// when it worked, else why.
    static func write(_ value: Int, to path: String) -> String? {
        let file: FileDescriptor
        do {
            file = try FileDescriptor.open(path, O_WRONLY | O_TRUNC)
        } catch {
            return "cannot open \(path) for writing: \(error)"
        }
        do {
            // A few bytes: one write call, which is all a sysfs attribute takes.
            try file.writeAll(Array("\(value)\n".utf8))
            try file.close()
        } catch {
            return "cannot write \(value) to \(path): \(error)"
        }
        return nil
    }
}
