import CSDL2
import Foundation

/// The renderer a window gets, and why: `--renderer auto` (the default) uses OpenGL only when a hardware driver
/// draws it, and SDL's software renderer when OpenGL would be a CPU rasteriser (llvmpipe, softpipe, swrast, which
/// draw these frames slower than the software renderer and in four times the memory) or is absent.
public struct RendererChoice: Equatable, Sendable, CustomStringConvertible {
    /// The renderer chosen: `.software` or `.accelerated`, never `.auto`.
    public let rendering: WindowRendering
    /// Why, in a few words ("auto: no GPU device in /dev/dri", "asked for").
    public let reason: String

    /// "software (auto: OpenGL is llvmpipe, a CPU rasteriser)": for the F3 line, `run --stats` and `bench`.
    public var description: String { "\(rendering.rawValue) (\(reason))" }

    /// OpenGL renderer names that are rasterisers running on the CPU (Mesa's, and the generic ones).
    static let cpuRasterisers = ["llvmpipe", "softpipe", "swrast", "software rasterizer", "lavapipe"]

    /// The choice for `requested`: a named renderer as asked; `auto` by the machine: no GPU render node (or no
    /// OpenGL, or a CPU rasteriser behind it) means software. `glRenderer` is asked only when there is a render node
    /// (it loads the OpenGL driver, which costs memory for the process's life).
    static func decide(_ requested: WindowRendering, renderNodes: [String], waylandOrX11: Bool = true,
                       glRenderer: () -> String?) -> RendererChoice {
        switch requested {
        case .software, .accelerated: return RendererChoice(rendering: requested, reason: "asked for")
        case .auto: break
        }
        guard !renderNodes.isEmpty else { return RendererChoice(rendering: .software, reason: "auto: no GPU device in /dev/dri") }
        guard let name = glRenderer(), !name.isEmpty else { return RendererChoice(rendering: .software, reason: "auto: no OpenGL") }
        let lower = name.lowercased()
        if let cpu = cpuRasterisers.first(where: { lower.contains($0) }) {
            return RendererChoice(rendering: .software, reason: "auto: OpenGL is \(cpu), a CPU rasteriser")
        }
        return RendererChoice(rendering: .accelerated, reason: "auto: OpenGL on \(name)")
    }

    /// `decide` on this machine: the render nodes in /dev/dri and, when there are some, the OpenGL renderer's name
    /// from a hidden window's context. Call after SDL's video subsystem is up.
    static func resolve(_ requested: WindowRendering) -> RendererChoice {
        let nodes = ((try? FileManager.default.contentsOfDirectory(atPath: "/dev/dri")) ?? []).filter { $0.hasPrefix("renderD") }
        return decide(requested, renderNodes: nodes, glRenderer: openGLRendererName)
    }

    /// GL_RENDERER of an OpenGL context on a hidden 1x1 window, or nil when OpenGL cannot be had.
    static func openGLRendererName() -> String? {
        guard let window = SDL_CreateWindow("probe", 0, 0, 1, 1, SDL_WINDOW_OPENGL.rawValue | SDL_WINDOW_HIDDEN.rawValue) else { return nil }
        defer { SDL_DestroyWindow(window) }
        guard let context = SDL_GL_CreateContext(window) else { return nil }
        defer { SDL_GL_DeleteContext(context) }
        typealias GetString = @convention(c) (UInt32) -> UnsafePointer<UInt8>?
        guard let address = SDL_GL_GetProcAddress("glGetString") else { return nil }
        let glGetString = unsafeBitCast(address, to: GetString.self)
        let GL_RENDERER: UInt32 = 0x1F01
        return glGetString(GL_RENDERER).map { String(cString: $0) }
    }
}
