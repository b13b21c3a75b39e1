import Foundation

/// Whether a test that needs something from the machine (a display, xdotool, ffmpeg, the built app) runs.
///
/// Outside CI a missing tool skips the test with its reason. Under `CI=true` the test runs anyway, so it fails on
/// what is missing instead of passing by skipping: CI's machine is set up to have everything.
public enum TestRequirement {
    /// True when the environment says this is CI (`CI=true`, as CI services set it).
    public static var isCI: Bool { ProcessInfo.processInfo.environment["CI"] == "true" }

    /// `available`, or true under CI whatever it is.
    public static func met(_ available: Bool) -> Bool { available || isCI }
}
