import CLinuxConsole
import Foundation
import Glibc

/// An absolute pointer on the bare console: a tablet or a touch panel that reports itself
/// as a mouse with absolute axes (QEMU's usb-tablet, many USB touch panels). SDL 2.26's
/// evdev layer passes such a device's raw axis values (0…32767 for QEMU's) on as window
/// coordinates, where they are clamped to the window's edge, so a tap at the centre lands in
/// a corner. The device's own position, read from it (EVIOCGABS) and scaled by its range,
/// is the place touched. SDL's mouse id on KMS/DRM is its file descriptor for the device.
struct AbsolutePointer {
    /// One axis: its range as the device reports it.
    struct Axis: Equatable {
        var minimum: Int32
        var maximum: Int32

        /// `value` as 0…1 of the range (clamped); nil for a range that is empty.
        func normalised(_ value: Int32) -> Double? {
            guard maximum > minimum else { return nil }
            let t = (Double(value) - Double(minimum)) / (Double(maximum) - Double(minimum))
            return min(1, max(0, t))
        }
    }

    /// Where SDL's mouse `id` points, as 0…1 of the screen; nil when it is not an absolute
    /// evdev device (a relative mouse, or an id that is no device of ours).
    static func position(ofMouse id: UInt32) -> (x: Double, y: Double)? {
        guard id < UInt32(Int32.max) else { return nil }
        let fd = Int32(id)
        guard isInputDevice(fd), vitrine_input_is_relative(fd) == 0 else { return nil }
        var x: (value: Int32, axis: Axis) = (0, Axis(minimum: 0, maximum: 0))
        var y = x
        guard vitrine_input_absinfo(fd, UInt32(ABS_X), &x.value, &x.axis.minimum, &x.axis.maximum) == 0,
            vitrine_input_absinfo(fd, UInt32(ABS_Y), &y.value, &y.axis.minimum, &y.axis.maximum) == 0,
            let nx = x.axis.normalised(x.value), let ny = y.axis.normalised(y.value)
        else { return nil }
        return (nx, ny)
    }

    /// Whether descriptor `fd` of this process is open on an evdev device.
    private static func isInputDevice(_ fd: Int32) -> Bool {
        var buffer = [CChar](repeating: 0, count: 256)
        let n = readlink("/proc/self/fd/\(fd)", &buffer, buffer.count - 1)
        guard n > 0 else { return false }
        let path = String(decoding: buffer.prefix(n).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return path.hasPrefix("/dev/input/event")
    }
}
