import Foundation

/// Fetches the bytes of an image named by a deck: a plain path, a `file://` URL, or an `http://` / `https://` URL.
///
/// Remote images go through a memory cache (bounded by bytes, least recently used out first), then a disk cache
/// under the user's cache directory (`$XDG_CACHE_HOME/carousel-lab/images`, else `~/.cache/carousel-lab/images`,
/// bounded in size, files named by the SHA-256 of the URL), then the network, so a second run is served from disk
/// without a request. Concurrent fetches of one URL share one request. Local files are read directly and not cached.
///
/// HTTP goes through libcurl (`HTTPClient`), with limits that hold against any server: a fetch keeps at most
/// `maxResponseBytes` of body in memory (a longer body, a Content-Length that lies, a chunked body with no length or
/// a gzip bomb is cut there), follows at most 10 redirects, is cut when it stalls or at its deadline, and a response
/// that is not an image (an HTML page with status 200) fails as such. Only images reach the caches.
///
/// `fetch` never retries: the caller (the image store) shows the error placeholder and retries on its own clock
/// with `RetryPolicy`. It is safe to call from any task or actor.
public final class ImageFetcher: Sendable {
    /// Limits and locations.
    public struct Configuration: Sendable {
        /// Seconds a whole HTTP response may take.
        public var timeout: Double
        /// Seconds a response may arrive slower than 1 KB/s before it is cut (a server that trickles bytes); at
        /// or above `timeout`, only the deadline applies.
        public var stallTimeout: Double
        /// The largest image accepted, in bytes (files and responses alike).
        public var maxResponseBytes: Int
        /// The memory cache's budget, in bytes (0 turns it off).
        public var memoryCacheBytes: Int
        /// The disk cache's budget, in bytes; the oldest files go beyond it.
        public var diskCacheBytes: Int
        /// The disk cache's folder, or nil for no disk cache.
        public var diskCacheDirectory: URL?

        /// 10 s (stalled after 5 s under 1 KB/s), 64 MB per image, 128 MB in memory, 200 MB on disk under
        /// `defaultCacheDirectory()`.
        public init(timeout: Double = 10, stallTimeout: Double = 5, maxResponseBytes: Int = 64 << 20,
                    memoryCacheBytes: Int = 128 << 20, diskCacheBytes: Int = 200 << 20,
                    diskCacheDirectory: URL? = Configuration.defaultCacheDirectory()) {
            self.timeout = max(timeout, 0.001)
            self.stallTimeout = max(stallTimeout, 1)
            self.maxResponseBytes = max(maxResponseBytes, 1)
            self.memoryCacheBytes = max(memoryCacheBytes, 0)
            self.diskCacheBytes = max(diskCacheBytes, 0)
            self.diskCacheDirectory = diskCacheDirectory
        }

        /// `$XDG_CACHE_HOME/carousel-lab/images` when XDG_CACHE_HOME is an absolute path (the XDG Base Directory
        /// rule), else `$HOME/.cache/carousel-lab/images`; nil without a home.
        public static func defaultCacheDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL? {
            let base: URL
            if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
                base = URL(fileURLWithPath: xdg, isDirectory: true)
            } else if let home = environment["HOME"], !home.isEmpty {
                base = URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(".cache", isDirectory: true)
            } else {
                return nil
            }
            return base.appendingPathComponent("carousel-lab", isDirectory: true).appendingPathComponent("images", isDirectory: true)
        }
    }

    /// Where fetched bytes came from, counted since the fetcher was made.
    public struct Statistics: Equatable, Sendable {
        public var memoryHits = 0
        public var diskHits = 0
        /// HTTP requests started.
        public var networkRequests = 0
        public var fileReads = 0
    }

    public let configuration: Configuration
    private let memory: Locked<MemoryCache>
    private let disk: DiskCache?
    private let http = HTTPClient()
    private let inFlight = Locked<[String: Task<Result<Data, FetchError>, Never>]>([:])
    private let counters = Locked(Statistics())

    /// A fetcher with `configuration`.
    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
        memory = Locked(MemoryCache(byteLimit: configuration.memoryCacheBytes))
        disk = configuration.diskCacheDirectory.map { DiskCache(directory: $0, byteLimit: configuration.diskCacheBytes) }
    }

    deinit { http.invalidate() }

    // MARK: Fetching

    /// The bytes of `source`, or a one-line error naming it. Remote sources come from the memory cache, the disk
    /// cache or the network, in that order; a network success fills both caches.
    public func fetch(_ source: String) async -> Result<Data, FetchError> {
        switch Self.classify(source) {
        case .failure(let error):
            return .failure(error)
        case .success(.file(let path)):
            counters.withLock { $0.fileReads += 1 }
            return readFile(path, source: source, limit: configuration.maxResponseBytes)
        case .success(.remote(let url)):
            let key = Self.cacheKey(for: source)
            if let data = memory.withLock({ $0.data(for: key) }) {
                counters.withLock { $0.memoryHits += 1 }
                return .success(data)
            }
            let task = inFlight.withLock { running in
                if let task = running[key] { return task }
                let task = Task { await self.load(url, source: source, key: key) }
                running[key] = task
                return task
            }
            return await task.value
        }
    }

    /// The bytes of a document that is not an image (a deck file named by URL): a path, `file://` or `http(s)://`,
    /// with the same limits as images (at most `maxBytes`, the time-outs, redirects) but no image check and no
    /// cache, so an edited deck is read afresh.
    public func fetchDocument(_ source: String, maxBytes: Int) async -> Result<Data, FetchError> {
        switch Self.classify(source) {
        case .failure(let error):
            return .failure(error)
        case .success(.file(let path)):
            return readFile(path, source: source, limit: maxBytes)
        case .success(.remote(let url)):
            var limits = HTTPLimits(bytes: min(maxBytes, configuration.maxResponseBytes), timeout: configuration.timeout,
                                    stall: configuration.stallTimeout)
            limits.imagesOnly = false
            return await http.get(url.absoluteString, source: source, limits: limits)
        }
    }

    /// The cached bytes of a remote `source` (memory, then disk), without touching the network; nil for files.
    public func cachedData(for source: String) -> Data? {
        guard case .success(.remote) = Self.classify(source) else { return nil }
        let key = Self.cacheKey(for: source)
        if let data = memory.withLock({ $0.data(for: key) }) { return data }
        return disk?.read(key, maxBytes: configuration.maxResponseBytes)
    }

    /// Counts of memory hits, disk hits, network requests and file reads so far.
    public var statistics: Statistics { counters.withLock { $0 } }

    /// Forgets the memory cache (the disk cache stays).
    public func clearMemoryCache() { memory.withLock { $0.removeAll() } }

    /// Forgets the cached bytes of a remote `source`, in memory and on disk (for bytes that turned out not to be
    /// an image, so the next attempt asks the server again). Does nothing for files.
    public func removeCachedData(for source: String) {
        guard case .success(.remote) = Self.classify(source) else { return }
        let key = Self.cacheKey(for: source)
        memory.withLock { $0.remove(key) }
        disk?.remove(key)
    }

    /// The disk-cache file a remote `source` is (or would be) stored in, or nil without a disk cache.
    public func diskCacheFile(for source: String) -> URL? { disk?.url(for: Self.cacheKey(for: source)) }

    /// The cache key of a source: the SHA-256 of its text, in hex.
    public static func cacheKey(for source: String) -> String { SHA256.hex(source) }

    private func load(_ url: URL, source: String, key: String) async -> Result<Data, FetchError> {
        defer { _ = inFlight.withLock { $0.removeValue(forKey: key) } }
        if let data = disk?.read(key, maxBytes: configuration.maxResponseBytes) {
            counters.withLock { $0.diskHits += 1 }
            memory.withLock { $0.insert(data, for: key) }
            return .success(data)
        }
        counters.withLock { $0.networkRequests += 1 }
        let limits = HTTPLimits(bytes: configuration.maxResponseBytes, timeout: configuration.timeout,
                                stall: configuration.stallTimeout)
        let result = await http.get(url.absoluteString, source: source, limits: limits)
        if case .success(let data) = result {
            memory.withLock { $0.insert(data, for: key) }
            disk?.write(data, for: key)
        }
        return result
    }

    // MARK: Sources

    enum Location: Equatable {
        case file(String)
        case remote(URL)
    }

    /// Sorts a deck's image source into a file path or a remote URL.
    static func classify(_ source: String) -> Result<Location, FetchError> {
        let trimmed = source.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { return .failure(FetchError(source: source, kind: .invalidSource, problem: "empty image source")) }
        let lower = trimmed.lowercased()
        if lower.hasPrefix("http://") || lower.hasPrefix("https://") {
            guard let url = URL(string: trimmed), let host = url.host, !host.isEmpty else {
                return .failure(FetchError(source: source, kind: .invalidSource, problem: "not a valid URL"))
            }
            return .success(.remote(url))
        }
        if lower.hasPrefix("file://") {
            if let url = URL(string: trimmed), url.isFileURL, !url.path.isEmpty { return .success(.file(url.path)) }
            let rest = String(trimmed.dropFirst("file://".count))
            return .success(.file(rest.removingPercentEncoding ?? rest))
        }
        if let scheme = trimmed.range(of: "://").map({ String(trimmed[..<$0.lowerBound]) }) {
            return .failure(FetchError(source: source, kind: .invalidSource,
                                       problem: "unsupported URL scheme \"\(scheme)\" (use a path, file://, http:// or https://)"))
        }
        return .success(.file((trimmed as NSString).expandingTildeInPath))
    }

    private func readFile(_ path: String, source: String, limit: Int) -> Result<Data, FetchError> {
        let fm = FileManager.default
        var isDirectory: ObjCBool = false
        guard fm.fileExists(atPath: path, isDirectory: &isDirectory) else {
            return .failure(FetchError(source: source, kind: .notFound, problem: "no such file"))
        }
        if isDirectory.boolValue {
            return .failure(FetchError(source: source, kind: .unreadable, problem: "is a folder, not an image file"))
        }
        let size = (try? URL(fileURLWithPath: path).resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? 0
        if size > limit {
            return .failure(FetchError(source: source, kind: .tooLarge(limit: limit),
                                       problem: "the file is larger than the \(ByteText.bytes(limit)) limit (\(ByteText.bytes(size)))"))
        }
        guard fm.isReadableFile(atPath: path), let data = fm.contents(atPath: path) else {
            return .failure(FetchError(source: source, kind: .unreadable, problem: "cannot read the file (permission denied)"))
        }
        return .success(data)
    }
}
