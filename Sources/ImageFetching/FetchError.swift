/// Why a source could not be fetched, as one line naming the source and the problem (for the error placeholder and
/// the terminal).
public struct FetchError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The kind of failure, for deciding what to do about it.
    public enum Kind: Equatable, Sendable {
        /// The source is not a path, file:// or http(s):// URL, or the URL is malformed.
        case invalidSource
        /// A local file does not exist.
        case notFound
        /// A local file exists but cannot be read (a folder, no permission).
        case unreadable
        /// The server answered with a status outside 200...299.
        case http(status: Int)
        /// No complete response within the timeout.
        case timeout
        /// The body is larger than the byte budget (as sent, or once decompressed).
        case tooLarge(limit: Int)
        /// More redirects than the fetcher follows (a loop, or a chain too long).
        case tooManyRedirects
        /// The server answered with something that is not an image (an HTML page with status 200, text, unknown
        /// bytes).
        case notAnImage
        /// The connection failed (refused, host not found, dropped, closed early) or the body was empty.
        case network
        /// The caller's task was cancelled.
        case cancelled
    }

    /// The source as the deck gave it.
    public let source: String
    public let kind: Kind
    /// One line: the source, a colon, the problem.
    public let message: String

    public init(source: String, kind: Kind, problem: String) {
        self.source = source
        self.kind = kind
        let line = "\(source): \(problem)"
        message = line.split(whereSeparator: \.isNewline).joined(separator: " ")
    }

    public var description: String { message }

    /// Whether trying again later can help. A malformed source, an oversized image, a redirect loop or a page that
    /// is not an image stays so; a missing file, an HTTP error (a 404 included: the file may be put up), a timeout
    /// or a dropped connection may not.
    public var isRetryable: Bool {
        switch kind {
        case .invalidSource, .tooLarge, .tooManyRedirects, .notAnImage, .cancelled: false
        case .notFound, .unreadable, .http, .timeout, .network: true
        }
    }
}

/// When to try a failed fetch again: exponential back-off, capped, for a bounded number of attempts.
///
/// `ImageFetcher.fetch` never retries by itself: the image store shows the error placeholder, asks this policy for
/// the delay, and schedules the next attempt on its own clock (so a retry can be tested on a manual clock and
/// cancelled when the image is no longer wanted).
public struct RetryPolicy: Equatable, Sendable {
    /// The delay before the second attempt, in seconds.
    public var initialDelay: Double
    /// The factor between consecutive delays.
    public var multiplier: Double
    /// The longest delay, in seconds.
    public var maxDelay: Double
    /// Attempts in all, the first included.
    public var maxAttempts: Int

    /// 0.5 s, 1 s, 2 s, 4 s, ... capped at 30 s; 6 attempts in all.
    public init(initialDelay: Double = 0.5, multiplier: Double = 2, maxDelay: Double = 30, maxAttempts: Int = 6) {
        self.initialDelay = max(initialDelay, 0)
        self.multiplier = max(multiplier, 1)
        self.maxDelay = max(maxDelay, self.initialDelay)
        self.maxAttempts = max(maxAttempts, 1)
    }

    /// The delay before attempt `attempt + 1`, after `attempt` failed attempts (1 after the first failure), or nil
    /// when no attempt is left.
    public func delay(forAttempt attempt: Int) -> Double? {
        guard attempt >= 1, attempt < maxAttempts else { return nil }
        var d = initialDelay
        for _ in 1..<attempt where d < maxDelay { d *= multiplier }
        return min(d, maxDelay)
    }

    /// The delay before the next attempt after `error` on failed attempt `attempt`, or nil when the store should
    /// give up (the error is permanent or no attempt is left).
    public func delay(after error: FetchError, attempt: Int) -> Double? {
        error.isRetryable ? delay(forAttempt: attempt) : nil
    }
}
