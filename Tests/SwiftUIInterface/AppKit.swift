// A stand-in for the part of Apple's AppKit that the exported SwiftUI files use (only with `--embed-images`), for
// type-checking them on Linux: https://developer.apple.com/documentation/appkit/nsimage, `init(data:)`.
@_exported import Foundation

/// A high-level interface for manipulating image data.
open class NSImage: NSObject, @unchecked Sendable {
    /// Initializes and returns an image object using the provided image data.
    public init?(data: Data) { nil }
}
