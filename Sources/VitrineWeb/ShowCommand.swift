import Foundation
import VitrineCore

/// A command from the page to the running show. The host maps it onto its own command model.
public enum ShowCommand: String, Sendable, CaseIterable {
    case next
    case previous
    case pause
    case resume
    case displayOn = "display-on"
    case displayOff = "display-off"
    case displayAuto = "display-auto"
    /// Read the playlist and configuration again.
    case reload
}
