import Foundation

/// The images of a deck that cannot be shown, as the deck message names them: "2 could not be read: a.jpg (empty
/// file), b.jpg (corrupt or truncated JPEG image)". Each is its file name, cut in the middle when long, and the gist
/// of its reason (the words before a parenthesis: "empty file (0 bytes)" is "empty file"), never cut.
public struct UnreadableImages: Equatable, Sendable {
    /// Each unreadable image's source and full reason, in deck order, each source once.
    public var images: [(source: String, reason: String)]

    public init(_ images: [(source: String, reason: String)]) { self.images = images }

    public static func == (a: Self, b: Self) -> Bool {
        a.images.map(\.source) == b.images.map(\.source) && a.images.map(\.reason) == b.images.map(\.reason)
    }

    /// How many images are named in the summary; the rest are counted ("(+3 more)").
    public static let named = 3
    /// The longest file name in the summary, in characters.
    public static let nameLimit = 40

    /// The deck's sources `check` finds unreadable (each source checked once). `check` gives the reason an image
    /// cannot be shown, or nil.
    public static func find(in sources: [String], check: (String) -> String?) -> UnreadableImages {
        var seen = Set<String>(), found: [(source: String, reason: String)] = []
        for source in sources where seen.insert(source).inserted {
            if let reason = check(source) { found.append((source, reason)) }
        }
        return UnreadableImages(found)
    }

    /// "2 could not be read: a.jpg (empty file), b.jpg (corrupt or truncated JPEG image) (+1 more)"; nil when none.
    public var summary: String? {
        guard !images.isEmpty else { return nil }
        let listed = images.prefix(Self.named).map { "\(Self.shortName($0.source)) (\(Self.gist($0.reason)))" }
        let more = images.count > Self.named ? " (+\(images.count - Self.named) more)" : ""
        return "\(images.count) could not be read: \(listed.joined(separator: ", "))\(more)"
    }

    /// The words of a reason before its first parenthesis or semicolon ("image too large (20000x20000, ...)" is
    /// "image too large"); the whole reason when it starts with one.
    public static func gist(_ reason: String) -> String {
        let cut = reason.firstRange(of: " (").map { reason[..<$0.lowerBound] } ?? reason[...]
        let gist = cut.split(separator: ";", maxSplits: 1).first.map(String.init) ?? String(cut)
        return gist.isEmpty ? reason : gist
    }

    /// A source's file name (a URL's last path component), cut in the middle with "…" to `nameLimit` characters.
    public static func shortName(_ source: String) -> String {
        let name: String
        if let url = URL(string: source), let scheme = url.scheme, scheme.count > 1, !url.lastPathComponent.isEmpty, url.lastPathComponent != "/" {
            name = url.lastPathComponent
        } else {
            name = (source as NSString).lastPathComponent
        }
        let flat = name.split(whereSeparator: \.isNewline).joined(separator: " ")
        guard flat.count > nameLimit else { return flat }
        let head = (nameLimit - 1) / 2, tail = nameLimit - 1 - head
        return String(flat.prefix(head)) + "…" + String(flat.suffix(tail))
    }
}
