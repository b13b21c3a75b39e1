import CarouselSupport
import CSDL2
import CSDL2Image
import CarouselCore
import Foundation
import ImageFetching

/// A load outcome waiting for the main thread (in the image store's `Mailbox`): decoding threads, fetches and retry
/// timers post, `pump()` drains.
struct DecodeOutcome {
    /// What happened to one load of an entry.
    enum Event: Sendable {
        /// Decoded, or failed to read or decode (not retried: the same bytes would fail the same way).
        case finished(DecodeResult)
        /// The bytes could not be fetched; retried with back-off when the error allows.
        case fetchFailed(FetchError)
        /// A retry's back-off is over.
        case retryDue
    }
    var raw: Int
    var generation: Int
    var event: Event
    var cpuSeconds = 0.0
    /// What the tile says over the decoded image (an animation shown as its first frame).
    var note: String?
}

/// Loads images for one SDL renderer: fetches and decodes on background threads, makes textures on the main thread.
///
/// Each source gets one stable handle. Plain paths and file:// URLs are decoded straight from the file; http(s)://
/// URLs are fetched by an `ImageFetcher` (memory cache, disk cache under the user's cache directory, then the
/// network) and decoded from memory. Decoding (SDL_image, then a downscale to the requested `maxPixelSize`) runs on
/// a queue two operations wide; the outcomes wait in a mailbox until `pump()`, called once per frame by the loop,
/// turns them into textures. Until then an image is `.loading` (the core draws a placeholder).
///
/// A failed fetch makes the image `.failed` with the fetcher's one-line message (the core draws the error
/// placeholder) and, when the error is retryable, schedules another attempt after `retryPolicy`'s back-off; the
/// image stays failed until an attempt succeeds. Bytes that are not an image fail without retries.
///
/// Textures live under a memory budget: when it is exceeded the textures drawn least recently (never those of the
/// current frame) are dropped and loaded again when next drawn.
@MainActor
public final class SDLImageStore: ImageStore {
    struct Entry {
        var source: String
        var state: ImageState = .loading
        /// While failed: why, without the source's name (what the tile says).
        var failureReason: String?
        /// While ready: what the tile says over the image (`ImageStore.note(of:)`).
        var note: String?
        var texture: OpaquePointer?
        var textureSize: (w: Int32, h: Int32) = (0, 0)
        /// Whether every pixel of the texture is opaque.
        var opaque = false
        var lastUse: UInt64 = 0
        /// The largest size asked for; nil means full size.
        var requested: Size?
        /// The size the current texture was decoded for (nil: full size).
        var decodedFor: Size?
        var inFlight = false
        var generation = 0
        /// Counts the changes of the pixels held (stored, dropped): see `pixelsVersion(of:)`.
        var pixelsVersion = 0
        /// Failed fetches in a row (reset by a success), for the retry back-off.
        var failedAttempts = 0
        /// Whether the source is a file (decoded in place) rather than fetched.
        var isLocal: Bool { SDLImageStore.localPath(source) != nil }
        /// Software rendering: the decoded pixels and their mip levels (instead of `texture`), and the image at the
        /// sizes it is drawn at.
        var mips: MipChain?
        var layers = ImageLayers()
        var bytes: Int { mips.map { $0.bytes + layers.bytes } ?? Int(textureSize.w) * Int(textureSize.h) * 4 }
        /// Whether pixels are held (a texture or mip levels).
        var hasPixels: Bool { texture != nil || mips != nil }
    }

    private let context: RendererContext
    private var handles: [String: ImageHandle] = [:]
    private var entries: [Entry] = []
    private let queue: OperationQueue
    private let mailbox = Mailbox<DecodeOutcome>()
    private var frame: UInt64 = 1
    /// The images that have a texture, least recently drawn first: what the budget evicts from.
    private var drawOrder = LRUCache<Int, Void>(costLimit: .max)
    private var fetcherStorage: ImageFetcher?
    /// Bytes held by textures.
    public private(set) var textureBytes = 0
    /// The texture memory budget in bytes (default 64 MB: a row's visible images several times over, at their drawn
    /// sizes, so a deck of 2,000 images keeps the whole process within 150 MB).
    public var textureBudget: Int
    /// Images with more pixels than this are refused (default 100 megapixels).
    public var pixelBudget: Int = 100_000_000
    /// Limits and caches for remote images (default: 10 s timeout, disk cache under the user's cache directory).
    /// Takes effect for the fetcher made at the first remote image; set it before then.
    public var fetchConfiguration = ImageFetcher.Configuration()
    /// When to try a failed remote image again.
    public var retryPolicy = RetryPolicy()
    /// Called on the main thread from `pump()` when an image changed state or got a new texture.
    public var onChange: (@MainActor () -> Void)?
    /// Called on the main thread from `pump()` with the one-line message of each image that failed to load (the CLI
    /// prints it on stderr; the item itself shows the error placeholder).
    public var onFailure: (@MainActor (String) -> Void)?
    /// Called on a decoding thread after each result is posted, to wake an event loop that sleeps.
    var wake: (@Sendable () -> Void)?

    /// Whether images are kept as pixels for the software renderer's compositor (`MipChain`s made on the decoding
    /// threads, layers at drawn size) rather than as textures.
    let keepsPixels: Bool

    init(context: RendererContext, textureBudget: Int = 64 << 20) {
        self.context = context
        keepsPixels = context.software
        self.textureBudget = textureBudget
        queue = OperationQueue()
        queue.name = "carousel-lab.image-decode"
        queue.maxConcurrentOperationCount = 2
        queue.qualityOfService = .userInitiated
        // Initialise the codecs once here: SDL_image otherwise does it lazily, racing between decoding threads.
        _ = IMG_Init(Int32(IMG_INIT_JPG.rawValue | IMG_INIT_PNG.rawValue | IMG_INIT_WEBP.rawValue | IMG_INIT_TIF.rawValue))
    }

    isolated deinit {
        queue.cancelAllOperations()
        for e in entries { if let t = e.texture { SDL_DestroyTexture(t) } }
    }

    // MARK: ImageStore

    /// Device pixels per point of the renderer that draws these images. The styles ask for twice the size they draw
    /// at (`StyleSupport.pixelBudget`), enough up to 2x; denser displays raise the request in proportion, so an image
    /// is decoded at its drawn size times the scale.
    public var displayScale: Double = 1
    private var densityAboveBudget: Double { max(1, displayScale / 2) }

    /// The stable handle for `source` (a path, file:// or http(s):// URL), starting its load on first use. A later
    /// call asking for a larger `maxPixelSize` than the texture was made for decodes it again at that size.
    public func handle(for source: String, maxPixelSize requestedSize: Size?) -> ImageHandle {
        let maxPixelSize = requestedSize.map { Size($0.width * densityAboveBudget, $0.height * densityAboveBudget) }
        if let h = handles[source] {
            var e = entries[h.raw]
            let grown = SDLImageStore.larger(e.requested, maxPixelSize)
            if grown != e.requested {
                e.requested = grown
                entries[h.raw] = e
                if case .ready(let natural) = e.state, e.hasPixels, !e.inFlight,
                   Double(e.textureSize.w) < natural.width,
                   SDLImageStore.needsBetter(decodedFor: e.decodedFor, requested: grown) {
                    startLoad(h.raw)
                }
            }
            return h
        }
        let h = ImageHandle(entries.count)
        handles[source] = h
        entries.append(Entry(source: source, requested: maxPixelSize))
        startLoad(h.raw)
        return h
    }

    /// The state of the image behind `handle`; unknown handles read as failed.
    public func state(of handle: ImageHandle) -> ImageState {
        guard entries.indices.contains(handle.raw) else { return .failed("unknown image handle \(handle.raw)") }
        return entries[handle.raw].state
    }

    /// The source string `handle` was made for.
    public func source(of handle: ImageHandle) -> String? {
        entries.indices.contains(handle.raw) ? entries[handle.raw].source : nil
    }

    /// Why the image failed, without its name: its failure message after "source: ".
    public func failureReason(of handle: ImageHandle) -> String? {
        guard entries.indices.contains(handle.raw) else { return "unknown image handle \(handle.raw)" }
        return entries[handle.raw].failureReason
    }

    /// What the tile says over a ready image: an animated GIF or PNG is shown as its first frame.
    public func note(of handle: ImageHandle) -> String? {
        guard entries.indices.contains(handle.raw), case .ready = entries[handle.raw].state else { return nil }
        return entries[handle.raw].note
    }

    /// Why the image at `source` cannot be shown, as far as the file tells without decoding it (its kind, size,
    /// header, structure, a signature no decoder knows); nil when it looks fine, and for remote sources (not fetched
    /// here). The same words as the image's tile says once it is loaded (`failureReason(of:)`): a deck's check
    /// (the deck message's "2 could not be read: ..."). Safe on any thread.
    public nonisolated static func problem(of source: String, pixelBudget: Int) -> String? {
        guard let path = localPath(source) else { return nil }
        return SDLWorkerThread.run {
            if let problem = ImageDecoder.problemBeforeDecoding(path: path, pixelBudget: pixelBudget) { return problem }
            return ImageHeader.isKnownImage(path: path) ? nil : "not an image or an unsupported format"
        }
    }

    // MARK: Loop integration

    /// Whether any image still to be shown is being fetched or decoded. A failed image counts as settled, even
    /// while a retry is scheduled or running.
    /// Whether any image has been ready to draw since the store was made (the window's first frame waits for one).
    public private(set) var hasHadReadyImage = false

    public var isLoading: Bool {
        entries.contains { e in
            if case .failed = e.state { return false }
            return e.inFlight
        }
    }

    /// The fetcher for remote images, made with `fetchConfiguration` on first use (its statistics tell where
    /// bytes came from).
    public var fetcher: ImageFetcher {
        if let fetcherStorage { return fetcherStorage }
        let made = ImageFetcher(configuration: fetchConfiguration)
        fetcherStorage = made
        return made
    }

    /// CPU seconds the decoding threads have spent on the decodes delivered so far (for the benchmark).
    public private(set) var decodeCPUSeconds = 0.0

    /// The calling thread's CPU time in seconds.
    nonisolated static func threadCPUSeconds() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }


    /// Turns finished decodes into textures (or failures) and enforces the texture budget. Call once per frame on
    /// the main thread. Returns true when any image changed state or texture, so the frame must be redrawn.
    @discardableResult
    public func pump() -> Bool {
        let items = mailbox.drain()
        // Layers are made while painting, so the budget is checked on every call, not only on decodes.
        guard !items.isEmpty else { enforceBudget(); return false }
        var changed = false
        for item in items {
            decodeCPUSeconds += item.cpuSeconds
            guard entries.indices.contains(item.raw), entries[item.raw].generation == item.generation else {
                if case .finished(.decoded(let box, _, _)) = item.event, let s = box.take() { SDL_FreeSurface(s) }
                continue
            }
            var e = entries[item.raw]
            switch item.event {
            case .retryDue:
                // Only a failed image with no load running retries; anything else superseded this retry.
                guard case .failed = e.state, !e.inFlight else { continue }
                startLoad(item.raw)
                continue
            case .fetchFailed(let error):
                e.inFlight = false
                guard !e.hasPixels else { break }
                markFailed(&e, error.message)
                e.failedAttempts += 1
                if let delay = retryPolicy.delay(after: error, attempt: e.failedAttempts) {
                    scheduleRetry(item.raw, generation: item.generation, after: delay)
                }
            case .finished(.failed(let message)):
                e.inFlight = false
                if !e.hasPixels { markFailed(&e, message) }
                // Bytes that do not decode would fail the same way from the caches: forget them.
                if !e.isLocal { fetcher.removeCachedData(for: e.source) }
            case .finished(.decoded(let box, let natural, let opaque)):
                e.inFlight = false
                e.failedAttempts = 0
                guard let surface = box.take() else { continue }
                defer { SDL_FreeSurface(surface) }
                guard let tex = SDL_CreateTextureFromSurface(context.renderer, surface) else {
                    markFailed(&e, "\(displayName(e.source)): cannot create texture (\(RendererContext.lastError()))")
                    break
                }
                SDL_SetTextureBlendMode(tex, SDL_BLENDMODE_BLEND)
                SDL_SetTextureScaleMode(tex, SDL_ScaleModeLinear)
                dropPixels(&e)
                e.note = item.note
                e.texture = tex
                e.textureSize = (surface.pointee.w, surface.pointee.h)
                ready(&e, item.raw, natural: natural, opaque: opaque)
            case .finished(.pixels(let chain, let natural, let opaque)):
                e.inFlight = false
                e.failedAttempts = 0
                dropPixels(&e)
                e.note = item.note
                e.mips = chain
                e.textureSize = (chain.base.width, chain.base.height)
                ready(&e, item.raw, natural: natural, opaque: opaque)
            }
            entries[item.raw] = e
            changed = true
        }
        enforceBudget()
        if changed { onChange?() }
        return changed
    }

    /// Marks `e` (entry `raw`) ready with the pixels just stored in it.
    private func ready(_ e: inout Entry, _ raw: Int, natural: Size, opaque: Bool) {
        e.failureReason = nil
        e.opaque = opaque
        e.decodedFor = e.requested
        textureBytes += e.bytes
        e.state = .ready(natural)
        hasHadReadyImage = true
        e.lastUse = max(e.lastUse, frame)
        drawOrder.insert((), for: raw, cost: 0)
    }

    /// Sets `e` to failed with `message`, reporting the message to `onFailure` unless it already failed with it
    /// (a retry that fails the same way is reported once).
    private func markFailed(_ e: inout Entry, _ message: String) {
        if case .failed(message) = e.state { return }
        onFailure?(message)
        e.state = .failed(message)
        let name = "\(SDLImageStore.localPath(e.source) ?? e.source): "
        e.failureReason = message.hasPrefix(name) ? String(message.dropFirst(name.count)) : message
    }

    /// Blocks the main thread, pumping, until no image is loading or `timeout` seconds passed (for headless capture).
    /// Network loads are waited for; failed images are settled (their scheduled retries are not waited for).
    /// Returns whether everything finished.
    public func waitUntilLoaded(timeout: Double) -> Bool {
        mailbox.pump({ _ = pump() }, until: { !isLoading }, timeout: timeout)
    }

    // MARK: Renderer side

    /// Marks the start of a frame, for the least-recently-drawn bookkeeping.
    func beginFrame() { frame += 1 }

    /// The texture for `handle`, its pixel size and whether it is opaque, marking it drawn this frame; nil when it is
    /// not ready. A ready image whose texture was evicted starts decoding again.
    func texture(for handle: ImageHandle) -> (texture: OpaquePointer, width: Int32, height: Int32, natural: Size, opaque: Bool)? {
        guard entries.indices.contains(handle.raw) else { return nil }
        guard case .ready(let natural) = entries[handle.raw].state else { return nil }
        entries[handle.raw].lastUse = frame
        _ = drawOrder.value(for: handle.raw)
        guard let t = entries[handle.raw].texture else {
            if !entries[handle.raw].inFlight { startLoad(handle.raw) }
            return nil
        }
        let s = entries[handle.raw].textureSize
        return (t, s.w, s.h, natural, entries[handle.raw].opaque)
    }

    /// The image behind `handle` as pixels (software rendering): its natural size and whether it is opaque,
    /// marking it drawn this frame; nil when it is not ready. A ready image whose pixels were evicted starts
    /// decoding again.
    func pixels(for handle: ImageHandle) -> (natural: Size, opaque: Bool)? {
        guard entries.indices.contains(handle.raw), case .ready(let natural) = entries[handle.raw].state else { return nil }
        entries[handle.raw].lastUse = frame
        _ = drawOrder.value(for: handle.raw)
        guard entries[handle.raw].mips != nil else {
            if !entries[handle.raw].inFlight { startLoad(handle.raw) }
            return nil
        }
        return (natural, entries[handle.raw].opaque)
    }

    /// `handle`'s image at `width` x `height` device pixels (see `ImageLayers`), filtered bilinearly when `smooth`
    /// (else the nearest pixel: a translucent drawing): kept from an earlier frame, or scaled now from the nearest
    /// mip level, at least its `needed` part (layer pixels; all of it by default). Nil when the image has no pixels.
    func layer(for handle: ImageHandle, width: Int32, height: Int32, smooth: Bool = true, needed: PixelRect? = nil) -> PixelBuffer? {
        guard entries.indices.contains(handle.raw), width > 0, height > 0, let mips = entries[handle.raw].mips else { return nil }
        // Layers, and mip levels made late (see `MipChain`), count against the budget.
        let before = entries[handle.raw].bytes
        let (buffer, outcome) = entries[handle.raw].layers.layer(width: width, height: height, smooth: smooth,
                                                                 needed: needed ?? PixelRect(x: 0, y: 0, w: width, h: height), frame: frame, mips: mips)
        textureBytes += entries[handle.raw].bytes - before
        switch outcome {
        case .hit: layerCounts.hits += 1
        case .made: layerCounts.made += 1
        case .again, .failed: break
        }
        return buffer
    }

    /// The mip level of `handle`'s image to sample a projected drawing of about `width` x `height` device pixels
    /// from (the smallest level at least that large; see `MipChain.level`), marking it drawn; nil when it has no
    /// pixels. Levels made for it count against the budget.
    func mipLevel(for handle: ImageHandle, width: Int32, height: Int32) -> PixelBuffer? {
        guard entries.indices.contains(handle.raw), let mips = entries[handle.raw].mips else { return nil }
        entries[handle.raw].lastUse = frame
        let before = entries[handle.raw].bytes
        let level = mips.level(for: max(width, 1), max(height, 1))
        textureBytes += entries[handle.raw].bytes - before
        return level
    }

    /// Notes `handle`'s layer of that size as drawn this frame without making it (outside a partial frame's region).
    func touchLayer(for handle: ImageHandle, width: Int32, height: Int32, smooth: Bool) {
        guard entries.indices.contains(handle.raw) else { return }
        entries[handle.raw].lastUse = frame
        entries[handle.raw].layers.touch(width: width, height: height, smooth: smooth, frame: frame)
    }

    /// Layers found already made (`hits`: a card at rest, moving, or cropped) and made (`made`: a new size), over
    /// the store's life: `--stats` and the bench.
    public struct LayerCounts: Sendable, Equatable {
        public var hits = 0
        public var made = 0
        /// The share of layer requests served without scaling.
        public var hitRate: Double { hits + made > 0 ? Double(hits) / Double(hits + made) : 0 }
    }
    public private(set) var layerCounts = LayerCounts()

    /// Drops an entry's pixels (texture, or mip levels and layers) and their bytes.
    private func dropPixels(_ e: inout Entry) {
        e.pixelsVersion += 1
        textureBytes -= e.bytes
        if let t = e.texture { SDL_DestroyTexture(t) }
        e.texture = nil
        e.mips = nil
        e.layers.removeAll()
        e.textureSize = (0, 0)
    }

    /// A number that changes whenever the pixels held for `handle` do (decoded, replaced, dropped): a frame drawing
    /// it the same way draws it again (`ImageFacts.version`).
    public func pixelsVersion(of handle: ImageHandle) -> Int {
        entries.indices.contains(handle.raw) ? entries[handle.raw].pixelsVersion : 0
    }

    /// The sizes of the layers kept for `handle` (for tests).
    func layerSizes(of handle: ImageHandle) -> [Size] {
        guard entries.indices.contains(handle.raw) else { return [] }
        return entries[handle.raw].layers.layers.map { Size(Double($0.buffer.width), Double($0.buffer.height)) }
    }

    /// The mip levels' sizes of `handle`'s image (for tests).
    func mipSizes(of handle: ImageHandle) -> [Size] {
        guard entries.indices.contains(handle.raw), let m = entries[handle.raw].mips else { return [] }
        return m.levels.map { Size(Double($0.width), Double($0.height)) }
    }

    /// The pixel size of the texture (or decoded pixels) behind `handle` (for tests and diagnostics).
    public func textureSize(of handle: ImageHandle) -> Size? {
        guard entries.indices.contains(handle.raw), entries[handle.raw].hasPixels else { return nil }
        let s = entries[handle.raw].textureSize
        return Size(Double(s.w), Double(s.h))
    }

    // MARK: Loading

    /// Starts loading entry `raw` (again): a new generation, so outcomes of older loads are ignored.
    private func startLoad(_ raw: Int) {
        var e = entries[raw]
        e.generation += 1
        e.inFlight = true
        entries[raw] = e
        let (generation, source, maxSize, budget, mips) = (e.generation, e.source, e.requested, pixelBudget, keepsPixels)
        let mailbox = self.mailbox, wake = self.wake, queue = self.queue
        let finish: @Sendable (DecodeOutcome.Event, Double, String?) -> Void = { event, cpuSeconds, note in
            mailbox.post(.init(raw: raw, generation: generation, event: event, cpuSeconds: cpuSeconds, note: note))
            wake?()
        }
        if let path = SDLImageStore.localPath(source) {
            queue.addOperation {
                let start = SDLImageStore.threadCPUSeconds()
                let result = SDLWorkerThread.run {
                    ImageDecoder.decode(path: path, name: path, maxPixelSize: maxSize, pixelBudget: budget).withMips(mips, levels: maxSize != nil)
                }
                let note: String? = if case .failed = result { nil } else { ImageDecoder.note(path: path) }
                finish(.finished(result), SDLImageStore.threadCPUSeconds() - start, note)
            }
            return
        }
        let fetcher = self.fetcher
        Task.detached {
            switch await fetcher.fetch(source) {
            case .failure(let error):
                finish(.fetchFailed(error), 0, nil)
            case .success(let data):
                queue.addOperation {
                    let start = SDLImageStore.threadCPUSeconds()
                    let result = SDLWorkerThread.run {
                        ImageDecoder.decode(data: data, name: source, maxPixelSize: maxSize, pixelBudget: budget).withMips(mips, levels: maxSize != nil)
                    }
                    let note: String? = if case .failed = result { nil } else { data.withUnsafeBytes(ImageDecoder.note) }
                    finish(.finished(result), SDLImageStore.threadCPUSeconds() - start, note)
                }
            }
        }
    }

    /// Posts `.retryDue` for entry `raw` after `delay` seconds, from a background timer (the main thread may be
    /// asleep in the event loop, so the post also wakes it).
    private func scheduleRetry(_ raw: Int, generation: Int, after delay: Double) {
        let mailbox = self.mailbox, wake = self.wake
        DispatchQueue.global(qos: .utility).asyncAfter(deadline: .now() + delay) {
            mailbox.post(.init(raw: raw, generation: generation, event: .retryDue))
            wake?()
        }
    }

    /// How messages name a source: its path for files, else the source itself.
    private func displayName(_ source: String) -> String { MessageText.clean(SDLImageStore.localPath(source) ?? source, limit: 1000) }

    /// Drops least recently drawn textures (not drawn this frame) until the budget holds: O(textures dropped).
    private func enforceBudget() {
        while textureBytes > textureBudget, let i = drawOrder.leastRecentKey {
            // Drawn this frame: it and every texture drawn after it stay.
            guard entries[i].lastUse < frame else { break }
            drawOrder.remove(i)
            guard entries[i].hasPixels else { continue }
            dropPixels(&entries[i])
        }
    }

    /// The file path of a plain path or file:// URL; nil for other URLs.
    nonisolated static func localPath(_ source: String) -> String? {
        if source.lowercased().hasPrefix("file://") { return URL(string: source)?.path }
        // A URL scheme (letter, then letters, digits, + . -) before "://": checked by hand, as a regular expression
        // here cost a frame a millisecond whenever items scrolled into view.
        if let colon = source.utf8.firstIndex(of: UInt8(ascii: ":")), source.utf8[colon...].starts(with: "://".utf8) {
            let scheme = source.utf8[..<colon]
            if let first = scheme.first, isLetter(first),
               scheme.allSatisfy({ isLetter($0) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2B || $0 == 0x2E || $0 == 0x2D }) {
                return nil
            }
        }
        return source
    }

    private nonisolated static func isLetter(_ c: UInt8) -> Bool { (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) }

    /// The larger of two size requests per axis (nil, full size, wins).
    static func larger(_ a: Size?, _ b: Size?) -> Size? {
        guard let a, let b else { return nil }
        return Size(max(a.width, b.width), max(a.height, b.height))
    }

    /// Whether a texture made for `decodedFor` is noticeably smaller than what `requested` asks for.
    static func needsBetter(decodedFor: Size?, requested: Size?) -> Bool {
        guard let decodedFor else { return false }
        guard let requested else { return true }
        return requested.width > decodedFor.width * 1.05 || requested.height > decodedFor.height * 1.05
    }
}
