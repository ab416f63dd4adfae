import Dispatch
import Foundation
import Synchronization
import VitrineCore

/// The TV over HDMI-CEC: each turn runs on a worker queue of its own, over every adapter
/// (those the spec names, or every `/dev/cec*`), never on the frame loop.
public final class CECLink: CECControl, Sendable {
    public let spec: CECSpec
    private let queue = DispatchQueue(label: "vitrine.cec")
    private let state = Mutex<(count: Int, reports: [CECAdapterReport])>((0, []))
    /// The newest turn asked for and not yet begun: a burst of turns runs once, with the last.
    private let pending = Mutex<Bool?>(nil)

    public init(spec: CECSpec) {
        self.spec = spec
    }

    public func turn(on: Bool) {
        let idle = pending.withLock { wanted -> Bool in
            defer { wanted = on }
            return wanted == nil
        }
        guard idle else { return }
        queue.async { [self] in
            guard
                let wanted = pending.withLock({ value -> Bool? in
                    defer { value = nil }
                    return value
                })
            else { return }
            let reports = Self.turn(on: wanted, spec: spec)
            state.withLock { $0 = ($0.count + 1, reports) }
        }
    }

    public var finished: (count: Int, reports: [CECAdapterReport]) { state.withLock { $0 } }

    /// Waits for a turn under way (when quitting, and for `vitrine power`).
    public func waitUntilIdle() {
        queue.sync {}
    }

    /// One turn on every adapter, in order: for each, the messages, then the TV's power status
    /// (only that with `on` nil).
    public static func turn(on: Bool?, spec: CECSpec) -> [CECAdapterReport] {
        let devices = spec.devices.isEmpty ? CECAdapter.present() : spec.devices
        return devices.map { turn(on: on, device: $0, spec: spec) }
    }

    /// One turn on the adapter at `device`.
    public static func turn(on: Bool?, device: String, spec: CECSpec) -> CECAdapterReport {
        let adapter: CECAdapter
        do {
            adapter = try CECAdapter(path: device)
        } catch {
            var report = CECAdapterReport(device: device, physical: .invalid, logical: nil, askedOn: on)
            report.problem = error.description
            return report
        }
        let physical = adapter.physicalAddress()
        var logical: UInt8?
        var claimProblem: String?
        if physical.isValid {
            do {
                logical = try adapter.logicalAddress(name: spec.name)
            } catch {
                claimProblem = error.description
            }
        }
        var turn = CECTurn(on: on, device: device, physical: physical, logical: logical)
        guard turn.canSend else {
            var report = turn.report
            if let claimProblem { report.problem = claimProblem }
            return report
        }
        for message in turn.messages {
            guard turn.sent(message, adapter.transmit(message, timeout: spec.timeout).outcome) else {
                return turn.report
            }
        }
        // A TV takes a while to change (and may report its old state, or a transition, meanwhile):
        // it is asked again until it says what was asked or the time runs out.
        let deadline = Date() + spec.timeout
        while let query = turn.statusQuery {
            let result = adapter.transmit(query, reply: .reportPowerStatus, timeout: spec.timeout)
            guard turn.sent(query, result.outcome) else { break }
            turn.answered(result.answer, within: spec.timeout)
            guard turn.report.tv != nil, !turn.report.reached, Date() < deadline else { break }
            Thread.sleep(forTimeInterval: 0.3)
        }
        return turn.report
    }
}
