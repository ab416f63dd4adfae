import Foundation
import VitrineRemote

/// What `vitrine check --config` finds wrong with the remote-control options beyond their
/// syntax: files that cannot be read, a control API beyond loopback without a token, MQTT
/// settings without a broker. Secrets are read to be checked, never printed.
extension RemoteOptions {
    /// Each problem in one line, naming the configuration key; empty when the options can be used.
    func setupProblems(environment: [String: String] = ProcessInfo.processInfo.environment) -> [String] {
        var problems: [String] = []
        if mqttHost == nil {
            let given: [(String, Bool)] = [
                ("mqtt-port", mqttPort != nil), ("mqtt-username", username != nil),
                ("mqtt-password-file", passwordFile != nil), ("mqtt-ca-file", caFile != nil),
                ("mqtt-base", baseTopic != nil), ("mqtt-group", !groups.isEmpty),
            ]
            for (key, isGiven) in given where isGiven {
                problems.append("key \"\(key)\": has no effect without \"mqtt\" (the broker's host name)")
            }
        }
        do {
            _ = try CredentialFile.read(
                path: passwordFile, credential: "vitrine-mqtt-password", environment: environment)
        } catch {
            problems.append("key \"mqtt-password-file\": \(error)")
        }
        if let caFile, FileManager.default.isReadableFile(atPath: caFile) == false {
            problems.append("key \"mqtt-ca-file\": \(caFile): cannot be read; check that it exists")
        }
        do {
            let token = try CredentialFile.read(
                path: controlTokenFile, credential: "vitrine-control-token", environment: environment)
            if controlEnabled, token == nil, controlNeedsToken {
                problems.append(
                    "key \"control-bind\": \(controlBind) is beyond 127.0.0.1 and ::1; add \"control-token-file\"")
            }
        } catch {
            problems.append("key \"control-token-file\": \(error)")
        }
        return problems
    }
}
