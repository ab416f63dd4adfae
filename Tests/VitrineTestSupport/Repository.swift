import Foundation

/// Places in this package's checkout, found from this file's path: the built programs the
/// tests run, the bundled assets and the documentation.
public enum Repository {
    /// The package's root folder.
    public static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// A built product of this package (`vitrine`, a test probe), in the debug build folder.
    public static func product(_ name: String) -> String {
        root.appendingPathComponent(".build/debug").appendingPathComponent(name).path
    }

    /// The built `vitrine`: `VITRINE_EXECUTABLE` when set, else the debug build.
    public static var vitrine: String {
        ProcessInfo.processInfo.environment["VITRINE_EXECUTABLE"] ?? product("vitrine")
    }

    /// A file or folder of the checkout by its path from the root.
    public static func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }

    /// The bundled demo pictures.
    public static var demo: String { path("assets/demo") }
}
