import CarouselCore
import Foundation

/// Forwards every call to another renderer and adds up the main thread's CPU time spent in each kind of call (fills,
/// images, shadows, text, clips, frame start and end), for `bench --breakdown`: where a frame's paint time goes. CPU
/// time, not wall time, so the split holds on a busy machine (a batching renderer does its work at the frame end).
@MainActor
final class CallTimingRenderer: Renderer {
    let base: Renderer
    /// Seconds per kind of call, summed over every frame drawn through this renderer.
    private(set) var seconds: [String: Double] = [:]
    /// Calls per kind.
    private(set) var calls: [String: Int] = [:]

    /// The opacity in effect (multiplied down the save stack), to tell translucent drawings apart.
    private var opacity = 1.0
    private var opacities: [Double] = []

    init(_ base: Renderer) { self.base = base }

    var size: Size { base.size }

    private func timed(_ kind: String, _ body: () -> Void) {
        let start = ProcessMetrics.threadCPU()
        body()
        seconds[kind, default: 0] += ProcessMetrics.threadCPU() - start
        calls[kind, default: 0] += 1
    }

    func beginFrame(clearColor: Color) {
        opacity = 1
        opacities.removeAll(keepingCapacity: true)
        timed("frame start (clear)") { base.beginFrame(clearColor: clearColor) }
    }
    func endFrame() { timed("frame end (present)") { base.endFrame() } }
    func save() { opacities.append(opacity); base.save() }
    func restore() { opacity = opacities.popLast() ?? 1; base.restore() }
    func concatenate(_ transform: Transform2D) { base.concatenate(transform) }
    func multiplyOpacity(_ o: Double) { opacity *= o; base.multiplyOpacity(o) }
    func clip(to rect: Rect, cornerRadius: Double) { timed("clip") { base.clip(to: rect, cornerRadius: cornerRadius) } }
    func fill(_ rect: Rect, cornerRadius: Double, color: Color) {
        timed(color.a * opacity < 1 ? "fill, translucent" : "fill, opaque") { base.fill(rect, cornerRadius: cornerRadius, color: color) }
    }
    func fillGradient(_ rect: Rect, cornerRadius: Double, gradient: HorizontalGradient) {
        timed("gradient") { base.fillGradient(rect, cornerRadius: cornerRadius, gradient: gradient) }
    }
    func drawImage(_ image: ImageHandle, in rect: Rect, cornerRadius: Double, contentMode: ContentMode, opacity: Double) {
        timed(opacity * self.opacity < 1 ? "image, translucent" : "image") {
            base.drawImage(image, in: rect, cornerRadius: cornerRadius, contentMode: contentMode, opacity: opacity)
        }
    }
    func drawProjected(_ content: ProjectedContent, in rect: Rect, projection: Homography, cornerRadius: Double, opacity: Double,
                       effects: ImageEffects) {
        timed(effects.changesColor || effects.blur > 0 ? "projected, with effects" : "projected") {
            base.drawProjected(content, in: rect, projection: projection, cornerRadius: cornerRadius, opacity: opacity, effects: effects)
        }
    }
    func drawShadow(for rect: Rect, cornerRadius: Double, shadow: Shadow) {
        timed("shadow") { base.drawShadow(for: rect, cornerRadius: cornerRadius, shadow: shadow) }
    }
    func drawText(_ text: String, at origin: Point, font: FontSpec, color: Color) {
        timed("text") { base.drawText(text, at: origin, font: font, color: color) }
    }
    func measureText(_ text: String, font: FontSpec) -> Size { base.measureText(text, font: font) }
}
