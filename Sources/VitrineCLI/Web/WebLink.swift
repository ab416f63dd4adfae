import Dispatch
import Foundation
import Synchronization
import VitrineCore
import VitrineRemote
import VitrineSDL
import VitrineWeb

/// Ties a player to the owner's web page: the page's server and mDNS announcement, its commands
/// into the frame loop (after any remote's), the loop's state and a picture of the screen out to
/// it, and the first screen (address, QR code, setup code) while the show has no photos.
final class WebLink: Sendable {
    let show: WebShow
    let site: AdminSite
    let server: WebServer
    /// The address the screen shows and the QR code holds.
    let address: String
    private let announcer: MDNSAnnouncer?
    private let screen: Mutex<OnboardingScreen>

    /// Starts the page the options ask for (nil when they ask for none) and hooks it into the
    /// player. Bad options, a taken port or an unreadable certificate are usage errors.
    static func start(_ setup: PlaySetup, arguments: [String], hooks: inout PlayerHooks) throws -> WebLink? {
        let options = setup.options.web
        guard options.enabled else { return nil }
        try options.validate()
        let link = try WebLink(setup, options: options, configPath: try ConfigFile.split(arguments).path)
        link.hook(into: &hooks)
        return link
    }

    private init(_ setup: PlaySetup, options: WebOptions, configPath: String?) throws {
        show = try WebShow(setup: setup, configPath: configPath)
        var siteOptions = AdminSiteOptions(
            assetsFolder: AdminSiteOptions.defaultAssetsFolder(), statePath: options.resolvedStatePath())
        let tls = options.certificateFile != nil
        siteOptions.secureCookies = tls
        if let path = show.playlistPath, let document = try? PlaylistLoading.load(path, log: Log("web")) {
            siteOptions.timeZone = document.timeZone()
        }
        site = AdminSite(show: show, options: siteOptions)
        var configuration = WebServer.Configuration(bind: options.bind, port: options.port)
        if let cert = options.certificateFile, let key = options.keyFile {
            guard let certificate = try? String(contentsOfFile: cert, encoding: .utf8),
                let privateKey = try? String(contentsOfFile: key, encoding: .utf8)
            else { throw UsageError("--web-cert \(cert) / --web-key \(key): cannot read them") }
            configuration.certificatePEM = certificate
            configuration.keyPEM = privateKey
        }
        do {
            server = try WebServer(configuration, site: site)
        } catch {
            throw UsageError(error.description)
        }
        address =
            options.address
            ?? WebAddress.guess(bind: options.bind, port: server.port, tls: tls)
        announcer =
            options.isLoopback
            ? nil
            : MDNSAnnouncer(MDNSAnnouncer.Service(name: MDNSAnnouncer.Service.defaultName(), port: UInt16(server.port)))
        screen = Mutex(try Self.onboarding(address: address, code: site.credentials.setupCode))
        Log("web").info(
            "page at \(address)"
                + (site.credentials.hasPassword
                    ? "" : "; the setup code is on the screen and in \(siteOptions.statePath)"))
    }

    /// The first screen for `address`, with `code` while no password is set.
    static func onboarding(address: String, code: String?) throws(UsageError) -> OnboardingScreen {
        do {
            return OnboardingScreen(address: address, setupCode: code, modules: try QRCode(address).modules)
        } catch {
            throw UsageError("--web-address \(address): \(error)")
        }
    }

    private func hook(into hooks: inout PlayerHooks) {
        let previousCommands = hooks.commands
        let queue = show.queue
        hooks.commands = { previousCommands() + queue.take() }
        let previousState = hooks.stateChanged
        let board = show.board
        hooks.stateChanged = { state in
            previousState?(state)
            board.set(state: state)
        }
        hooks.frameInterval = min(hooks.frameInterval ?? 4, 4)
        let previousCapture = hooks.frameCaptured
        let encoder = DispatchQueue(label: "vitrine.web-frame", qos: .utility)
        hooks.frameCaptured = { picture in
            previousCapture(picture)
            encoder.async {
                if let jpeg = FrameJPEG.encode(argb: picture.pixels, width: picture.width, height: picture.height) {
                    board.set(jpeg: jpeg)
                }
            }
        }
        hooks.onboarding = { [self] in currentScreen() }
    }

    /// The screen now: the setup code goes once a password is set. Cheap; called once a frame.
    private func currentScreen() -> OnboardingScreen {
        let code = site.credentials.setupCode
        return screen.withLock { screen in
            if screen.setupCode != code { screen.setupCode = code }
            return screen
        }
    }

    /// Stops the server (the announcement ends with the link).
    func stop() {
        server.stop()
    }
}
