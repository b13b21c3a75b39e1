import CarouselCore

/// Where an effect's items are before and after their tracks, for one resolved effect and one carousel area: the
/// carousel's rectangle in the area, each slot's progress at a scroll position, its untransformed rectangle and its
/// transform to the area. Pure geometry, shared by the style and the export.
///
/// Scroll positions `s` are in points along the axis: slot `k` (deck item `k mod count` in a loop) is snapped at
/// `s = k × pitch` (plus the lengths items in a state add before it). Slots may be negative in a loop.
public struct EffectRow: Sendable {
    public let effect: ResolvedEffect
    /// The carousel's rectangle in the area (the layout's `size` centred, else the whole area).
    public let view: Rect
    let horizontal: Bool
    /// The carousel's length along the axis, the item's base length, and the pitch.
    public let length: Double, itemLength: Double, pitch: Double
    /// Where slot 0's leading edge is (along the axis, in the carousel) when snapped.
    let lead: Double
    /// The point progress is measured from (along the axis, in the carousel) and the length of one unit of it.
    let reference: Double, unit: Double
    /// Which point of an item snaps: 0 its leading edge, 0.5 its centre, 1 its trailing edge.
    let anchor: Double

    public init(_ effect: ResolvedEffect, area: Size) {
        self.effect = effect
        let env = effect.env
        view = Rect((area.width - env.view.width) / 2, (area.height - env.view.height) / 2, env.view.width, env.view.height)
        horizontal = effect.doc.layout.axis == .horizontal
        length = horizontal ? env.view.width : env.view.height
        itemLength = env.length
        pitch = max(env.pitch, 1)
        switch effect.doc.snap.align {
        case .start: lead = 0
        case .center: lead = (length - itemLength) / 2
        case .end: lead = length - itemLength
        }
        anchor = effect.doc.snap.align == .start ? 0 : effect.doc.snap.align == .center ? 0.5 : 1
        switch effect.doc.progress.origin {
        case .snap: reference = anchor * length
        case .center: reference = length / 2
        }
        unit = effect.doc.progress.unit == .pitch ? pitch : max(itemLength, 1)
    }

    /// The scroll range when the row does not loop: from slot 0 snapped to the last slot snapped, or (snapping at
    /// the start) to the last item's trailing edge at the carousel's.
    public func maxScroll(count: Int) -> Double {
        let last = Double(max(count - 1, 0)) * pitch
        guard effect.doc.snap.align == .start, effect.doc.layout.positioning == .row else { return last }
        return min(last, max(Double(count) * pitch - effect.env.spacing - length, 0))
    }

    /// The leading edge of slot `k` along the row, with `extra` the lengths slots in a state add (slot -> extra).
    public func leadingEdge(_ k: Int, extra: [Int: Double]) -> Double {
        var x = Double(k) * pitch
        for (j, d) in extra {
            if j >= 0 && j < k { x += d } else if j < 0 && j >= k { x -= d }
        }
        return x
    }

    /// The scroll position at which slot `k` is snapped (its leading edge, centre or trailing edge at the snap
    /// point).
    public func snapScroll(_ k: Int, extra: [Int: Double]) -> Double {
        leadingEdge(k, extra: extra) + anchor * (extra[k] ?? 0)
    }

    /// Slot `k`'s progress (the tracks' `p`, and `snapProgress`, the layout file's: from the snap point in pitches)
    /// and untransformed rectangle (in the carousel area) at scroll `s`: in a row, the slot at its place along the
    /// row; in a stack, at the snap point. `extra` as for `leadingEdge`. An item's progress is measured at the
    /// point of it that snaps (leading edge, centre or trailing edge), or its centre from the carousel's centre.
    public func slot(_ k: Int, scroll s: Double, extra: [Int: Double]) -> (p: Double, snapProgress: Double, rect: Rect) {
        let own = itemLength + (extra[k] ?? 0)
        let leading = lead + leadingEdge(k, extra: extra) - s
        let centre = leading + own / 2
        let snapProgress = (anchor * length - (leading + anchor * own)) / pitch
        let point = effect.doc.progress.origin == .snap ? leading + anchor * own : centre
        let p = (reference - point) / unit
        let along = effect.doc.layout.positioning == .row ? centre - own / 2 : lead + (itemLength - own) / 2
        let size = effect.env.item
        let itemSize = horizontal ? Size(own, size.height) : Size(size.width, own)
        let across = horizontal ? view.height : view.width
        let crossSize = horizontal ? itemSize.height : itemSize.width
        let cross: Double
        switch effect.doc.layout.alignment {
        case .start: cross = 0
        case .center: cross = (across - crossSize) / 2
        case .end: cross = across - crossSize
        }
        let origin = horizontal ? Point(view.minX + along, view.minY + cross) : Point(view.minX + cross, view.minY + along)
        return (p, snapProgress, Rect(origin: origin, size: itemSize))
    }

    /// The homography from an item's own coordinates (0, 0 to its size) to the carousel area for an item at `rect`
    /// with `look` (from `look(at:)` of this or a state's resolved effect).
    public func projection(_ look: EffectLook, rect: Rect, in resolved: ResolvedEffect? = nil) -> Homography {
        (resolved ?? effect).transform(look, itemOrigin: rect.origin, size: rect.size, viewOrigin: view.origin).planeHomography
    }
}
