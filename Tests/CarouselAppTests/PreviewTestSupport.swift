import CarouselSupport
import CarouselApp
import CarouselCore
import CarouselStyles
import CarouselTesting
import Foundation

/// A preview on the sample deck with a fake image store, driven by the input simulator on a manual clock.
@MainActor
func makePreview(style: String = "expand", count: Int = 12, size: Size = Size(1280, 720)) throws -> (Preview, InputSimulator) {
    let deck = Deck.sample(count: count)
    let preview = try Preview(deck: deck, images: deck.fakeImageStore(), size: size, style: style)
    return (preview, InputSimulator(driver: preview, size: size))
}

extension Preview {
    /// The on-screen frame of item `index` in the layout export.
    func itemFrame(_ index: Int) -> Rect? {
        guard let f = layoutJSON()["items"]?.arrayValue?.first(where: { $0["index"] == .number(Double(index)) })?["frame"]?
            .arrayValue?.compactMap(\.numberValue), f.count == 4 else { return nil }
        return Rect(f[0], f[1], f[2], f[3])
    }

    /// A member of the layout's `state`.
    func stateValue(_ key: String) -> JSONValue? { layoutJSON()["state"]?[key] }
}

/// A fresh temporary folder.
func temporaryFolder(_ prefix: String) throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}
