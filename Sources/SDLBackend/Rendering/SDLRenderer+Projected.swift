import CSDL2
import CarouselCore
import Foundation

/// Projected drawings (`Renderer.drawProjected`): the outline of the rectangle (rounded as a polygon, its part in
/// front of the viewer) projected to device pixels and cut to the clip's rectangle; software rendering composites it
/// through pixman's projective transforms (`Compositor.projected`), OpenGL draws it as a fan of triangles subdivided
/// in rings, each vertex projected exactly (textures are interpolated affinely within a small triangle), with
/// brightness and shade as vertex colours (saturation and blur are software only).
extension SDLRenderer {
    public func drawProjected(_ content: ProjectedContent, in rect: Rect, projection: Homography, cornerRadius: Double,
                              opacity: Double, effects: ImageEffects) {
        let alpha = min(max(opacity, 0), 1) * state.opacity
        guard alpha > 0.001, !state.clipIsEmpty, rect.width > 0, rect.height > 0, rect.isFinite else { return }
        // A picture only moved and scaled (no turn, no perspective): the affine image path, whose layers at drawn
        // size make a moving picture a plain copy. A uniform darkening of an opaque picture is black over it.
        if compositor != nil, case .image(let handle, let mode) = content, let affine = projection.affine,
           affine.b == 0, affine.c == 0, affine.a > 0, affine.d > 0, effects.blur == 0, effects.saturation == 1,
           effects.shadeLeading <= 0, effects.shadeTrailing <= 0, effects.brightness == 1
            || (opacity >= 1 && state.opacity >= 1 && effects.brightness < 1 && images.pixels(for: handle)?.opaque == true) {
            save()
            concatenate(affine)
            drawImage(handle, in: rect, cornerRadius: cornerRadius, contentMode: mode, opacity: opacity)
            if effects.brightness < 1, let natural = images.pixels(for: handle)?.natural {
                fill(rect.intersection(rect.placing(natural, mode: mode)), cornerRadius: cornerRadius,
                     color: Color(0, 0, 0, 1 - max(effects.brightness, 0)))
            }
            restore()
            return
        }
        let toDevice = projection.concatenating(state.transform)
        guard toDevice.isFinite, let toItem = toDevice.inverted else { return }
        // What is drawn: the rectangle, or the placed image where it is smaller (fit, scale-down).
        var area = rect
        var placed = rect
        var imageSize: Size?
        if case .image(let handle, let mode) = content {
            let natural = compositor != nil ? images.pixels(for: handle)?.natural : images.texture(for: handle)?.natural
            guard let natural, natural.width > 0, natural.height > 0 else { return }
            imageSize = natural
            placed = rect.placing(natural, mode: mode)
            area = rect.intersection(placed)
            guard !area.isEmpty else { return }
        }
        // Corners: segments enough for the radius as drawn.
        let scale = SDLRenderer.deviceScale(toDevice, at: Point(area.midX, area.midY))
        let radius = min(max(cornerRadius, 0), area.width / 2, area.height / 2)
        let outlineItem = SDLRenderer.roundedOutline(area, radius: radius, segments: GeometryBatch.segments(forRadius: radius * scale))
        let canvas = Rect(0, 0, size.width * self.scale, size.height * self.scale)
        let limit = state.clip.map { $0.rect.intersection(canvas) } ?? canvas
        let outline = SDLRenderer.clip(toDevice.project(outlineItem), to: limit)
        guard outline.count >= 3 else { return }
        drawDeferred(unlessCoveredBy: nil)
        let a = SDLRenderer.alphaByte(alpha)
        if let compositor {
            // The picture (or the colour as one pixel) and where its pixels are in the item's space.
            let level: PixelBuffer
            var drawn = placed
            switch content {
            case .color(let c):
                guard effects.changesColor else {
                    compositor.projected(.color(Compositor.pixmanColor(sdlColor(c, alpha: c.a))), outline: outline, alpha: a,
                                         colour: ProjectedSampler.Colour(effects: .none, offset: 0, slope: 0, vertical: false))
                    return
                }
                guard let one = ProjectedScratch.shared.pixel(Compositor.pixmanColor(sdlColor(c, alpha: c.a))) else { return }
                level = one
                drawn = rect
            case .image(let handle, _):
                guard let box = toDevice.bounds(of: placed), box.isFinite else { return }
                // The level: about the drawn size (at most twice the canvas); for a blur of radius r (CSS's standard
                // deviation), one whose pixels are 2.4 r across, read bilinearly: a tent as wide as a Gaussian of r.
                let shrink = max(1, 2.4 * max(effects.blur * scale, 0))
                let w = min(box.width, canvas.width * 2) / shrink, h = min(box.height, canvas.height * 2) / shrink
                guard let found = images.mipLevel(for: handle, width: Int32(pixels: w.rounded(.up)), height: Int32(pixels: h.rounded(.up))) else { return }
                level = found
            }
            let sx = Double(level.width) / drawn.width, sy = Double(level.height) / drawn.height
            let toLevel = Homography(sx, 0, -drawn.minX * sx, 0, sy, -drawn.minY * sy, 0, 0, 1)
            // The shade's fraction across the item, as a line in the level's x (or y).
            let vertical = effects.shadeVertical
            let colour = ProjectedSampler.Colour(
                effects: effects,
                offset: vertical ? (drawn.minY - rect.minY) / rect.height : (drawn.minX - rect.minX) / rect.width,
                slope: vertical ? 1 / sy / rect.height : 1 / sx / rect.width, vertical: vertical)
            // An occluder counts when what covers is opaque: a colour, or an image with no transparent pixels.
            let occluder = effects.occluder.flatMap { o -> [Point]? in
                if let image = o.image, images.pixels(for: image)?.opaque != true { return nil }
                return o.outline.map(state.transform.apply)
            }
            compositor.projected(.image(level, toImage: toLevel * toItem), outline: outline, alpha: a, colour: colour, occluder: occluder)
            return
        }
        drawProjectedGeometry(content, area: area, placed: placed, outlineItem: outlineItem, toDevice: toDevice, alpha: a, effects: effects, item: rect, clip: limit)
    }

    /// OpenGL: a fan from the area's centre to its outline, in rings, each vertex projected, coloured by the
    /// effects' brightness and shade, textured by its place in the placed image.
    private func drawProjectedGeometry(_ content: ProjectedContent, area: Rect, placed: Rect, outlineItem: [Point], toDevice: Homography,
                                       alpha: UInt8, effects: ImageEffects, item: Rect, clip: Rect) {
        var texture: OpaquePointer?
        var tint = Color.white
        switch content {
        case .color(let c): tint = c
        case .image(let handle, _):
            guard let t = images.texture(for: handle) else { return }
            texture = t.texture
            SDL_SetTextureAlphaMod(t.texture, 255)
        }
        let rings = 6
        let centre = Point(area.midX, area.midY)
        var vertices: [SDL_Vertex] = []
        var indices: [Int32] = []
        vertices.reserveCapacity(1 + outlineItem.count * rings)
        func vertex(_ p: Point) -> SDL_Vertex? {
            guard let d = toDevice.apply(p) else { return nil }
            let along = effects.shadeVertical ? (p.y - item.minY) / max(item.height, 1e-9) : (p.x - item.minX) / max(item.width, 1e-9)
            let k = min(max(effects.factor(at: along), 0), 1)
            let color = SDL_Color(r: SDLRenderer.alphaByte(tint.r * k), g: SDLRenderer.alphaByte(tint.g * k), b: SDLRenderer.alphaByte(tint.b * k),
                                  a: SDLRenderer.alphaByte(Double(alpha) / 255 * tint.a))
            let u = (p.x - placed.minX) / placed.width, v = (p.y - placed.minY) / placed.height
            return SDL_Vertex(position: SDL_FPoint(x: Float(d.x), y: Float(d.y)), color: color,
                              tex_coord: SDL_FPoint(x: Float(min(max(u, 0), 1)), y: Float(min(max(v, 0), 1))))
        }
        // Vertex 0 is the centre; ring r (1...rings) of outline point k is vertex 1 + (r - 1) * n + k.
        guard let c = vertex(centre) else { return }
        vertices.append(c)
        let n = outlineItem.count
        var ok = true
        for r in 1...rings {
            let t = Double(r) / Double(rings)
            for p in outlineItem {
                guard let v = vertex(Point(centre.x + (p.x - centre.x) * t, centre.y + (p.y - centre.y) * t)) else { ok = false; break }
                vertices.append(v)
            }
        }
        // A picture reaching behind the viewer is not drawn by OpenGL (the software renderer cuts it).
        guard ok else { return }
        for k in 0..<n {
            let k1 = (k + 1) % n
            indices += [0, Int32(1 + k), Int32(1 + k1)]
            for r in 1..<rings {
                let a0 = Int32(1 + (r - 1) * n + k), a1 = Int32(1 + (r - 1) * n + k1)
                let b0 = Int32(1 + r * n + k), b1 = Int32(1 + r * n + k1)
                indices += [a0, b0, b1, a0, b1, a1]
            }
        }
        setClipRect(clip)
        vertices.withUnsafeBufferPointer { v in
            indices.withUnsafeBufferPointer { i in
                _ = SDL_RenderGeometry(context.renderer, texture, v.baseAddress, Int32(v.count), i.baseAddress, Int32(i.count))
            }
        }
        resetClipRect()
        stats.drawCalls += 1
        stats.triangles += indices.count / 3
    }

    /// How many device pixels a point of the item's space is across near `p` (the square root of the projection's
    /// local area scale).
    static func deviceScale(_ h: Homography, at p: Point) -> Double {
        guard let a = h.apply(p), let b = h.apply(Point(p.x + 1, p.y)), let c = h.apply(Point(p.x, p.y + 1)) else { return 1 }
        let area = abs((b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x))
        return area.isFinite && area > 0 ? area.squareRoot() : 1
    }

    /// `r` rounded by `radius` as a polygon, clockwise from the top-left corner's arc, `segments` per corner.
    static func roundedOutline(_ r: Rect, radius: Double, segments: Int) -> [Point] {
        guard radius > 0.01 else { return [r.origin, Point(r.maxX, r.minY), Point(r.maxX, r.maxY), Point(r.minX, r.maxY)] }
        let n = max(segments, 1)
        let centres = [Point(r.minX + radius, r.minY + radius), Point(r.maxX - radius, r.minY + radius),
                       Point(r.maxX - radius, r.maxY - radius), Point(r.minX + radius, r.maxY - radius)]
        var out: [Point] = []
        out.reserveCapacity(4 * (n + 1))
        for (k, c) in centres.enumerated() {
            let start = Double.pi + Double(k) * Double.pi / 2
            for i in 0...n {
                let a = start + Double(i) / Double(n) * Double.pi / 2
                out.append(Point(c.x + radius * cos(a), c.y + radius * sin(a)))
            }
        }
        return out
    }

    /// The polygon cut to `rect` (Sutherland-Hodgman against its four sides).
    static func clip(_ polygon: [Point], to rect: Rect) -> [Point] {
        var out = polygon
        func cut(_ inside: (Point) -> Bool, _ cross: (Point, Point) -> Point) {
            guard !out.isEmpty else { return }
            let input = out
            out = []
            for k in input.indices {
                let a = input[k], b = input[(k + 1) % input.count]
                if inside(a) { out.append(a) }
                if inside(a) != inside(b) { out.append(cross(a, b)) }
            }
        }
        func atX(_ x: Double) -> (Point, Point) -> Point { { a, b in Point(x, a.y + (b.y - a.y) * (x - a.x) / (b.x - a.x)) } }
        func atY(_ y: Double) -> (Point, Point) -> Point { { a, b in Point(a.x + (b.x - a.x) * (y - a.y) / (b.y - a.y), y) } }
        cut({ $0.x >= rect.minX }, atX(rect.minX))
        cut({ $0.x <= rect.maxX }, atX(rect.maxX))
        cut({ $0.y >= rect.minY }, atY(rect.minY))
        cut({ $0.y <= rect.maxY }, atY(rect.maxY))
        return out
    }
}
