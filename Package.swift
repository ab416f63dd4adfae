// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Vitrine",
    products: [
        .executable(name: "vitrine", targets: ["vitrine"]),
        .executable(name: "vitrine-decoder", targets: ["vitrine-decoder"]),
    ],
    targets: [
        // C libraries from Debian, one system-library target each. SDL's headers live in
        // /usr/include/SDL2 and are included by path (its pkg-config adds flags SwiftPM refuses).
        .systemLibrary(name: "CSDL2", providers: [.apt(["libsdl2-dev"])]),
        .systemLibrary(name: "CSDL2Image", providers: [.apt(["libsdl2-image-dev"])]),
        .systemLibrary(name: "CSDL2TTF", providers: [.apt(["libsdl2-ttf-dev"])]),
        .systemLibrary(name: "CTurboJPEG", pkgConfig: "libturbojpeg", providers: [.apt(["libturbojpeg0-dev"])]),
        .systemLibrary(name: "CSpng", pkgConfig: "spng", providers: [.apt(["libspng-dev"])]),
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CWebP", pkgConfig: "libwebp", providers: [.apt(["libwebp-dev"])]),
        .systemLibrary(name: "CExif", pkgConfig: "libexif", providers: [.apt(["libexif-dev"])]),
        // HEIC/HEIF and AVIF (libheif with its libde265, dav1d and aom decoders), JPEG XL (libjxl),
        // and colour management for embedded profiles (Little CMS).
        .systemLibrary(name: "CHeif", pkgConfig: "libheif", providers: [.apt(["libheif-dev"])]),
        .systemLibrary(name: "CJXL", providers: [.apt(["libjxl-dev"])]),
        .systemLibrary(name: "CLCMS", pkgConfig: "lcms2", providers: [.apt(["liblcms2-dev"])]),
        .systemLibrary(name: "CSystemd", pkgConfig: "libsystemd", providers: [.apt(["libsystemd-dev"])]),
        .systemLibrary(name: "CSodium", providers: [.apt(["libsodium-dev"])]),
        .systemLibrary(name: "CQRencode", providers: [.apt(["libqrencode-dev"])]),
        .systemLibrary(name: "CAvahi", providers: [.apt(["libavahi-client-dev"])]),
        .systemLibrary(name: "CMosquitto", providers: [.apt(["libmosquitto-dev"])]),
        .systemLibrary(name: "CMicroHTTPD", pkgConfig: "libmicrohttpd", providers: [.apt(["libmicrohttpd-dev"])]),
        .systemLibrary(name: "CCurl", pkgConfig: "libcurl", providers: [.apt(["libcurl4-openssl-dev"])]),
        // libxml2: feeds and WebDAV answers read as XML that must be complete and well-formed.
        .systemLibrary(name: "CXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),
        // The kernel's console interfaces (virtual terminals, input devices, DRM master): headers only.
        .systemLibrary(name: "CLinuxConsole", providers: [.apt(["linux-libc-dev"])]),
        // The kernel's HDMI-CEC interface (linux/cec.h): ioctls, no library.
        .systemLibrary(name: "CCEC"),
        // libdrm: the DPMS property of the connector SDL's KMS/DRM device drives.
        .systemLibrary(name: "CDRM", pkgConfig: "libdrm", providers: [.apt(["libdrm-dev"])]),
        .systemLibrary(name: "CMpv", providers: [.apt(["libmpv-dev"])]),
        // libgpiod v1.6 (Debian 12): a GPIO line read for presence.
        .systemLibrary(name: "CGPIOD", providers: [.apt(["libgpiod-dev"])]),
        // OpenGL calls for clips rendered into the renderer's textures, looked up through SDL.
        .systemLibrary(name: "CGLVideo"),
        // glibc's mallopt (malloc.h): the decode worker gives large buffers back when freed.
        .systemLibrary(name: "CMalloc"),
        // Our own thin C layer over libjpeg (libjpeg62-turbo-dev): its errors jump with longjmp,
        // which Swift cannot, so the shim turns them into return codes; it also picks the scans a
        // progressive file needs at 1/8 and holds their coefficients (its memory manager's arrays).
        .target(name: "CJPEGShim", linkerSettings: [.linkedLibrary("jpeg")]),
        // Our C face over dlib's frontal face detector (libdlib-dev, C++): its exceptions end
        // there as return codes. Optimised in debug builds too: dlib's templates unoptimised
        // take seconds a photo.
        .target(
            name: "CFaceDetect",
            cxxSettings: [.unsafeFlags(["-O2"])],
            linkerSettings: [.linkedLibrary("dlib"), .linkedLibrary("lapack"), .linkedLibrary("blas")]
        ),

        // SDL2_image for the decode worker's rare formats, loaded with dlopen on first use: the
        // worker links no SDL (headers only, from libsdl2-image-dev).
        .target(name: "CSDLImageLoader"),
        // The calling thread's CPU mask (GNU extensions Swift's Glibc module leaves out): an AVIF
        // is decoded on one CPU, where dav1d takes a third less memory.
        .target(name: "CThreadCPU"),

        // The types the decode worker shares with the rest (sizes, rectangles, colours, image
        // metadata, file names, the log), pure Swift without Foundation; VitrineCore re-exports them.
        .target(name: "VitrineBase"),
        // The whole behaviour, pure Swift: no C module, no SDL, no wall clock.
        .target(name: "VitrineCore", dependencies: ["VitrineBase"]),
        // The thin layer under every system call: the owning descriptor, the typed Errno, durable writes.
        .target(name: "VitrinePOSIX"),
        // What the decode worker runs: the decoders per format, orientation and EXIF, colour
        // management, downscale, face detection, the worker's serve loop and wire protocol, and
        // the player's side of it. No SDL, no network, no Foundation (its JSON messages are its own).
        .target(
            name: "VitrineDecode",
            dependencies: [
                "VitrineBase", "VitrinePOSIX", "CTurboJPEG", "CJPEGShim", "CSpng", "CWebP", "CExif", "CMalloc",
                "CHeif", "CJXL", "CLCMS", "CFaceDetect", "CSDLImageLoader", "CThreadCPU",
            ],
            swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug))]
        ),
        // The decode worker as its own small program, which the player starts (see IsolatedDecoder).
        .executableTarget(name: "vitrine-decoder", dependencies: ["VitrineDecode"]),
        // Decoding in process (re-exports VitrineDecode), composing, encoding, video, image cache.
        .target(
            name: "VitrineMedia",
            dependencies: [
                "VitrineCore", "VitrineDecode", "VitrinePOSIX", "CSDL2", "CSDL2Image", "CTurboJPEG", "CSpng", "CWebP",
                "CMpv",
                "CMalloc",
            ],
            // Decoding and composing are optimised in debug builds too: unoptimised, the
            // compositor's SIMD kernels run a hundred times slower, and tests that play a show
            // would measure that instead of the player.
            swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug))]
        ),
        // Window, renderer, textures, SDL events, drawing a Scene.
        .target(
            name: "VitrineSDL",
            dependencies: [
                "VitrineCore", "VitrinePOSIX", "VitrineMedia", "CSDL2", "CSDL2Image", "CSDL2TTF", "CLinuxConsole",
                "CDRM",
                "CGLVideo",
            ]),
        // Running as a service: signals, systemd notification, process resources.
        .target(
            name: "VitrineSystem",
            dependencies: [
                "VitrineCore", "VitrinePOSIX", "VitrineNet", "CSystemd", "CLinuxConsole", "CCEC", "CGPIOD",
            ]),
        // The owner's web page as a request handler any HTTP server can call; QR code and mDNS for onboarding.
        .target(
            name: "VitrineWeb",
            dependencies: ["VitrineCore", "VitrinePOSIX", "VitrineHTTP", "CSodium", "CQRencode", "CAvahi"]),
        // The one HTTP server (libmicrohttpd) of the web page and the control API: limits, hosts, origins.
        .target(name: "VitrineHTTP", dependencies: ["VitrineCore", "VitrinePOSIX", "CMicroHTTPD"]),
        // The command line: argument scanning, option help, the config file and the commands.
        .target(
            name: "VitrineCLI",
            dependencies: [
                "VitrineCore", "VitrineMedia", "VitrineSDL", "VitrineSystem", "VitrineRemote", "VitrineWeb",
                "VitrineNet", "VitrineHTTP",
            ]),
        // `vitrine bench` and `bench-scan`: measurements of decoding, frames, pacing, video and
        // big folders; the only target that links libpng (a floor beside libspng).
        .target(
            name: "VitrineBench",
            dependencies: ["VitrineCLI", "VitrineCore", "VitrineMedia", "VitrineSDL", "VitrineSystem", "CPNG"]),
        // The executable: main.swift hands the arguments to VitrineCLI, with the benchmark's commands.
        .executableTarget(name: "vitrine", dependencies: ["VitrineCLI", "VitrineBench"]),
        // Remote control: MQTT with Home Assistant discovery, the local HTTP control API, `vitrine ctl`
        // (the screen's JPEG is made by VitrineMedia's one encoder and handed in).
        .target(name: "VitrineRemote", dependencies: ["VitrineCore", "VitrinePOSIX", "VitrineHTTP", "CMosquitto"]),
        // Photos from the network (HTTP(S), feeds, WebDAV, Immich) mirrored into a cache for offline play.
        .target(name: "VitrineNet", dependencies: ["VitrineCore", "VitrinePOSIX", "CCurl", "CXML2"]),

        // What the tests share: temporary folders, a director driven frame by frame.
        .target(name: "VitrineTestSupport", dependencies: ["VitrineCore"], path: "Tests/VitrineTestSupport"),
        .testTarget(name: "VitrineCoreTests", dependencies: ["VitrineCore", "VitrineTestSupport"]),
        .testTarget(name: "VitrinePOSIXTests", dependencies: ["VitrinePOSIX", "VitrineTestSupport"]),
        .testTarget(
            name: "VitrineMediaTests",
            dependencies: [
                "VitrineMedia", "VitrineDecode", "VitrineCore", "CTurboJPEG", "CLCMS", "VitrineTestSupport",
            ],
            exclude: ["Fixtures"]),
        .testTarget(
            name: "VitrineSDLTests", dependencies: ["VitrineSDL", "VitrineMedia", "VitrineCore", "VitrineTestSupport"]),
        .testTarget(
            name: "VitrineCLITests", dependencies: ["VitrineCLI", "VitrineCore", "VitrineMedia", "VitrineTestSupport"]),
        .testTarget(
            name: "VitrineSystemTests",
            dependencies: ["VitrineSystem", "VitrineCore", "VitrineTestSupport", "vitrine-isolation-probe"]),
        // Checks of a whole process's signals, environment and descriptors, run by VitrineSystemTests one a process.
        .executableTarget(
            name: "vitrine-isolation-probe", dependencies: ["VitrineSystem", "VitrineCore", "VitrineTestSupport"],
            path: "Tests/IsolationProbe"),
        .testTarget(
            name: "VitrineWebTests",
            dependencies: ["VitrineWeb", "VitrineHTTP", "VitrineCLI", "VitrineCore", "VitrineTestSupport"]),
        .testTarget(
            name: "VitrineRemoteTests",
            dependencies: ["VitrineRemote", "VitrineCLI", "VitrineCore", "VitrineMedia", "VitrineTestSupport"]),
        .testTarget(
            name: "VitrineBenchTests",
            dependencies: ["VitrineBench", "VitrineMedia", "VitrineCore", "VitrineTestSupport"]),
        .testTarget(name: "VitrineNetTests", dependencies: ["VitrineNet", "VitrineCore", "VitrineTestSupport"]),
        // The end-to-end tests: the built `vitrine` run as a user or systemd would (command line,
        // service, video), with a real mosquitto broker and Home Assistant, Chromium, and real HTTP
        // and WebDAV servers on loopback. `make check` leaves them out; `make test` runs them.
        .testTarget(
            name: "VitrineEndToEndTests",
            dependencies: [
                "VitrineCLI", "VitrineCore", "VitrineMedia", "VitrineSDL", "VitrineSystem", "VitrineRemote",
                "VitrineWeb",
                "VitrineHTTP", "VitrineNet", "CTurboJPEG", "VitrineTestSupport", "vitrine-remote-probe",
                "vitrine-mirror-probe",
            ],
            exclude: ["Remote/HomeAssistant", "Web/Attacks", "Web/Browser", "Network/Servers"]),
        // A bare remote-control client the end-to-end tests run as a child process (and kill) to see the last will.
        .executableTarget(
            name: "vitrine-remote-probe", dependencies: ["VitrineRemote", "VitrineCLI", "VitrineCore"],
            path: "Tests/RemoteProbe"),
        // A bare mirror the end-to-end tests run as a child process and kill at random moments (power cuts).
        .executableTarget(
            name: "vitrine-mirror-probe", dependencies: ["VitrineNet", "VitrineCore"], path: "Tests/MirrorProbe"),
    ],
    swiftLanguageModes: [.v6]
)
