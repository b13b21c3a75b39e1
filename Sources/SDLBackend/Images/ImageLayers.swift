/// One image's layers: the image scaled to the sizes it is drawn at (device pixels), kept so that a card drawn at
/// rest, moving, or cropped (a cover-fitted card that only widens keeps its scale) is a plain copy every frame.
///
/// A layer is scaled from the image's `MipChain`, so each of its pixels depends only on the image, the size and the
/// filter: made again, or made in parts, it is the same. The filter is bilinear for an image drawn opaque, and the
/// nearest pixel for one drawn translucent: in this app an image is translucent only while it fades in or out
/// (expand's poster and still), when a size that changes every frame would otherwise cost a bilinear pass over every
/// pixel shown, every frame (as browsers draw animating images at a lower filter quality). A layer is scaled only
/// where it is shown, and further as more of it shows (a large page sliding in costs a strip a frame, not one frame
/// its whole size). A size that changes every frame (a scale animating) gets a new
/// layer each frame: only the part that is shown is scaled, in the memory of the last layer that was used in a
/// single frame only (sized after the first such step for any size the same mip level serves), so an animation
/// reuses one buffer. Layers drawn in more than one frame (at rest) are kept. At most `capacity` per image, the
/// least recently drawn dropped first.
struct ImageLayers {
    struct Layer {
        var buffer: PixelBuffer
        /// Whether `buffer` is a mip level itself (not owned, no memory of its own).
        var isLevel: Bool
        var lastUse: UInt64
        /// Frames it was drawn in.
        var frames: Int
        /// The part of the layer scaled so far (all of it unless it was made for an animation step).
        var valid: PixelRect
        /// Filtered bilinearly (else the nearest pixel).
        var smooth: Bool
    }

    private(set) var layers: [Layer] = []
    /// Most layers kept per image: its size at rest, a crop's size, and one animating.
    static let capacity = 3

    /// Pixel memory the layers own, in bytes.
    var bytes: Int { layers.reduce(0) { $0 + ($1.isLevel ? 0 : $1.buffer.bytes) } }

    /// What `layer` did: found a layer first drawn in an earlier frame (`hit`), found one already drawn in this
    /// frame (`again`: a partial frame's second region), made one (or scaled more of one), or could not.
    enum Outcome { case hit, again, made, failed }

    /// The layer of `width` x `height` for frame `frame`, filtered bilinearly when `smooth`, with at least `needed`
    /// (layer pixels) scaled, made from `mips` when there is none.
    mutating func layer(width: Int32, height: Int32, smooth: Bool, needed: PixelRect, frame: UInt64, mips: MipChain) -> (PixelBuffer?, Outcome) {
        let whole = PixelRect(x: 0, y: 0, w: width, h: height)
        let needed = needed.intersection(whole)
        if let i = layers.firstIndex(where: { $0.buffer.width == width && $0.buffer.height == height && ($0.isLevel || $0.smooth == smooth) }) {
            let first = layers[i].lastUse != frame
            if first { layers[i].frames += 1 }
            layers[i].lastUse = frame
            guard !needed.isEmpty, layers[i].valid.intersection(needed) != needed else { return (layers[i].buffer, first ? .hit : .again) }
            // Shown further than scaled so far (a page sliding in, an animation's layer cropped differently): only
            // what is new, so a large picture revealed over a slide is scaled a strip a frame.
            let grown = layers[i].valid.union(needed)
            for part in grown.subtracting(layers[i].valid) { mips.level(for: width, height).scale(into: layers[i].buffer, region: part, smooth: smooth) }
            layers[i].valid = grown
            return (layers[i].buffer, .made)
        }
        let source = mips.level(for: width, height)
        if source.width == width && source.height == height {
            insert(Layer(buffer: source, isLevel: true, lastUse: frame, frames: 1, valid: whole, smooth: true), frame: frame)
            return (source, .hit)
        }
        // An animation step: the image had a layer drawn in one frame only, the last one (the previous step). Its
        // memory is reused, and only the part shown now is scaled.
        let steps = layers.indices.filter { !layers[$0].isLevel && layers[$0].frames <= 1 && layers[$0].lastUse < frame }
        let animating = steps.contains { layers[$0].lastUse + 1 == frame }
        let bytes = Int(width) * Int(height) * 4
        // The smallest step's memory that fits (a poster and a still of one image may both be animating); else the
        // oldest step goes and new memory is made.
        let fitting = steps.filter { layers[$0].buffer.capacity >= bytes }.min { layers[$0].buffer.capacity < layers[$1].buffer.capacity }
        var reuse: PixelBuffer?
        if let i = fitting ?? steps.min(by: { layers[$0].lastUse < layers[$1].lastUse }) { reuse = layers.remove(at: i).buffer }
        // Only the part shown now: the rest when it shows (a picture sliding in is scaled as it is revealed).
        let region = needed.isEmpty ? whole : needed
        let buffer: PixelBuffer
        if let reuse, reuse.reshape(width: width, height: height) {
            buffer = reuse
        } else {
            // Growing past the reused memory: room for any size this level serves, so the next steps fit.
            let room = animating ? Int(max(source.width, width)) * Int(max(source.height, height)) * 4 : 0
            guard let made = PixelBuffer(width: width, height: height, opaque: source.opaque, capacity: room) else { return (nil, .failed) }
            buffer = made
        }
        buffer.opaque = source.opaque
        source.scale(into: buffer, region: region, smooth: smooth)
        insert(Layer(buffer: buffer, isLevel: false, lastUse: frame, frames: 1, valid: region, smooth: smooth), frame: frame)
        return (buffer, .made)
    }

    /// Marks the layer of that size and filter drawn in `frame` without making it (a drawing outside a partial frame's
    /// region).
    mutating func touch(width: Int32, height: Int32, smooth: Bool, frame: UInt64) {
        guard let i = layers.firstIndex(where: { $0.buffer.width == width && $0.buffer.height == height && ($0.isLevel || $0.smooth == smooth) }) else { return }
        if layers[i].lastUse != frame { layers[i].frames += 1 }
        layers[i].lastUse = frame
    }

    private mutating func insert(_ layer: Layer, frame: UInt64) {
        if layers.count >= ImageLayers.capacity, let i = layers.indices.filter({ layers[$0].lastUse < frame })
            .min(by: { layers[$0].lastUse < layers[$1].lastUse }) {
            layers.remove(at: i)
        }
        layers.append(layer)
    }

    /// Drops every layer.
    mutating func removeAll() { layers.removeAll() }
}
