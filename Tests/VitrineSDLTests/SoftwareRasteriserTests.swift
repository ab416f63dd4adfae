import Testing

@testable import VitrineSDL

/// Left to choose, the player draws photos with the software renderer where OpenGL runs on a
/// software rasteriser, and keeps OpenGL (ES) on a GPU or when OpenGL was asked for by name.
@Suite("Display: OpenGL on a software rasteriser")
struct SoftwareRasteriserTests {
    /// GL_RENDERER strings as drivers give them.
    static let software = [
        "llvmpipe (LLVM 15.0.6, 256 bits)", "softpipe", "Mesa X11 swrast", "Software Rasterizer",
        "Google SwiftShader", "SwiftShader Device (Subzero)", "zink (llvmpipe (LLVM 15.0.6, 256 bits))",
    ]
    static let gpus = [
        "Mesa Intel(R) UHD Graphics 620 (KBL GT2)", "AMD Radeon RX 6600 (navi23, LLVM 15.0.6, DRM 3.49, 6.1.0)",
        "V3D 4.2", "VC4 V3D 2.1", "Mali-G52 (Panfrost)", "NVIDIA GeForce GTX 1050/PCIe/SSE2", "virgl",
        "NOOP", "",
    ]

    @Test(arguments: software)
    func aSoftwareRasteriserGivesWayToTheSoftwareRenderer(driver: String) {
        #expect(Display.isSoftwareRasteriser(driver))
        #expect(Display.photoRenderer(asked: .auto, made: "opengl", glRenderer: driver) == .software)
        #expect(Display.photoRenderer(asked: .auto, made: "opengles2", glRenderer: driver) == .software)
    }

    @Test(arguments: gpus)
    func aGPUKeepsOpenGL(driver: String) {
        #expect(!Display.isSoftwareRasteriser(driver))
        #expect(Display.photoRenderer(asked: .auto, made: "opengl", glRenderer: driver) == nil)
        #expect(Display.photoRenderer(asked: .auto, made: "opengles2", glRenderer: driver) == nil)
    }

    @Test func aRendererAskedForByNameStays() {
        for asked in [RendererChoice.opengl, .opengles2, .software] {
            #expect(Display.photoRenderer(asked: asked, made: "opengl", glRenderer: "llvmpipe") == nil)
            #expect(Display.photoRenderer(asked: asked, made: "opengles2", glRenderer: "llvmpipe") == nil)
        }
        #expect(Display.photoRenderer(asked: .auto, made: "software", glRenderer: "llvmpipe") == nil)
    }

    /// On KMS/DRM the software renderer's frames go through OpenGL (ES) too: the choice stays.
    @Test func onKMSDRMOpenGLStays() {
        #expect(
            Display.photoRenderer(asked: .auto, made: "opengles2", glRenderer: "llvmpipe", videoDriver: "kmsdrm") == nil
        )
        #expect(
            Display.photoRenderer(asked: .auto, made: "opengles2", glRenderer: "llvmpipe", videoDriver: "wayland")
                == .software)
    }
}
