/// One image's layers: the image scaled to the sizes it is drawn at (device pixels), kept so that a card drawn at
/// rest, moving, or cropped (a cover-fitted card that only widens keeps its scale) is a plain copy every frame.
///
/// A layer is scaled from the image's `MipChain`, so its pixels depend only on the image and the size: made again,
/// it is the same. A size that changes every frame (a scale animating) gets a new layer each frame, made in the
/// memory of the last one that was used in a single frame only, so an animation reuses one buffer; layers drawn in
/// more than one frame (at rest) are kept. At most `capacity` per image, the least recently drawn dropped first.
struct ImageLayers {
    struct Layer {
        var buffer: PixelBuffer
        /// Whether `buffer` is a mip level itself (not owned, no memory of its own).
        var isLevel: Bool
        var lastUse: UInt64
        /// Frames it was drawn in.
        var frames: Int
    }

    private(set) var layers: [Layer] = []
    /// Most layers kept per image: its size at rest, a crop's size, and one animating.
    static let capacity = 3

    /// Pixel memory the layers own, in bytes.
    var bytes: Int { layers.reduce(0) { $0 + ($1.isLevel ? 0 : $1.buffer.bytes) } }

    /// What `layer` did: found a layer first drawn in an earlier frame (`hit`), found one already drawn in this
    /// frame (`again`: a partial frame's second region), made one, or could not.
    enum Outcome { case hit, again, made, failed }

    /// The layer of `width` x `height` for frame `frame`, made from `mips` when there is none.
    mutating func layer(width: Int32, height: Int32, frame: UInt64, mips: MipChain) -> (PixelBuffer?, Outcome) {
        if let i = layers.firstIndex(where: { $0.buffer.width == width && $0.buffer.height == height }) {
            let first = layers[i].lastUse != frame
            if first { layers[i].frames += 1 }
            layers[i].lastUse = frame
            return (layers[i].buffer, first ? .hit : .again)
        }
        if let level = mips.levels.first(where: { $0.width == width && $0.height == height }) {
            insert(Layer(buffer: level, isLevel: true, lastUse: frame, frames: 1), frame: frame)
            return (level, .hit)
        }
        // Memory to reuse: a layer drawn in one frame only, not this one (the last step of an animation).
        var reuse: PixelBuffer?
        if let i = layers.indices.filter({ !layers[$0].isLevel && layers[$0].frames <= 1 && layers[$0].lastUse < frame })
            .min(by: { layers[$0].lastUse < layers[$1].lastUse }) {
            reuse = layers.remove(at: i).buffer
        }
        guard let made = mips.level(for: width, height).scaled(width: width, height: height, reusing: reuse) else { return (nil, .failed) }
        insert(Layer(buffer: made, isLevel: false, lastUse: frame, frames: 1), frame: frame)
        return (made, .made)
    }

    /// Marks the layer of that size drawn in `frame` without making it (a drawing outside a partial frame's region).
    mutating func touch(width: Int32, height: Int32, frame: UInt64) {
        guard let i = layers.firstIndex(where: { $0.buffer.width == width && $0.buffer.height == height }) else { return }
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
