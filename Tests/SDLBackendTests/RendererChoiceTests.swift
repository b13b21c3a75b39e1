import Testing
@testable import SDLBackend

/// `--renderer auto`: OpenGL only when a hardware driver draws it.
@Suite("Renderer choice")
struct RendererChoiceTests {
    @Test func namedRenderersAreTakenAsAskedWithoutProbing() {
        for asked in [WindowRendering.software, .accelerated] {
            let choice = RendererChoice.decide(asked, renderNodes: ["renderD128"]) {
                Issue.record("probed OpenGL for an explicit --renderer \(asked)"); return nil
            }
            #expect(choice == RendererChoice(rendering: asked, reason: "asked for"))
        }
    }

    @Test func noGPUDeviceMeansSoftwareWithoutLoadingOpenGL() {
        let choice = RendererChoice.decide(.auto, renderNodes: []) { Issue.record("loaded OpenGL"); return "NVIDIA" }
        #expect(choice.rendering == .software)
        #expect(choice.description == "software (auto: no GPU device in /dev/dri)")
    }

    @Test(arguments: ["llvmpipe (LLVM 15.0.6, 256 bits)", "softpipe", "Software Rasterizer", "Mesa X11 swrast"])
    func cpuRasterisersMeanSoftware(name: String) {
        let choice = RendererChoice.decide(.auto, renderNodes: ["renderD128"]) { name }
        #expect(choice.rendering == .software)
        #expect(choice.reason.hasPrefix("auto: OpenGL is "))
    }

    @Test(arguments: ["AMD Radeon RX 6600 (radeonsi, navi23, LLVM 15.0.6, DRM 3.49)", "Mesa Intel(R) UHD Graphics 620 (KBL GT2)",
                      "NVIDIA GeForce RTX 3060/PCIe/SSE2"])
    func hardwareDriversMeanAccelerated(name: String) {
        let choice = RendererChoice.decide(.auto, renderNodes: ["renderD128"]) { name }
        #expect(choice == RendererChoice(rendering: .accelerated, reason: "auto: OpenGL on \(name)"))
    }

    @Test func aGPUDeviceWithoutOpenGLMeansSoftware() {
        #expect(RendererChoice.decide(.auto, renderNodes: ["renderD128"]) { nil }.description == "software (auto: no OpenGL)")
    }
}
