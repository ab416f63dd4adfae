import Foundation
import Testing

@Suite("Deploy")
struct DeployTests {
    /// Every path under `root` with its kind, mode, modification time and
    /// content checksum (or link target): equal listings mean nothing changed.
    func listing(_ root: URL) throws -> [String] {
        let result = try DeployHarness.run(
            "/usr/bin/find",
            [
                root.path, "-mindepth", "1", "-printf", "%P %y %m %T@ %l\\n", "-type", "f", "-exec", "sha256sum",
                "{}", "+",
            ])
        #expect(result.status == 0)
        return result.output.split(separator: "\n").map { $0.replacingOccurrences(of: root.path, with: "") }.sorted()
    }

    @Test("systemd-analyze verify accepts the unit, without a single warning about it")
    func unitVerifies() throws {
        let analyze = "/usr/bin/systemd-analyze"
        // The CI script installs systemd; its absence is a broken machine, not a reason to pass.
        try #require(FileManager.default.isExecutableFile(atPath: analyze), "systemd-analyze is missing")
        let unit = try String(
            contentsOf: DeployHarness.packageRoot.appendingPathComponent("deploy/vitrine.service"), encoding: .utf8)
        #expect(unit.contains("ExecStart=/usr/local/bin/vitrine play"))
        // verify checks that ExecStart's program exists: point it at the built one.
        let folder = try DeployHarness.temporaryFolder("unit")
        defer { try? FileManager.default.removeItem(at: folder) }
        let copy = folder.appendingPathComponent("vitrine.service")
        try unit.replacingOccurrences(of: "/usr/local/bin/vitrine", with: DeployHarness.binary)
            .write(to: copy, atomically: true, encoding: .utf8)
        let result = try DeployHarness.run(analyze, ["verify", copy.path])
        #expect(result.status == 0, "\(result.errors)")
        // verify exits 0 on settings it ignores ("Failed to parse …, ignoring"); those are failures here.
        let complaints = result.errors.split(separator: "\n").filter { $0.contains("vitrine.service") }
        #expect(complaints.isEmpty, "\(complaints)")
        for setting in [
            "Type=notify", "Restart=always", "WatchdogSec=", "NoNewPrivileges=yes", "ProtectSystem=strict",
            "ProtectHome=", "PrivateTmp=yes", "StateDirectory=vitrine", "User=vitrine",
        ] {
            #expect(unit.contains("\n" + setting), "missing \(setting)")
        }
    }

    @Test("install.sh --root twice: no error, and the second run changes nothing")
    func installIsIdempotent() throws {
        let root = try DeployHarness.temporaryFolder("root")
        defer { try? FileManager.default.removeItem(at: root) }
        let script = DeployHarness.packageRoot.appendingPathComponent("deploy/install.sh").path
        let arguments = [script, "--root", root.path, "--binary", DeployHarness.binary]

        let first = try DeployHarness.run("/bin/bash", arguments)
        #expect(first.status == 0, "\(first.errors)")
        let afterFirst = try listing(root)
        for path in [
            "usr/local/bin/vitrine f 755", "usr/local/share/vitrine/demo/rocket.jpg f 644",
            "usr/local/share/vitrine/www/now.html f 644",
            "etc/systemd/system/vitrine.service f 644", "etc/vitrine/config.json f 644",
            "etc/systemd/system/vitrine.service.d/sources.conf f 644", "etc/sysusers.d/vitrine.conf f 644",
            "etc/systemd/system/multi-user.target.wants/vitrine.service l",
        ] {
            #expect(afterFirst.contains { $0.hasPrefix(path + " ") }, "missing \(path)")
        }
        let dropIn = try String(
            contentsOf: root.appendingPathComponent("etc/systemd/system/vitrine.service.d/sources.conf"),
            encoding: .utf8)
        // The example plays the web page's upload folder, in the service's own (writable) state folder.
        #expect(!dropIn.contains("BindReadOnlyPaths"), "\(dropIn)")

        let second = try DeployHarness.run("/bin/bash", arguments)
        #expect(second.status == 0, "\(second.errors)")
        #expect(second.output.contains("everything was already in place"))
        #expect(try listing(root) == afterFirst)
    }

    @Test("an edited configuration survives a second install, and its sources reach the drop-in")
    func keepsConfiguration() throws {
        let root = try DeployHarness.temporaryFolder("root")
        defer { try? FileManager.default.removeItem(at: root) }
        let script = DeployHarness.packageRoot.appendingPathComponent("deploy/install.sh").path
        let arguments = [script, "--root", root.path, "--binary", DeployHarness.binary]
        #expect(try DeployHarness.run("/bin/bash", arguments).status == 0)
        let config = root.appendingPathComponent("etc/vitrine/config.json")
        let edited = #"{"sources": ["/srv/shop/spring", "/home/pi/Pictures"], "interval": 12}"#
        try edited.write(to: config, atomically: true, encoding: .utf8)
        let again = try DeployHarness.run("/bin/bash", arguments)
        #expect(again.status == 0, "\(again.errors)")
        #expect(try String(contentsOf: config, encoding: .utf8) == edited)
        let dropIn = try String(
            contentsOf: root.appendingPathComponent("etc/systemd/system/vitrine.service.d/sources.conf"),
            encoding: .utf8)
        #expect(dropIn.contains(#"BindReadOnlyPaths=-"/srv/shop/spring""#))
        #expect(dropIn.contains(#"BindReadOnlyPaths=-"/home/pi/Pictures""#))
        #expect(!dropIn.contains("/usr/local/share/vitrine/demo"))
    }

    @Test("systemd-sysusers accepts the account: a vitrine user in video, render and input")
    func sysusers() throws {
        let root = try DeployHarness.temporaryFolder("sysusers")
        defer { try? FileManager.default.removeItem(at: root) }
        let script = DeployHarness.packageRoot.appendingPathComponent("deploy/install.sh").path
        #expect(
            try DeployHarness.run("/bin/bash", [script, "--root", root.path, "--binary", DeployHarness.binary])
                .status == 0)
        // An empty account database, so every account is new whatever this machine has.
        let accounts = try DeployHarness.temporaryFolder("accounts")
        defer { try? FileManager.default.removeItem(at: accounts) }
        try FileManager.default.createDirectory(
            at: accounts.appendingPathComponent("etc"), withIntermediateDirectories: true)
        for name in ["passwd", "group"] {
            try Data().write(to: accounts.appendingPathComponent("etc/" + name))
        }
        let tool = "/usr/bin/systemd-sysusers"
        try #require(FileManager.default.isExecutableFile(atPath: tool), "systemd-sysusers is missing")
        let result = try DeployHarness.run(
            tool,
            ["--dry-run", "--root=" + accounts.path, root.appendingPathComponent("etc/sysusers.d/vitrine.conf").path])
        #expect(result.status == 0, "\(result.errors)")
        let said = result.output + result.errors
        #expect(said.contains("Creating user 'vitrine'"))
        for group in ["video", "render", "input"] {
            #expect(said.contains("Creating group '\(group)'"))
        }
        #expect(!said.lowercased().contains("ignoring"))
    }

    @Test("install.sh --dry-run writes nothing and says what it would do")
    func dryRun() throws {
        let root = try DeployHarness.temporaryFolder("dry")
        defer { try? FileManager.default.removeItem(at: root) }
        let script = DeployHarness.packageRoot.appendingPathComponent("deploy/install.sh").path
        let result = try DeployHarness.run(
            "/bin/bash", [script, "--root", root.path, "--binary", DeployHarness.binary, "--dry-run"])
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output.contains("would install /usr/local/bin/vitrine"))
        #expect(result.output.contains("would enable vitrine.service"))
        #expect(try listing(root).isEmpty)
    }

    @Test("uninstall.sh --root removes what install.sh put there, and keeps the configuration")
    func uninstall() throws {
        let root = try DeployHarness.temporaryFolder("root")
        defer { try? FileManager.default.removeItem(at: root) }
        let folder = DeployHarness.packageRoot.appendingPathComponent("deploy").path
        #expect(
            try DeployHarness.run(
                "/bin/bash", [folder + "/install.sh", "--root", root.path, "--binary", DeployHarness.binary]
            ).status == 0)
        let removed = try DeployHarness.run("/bin/bash", [folder + "/uninstall.sh", "--root", root.path])
        #expect(removed.status == 0, "\(removed.errors)")
        // The entries that are files or links (not folders, not checksum lines).
        let left = try listing(root).filter { $0.contains(" f ") || $0.contains(" l ") }
        #expect(left.count == 2, "\(left)")
        #expect(left.contains { $0.hasPrefix("etc/vitrine/config.json f") })
        #expect(left.contains { $0.hasPrefix("etc/sysusers.d/vitrine.conf f") })
    }
}
