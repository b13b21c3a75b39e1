/// Refers to an image owned by an `ImageStore`; the renderer resolves it to pixels.
public struct ImageHandle: Hashable, Sendable {
    public let raw: Int
    public init(_ raw: Int) { self.raw = raw }
}

/// A font request: the backend picks the face (DejaVu Sans on Linux) at `size` points.
public struct FontSpec: Hashable, Sendable {
    public var size: Double
    public var bold: Bool
    public init(size: Double, bold: Bool = false) { self.size = size; self.bold = bold }
}

/// A soft drop shadow under a rounded shape.
public struct Shadow: Hashable, Sendable {
    public var color: Color
    /// The blur radius: how far the shadow fades out beyond the shape.
    public var radius: Double
    public var offset: Point
    public init(color: Color, radius: Double, offset: Point) { self.color = color; self.radius = radius; self.offset = offset }
}

/// Everything the view tree needs to draw: a small immediate-mode API implemented by each backend.
///
/// State (transform, clip, opacity) is saved and restored as a stack. Coordinates passed to drawing calls are in the
/// current (transformed) space. Implementations support at least translation and scale in transforms.
@MainActor
public protocol Renderer: AnyObject {
    /// The drawable size in points.
    var size: Size { get }
    /// Starts a frame, clearing to `color`.
    func beginFrame(clearColor: Color)
    /// Ends the frame (the backend presents it or keeps it for reading).
    func endFrame()
    /// Pushes the current transform, clip and opacity.
    func save()
    /// Pops back to the state of the matching `save()`.
    func restore()
    /// Applies `transform` before the current one for everything drawn until the matching `restore()`.
    func concatenate(_ transform: Transform2D)
    /// Multiplies the opacity of everything drawn until the matching `restore()`.
    func multiplyOpacity(_ opacity: Double)
    /// Intersects the clip with a rounded rectangle.
    func clip(to rect: Rect, cornerRadius: Double)
    /// Fills a rounded rectangle with a colour.
    func fill(_ rect: Rect, cornerRadius: Double, color: Color)
    /// Fills `rect` rounded by `cornerRadius` with `gradient`, left to right.
    func fillGradient(_ rect: Rect, cornerRadius: Double, gradient: HorizontalGradient)
    /// Draws an image placed in `rect` by `contentMode`, clipped to `rect` rounded by `cornerRadius`.
    func drawImage(_ image: ImageHandle, in rect: Rect, cornerRadius: Double, contentMode: ContentMode, opacity: Double)
    /// Draws `content` (an image placed in `rect` by its content mode, or a colour filling it) cut to `rect` rounded
    /// by `cornerRadius`, mapped by the projective `projection` (from `rect`'s space into the current one, before
    /// the current transform): a picture turned in 3D and seen through a perspective. Its edges are anti-aliased,
    /// `opacity` multiplies the current opacity, and `effects` change its pixels first. What lies at or behind the
    /// viewer (w <= 0) is not drawn.
    func drawProjected(_ content: ProjectedContent, in rect: Rect, projection: Homography, cornerRadius: Double,
                       opacity: Double, effects: ImageEffects)
    /// Draws a soft shadow for a rounded rectangle.
    func drawShadow(for rect: Rect, cornerRadius: Double, shadow: Shadow)
    /// Draws one line of text with its top-left corner at `origin`.
    func drawText(_ text: String, at origin: Point, font: FontSpec, color: Color)
    /// The size one line of text takes.
    func measureText(_ text: String, font: FontSpec) -> Size
    /// The drawings until the next call belong to node `id` (for damage tracking; renderers that draw may ignore it).
    func beginNode(_ id: Int)
}

extension Renderer {
    public func beginNode(_ id: Int) {}
}

/// A renderer whose target keeps the last frame's pixels, so a frame may redraw and present only the parts that
/// changed (`FrameDamage` decides which). The regions are redrawn whole, in one pass: cleared, then every drawing
/// that reaches any of them, clipped to them pixel-exactly, so the result is the same as a full frame's.
@MainActor
public protocol PartialRenderer: Renderer {
    /// Whether the target holds the last frame drawn, unchanged (false after a resize, an exposure, a read-back, or
    /// on a renderer whose back buffer is undefined after a present, such as OpenGL's).
    var keepsLastFrame: Bool { get }
    /// Starts a frame that redraws only `regions` (points, whole device pixels): drawing is clipped to them, and
    /// each is cleared to `clearColor` first. `endFrame` presents them.
    func beginFrame(clearColor: Color, regions: [Rect])
    /// An image of the frame that lies outside the regions being drawn (with the `opacity` of its call): the renderer
    /// notes it as drawn (caches that follow what each frame draws then see the same frames as with whole frames),
    /// without drawing it.
    func skipImage(_ image: ImageHandle, in rect: Rect, contentMode: ContentMode, opacity: Double)
    /// Whether the last frame's pixels can be moved by `offset` (points) exactly: whole device pixels, on a target
    /// that keeps them (see `FrameDamage.Move`).
    func canMovePixels(by offset: Point) -> Bool
    /// Starts a frame as `beginFrame(clearColor:regions:)` does, after moving parts of the last frame's pixels
    /// (`moves`, which `canMovePixels` accepted, in order); `endFrame` presents the regions and where pixels moved to.
    func beginFrame(clearColor: Color, regions: [Rect], moves: [FrameDamage.Move])
    /// What a recorded frame needs to know of `image` as this renderer draws it: the size it is placed by and the
    /// version of its pixels (see `ImageFacts`).
    func facts(of image: ImageHandle) -> ImageFacts
}

/// What a recorded frame knows of a picture as a partial renderer draws it (`DrawListRecorder.imageFacts`).
public struct ImageFacts: Equatable, Sendable {
    /// The size `drawImage` places it by (its natural size), nil while not known: a fitted or centred picture's
    /// drawing is then bounded by the part of its rectangle it covers (`ResolvedDraw.extent`).
    public var placedSize: Size?
    /// Changes whenever its pixels do (decoded, decoded again at another size, dropped): a picture whose pixels
    /// changed is redrawn where it is, although its drawing is the same.
    public var version: Int
    public init(placedSize: Size?, version: Int) { self.placedSize = placedSize; self.version = version }
}

extension PartialRenderer {
    /// Nothing known: an image's drawing is bounded by its whole rectangle.
    public func facts(of image: ImageHandle) -> ImageFacts { ImageFacts(placedSize: nil, version: 0) }
    /// A renderer that cannot move pixels redraws instead.
    public func canMovePixels(by offset: Point) -> Bool { false }
    public func beginFrame(clearColor: Color, regions: [Rect], moves: [FrameDamage.Move]) {
        precondition(moves.isEmpty, "moves asked of a renderer that cannot move pixels")
        beginFrame(clearColor: clearColor, regions: regions)
    }
}

/// Where an image stands in its store.
public enum ImageState: Equatable, Sendable {
    /// Being fetched or decoded: draw a placeholder.
    case loading
    /// Ready to draw; `size` is the decoded image's natural size in pixels.
    case ready(Size)
    /// Could not be loaded; `message` names the file and the problem.
    case failed(String)
}

/// Loads images by source (a path or URL) and hands out handles. Loading belongs to the backend.
@MainActor
public protocol ImageStore: AnyObject {
    /// The handle for `source`, starting its load if needed. `maxPixelSize` hints the largest size it is drawn at,
    /// so the store may keep a downscaled copy.
    func handle(for source: String, maxPixelSize: Size?) -> ImageHandle
    /// The state of the image behind `handle`.
    func state(of handle: ImageHandle) -> ImageState
    /// The source the handle was made for.
    func source(of handle: ImageHandle) -> String?
    /// Why the image behind `handle` could not be loaded, without its name ("empty file (0 bytes)", "corrupt or
    /// truncated JPEG image (it ends before its end-of-image marker)"): what its tile says. Nil unless it failed.
    func failureReason(of handle: ImageHandle) -> String?
    /// What the tile of a ready image says over it, nil for almost every image: an animated GIF, shown as its first
    /// frame, says so ("GIF: first frame of 12").
    func note(of handle: ImageHandle) -> String?
}

extension ImageStore {
    /// The natural size once loaded, else nil.
    public func naturalSize(of handle: ImageHandle) -> Size? {
        if case .ready(let s) = state(of: handle) { return s }
        return nil
    }
}
