// A stand-in for Apple's SwiftUI module, for type-checking the exported SwiftUI files on Linux (where SwiftUI does not
// exist): `swiftc -emit-module -module-name SwiftUI -enable-library-evolution` turns this file into a module that
// `import SwiftUI` finds, and `swiftc -typecheck` then checks each export against it (SwiftUITypeCheckTests).
//
// It declares exactly the SwiftUI API the exports use, and nothing else, so an export that names anything more fails
// here first and the declaration must be added, from its documentation. Each declaration has the signature Apple
// documents (generic parameters, argument labels, defaults, result types where they matter, and the concurrency
// annotations of the iOS 18 / macOS 15 SDK: `View` is `@MainActor`, `Button`'s action is `@MainActor`, `task`'s is
// `@Sendable`, `visualEffect`'s is `@Sendable`); the comment above each group names the documentation page it comes
// from under https://developer.apple.com/documentation/swiftui/. Bodies are stubs: nothing here runs.
//
// What is simplified, and why it cannot hide an error in an export: availability (`@available(iOS 17, *)`) is left
// out, because Linux ignores Apple platforms' availability; the exports target iOS 17 / macOS 14 and use nothing
// newer (the list is in docs/export.md). Opaque results (`some View`) stand where Apple's interface names a private
// type such as `ModifiedContent<Self, _FrameLayout>`: callers see `some View` either way. `AccessibilityTraits` is an
// `OptionSet` (Apple's is a `SetAlgebra` struct with the same static members and array-literal use).
//
// Built twice, as on Apple's platforms: with `-D SWIFTUI_IOS` it imports the UIKit stand-in and has `Image(uiImage:)`;
// with `-D SWIFTUI_MACOS` it imports the AppKit stand-in and has `Image(nsImage:)`.

@_exported import Foundation
#if SWIFTUI_IOS
import UIKit
#elseif SWIFTUI_MACOS
import AppKit
#endif

// MARK: - Views and view builders
// "View" (view), "ViewBuilder" (viewbuilder), "ViewModifier" (viewmodifier), "ModifiedContent" (modifiedcontent),
// "TupleView", "EmptyView", "AnyView", "DynamicProperty" (dynamicproperty).

/// A type that represents part of your app's user interface.
@MainActor @preconcurrency public protocol View {
    associatedtype Body: View
    @ViewBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

extension Never: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
}

/// A custom parameter attribute that constructs views from closures.
@resultBuilder public struct ViewBuilder {
    public static func buildExpression<Content: View>(_ content: Content) -> Content { content }
    public static func buildBlock() -> EmptyView { EmptyView() }
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
    public static func buildBlock<each Content: View>(_ content: repeat each Content) -> TupleView<(repeat each Content)> {
        TupleView((repeat each content))
    }
    public static func buildIf<Content: View>(_ content: Content?) -> Content? { content }
    public static func buildEither<TrueContent: View, FalseContent: View>(first: TrueContent) -> _ConditionalContent<TrueContent, FalseContent> {
        _ConditionalContent()
    }
    public static func buildEither<TrueContent: View, FalseContent: View>(second: FalseContent) -> _ConditionalContent<TrueContent, FalseContent> {
        _ConditionalContent()
    }
    public static func buildLimitedAvailability<Content: View>(_ content: Content) -> AnyView { AnyView(content) }
}

/// A View created from a swift tuple of View values.
@frozen public struct TupleView<T> {
    public var value: T
    public init(_ value: T) { self.value = value }
}

extension TupleView: View {
    public var body: Never { fatalError() }
}

/// Content that the view builder's `if` / `else` and `switch` produce.
@frozen public struct _ConditionalContent<TrueContent: View, FalseContent: View>: View {
    public var body: Never { fatalError() }
}

extension Optional: View where Wrapped: View {
    public var body: Never { fatalError() }
}

/// A view that doesn't contain any content.
@frozen public struct EmptyView: View {
    public init() {}
    public var body: Never { fatalError() }
}

/// A type-erased view.
@frozen public struct AnyView {
    public init<V: View>(_ view: V) {}
}

extension AnyView: View {
    public var body: Never { fatalError() }
}

/// A modifier that you apply to a view or another view modifier, producing a different version of the original value.
@MainActor @preconcurrency public protocol ViewModifier {
    associatedtype Body: View
    @ViewBuilder @MainActor @preconcurrency func body(content: Self.Content) -> Self.Body
    typealias Content = _ViewModifier_Content<Self>
}

/// The content view type passed to `body(content:)`.
public struct _ViewModifier_Content<Modifier: ViewModifier>: View {
    public var body: Never { fatalError() }
}

/// A value with a modifier applied to it.
@frozen public struct ModifiedContent<Content, Modifier> {
    public var content: Content
    public var modifier: Modifier
    public init(content: Content, modifier: Modifier) { self.content = content; self.modifier = modifier }
}

extension ModifiedContent: View where Content: View, Modifier: ViewModifier {
    public var body: Never { fatalError() }
}

/// The stub every modifier below returns as its `some View`.
public struct _Modified<Content: View>: View {
    public init(_ content: Content) {}
    public var body: Never { fatalError() }
}

/// An interface for a stored variable that updates an external property of a view.
public protocol DynamicProperty {
    mutating func update()
}

extension DynamicProperty {
    public mutating func update() {}
}

// MARK: - Property wrappers and the environment
// "State" (state), "Binding" (binding), "Environment" (environment), "EnvironmentValues" (environmentvalues, with
// `scenePhase` and `accessibilityReduceMotion`), "ScenePhase" (scenephase), "Namespace" (namespace).

/// A property wrapper type that can read and write a value managed by SwiftUI.
@frozen @propertyWrapper public struct State<Value>: DynamicProperty {
    public init(wrappedValue value: Value) {}
    public init(initialValue value: Value) {}
    public var wrappedValue: Value {
        get { fatalError() }
        nonmutating set {}
    }
    public var projectedValue: Binding<Value> { fatalError() }
}

extension State where Value: ExpressibleByNilLiteral {
    public init() {}
}

extension State: Sendable where Value: Sendable {}

/// A property wrapper type that can read and write a value owned by a source of truth.
@frozen @propertyWrapper @dynamicMemberLookup public struct Binding<Value> {
    public var transaction: Transaction
    public init(get: @escaping @isolated(any) @Sendable () -> Value, set: @escaping @isolated(any) @Sendable (Value) -> Void) {
        fatalError()
    }
    public init(projectedValue: Binding<Value>) { self = projectedValue }
    public static func constant(_ value: Value) -> Binding<Value> { fatalError() }
    public var wrappedValue: Value {
        get { fatalError() }
        nonmutating set {}
    }
    public var projectedValue: Binding<Value> { self }
    public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> { fatalError() }
    /// Specifies an animation to perform when the binding value changes.
    public func animation(_ animation: Animation? = .default) -> Binding<Value> { self }
}

extension Binding: @unchecked Sendable where Value: Sendable {}

/// A property wrapper that reads a value from a view's environment.
@frozen @propertyWrapper public struct Environment<Value>: DynamicProperty {
    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) {}
    public var wrappedValue: Value { fatalError() }
}

extension Environment: Sendable where Value: Sendable {}

/// A collection of environment values propagated through a view hierarchy.
public struct EnvironmentValues: CustomStringConvertible {
    public init() {}
    public var description: String { "" }
    /// The current phase of the scene.
    public var scenePhase: ScenePhase {
        get { .active }
        set {}
    }
    /// Whether the system preference for Reduce Motion is enabled.
    public var accessibilityReduceMotion: Bool { false }
}

/// An indication of a scene's operational state.
public enum ScenePhase: Comparable, Sendable {
    case background, inactive, active
}

/// A dynamic property type that allows access to a namespace defined by the persistent identity of the object
/// containing the property (e.g. a view).
@frozen @propertyWrapper public struct Namespace: DynamicProperty, Sendable {
    public init() {}
    public var wrappedValue: Namespace.ID { ID() }
    /// A namespace's identity.
    @frozen public struct ID: Hashable, Sendable {}
}

// MARK: - Layout containers and collections
// "HStack" (hstack), "VStack" (vstack), "ZStack" (zstack), "LazyHStack" (lazyhstack), "LazyVStack" (lazyvstack),
// "Spacer" (spacer),
// "ForEach" (foreach), "GeometryReader" (geometryreader), "GeometryProxy" (geometryproxy), "NamedCoordinateSpace"
// (namedcoordinatespace, `scrollView`), "LocalCoordinateSpace" (localcoordinatespace, `local`), "ScrollView" (scrollview), "ScrollViewReader" (scrollviewreader),
// "ScrollViewProxy" (scrollviewproxy), "PinnedScrollableViews" (pinnedscrollableviews).

/// A view that arranges its subviews in a horizontal line.
@frozen public struct HStack<Content: View>: View {
    public init(alignment: VerticalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {}
    public var body: Never { fatalError() }
}

/// A view that arranges its subviews in a vertical line.
@frozen public struct VStack<Content: View>: View {
    public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {}
    public var body: Never { fatalError() }
}

/// A view that overlays its subviews, aligning them in both axes.
@frozen public struct ZStack<Content: View>: View {
    public init(alignment: Alignment = .center, @ViewBuilder content: () -> Content) {}
    public var body: Never { fatalError() }
}

/// A view that shows the first of its child views that fits the space it is offered
/// (https://developer.apple.com/documentation/swiftui/viewthatfits, iOS 16, macOS 13).
@frozen public struct ViewThatFits<Content: View>: View {
    public init(in axes: Axis.Set = [.horizontal, .vertical], @ViewBuilder content: () -> Content) {}
    public var body: Never { fatalError() }
}

/// A set of view types that may be pinned to the bounds of a scroll view.
@frozen public struct PinnedScrollableViews: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let sectionHeaders = PinnedScrollableViews(rawValue: 1)
    public static let sectionFooters = PinnedScrollableViews(rawValue: 2)
}

/// A view that arranges its children in a line that grows horizontally, creating items only as needed.
public struct LazyHStack<Content: View>: View {
    public init(alignment: VerticalAlignment = .center, spacing: CGFloat? = nil, pinnedViews: PinnedScrollableViews = .init(),
                @ViewBuilder content: () -> Content) {}
    public var body: Never { fatalError() }
}

/// A view that arranges its children in a line that grows vertically, creating items only as needed.
public struct LazyVStack<Content: View>: View {
    public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, pinnedViews: PinnedScrollableViews = .init(),
                @ViewBuilder content: () -> Content) {}
    public var body: Never { fatalError() }
}

/// A flexible space that expands along the major axis of its containing stack layout.
@frozen public struct Spacer: View {
    public var minLength: CGFloat?
    public init(minLength: CGFloat? = nil) { self.minLength = minLength }
    public var body: Never { fatalError() }
}

/// A structure that computes views on demand from an underlying collection of identified data.
public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content> {
    public var data: Data
    public var content: (Data.Element) -> Content
}

extension ForEach: View where Content: View {
    public var body: Never { fatalError() }
}

extension ForEach where ID == Data.Element.ID, Content: View, Data.Element: Identifiable {
    public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.data = data; self.content = content
    }
}

extension ForEach where Content: View {
    public init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.data = data; self.content = content
    }
}

extension ForEach where Data == Range<Int>, ID == Int, Content: View {
    public init(_ data: Range<Int>, @ViewBuilder content: @escaping (Int) -> Content) {
        self.data = data; self.content = content
    }
}

/// A container view that defines its content as a function of its own size and coordinate space.
@frozen public struct GeometryReader<Content: View>: View {
    public var content: (GeometryProxy) -> Content
    public init(@ViewBuilder content: @escaping (GeometryProxy) -> Content) { self.content = content }
    public var body: Never { fatalError() }
}

/// A proxy for access to the size and coordinate space (for anchor resolution) of the container view.
public struct GeometryProxy {
    /// The size of the container view.
    public var size: CGSize { .zero }
    /// Returns the given coordinate space's bounds rectangle, converted to the local coordinate space.
    public func bounds(of coordinateSpace: NamedCoordinateSpace) -> CGRect? { nil }
    /// Returns the container view's bounds rectangle, converted to a defined coordinate space.
    public func frame(in coordinateSpace: some CoordinateSpaceProtocol) -> CGRect { .zero }
}

/// A frame of reference within the layout system.
public protocol CoordinateSpaceProtocol {}

/// A named coordinate space.
public struct NamedCoordinateSpace: CoordinateSpaceProtocol, Equatable {}

extension CoordinateSpaceProtocol where Self == NamedCoordinateSpace {
    /// The named coordinate space that is added by the system for the innermost containing scroll view.
    public static var scrollView: NamedCoordinateSpace { NamedCoordinateSpace() }
    /// Creates a named coordinate space using the given value (iOS 17, macOS 14).
    public static func named(_ name: some Hashable) -> NamedCoordinateSpace { NamedCoordinateSpace() }
}

/// The local coordinate space of the current view ("LocalCoordinateSpace", localcoordinatespace).
public struct LocalCoordinateSpace: CoordinateSpaceProtocol {
    public init() {}
}

extension CoordinateSpaceProtocol where Self == LocalCoordinateSpace {
    /// The local coordinate space of the current view.
    public static var local: LocalCoordinateSpace { LocalCoordinateSpace() }
}

/// The current hovering state and value of the pointer ("HoverPhase", hoverphase, iOS 16, macOS 13).
@frozen public enum HoverPhase: Equatable {
    /// The pointer's location moved to the specified point within the view.
    case active(CGPoint)
    /// The pointer exited the view.
    case ended
}

/// A scrollable view.
public struct ScrollView<Content: View>: View {
    public var content: Content
    public var axes: Axis.Set
    public init(_ axes: Axis.Set = .vertical, @ViewBuilder content: () -> Content) { self.axes = axes; self.content = content() }
    public var body: Never { fatalError() }
}

/// A view that provides programmatic scrolling, by working with a proxy to scroll to known child views.
@frozen public struct ScrollViewReader<Content: View>: View {
    public var content: (ScrollViewProxy) -> Content
    public init(@ViewBuilder content: @escaping (ScrollViewProxy) -> Content) { self.content = content }
    public var body: Never { fatalError() }
}

/// A proxy value that supports programmatic scrolling of the scrollable views within a view hierarchy.
public struct ScrollViewProxy {
    /// Scans all scroll views contained by the proxy for the first with a child view with identifier `id`, and then
    /// scrolls to that view.
    public func scrollTo<ID: Hashable>(_ id: ID, anchor: UnitPoint? = nil) {}
}

// MARK: - Views: text, images, shapes, colours, controls
// "Text" (text), "LocalizedStringKey" (localizedstringkey), "Image" (image, `init(_:bundle:)`,
// `init(systemName:)`, `init(uiImage:)`, `init(nsImage:)`, `resizable(capInsets:resizingMode:)`), "Color" (color),
// "Shape" (shape), "Circle", "Capsule", "Rectangle", "RoundedRectangle", "RoundedCornerStyle", "FillStyle",
// "ShapeStyle" (shapestyle, `shadow(_:)`), "ShadowStyle" (shadowstyle), "LinearGradient", "Gradient"
// (gradient/stop), "Button" (button), "Picker" (picker), "PickerStyle", "SegmentedPickerStyle",
// "PrimitiveButtonStyle", "PlainButtonStyle", "Font" (font).

/// A view that displays one or more lines of read-only text.
@frozen public struct Text: Equatable, Sendable {
    public init(_ key: LocalizedStringKey, tableName: String? = nil, bundle: Bundle? = nil, comment: StaticString? = nil) {}
    public init<S: StringProtocol>(_ content: S) {}
    public init(verbatim content: String) {}
    /// Sets the default font for text in the view.
    public func font(_ font: Font?) -> Text { self }
    /// Applies a bold font weight to the text.
    public func bold() -> Text { self }
}

extension Text: View {
    public var body: Never { fatalError() }
}

/// The key used to look up an entry in a strings file or strings dictionary file.
@frozen public struct LocalizedStringKey: Equatable, ExpressibleByStringInterpolation, Sendable {
    public init(_ value: String) {}
    public init(stringLiteral value: String) {}
    public init(stringInterpolation: StringInterpolation) {}

    /// Represents the contents of a string literal with interpolations while it's being built.
    public struct StringInterpolation: StringInterpolationProtocol {
        public init(literalCapacity: Int, interpolationCount: Int) {}
        public mutating func appendLiteral(_ literal: String) {}
        public mutating func appendInterpolation(_ string: String) {}
        public mutating func appendInterpolation<T: _FormatSpecifiable>(_ value: T) {}
        public mutating func appendInterpolation(_ text: Text) {}
    }
}

/// The numbers `LocalizedStringKey`'s interpolation takes with a format specifier.
public protocol _FormatSpecifiable: Equatable {}
extension Int: _FormatSpecifiable {}
extension Double: _FormatSpecifiable {}
extension CGFloat: _FormatSpecifiable {}

/// A view that displays an image.
@frozen public struct Image: Equatable, Sendable {
    /// Creates a labeled image that you can use as content for controls, from the app's asset catalog.
    public init(_ name: String, bundle: Bundle? = nil) {}
    /// Creates a system symbol image.
    public init(systemName: String) {}
    #if SWIFTUI_IOS
    /// Creates a SwiftUI image from a UIKit image instance.
    public init(uiImage: UIImage) {}
    #elseif SWIFTUI_MACOS
    /// Creates a SwiftUI image from an AppKit image instance.
    public init(nsImage: NSImage) {}
    #endif

    /// The modes that SwiftUI uses to resize an image to fit within its containing view.
    public enum ResizingMode: Sendable, Hashable {
        case tile, stretch
    }
    /// Sets the mode by which SwiftUI resizes an image to fit its space.
    public func resizable(capInsets: EdgeInsets = EdgeInsets(), resizingMode: Image.ResizingMode = .stretch) -> Image { self }
}

extension Image: View {
    public var body: Never { fatalError() }
}

/// A representation of a color that adapts to a given context.
@frozen public struct Color: Hashable, CustomStringConvertible, Sendable {
    public init(white: Double, opacity: Double = 1) {}
    public init(red: Double, green: Double, blue: Double, opacity: Double = 1) {}
    public var description: String { "" }
    public static let black = Color(white: 0)
    public static let white = Color(white: 1)
    public static let clear = Color(white: 0, opacity: 0)
    /// Multiplies the opacity of the color by the given amount.
    public func opacity(_ opacity: Double) -> Color { self }
}

extension Color: View, ShapeStyle {
    public var body: Never { fatalError() }
}

/// A color or pattern to use when rendering a shape.
public protocol ShapeStyle: Sendable {}

extension ShapeStyle where Self == Color {
    public static var black: Color { Color.black }
    public static var white: Color { Color.white }
    public static var clear: Color { Color.clear }
}

extension ShapeStyle {
    /// Applies the specified shadow effect to the shape style.
    public func shadow(_ style: ShadowStyle) -> some ShapeStyle { self }
}

/// A style to use when rendering shadows.
@frozen public struct ShadowStyle: Equatable, Sendable {
    /// Creates a custom drop shadow style.
    public static func drop(color: Color = Color(white: 0, opacity: 0.33), radius: CGFloat, x: CGFloat = 0, y: CGFloat = 0) -> ShadowStyle {
        ShadowStyle()
    }
}

/// A color gradient represented as an array of color stops, each having a parametric location value.
@frozen public struct Gradient: Hashable, Sendable {
    /// One color stop in the gradient.
    @frozen public struct Stop: Hashable, Sendable {
        public var color: Color
        public var location: CGFloat
        public init(color: Color, location: CGFloat) { self.color = color; self.location = location }
    }
}

/// A linear gradient.
@frozen public struct LinearGradient: ShapeStyle, View, Sendable {
    public init(stops: [Gradient.Stop], startPoint: UnitPoint, endPoint: UnitPoint) {}
    public var body: Never { fatalError() }
}

/// The style for a shape's fill.
@frozen public struct FillStyle: Equatable {
    public var isEOFilled: Bool
    public var isAntialiased: Bool
    public init(eoFill: Bool = false, antialiased: Bool = true) { isEOFilled = eoFill; isAntialiased = antialiased }
}

/// Defines the shape of a rounded rectangle's corners.
public enum RoundedCornerStyle: Sendable, Equatable, Hashable {
    case circular, continuous
}

/// The outline of a 2D shape.
@frozen public struct Path: Equatable {
    public init() {}
}

/// A 2D shape that you can use when drawing a view.
public protocol Shape: Sendable, View {
    /// Describes this shape as a path within a rectangular frame of reference.
    nonisolated func path(in rect: CGRect) -> Path
}

extension Shape {
    public var body: _Modified<EmptyView> { _Modified(EmptyView()) }
    /// Fills this shape with a color or gradient.
    public func fill<S: ShapeStyle>(_ content: S, style: FillStyle = FillStyle()) -> some View { _Modified(self) }
}

/// A circle centered on the frame of the view containing it.
@frozen public struct Circle: Shape {
    public init() {}
    nonisolated public func path(in rect: CGRect) -> Path { Path() }
}

/// A capsule shape aligned inside the frame of the view containing it.
@frozen public struct Capsule: Shape {
    public var style: RoundedCornerStyle
    public init(style: RoundedCornerStyle = .continuous) { self.style = style }
    nonisolated public func path(in rect: CGRect) -> Path { Path() }
}

/// A rectangular shape aligned inside the frame of the view containing it.
@frozen public struct Rectangle: Shape {
    public init() {}
    nonisolated public func path(in rect: CGRect) -> Path { Path() }
}

/// A rectangular shape with rounded corners, aligned inside the frame of the view containing it.
@frozen public struct RoundedRectangle: Shape {
    public var cornerSize: CGSize
    public var style: RoundedCornerStyle
    public init(cornerRadius: CGFloat, style: RoundedCornerStyle = .continuous) {
        cornerSize = CGSize(width: cornerRadius, height: cornerRadius); self.style = style
    }
    nonisolated public func path(in rect: CGRect) -> Path { Path() }
}

extension Shape where Self == Circle {
    /// A circle centered on the frame of the view containing it.
    public static var circle: Circle { Circle() }
}

extension Shape where Self == RoundedRectangle {
    /// A rectangular shape with rounded corners, aligned inside the frame of the view containing it.
    public static func rect(cornerRadius: CGFloat, style: RoundedCornerStyle = .continuous) -> Self {
        RoundedRectangle(cornerRadius: cornerRadius, style: style)
    }
}

/// A control that initiates an action.
public struct Button<Label: View>: View {
    public init(action: @escaping @MainActor () -> Void, @ViewBuilder label: () -> Label) {}
    public var body: Never { fatalError() }
}

/// A type that applies standard interaction behavior and a custom appearance to all buttons within a view hierarchy.
public protocol PrimitiveButtonStyle {}

/// A button style that doesn't style or decorate its content while idle.
public struct PlainButtonStyle: PrimitiveButtonStyle {
    public init() {}
}

extension PrimitiveButtonStyle where Self == PlainButtonStyle {
    /// A button style that doesn't style or decorate its content while idle.
    public static var plain: PlainButtonStyle { PlainButtonStyle() }
}

/// A control for selecting from a set of mutually exclusive values.
public struct Picker<Label: View, SelectionValue: Hashable, Content: View>: View {
    public var body: Never { fatalError() }
}

extension Picker where Label == Text {
    public init(_ titleKey: LocalizedStringKey, selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content) {}
}

/// A type that specifies the appearance and interaction of all pickers within a view hierarchy.
public protocol PickerStyle {}

/// A picker style that presents the options in a segmented control.
public struct SegmentedPickerStyle: PickerStyle {
    public init() {}
}

extension PickerStyle where Self == SegmentedPickerStyle {
    /// A picker style that presents the options in a segmented control.
    public static var segmented: SegmentedPickerStyle { SegmentedPickerStyle() }
}

/// An environment-dependent font.
@frozen public struct Font: Hashable, Sendable {
    public static let title = Font()
    public static let title2 = Font()
    public static let headline = Font()
    public static let body = Font()
    public static let footnote = Font()
    public static let caption = Font()
    /// Adds bold styling to the font.
    public func bold() -> Font { self }
}

/// The possible color schemes, corresponding to the light and dark appearances.
public enum ColorScheme: CaseIterable, Sendable {
    case light, dark
}

// MARK: - Geometry values
// "UnitPoint" (unitpoint), "Alignment" (alignment), "HorizontalAlignment", "VerticalAlignment", "Edge" (edge and
// edge/set), "EdgeInsets" (edgeinsets), "Axis" (axis and axis/set), "ContentMode" (contentmode).

/// A normalized 2D point in a view's coordinate space.
@frozen public struct UnitPoint: Hashable, Sendable {
    public var x: CGFloat
    public var y: CGFloat
    public init(x: CGFloat, y: CGFloat) { self.x = x; self.y = y }
    public static let zero = UnitPoint(x: 0, y: 0)
    public static let center = UnitPoint(x: 0.5, y: 0.5)
    public static let leading = UnitPoint(x: 0, y: 0.5)
    public static let trailing = UnitPoint(x: 1, y: 0.5)
    public static let top = UnitPoint(x: 0.5, y: 0)
    public static let bottom = UnitPoint(x: 0.5, y: 1)
    public static let topLeading = UnitPoint(x: 0, y: 0)
    public static let topTrailing = UnitPoint(x: 1, y: 0)
    public static let bottomLeading = UnitPoint(x: 0, y: 1)
    public static let bottomTrailing = UnitPoint(x: 1, y: 1)
}

/// An alignment position along the horizontal axis.
@frozen public struct HorizontalAlignment: Equatable, Sendable {
    public static let leading = HorizontalAlignment()
    public static let center = HorizontalAlignment()
    public static let trailing = HorizontalAlignment()
}

/// An alignment position along the vertical axis.
@frozen public struct VerticalAlignment: Equatable, Sendable {
    public static let top = VerticalAlignment()
    public static let center = VerticalAlignment()
    public static let bottom = VerticalAlignment()
}

/// An alignment in both axes.
@frozen public struct Alignment: Equatable, Sendable {
    public var horizontal: HorizontalAlignment
    public var vertical: VerticalAlignment
    public init(horizontal: HorizontalAlignment, vertical: VerticalAlignment) { self.horizontal = horizontal; self.vertical = vertical }
    public static let center = Alignment(horizontal: .center, vertical: .center)
    public static let leading = Alignment(horizontal: .leading, vertical: .center)
    public static let trailing = Alignment(horizontal: .trailing, vertical: .center)
    public static let top = Alignment(horizontal: .center, vertical: .top)
    public static let bottom = Alignment(horizontal: .center, vertical: .bottom)
    public static let topLeading = Alignment(horizontal: .leading, vertical: .top)
    public static let topTrailing = Alignment(horizontal: .trailing, vertical: .top)
    public static let bottomLeading = Alignment(horizontal: .leading, vertical: .bottom)
    public static let bottomTrailing = Alignment(horizontal: .trailing, vertical: .bottom)
}

/// An enumeration to indicate one edge of a rectangle.
@frozen public enum Edge: Int8, CaseIterable, Sendable {
    case top, leading, bottom, trailing

    /// An efficient set of edges.
    @frozen public struct Set: OptionSet, Sendable {
        public let rawValue: Int8
        public init(rawValue: Int8) { self.rawValue = rawValue }
        public static let top = Set(rawValue: 1)
        public static let leading = Set(rawValue: 2)
        public static let bottom = Set(rawValue: 4)
        public static let trailing = Set(rawValue: 8)
        public static let all: Set = [.top, .leading, .bottom, .trailing]
        public static let horizontal: Set = [.leading, .trailing]
        public static let vertical: Set = [.top, .bottom]
    }
}

/// The inset distances for the sides of a rectangle.
@frozen public struct EdgeInsets: Equatable, Sendable {
    public var top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat
    public init(top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat) {
        self.top = top; self.leading = leading; self.bottom = bottom; self.trailing = trailing
    }
    public init() { self.init(top: 0, leading: 0, bottom: 0, trailing: 0) }
}

/// The horizontal or vertical dimension in a 2D coordinate system.
@frozen public enum Axis: Int8, CaseIterable, Sendable {
    case horizontal, vertical

    /// An efficient set of axes.
    @frozen public struct Set: OptionSet, Sendable {
        public let rawValue: Int8
        public init(rawValue: Int8) { self.rawValue = rawValue }
        public static let horizontal = Set(rawValue: 1)
        public static let vertical = Set(rawValue: 2)
    }
}

/// Constants that define how a view's content fills the available space.
public enum ContentMode: Hashable, CaseIterable, Sendable {
    case fit, fill
}

// MARK: - Animation and transactions
// "Animation" (animation: `default`, `linear(duration:)`, `easeIn(duration:)`, `easeOut(duration:)`,
// `easeInOut(duration:)`, `timingCurve(_:_:_:_:duration:)`, `spring(response:dampingFraction:blendDuration:)`),
// "withAnimation(_:_:)", "withAnimation(_:completionCriteria:_:completion:)", "AnimationCompletionCriteria",
// "Transaction" (transaction, `disablesAnimations`), "withTransaction(_:_:)", "AnyTransition" (`opacity`).

/// The way a view changes over time to create a smooth visual transition from one state to another.
@frozen public struct Animation: Equatable, Sendable {
    public static let `default` = Animation()
    public static func linear(duration: TimeInterval) -> Animation { Animation() }
    public static var linear: Animation { Animation() }
    public static func easeIn(duration: TimeInterval) -> Animation { Animation() }
    public static var easeIn: Animation { Animation() }
    public static func easeOut(duration: TimeInterval) -> Animation { Animation() }
    public static var easeOut: Animation { Animation() }
    public static func easeInOut(duration: TimeInterval) -> Animation { Animation() }
    public static var easeInOut: Animation { Animation() }
    public static func timingCurve(_ p1x: Double, _ p1y: Double, _ p2x: Double, _ p2y: Double, duration: TimeInterval = 0.35) -> Animation {
        Animation()
    }
    public static func spring(response: Double = 0.5, dampingFraction: Double = 0.825, blendDuration: TimeInterval = 0) -> Animation {
        Animation()
    }
    public static func spring(duration: TimeInterval = 0.5, bounce: Double = 0.0, blendDuration: Double = 0) -> Animation {
        Animation()
    }
    public static var spring: Animation { Animation() }
}

/// The criteria that determines when an animation is considered finished.
public struct AnimationCompletionCriteria: Hashable, Sendable {
    public static let logicallyComplete = AnimationCompletionCriteria()
    public static let removed = AnimationCompletionCriteria()
}

/// Returns the result of recomputing the view's body with the provided animation.
@MainActor @preconcurrency public func withAnimation<Result>(_ animation: Animation? = .default, _ body: () throws -> Result) rethrows -> Result {
    try body()
}

/// Returns the result of recomputing the view's body with the provided animation, and runs the completion when all
/// animations are complete.
@MainActor @preconcurrency public func withAnimation<Result>(_ animation: Animation? = .default,
                                                             completionCriteria: AnimationCompletionCriteria = .logicallyComplete,
                                                             _ body: () throws -> Result,
                                                             completion: @escaping @MainActor @Sendable () -> Void) rethrows -> Result {
    try body()
}

/// The context of the current state-processing update.
@frozen public struct Transaction {
    public init() {}
    public init(animation: Animation?) {}
    public var animation: Animation? {
        get { nil }
        set {}
    }
    /// A Boolean value that indicates whether views should disable animations.
    public var disablesAnimations: Bool {
        get { false }
        set {}
    }
}

/// Executes a closure with the specified transaction and returns the result.
@MainActor @preconcurrency public func withTransaction<Result>(_ transaction: Transaction, _ body: () throws -> Result) rethrows -> Result {
    try body()
}

/// A type-erased transition.
@frozen public struct AnyTransition {
    /// A transition from transparent to opaque on insertion, and from opaque to transparent on removal.
    public static let opacity = AnyTransition()
}

/// A description of how a matched geometry effect's properties are shared.
@frozen public struct MatchedGeometryProperties: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let position = MatchedGeometryProperties(rawValue: 1)
    public static let size = MatchedGeometryProperties(rawValue: 2)
    public static let frame: MatchedGeometryProperties = [.position, .size]
}

// MARK: - Angles
// "Angle" (angle, `radians(_:)`, `degrees(_:)`, `zero`).

/// A geometric angle whose value you access in either radians or degrees.
@frozen public struct Angle: Hashable, Comparable, Sendable {
    public var radians: Double
    public var degrees: Double { radians * 180 / .pi }
    public init() { radians = 0 }
    public init(radians: Double) { self.radians = radians }
    public init(degrees: Double) { radians = degrees * .pi / 180 }
    public static func radians(_ radians: Double) -> Angle { Angle(radians: radians) }
    public static func degrees(_ degrees: Double) -> Angle { Angle(degrees: degrees) }
    public static let zero = Angle()
    public static func < (lhs: Angle, rhs: Angle) -> Bool { lhs.radians < rhs.radians }
}

// MARK: - Gestures, keys and feedback
// "Gesture" (gesture, `onChanged(_:)`, `onEnded(_:)`), "MagnifyGesture" (magnifygesture and its Value), "DragGesture"
// (draggesture, `init(minimumDistance:coordinateSpace:)` and its Value),
// "GestureMask", "KeyEquivalent" (keyequivalent), "KeyPress" (keypress and keypress/result), "SensoryFeedback"
// (sensoryfeedback, `impact(weight:intensity:)`).

/// An instance that matches a sequence of events to a gesture, and returns a stream of values for each of its states.
@MainActor @preconcurrency public protocol Gesture<Value> {
    associatedtype Value
    associatedtype Body: Gesture
    var body: Self.Body { get }
}

extension Never: Gesture {
    public typealias Value = Never
}

extension Gesture where Value: Equatable {
    /// Adds an action to perform when the gesture's value changes.
    public func onChanged(_ action: @escaping (Self.Value) -> Void) -> _ChangedGesture<Self> { _ChangedGesture() }
}

extension Gesture {
    /// Adds an action to perform when the gesture ends.
    public func onEnded(_ action: @escaping (Self.Value) -> Void) -> _EndedGesture<Self> { _EndedGesture() }
}

/// A gesture that runs an action as its value changes.
public struct _ChangedGesture<Content: Gesture>: Gesture {
    public typealias Value = Content.Value
    public var body: Never { fatalError() }
}

/// A gesture that runs an action when it ends.
public struct _EndedGesture<Content: Gesture>: Gesture {
    public typealias Value = Content.Value
    public var body: Never { fatalError() }
}

/// A gesture that recognizes a magnification motion and tracks the amount of magnification.
public struct MagnifyGesture: Gesture {
    public init(minimumScaleDelta: CGFloat = 0.01) {}
    public var body: Never { fatalError() }

    /// The type representing the gesture's value.
    public struct Value: Equatable, Sendable {
        public var time: Date
        public var magnification: CGFloat
        public var velocity: CGFloat
        public var startAnchor: UnitPoint
        public var startLocation: CGPoint
    }
}

/// A dragging motion that invokes an action as the drag-event sequence changes.
public struct DragGesture: Gesture {
    public init(minimumDistance: CGFloat = 10, coordinateSpace: some CoordinateSpaceProtocol = .local) {}
    public var body: Never { fatalError() }

    /// The attributes of a drag gesture.
    public struct Value: Equatable, Sendable {
        public var time: Date
        public var location: CGPoint
        public var startLocation: CGPoint
        public var translation: CGSize
        public var velocity: CGSize
        public var predictedEndLocation: CGPoint
        public var predictedEndTranslation: CGSize
    }
}

/// Options that control how adding a gesture to a view affects other gestures recognized by the view and its
/// subviews.
@frozen public struct GestureMask: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let none = GestureMask([])
    public static let gesture = GestureMask(rawValue: 1)
    public static let subviews = GestureMask(rawValue: 2)
    public static let all: GestureMask = [.gesture, .subviews]
}

/// Key equivalents consist of a letter, punctuation, or function key that can be combined with an optional set of
/// modifier keys to specify a keyboard shortcut.
@frozen public struct KeyEquivalent: Sendable, Equatable, Hashable, ExpressibleByExtendedGraphemeClusterLiteral {
    public var character: Character
    public init(_ character: Character) { self.character = character }
    public init(extendedGraphemeClusterLiteral: Character) { character = extendedGraphemeClusterLiteral }
    public static let upArrow = KeyEquivalent("\u{F700}")
    public static let downArrow = KeyEquivalent("\u{F701}")
    public static let leftArrow = KeyEquivalent("\u{F702}")
    public static let rightArrow = KeyEquivalent("\u{F703}")
    public static let escape = KeyEquivalent("\u{1B}")
    public static let `return` = KeyEquivalent("\r")
    public static let space = KeyEquivalent(" ")
}

/// A press of a key, as a key press handler sees it.
public struct KeyPress: Sendable {
    /// A result value returned from a key press action that indicates whether the action consumed the event.
    public enum Result: Sendable {
        case handled, ignored
    }
}

/// Represents a type of haptic and/or audio feedback that can be played.
public struct SensoryFeedback: Equatable, Sendable {
    /// The weight to be represented by a type of feedback.
    public struct Weight: Equatable, Sendable {
        public static let light = Weight()
        public static let medium = Weight()
        public static let heavy = Weight()
    }
    /// Indicates that a physical impact has occurred.
    public static func impact(weight: SensoryFeedback.Weight = .medium, intensity: Double = 1.0) -> SensoryFeedback {
        SensoryFeedback()
    }
}

// MARK: - Scrolling
// "ScrollTargetBehavior" (scrolltargetbehavior), "ViewAlignedScrollTargetBehavior" (`viewAligned`),
// "PagingScrollTargetBehavior" (`paging`), "ContentMarginPlacement" (contentmarginplacement), "ScrollIndicatorVisibility"
// (`hidden`), and the View modifiers in the next section.

/// A type that defines the scroll behavior of a scrollable view.
public protocol ScrollTargetBehavior {}

/// The scroll behavior that aligns scroll targets to view-based geometry.
public struct ViewAlignedScrollTargetBehavior: ScrollTargetBehavior {
    public init() {}
}

extension ScrollTargetBehavior where Self == ViewAlignedScrollTargetBehavior {
    /// The scroll behavior that aligns scroll targets to view-based geometry.
    public static var viewAligned: ViewAlignedScrollTargetBehavior { ViewAlignedScrollTargetBehavior() }
}

/// The scroll behavior that aligns scroll targets to container-based geometry.
public struct PagingScrollTargetBehavior: ScrollTargetBehavior {
    public init() {}
}

extension ScrollTargetBehavior where Self == PagingScrollTargetBehavior {
    /// The scroll behavior that aligns scroll targets to container-based geometry.
    public static var paging: PagingScrollTargetBehavior { PagingScrollTargetBehavior() }
}

/// The placement of margins.
public struct ContentMarginPlacement: Sendable {
    public static let automatic = ContentMarginPlacement()
    public static let scrollContent = ContentMarginPlacement()
    public static let scrollIndicators = ContentMarginPlacement()
}

/// The visibility of scroll indicators of a UI element.
public struct ScrollIndicatorVisibility: Equatable, Sendable {
    public static let automatic = ScrollIndicatorVisibility()
    public static let visible = ScrollIndicatorVisibility()
    public static let hidden = ScrollIndicatorVisibility()
    public static let never = ScrollIndicatorVisibility()
}

// MARK: - Visual effects
// "VisualEffect" (visualeffect, `offset(x:y:)`, `scaleEffect(_:anchor:)`, `scaleEffect(x:y:anchor:)`,
// `rotation3DEffect(_:axis:anchor:anchorZ:perspective:)`, `opacity(_:)`, `blur(radius:opaque:)`, `saturation(_:)`,
// `brightness(_:)`), "EmptyVisualEffect".

/// Visual Effects change the visual appearance of a view without changing its ancestors or descendents.
public protocol VisualEffect: Sendable {}

/// The base visual effect that you apply additional effect to.
public struct EmptyVisualEffect: VisualEffect {
    public init() {}
}

extension VisualEffect {
    /// Offsets the view by the specified horizontal and vertical distances.
    public func offset(x: CGFloat = 0, y: CGFloat = 0) -> some VisualEffect { self }
    /// Offsets the view by the horizontal and vertical amount specified in the offset parameter.
    public func offset(_ offset: CGSize) -> some VisualEffect { self }
    /// Scales the view uniformly by the given factor relative to an anchor point.
    public func scaleEffect(_ scale: CGFloat, anchor: UnitPoint = .center) -> some VisualEffect { self }
    /// Scales the view's rendered output by the given horizontal and vertical amounts, relative to an anchor point.
    public func scaleEffect(x: CGFloat = 1.0, y: CGFloat = 1.0, anchor: UnitPoint = .center) -> some VisualEffect { self }
    /// Renders content as if it's rotated in three dimensions around the specified axis.
    public func rotation3DEffect(_ angle: Angle, axis: (x: CGFloat, y: CGFloat, z: CGFloat), anchor: UnitPoint = .center,
                                 anchorZ: CGFloat = 0, perspective: CGFloat = 1) -> some VisualEffect { self }
    /// Sets the transparency of content.
    public func opacity(_ opacity: Double) -> some VisualEffect { self }
    /// Applies a Gaussian blur to content.
    public func blur(radius: CGFloat, opaque: Bool = false) -> some VisualEffect { self }
    /// Adjusts the color saturation of content.
    public func saturation(_ amount: Double) -> some VisualEffect { self }
    /// Brightens content by the specified amount.
    public func brightness(_ amount: Double) -> some VisualEffect { self }
}

// MARK: - Accessibility
// "AccessibilityChildBehavior" (`ignore`, `contain`, `combine`), "AccessibilityTraits" (`isButton`, `isHeader`,
// `isSelected`), "AccessibilityAdjustmentDirection", "AccessibilityActionKind" (`default`), and the View modifiers
// `accessibilityElement(children:)`, `accessibilityLabel(_:)`, `accessibilityValue(_:)`, `accessibilityHint(_:)`,
// `accessibilityAddTraits(_:)`, `accessibilityHidden(_:)`, `accessibilityAdjustableAction(_:)`,
// `accessibilityAction(_:_:)` in the next section.

/// Defines the behavior for the child elements of the new parent element.
public struct AccessibilityChildBehavior: Hashable, Sendable {
    public static let ignore = AccessibilityChildBehavior()
    public static let contain = AccessibilityChildBehavior()
    public static let combine = AccessibilityChildBehavior()
}

/// A set of accessibility traits that describe how an element behaves.
public struct AccessibilityTraits: OptionSet, Sendable {
    public let rawValue: UInt64
    public init(rawValue: UInt64) { self.rawValue = rawValue }
    public static let isButton = AccessibilityTraits(rawValue: 1)
    public static let isHeader = AccessibilityTraits(rawValue: 2)
    public static let isSelected = AccessibilityTraits(rawValue: 4)
    public static let isImage = AccessibilityTraits(rawValue: 8)
}

/// A directional indicator you use when making an accessibility adjustment.
public enum AccessibilityAdjustmentDirection: Sendable {
    case increment, decrement
}

/// The structure that defines the kinds of available accessibility actions.
public struct AccessibilityActionKind: Equatable, Sendable {
    public static let `default` = AccessibilityActionKind()
    public static let escape = AccessibilityActionKind()
    public static let magicTap = AccessibilityActionKind()
}

// MARK: - View modifiers
// Each is documented on the View page (view) under its name: layout (`frame(width:height:alignment:)`,
// `frame(minWidth:idealWidth:maxWidth:minHeight:idealHeight:maxHeight:alignment:)`, `padding(_:_:)`, `padding(_:)`,
// `offset(x:y:)`, `fixedSize()`, `containerRelativeFrame(_:alignment:)`, `containerRelativeFrame(_:alignment:_:)`,
// `safeAreaPadding(_:_:)`,
// `aspectRatio(_:contentMode:)`, `scaledToFill()`, `scaledToFit()`), drawing (`opacity(_:)`, `scaleEffect(_:anchor:)`,
// `clipShape(_:style:)`, `clipped(antialiased:)`, `zIndex(_:)`, `shadow(color:radius:x:y:)`, `background(alignment:content:)`,
// `background(_:ignoresSafeAreaEdges:)`, `overlay(alignment:content:)`, `foregroundStyle(_:)`, `font(_:)`,
// `lineLimit(_:)`, `preferredColorScheme(_:)`, `visualEffect(_:)`, `matchedGeometryEffect(id:in:properties:anchor:isSource:)`,
// `transition(_:)`, `animation(_:value:)`), identity and input (`id(_:)`, `tag(_:)`, `contentShape(_:eoFill:)`,
// `allowsHitTesting(_:)`, `onHover(perform:)`, `onContinuousHover(coordinateSpace:perform:)`, `coordinateSpace(_:)`,
// `onTapGesture(count:perform:)`, `gesture(_:including:)`,
// `simultaneousGesture(_:including:)`, `onLongPressGesture(minimumDuration:maximumDistance:perform:onPressingChanged:)`,
// `focusable(_:)`, `onKeyPress(_:action:)`, `sensoryFeedback(_:trigger:)`), life cycle (`onChange(of:initial:_:)`,
// `task(id:priority:_:)`), scrolling (`scrollTargetLayout(isEnabled:)`, `scrollTargetBehavior(_:)`,
// `scrollPosition(id:anchor:)`, `scrollIndicators(_:axes:)`, `contentMargins(_:_:for:)`, `scrollClipDisabled(_:)`),
// controls (`pickerStyle(_:)`, `buttonStyle(_:)`),
// `modifier(_:)`, and accessibility (above).

extension View {
    public func modifier<T>(_ modifier: T) -> ModifiedContent<Self, T> { ModifiedContent(content: self, modifier: modifier) }

    public func frame(width: CGFloat? = nil, height: CGFloat? = nil, alignment: Alignment = .center) -> some View { _Modified(self) }
    public func frame(minWidth: CGFloat? = nil, idealWidth: CGFloat? = nil, maxWidth: CGFloat? = nil, minHeight: CGFloat? = nil,
                      idealHeight: CGFloat? = nil, maxHeight: CGFloat? = nil, alignment: Alignment = .center) -> some View { _Modified(self) }
    public func padding(_ insets: EdgeInsets) -> some View { _Modified(self) }
    public func padding(_ edges: Edge.Set = .all, _ length: CGFloat? = nil) -> some View { _Modified(self) }
    public func padding(_ length: CGFloat) -> some View { _Modified(self) }
    public func offset(_ offset: CGSize) -> some View { _Modified(self) }
    public func offset(x: CGFloat = 0, y: CGFloat = 0) -> some View { _Modified(self) }
    public func fixedSize() -> some View { _Modified(self) }
    public func containerRelativeFrame(_ axes: Axis.Set, alignment: Alignment = .center) -> some View { _Modified(self) }
    public func containerRelativeFrame(_ axes: Axis.Set, alignment: Alignment = .center,
                                       _ length: @escaping (CGFloat, Axis) -> CGFloat) -> some View { _Modified(self) }
    public func safeAreaPadding(_ edges: Edge.Set = .all, _ length: CGFloat? = nil) -> some View { _Modified(self) }
    public func aspectRatio(_ aspectRatio: CGFloat? = nil, contentMode: ContentMode) -> some View { _Modified(self) }
    public func scaledToFill() -> some View { _Modified(self) }
    public func scaledToFit() -> some View { _Modified(self) }

    public func opacity(_ opacity: Double) -> some View { _Modified(self) }
    public func scaleEffect(_ s: CGFloat, anchor: UnitPoint = .center) -> some View { _Modified(self) }
    public func clipShape<S: Shape>(_ shape: S, style: FillStyle = FillStyle()) -> some View { _Modified(self) }
    public func clipped(antialiased: Bool = false) -> some View { _Modified(self) }
    public func zIndex(_ value: Double) -> some View { _Modified(self) }
    public func shadow(color: Color = Color(white: 0, opacity: 0.33), radius: CGFloat, x: CGFloat = 0, y: CGFloat = 0) -> some View {
        _Modified(self)
    }
    public func background<V: View>(alignment: Alignment = .center, @ViewBuilder content: () -> V) -> some View { _Modified(self) }
    public func background<S: ShapeStyle>(_ style: S, ignoresSafeAreaEdges edges: Edge.Set = .all) -> some View { _Modified(self) }
    /// Deprecated in favour of `background(alignment:content:)`, and so disfavoured when a value is both a view and
    /// a shape style (a `Color`).
    @_disfavoredOverload
    public func background<Background: View>(_ background: Background, alignment: Alignment = .center) -> some View { _Modified(self) }
    public func overlay<V: View>(alignment: Alignment = .center, @ViewBuilder content: () -> V) -> some View { _Modified(self) }
    public func foregroundStyle<S: ShapeStyle>(_ style: S) -> some View { _Modified(self) }
    public func font(_ font: Font?) -> some View { _Modified(self) }
    public func lineLimit(_ number: Int?) -> some View { _Modified(self) }
    public func preferredColorScheme(_ colorScheme: ColorScheme?) -> some View { _Modified(self) }
    public func visualEffect(_ effect: @escaping @Sendable (EmptyVisualEffect, GeometryProxy) -> some VisualEffect) -> some View {
        _Modified(self)
    }
    public func matchedGeometryEffect<ID: Hashable>(id: ID, in namespace: Namespace.ID, properties: MatchedGeometryProperties = .frame,
                                                    anchor: UnitPoint = .center, isSource: Bool = true) -> some View { _Modified(self) }
    public func transition(_ t: AnyTransition) -> some View { _Modified(self) }
    public func animation<V: Equatable>(_ animation: Animation?, value: V) -> some View { _Modified(self) }

    public func id<ID: Hashable>(_ id: ID) -> some View { _Modified(self) }
    public func tag<V: Hashable>(_ tag: V) -> some View { _Modified(self) }
    public func contentShape<S: Shape>(_ shape: S, eoFill: Bool = false) -> some View { _Modified(self) }
    public func allowsHitTesting(_ enabled: Bool) -> some View { _Modified(self) }
    public func onHover(perform action: @escaping (Bool) -> Void) -> some View { _Modified(self) }
    public func onContinuousHover(coordinateSpace: some CoordinateSpaceProtocol = .local,
                                  perform action: @escaping (HoverPhase) -> Void) -> some View { _Modified(self) }
    public func coordinateSpace(_ name: NamedCoordinateSpace) -> some View { _Modified(self) }
    public func onTapGesture(count: Int = 1, perform action: @escaping () -> Void) -> some View { _Modified(self) }
    public func gesture<T: Gesture>(_ gesture: T, including mask: GestureMask = .all) -> some View { _Modified(self) }
    public func simultaneousGesture<T: Gesture>(_ gesture: T, including mask: GestureMask = .all) -> some View { _Modified(self) }
    public func onLongPressGesture(minimumDuration: Double = 0.5, maximumDistance: CGFloat = 10, perform action: @escaping () -> Void,
                                   onPressingChanged: ((Bool) -> Void)? = nil) -> some View { _Modified(self) }
    public func focusable(_ isFocusable: Bool = true) -> some View { _Modified(self) }
    public func onKeyPress(_ key: KeyEquivalent, action: @escaping () -> KeyPress.Result) -> some View { _Modified(self) }
    public func sensoryFeedback<T: Equatable>(_ feedback: SensoryFeedback, trigger: T) -> some View { _Modified(self) }

    public func onChange<V: Equatable>(of value: V, initial: Bool = false, _ action: @escaping () -> Void) -> some View { _Modified(self) }
    public func onChange<V: Equatable>(of value: V, initial: Bool = false, _ action: @escaping (_ oldValue: V, _ newValue: V) -> Void) -> some View {
        _Modified(self)
    }
    public func task<T: Equatable>(id value: T, priority: TaskPriority = .userInitiated,
                                   _ action: @escaping @isolated(any) @Sendable () async -> Void) -> some View { _Modified(self) }

    public func scrollTargetLayout(isEnabled: Bool = true) -> some View { _Modified(self) }
    public func scrollTargetBehavior(_ behavior: some ScrollTargetBehavior) -> some View { _Modified(self) }
    public func scrollPosition(id: Binding<(some Hashable)?>, anchor: UnitPoint? = nil) -> some View { _Modified(self) }
    public func scrollIndicators(_ visibility: ScrollIndicatorVisibility, axes: Axis.Set = [.vertical, .horizontal]) -> some View {
        _Modified(self)
    }
    public func contentMargins(_ edges: Edge.Set = .all, _ length: CGFloat?, for placement: ContentMarginPlacement = .automatic) -> some View {
        _Modified(self)
    }
    public func scrollClipDisabled(_ disabled: Bool = true) -> some View { _Modified(self) }

    public func pickerStyle<S: PickerStyle>(_ style: S) -> some View { _Modified(self) }
    public func buttonStyle<S: PrimitiveButtonStyle>(_ style: S) -> some View { _Modified(self) }

    public func accessibilityElement(children: AccessibilityChildBehavior = .ignore) -> some View { _Modified(self) }
    public func accessibilityLabel(_ label: Text) -> some View { _Modified(self) }
    public func accessibilityLabel(_ labelKey: LocalizedStringKey) -> some View { _Modified(self) }
    public func accessibilityLabel<S: StringProtocol>(_ label: S) -> some View { _Modified(self) }
    public func accessibilityValue(_ valueDescription: Text) -> some View { _Modified(self) }
    public func accessibilityHint(_ hint: Text) -> some View { _Modified(self) }
    public func accessibilityAddTraits(_ traits: AccessibilityTraits) -> some View { _Modified(self) }
    public func accessibilityHidden(_ hidden: Bool) -> some View { _Modified(self) }
    public func accessibilityAdjustableAction(_ handler: @escaping (AccessibilityAdjustmentDirection) -> Void) -> some View {
        _Modified(self)
    }
    public func accessibilityAction(_ actionKind: AccessibilityActionKind = .default, _ handler: @escaping () -> Void) -> some View {
        _Modified(self)
    }
}

// MARK: - Previews
// "Preview(_:body:)" (the #Preview macro). Its expansion comes from the PreviewMacros plugin beside this file, which
// expands to nothing: the closure is type-checked as the macro's argument, which is all a check needs.

/// Creates a preview of a SwiftUI view.
@freestanding(declaration)
public macro Preview(_ name: String? = nil, @ViewBuilder body: @escaping @MainActor () -> any View) =
    #externalMacro(module: "PreviewMacros", type: "PreviewMacro")
