// A stand-in for the part of Apple's UIKit that the exported SwiftUI files use (only with `--embed-images`), for
// type-checking them on Linux: https://developer.apple.com/documentation/uikit/uiimage, `init(data:)`.
@_exported import Foundation

/// An object that manages image data in your app.
open class UIImage: NSObject, @unchecked Sendable {
    /// Initializes and returns the image object with the specified data.
    public init?(data: Data) { nil }
}
