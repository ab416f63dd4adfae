import Foundation
import VitrineCore

/// `vitrine bench-scan`: placeholder replaced below.
enum ScanBenchCommand {
    static let command = CLI.Command(
        name: "bench-scan", summary: "measure how fast a big folder tree starts playing", help: "", run: { _ in 0 })
}
