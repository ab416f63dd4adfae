import Dispatch
import Foundation
import Synchronization
import VitrineCore
import VitrineHTTP
import VitrineMedia
import VitrineRemote
import VitrineSDL
import VitrineWeb

/// Ties a player to the owner's web page: the page's server and mDNS announcement, its commands
/// into the frame loop (after any remote's), the loop's state and a picture of the screen out to
/// it, and the first screen (address, QR code, setup code) while the show has no photos.
final class WebLink: Sendable {
    let show: WebShow
    let site: AdminSite
    /// The server, once it listens (with `--keep-going` a taken port is tried again in the background).
    let server = ListenerSlot<WebServer>()
    private let retry: ListenRetry?
    /// Our temporary files are looked for in these folders at start and every hour.
    private let cleanup: ListenRetry
    /// When the onboarding screen was last drawn (monotonic seconds), to tell "shown again".
    private let lastShown = Mutex<Double?>(nil)
    /// The address the screen shows and the QR code holds.
    let address: String
    private let announcer: MDNSAnnouncer?
    private let screen: Mutex<OnboardingScreen>

    /// Seconds between two pictures of the screen at most, and the rest before one is taken.
    static let pictureInterval = 0.2
    static let pictureSettle = 0.12

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
        var names = options.hostNames
        if let given = options.address, let host = URL(string: given)?.host { names.append(host.lowercased()) }
        configuration.hostNames = names
        if let cert = options.certificateFile, let key = options.keyFile {
            guard let certificate = try? String(contentsOfFile: cert, encoding: .utf8),
                let privateKey = try? String(contentsOfFile: key, encoding: .utf8)
            else { throw UsageError("--web-cert \(cert) / --web-key \(key): cannot read them") }
            configuration.certificatePEM = certificate
            configuration.keyPEM = privateKey
        }
        let started: WebServer?
        do {
            started = try WebServer(configuration, site: site)
            retry = nil
        } catch {
            guard setup.options.common.keepGoing else { throw UsageError(error.description) }
            // The show goes on; the page comes up once the port is free.
            Log("web").error("\(error.description); the show goes on and the page is tried again every 5 s")
            started = nil
            let (server, site, wanted) = (self.server, self.site, configuration)
            retry = ListenRetry(every: 5, name: "vitrine.web-listen") {
                guard let listening = try? WebServer(wanted, site: site) else { return false }
                server.set(listening)
                Log("web").info("the web page listens now")
                return true
            }
        }
        server.set(started)
        let port = started?.port ?? options.port
        address =
            options.address
            ?? WebAddress.guess(bind: options.bind, port: port, tls: tls)
        announcer =
            options.isLoopback
            ? nil
            : MDNSAnnouncer(MDNSAnnouncer.Service(name: MDNSAnnouncer.Service.defaultName(), port: UInt16(port)))
        cleanup = Self.cleaning(Self.temporaryFolders(show: show, statePath: siteOptions.statePath))
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
        queue.onOffer { LoopWake.ring() }
        let previousState = hooks.stateChanged
        let show = self.show
        hooks.stateChanged = { state in
            previousState?(state)
            show.publish(state: state)
        }
        // The Now page follows the screen: a picture each time it changes, the slideshow's slide
        // the frame it is first wholly drawn, anything else once it has rested an eighth of a
        // second (a transition is never taken: it draws two slides). The remotes get the same pictures.
        hooks.frameInterval = min(hooks.frameInterval ?? Self.pictureInterval, Self.pictureInterval)
        hooks.captureSettle = min(hooks.captureSettle, Self.pictureSettle)
        hooks.captureAtOnceAtRest = true
        let previousCapture = hooks.frameCaptured
        hooks.frameCaptured = { picture in
            previousCapture(picture)
            show.publish(picture: picture)
        }
        hooks.onboarding = { [self] in currentScreen() }
        // The first screen changes without a ring: a resting loop looks at it a few times a second.
        hooks.lookAround = min(hooks.lookAround ?? LookAround.seconds, LookAround.seconds)
    }

    /// The folders where our temporary files may be left by a power cut: the photo folder, the
    /// playlist's and the configuration's folders, the state folder.
    static func temporaryFolders(show: WebShow, statePath: String) -> [String] {
        var folders = [show.uploadFolder, (statePath as NSString).deletingLastPathComponent]
        for file in [show.playlistPath, show.configPath].compactMap({ $0 }) {
            folders.append((file as NSString).deletingLastPathComponent)
        }
        var seen: Set<String> = []
        return folders.filter { !$0.isEmpty && seen.insert($0).inserted }
    }

    /// Removes our temporaries older than an hour (an upload still going is younger) now, and
    /// every hour while the show runs; says what went, once each time.
    static func cleaning(_ folders: [String]) -> ListenRetry {
        let sweep: @Sendable () -> Void = {
            for folder in folders {
                let (count, bytes) = AtomicFile.removeStaleTemporaries(in: folder, olderThan: 3600)
                if count > 0 {
                    Log("web").info(
                        "removed \(count) unfinished upload or save file(s) (\(bytes >> 10) KB) left in \(folder)")
                }
            }
        }
        sweep()
        return ListenRetry(every: 3600, name: "vitrine.web-cleanup") {
            sweep()
            return false
        }
    }

    /// The screen now: the setup code goes once a password is set. Cheap; called once a frame.
    /// While the first screen is up the code's hour runs; shown again after a pause, it works
    /// another hour (an expired one is replaced first).
    private func currentScreen() -> OnboardingScreen {
        // The first screen is up while the show has no photos (it is asked for every frame).
        if show.board.state.map({ $0.count == 0 }) ?? true {
            let moment = Date().timeIntervalSinceReferenceDate
            let again = lastShown.withLock { last in
                defer { last = moment }
                return last.map { moment - $0 > 10 } ?? true
            }
            site.credentials.setupCodeShown(again: again)
        }
        let code = site.credentials.setupCode
        return screen.withLock { screen in
            if screen.setupCode != code { screen.setupCode = code }
            return screen
        }
    }

    /// Stops the server (the announcement ends with the link).
    func stop() {
        retry?.cancel()
        cleanup.cancel()
        server.listener?.stop()
    }
}
