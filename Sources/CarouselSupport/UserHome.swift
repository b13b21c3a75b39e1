import Foundation

/// The user's home folder as the shell and the XDG base directory rules see it: `$HOME` when it is an absolute path,
/// else the password database's (Foundation's `NSHomeDirectory()`, which on Linux ignores `$HOME` for root).
public enum UserHome {
    /// The home folder for `environment`.
    public static func path(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? NSHomeDirectory()
    }
}
