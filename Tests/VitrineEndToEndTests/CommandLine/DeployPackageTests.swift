import Foundation
import Testing

@Suite("Deploy package")
struct DeployPackageTests {
    var installScript: String { DeployHarness.packageRoot.appendingPathComponent("deploy/install.sh").path }

    /// Every file and link under `root`, relative to it.
    func entries(_ root: URL) -> [String] {
        let walker = FileManager.default.enumerator(atPath: root.path)
        return (walker?.allObjects as? [String] ?? []).sorted()
    }

    @Test("install.sh again after the picture folders changed: it says so and rewrites the drop-in")
    func rerunAfterChangedFolders() throws {
        let root = try DeployHarness.temporaryFolder("rerun")
        defer { try? FileManager.default.removeItem(at: root) }
        let arguments = [installScript, "--root", root.path, "--binary", DeployHarness.binary]
        #expect(try DeployHarness.run("/bin/bash", arguments).status == 0)
        let config = root.appendingPathComponent("etc/vitrine/config.json")
        try #"{"sources": ["/srv/frames/new"]}"#.write(to: config, atomically: true, encoding: .utf8)
        let again = try DeployHarness.run("/bin/bash", arguments)
        #expect(again.status == 0, "\(again.errors)")
        #expect(
            again.output.contains("installed /etc/systemd/system/vitrine.service.d/sources.conf"), "\(again.output)")
        // The change is reported, so on a real system systemd is reloaded and the service restarted.
        #expect(!again.output.contains("everything was already in place"), "\(again.output)")
        #expect(again.output.contains("install: done"), "\(again.output)")
    }

    @Test("install.sh --binary with a binary that cannot start: one clear error, and nothing written")
    func binaryThatCannotStart() throws {
        let root = try DeployHarness.temporaryFolder("nostart")
        defer { try? FileManager.default.removeItem(at: root) }
        let tools = try DeployHarness.temporaryFolder("nostart-binary")
        defer { try? FileManager.default.removeItem(at: tools) }
        // A test double: a program that fails as the loader does for a build without its Swift runtime.
        let fake = tools.appendingPathComponent("vitrine")
        let loaderError =
            "vitrine: error while loading shared libraries: libswiftCore.so: cannot open shared object file"
        try "#!/bin/sh\necho '\(loaderError)' >&2\nexit 127\n".write(to: fake, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: fake.path)

        let result = try DeployHarness.run("/bin/bash", [installScript, "--root", root.path, "--binary", fake.path])
        #expect(result.status == 1)
        #expect(result.errors.contains("Swift runtime (libswiftCore.so)"), "\(result.errors)")
        #expect(result.errors.contains("nothing was installed"), "\(result.errors)")
        #expect(!result.errors.contains("cannot read the sources"), "\(result.errors)")
        #expect(entries(root).isEmpty, "\(entries(root))")
    }

    @Test("build-deb.sh refuses a binary whose RUNPATH points into the toolchain")
    func packageNeedsSelfContainedBinary() throws {
        let out = try DeployHarness.temporaryFolder("deb")
        defer { try? FileManager.default.removeItem(at: out) }
        let script = DeployHarness.packageRoot.appendingPathComponent("deploy/build-deb.sh").path
        // The debug build links the toolchain's Swift runtime, as a plain `swift build` does.
        let result = try DeployHarness.run("/bin/bash", [script, DeployHarness.binary, out.path])
        #expect(result.status == 1)
        #expect(result.errors.contains("--static-swift-stdlib"), "\(result.errors)")
        #expect(entries(out).isEmpty)
    }

    @Test("the runtime package list names no -dev package, and the unit gets a runtime folder")
    func runtimeListAndUnit() throws {
        let deploy = DeployHarness.packageRoot.appendingPathComponent("deploy")
        let list = try String(contentsOf: deploy.appendingPathComponent("runtime-packages.txt"), encoding: .utf8)
        let packages = list.split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.isEmpty }
        #expect(packages.contains("libsdl2-2.0-0"))
        #expect(packages.contains("libgl1"))
        #expect(!packages.contains { $0.hasSuffix("-dev") }, "\(packages)")
        let unit = try String(contentsOf: deploy.appendingPathComponent("vitrine.service"), encoding: .utf8)
        #expect(unit.contains("\nRuntimeDirectory=vitrine\n"))
        #expect(unit.contains("\nEnvironment=XDG_RUNTIME_DIR=/run/vitrine\n"))
        // Room for the Swift runtime's worker threads to take their nice levels (no errno=13 at start).
        #expect(unit.contains("\nLimitNICE=-20\n"))
    }
}
