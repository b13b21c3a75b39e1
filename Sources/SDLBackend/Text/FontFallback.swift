import CFontconfig
import Foundation

/// Finds, through fontconfig, an installed font that has a character DejaVu Sans lacks (Noto Sans CJK for Japanese
/// and Chinese, Noto Sans Arabic, Noto Color Emoji when installed), as desktop toolkits do. Answers are remembered
/// per character. With `CAROUSEL_LAB_FONT_DIRS` set, only the fonts in those folders are considered (as for the
/// primary face), so a test can take the fallbacks away.
@MainActor
final class FontFallback {
    private var config: OpaquePointer?
    private var started = false
    private var answers: [UInt32: String?] = [:]
    private let folders: [String]?

    /// `folders`: the only folders to search (`CAROUSEL_LAB_FONT_DIRS`), or nil for the system's fonts.
    init(folders: [String]? = FontFallback.restrictedFolders()) { self.folders = folders }

    /// The folders `CAROUSEL_LAB_FONT_DIRS` names, or nil when it is not set.
    nonisolated static func restrictedFolders(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> [String]? {
        environment["CAROUSEL_LAB_FONT_DIRS"].map { $0.split(separator: ":").map(String.init) }
    }

    isolated deinit { if let config { FcConfigDestroy(config) } }

    /// The path of a font file that has `scalar`, or nil when no installed font has it (it is drawn as a box).
    /// Emoji prefer a colour font.
    func font(for scalar: Unicode.Scalar) -> String? {
        if let known = answers[scalar.value] { return known }
        var found: String?
        if let config = configuration() {
            var buffer = [CChar](repeating: 0, count: 4096)
            let colour = scalar.properties.isEmojiPresentation ? 1 : 0
            if carousel_font_for_char(config, scalar.value, Int32(colour), &buffer, Int32(buffer.count)) != 0 {
                found = String(cString: buffer)
            }
        }
        if answers.count > 4096 { answers.removeAll(keepingCapacity: true) }
        answers[scalar.value] = found
        return found
    }

    /// `text` safe inside an XML element.
    nonisolated static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    }

    /// fontconfig's configuration: the system's, or one holding only the restricted folders' fonts.
    private func configuration() -> OpaquePointer? {
        guard !started else { return config }
        started = true
        guard FcInit() == FcTrue else { return nil }
        if let folders {
            // A configuration of those folders alone, caching where fontconfig caches for this user.
            guard let c = FcConfigCreate() else { return nil }
            let dirs = folders.map { "<dir>\(Self.escaped($0))</dir>" }.joined()
            let xml = "<fontconfig>\(dirs)<cachedir prefix=\"xdg\">fontconfig</cachedir></fontconfig>"
            guard FcConfigParseAndLoadFromMemory(c, xml, FcFalse) == FcTrue, FcConfigBuildFonts(c) == FcTrue else {
                FcConfigDestroy(c)
                return nil
            }
            config = c
        } else {
            config = FcConfigReference(nil)
        }
        return config
    }
}
