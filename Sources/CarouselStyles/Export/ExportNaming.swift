import Foundation

/// What an exported SwiftUI file calls itself: the file name its header names, and the one top-level type it declares
/// (`export --out SlickExpand.swift` declares `struct SlickExpand: View`; its tuned values, deck and helpers are nested
/// in it, `SlickExpand.Tuning`, `SlickExpand.Item`, ...). A file the user names names the type, so two exports in one
/// Xcode project never clash as long as their files have different names, which Xcode requires anyway. A file the app
/// names itself (Ctrl+E's `expand-2026-11-28-030504.swift`) and standard output name the type after the style and
/// the preset (`ExpandCarousel`, `ExpandSlowerCarousel`): a timestamp belongs in a file name, not in code.
public struct ExportNaming: Sendable, Equatable {
    /// The Swift type the file declares (an UpperCamelCase identifier).
    public let typeName: String
    /// The file name the header names (`SlickExpand.swift`).
    public let fileName: String

    public init(typeName: String, fileName: String) { self.typeName = typeName; self.fileName = fileName }

    /// The naming of an export of `style` written to `path` (nil or "-": standard output) with the values of a preset
    /// called `preset`, if any. With `typeFromFile` (a file the user named), the type is made from the file's name
    /// (`slick-expand.swift` -> `SlickExpand`); otherwise, and on standard output, from the style and the preset
    /// (`styleTypeName`). The file name stays as given (on standard output, the type's name).
    public static func make(style: String, path: String?, preset: String? = nil, typeFromFile: Bool = true) -> ExportNaming {
        let fallback = styleTypeName(style: style, preset: preset)
        if let path, !path.isEmpty, path != "-" {
            let file = (path as NSString).lastPathComponent
            let stem = (file as NSString).deletingPathExtension
            let name = typeFromFile ? typeName(from: stem) ?? fallback : fallback
            return ExportNaming(typeName: name, fileName: file)
        }
        return ExportNaming(typeName: fallback, fileName: fallback + ".swift")
    }

    /// `<Style><Preset>Carousel`: the style's name and the preset's words (`expand` and "Slower" ->
    /// `ExpandSlowerCarousel`), leaving out of the preset's name the words that say nothing new: the style's name,
    /// "carousel", and numbers (a preset saved under its default name, `expand-2026-11-28-030504`, gives
    /// `ExpandCarousel`).
    public static func styleTypeName(style: String, preset: String?) -> String {
        let styleName = typeName(from: style) ?? ""
        let redundant: Set<String> = [style.lowercased(), "carousel"]
        let presetWords = (preset ?? "").split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }
            .map(String.init)
            .filter { !redundant.contains($0.lowercased()) && !$0.allSatisfy(\.isNumber) }
        let presetName = typeName(from: presetWords.joined(separator: " ")) ?? ""
        return typeName(from: styleName + presetName + "Carousel") ?? "Carousel"
    }

    /// `text` as an UpperCamelCase Swift identifier: its ASCII letters and digits, each run after a separator
    /// capitalised (`slick-expand 2` -> `SlickExpand2`); nil when nothing is left. A name that would start with a digit
    /// gets `Carousel` before it, and one the file itself uses (`View`, `Text`, `Tuning`, a keyword such as `Self`)
    /// gets `Carousel` after it, so the file always compiles.
    public static func typeName(from text: String) -> String? {
        var out = "", upper = true
        for u in text.unicodeScalars {
            if u.isASCII, CharacterSet.alphanumerics.contains(u) {
                out.unicodeScalars.append(upper ? Unicode.Scalar(String(u).uppercased())! : u)
                upper = false
            } else {
                upper = true
            }
        }
        guard !out.isEmpty else { return nil }
        if out.first!.isNumber { out = "Carousel" + out }
        if reserved.contains(out) { out += "Carousel" }
        return out
    }

    /// Names a generated file refers to, which its own type must not shadow: Swift's keywords and standard types,
    /// the SwiftUI and Foundation names the templates use, and the types every export nests in its view.
    static let reserved: Set<String> = [
        // Capitalised keywords and the standard library's types the files use.
        "Self", "Type", "Protocol", "Any", "Never", "Void", "Int", "Double", "Bool", "String", "Array", "Optional",
        "Task", "Sendable", "Equatable", "Hashable", "Identifiable", "CaseIterable", "Range", "Character",
        // Foundation.
        "CGFloat", "CGSize", "CGPoint", "CGRect", "TimeInterval", "Date", "Data", "DispatchQueue", "Duration",
        // SwiftUI (everything the templates name).
        "SwiftUI", "View", "ViewBuilder", "ViewModifier", "Text", "Image", "Color", "Circle", "Capsule", "Rectangle",
        "RoundedRectangle", "LinearGradient", "Gradient", "HStack", "VStack", "ZStack", "LazyHStack", "ScrollView",
        "ScrollViewReader", "ScrollViewProxy", "GeometryReader", "GeometryProxy", "ForEach", "Spacer", "Button",
        "Picker", "Label", "Group", "Animation", "Transaction", "Binding", "State", "Environment", "Namespace",
        "UnitPoint", "Alignment", "Edge", "Font", "Preview", "MagnifyGesture", "KeyPress", "Axis", "Shape",
        "AccessibilityAdjustmentDirection", "EmptyView", "AnyView", "Content", "Body", "ScenePhase", "UIImage", "NSImage",
        "UIKit", "AppKit", "Foundation",
        // The types each export nests in its view.
        "Tuning", "Item", "ItemView", "Card", "AutoAdvance", "CarouselAccessibility", "TripPicker", "ContentMode", "Wrap",
        "Images",
    ]
}
