import Foundation

/// Finds the bundled resources (sample images, deck, presets) relative to the executable or the package, never
/// relative to the current directory alone.
public enum ResourceLocator {
    /// The folder holding `deck.json`, searched in order: `$CAROUSEL_LAB_RESOURCES`; `Resources` beside the
    /// executable or in any of its parent folders (a SwiftPM build sits in `.build/<config>/` under the package);
    /// `../share/carousel-lab/Resources` for an installed copy; the source tree this binary was built from.
    public static func resourcesFolder() -> String? {
        var candidates: [String] = []
        if let env = ProcessInfo.processInfo.environment["CAROUSEL_LAB_RESOURCES"], !env.isEmpty { candidates.append(env) }
        let exe = URL(fileURLWithPath: executablePath()).resolvingSymlinksInPath().deletingLastPathComponent()
        var dir = exe
        for _ in 0..<6 {
            candidates.append(dir.appendingPathComponent("Resources").path)
            dir = dir.deletingLastPathComponent()
        }
        candidates.append(exe.appendingPathComponent("../share/carousel-lab/Resources").standardizedFileURL.path)
        candidates.append(URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Resources").standardizedFileURL.path)
        return candidates.first { FileManager.default.fileExists(atPath: $0 + "/deck.json") }
    }

    /// The bundled deck file, if found.
    public static func bundledDeck() -> String? { resourcesFolder().map { $0 + "/deck.json" } }

    /// The running executable's path (from /proc/self/exe on Linux).
    public static func executablePath() -> String {
        if let p = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") { return p }
        return CommandLine.arguments.first ?? "."
    }
}
