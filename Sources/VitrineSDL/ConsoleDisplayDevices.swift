import CLinuxConsole
import Foundation
import Glibc
import VitrinePOSIX

/// The console's display devices (`/dev/dri/card*`) and whether one can be had: a display
/// that exists but is held by another program (its DRM master: another vitrine, a desktop, a
/// kiosk browser) must not be reported as "no display". Looked at only after SDL could not
/// open one, so the look itself takes nothing from anyone.
public enum ConsoleDisplayDevices {
    /// What one device said.
    public enum State: Equatable, Sendable {
        /// It can be opened and its display taken.
        case free
        /// Another program holds its display.
        case inUse
        /// It cannot be opened for want of permission.
        case noPermission
        /// It cannot be opened for another reason (the errno's text).
        case unusable(String)
    }

    /// What opening a device (`openError`, nil when it opened) and asking for its display
    /// (`masterError`, nil when granted) mean. Without CAP_SYS_ADMIN the kernel answers a
    /// request for a display another process holds with EACCES, with EBUSY otherwise.
    public static func state(openError: Int32?, masterError: Int32?) -> State {
        if let openError {
            return openError == EACCES || openError == EPERM
                ? .noPermission : .unusable(Errno(rawValue: openError).description)
        }
        guard let masterError else { return .free }
        switch masterError {
        case EBUSY, EACCES, EPERM, EINVAL: return .inUse
        default: return .unusable(Errno(rawValue: masterError).description)
        }
    }

    /// Each `card*` device in `folder` with its state, by name.
    public static func probe(folder: String = "/dev/dri") -> [(path: String, state: State)] {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
            .filter { $0.hasPrefix("card") }.sorted()
        return names.map { name in
            let path = folder + "/" + name
            let device: FileDescriptor
            do throws(Errno) {
                device = try FileDescriptor.open(path, O_RDWR)
            } catch {
                return (path, state(openError: error.rawValue, masterError: nil))
            }
            // The first to open a device without a master becomes it; asking again says whether we are.
            let granted = vitrine_drm_set_master(device.rawValue)
            return (path, state(openError: nil, masterError: granted == 0 ? nil : granted))
        }
    }

    /// One sentence on why no KMS/DRM display could be had, from `devices` as `probe` gives them.
    public static func explanation(_ devices: [(path: String, state: State)]) -> String {
        guard !devices.isEmpty else {
            return "no KMS/DRM display device here (no /dev/dri/card*): no display, or its driver is not loaded"
        }
        if let busy = devices.first(where: { $0.state == .inUse }) {
            return "the display \(busy.path) is in use: another program holds it (another vitrine — "
                + "'systemctl status vitrine' —, a desktop or a kiosk browser); stop it first"
        }
        if let denied = devices.first(where: { $0.state == .noPermission }) {
            return "\(denied.path) cannot be opened: permission denied (add the user to the 'video' group)"
        }
        if devices.contains(where: { $0.state == .free }) {
            return
                "\(devices.map(\.path).joined(separator: ", ")) can be opened, but SDL found no connected screen on it"
        }
        return devices.map { entry -> String in
            if case .unusable(let why) = entry.state { return "\(entry.path): \(why)" }
            return entry.path
        }.joined(separator: "; ")
    }
}
