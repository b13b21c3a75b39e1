/// The circular style as a SwiftUI file, after its article (seed 003): a `GeometryReader` around a horizontal
/// `ScrollView` of round images whose `visualEffect` applies the `offset`, `scale` and `progress` functions, with
/// view-aligned snapping, `scrollPosition(id:)` and the Normal / Scaled picker.
enum CircularSwiftUITemplate {
    static let source = #"""
    {{> swiftHeader}}

    {{> swiftTuning}}

    {{> swiftDeck}}

    extension {{typeName}} {
        /// The slider's two looks (the article's `TripPicker`).
        enum TripPicker: String, CaseIterable {
            case normal = "Normal"
            case scaled = "Scaled"
        }
    }

    /// The circular slider: round images on an arc that bends around the centred one; scrolling snaps so that one
    /// image is centred. Normal mode draws a white circle behind the centre; Scaled mode grows the images near it.
    {{> swiftViewHead}}

        @State private var pickerType: TripPicker = Tuning.mode
        @State private var activeID: Int?

        var body: some View {
            VStack {
                Picker("Look", selection: $pickerType.animation(motion(Tuning.modeCurve))) {
                    ForEach(TripPicker.allCases, id: \.self) { mode in
                        Text(mode.rawValue).tag(mode)
                    }
                }
                .pickerStyle(.segmented)
                .frame(width: 180)
                .padding(.top, 24)

                Spacer(minLength: 0)

                GeometryReader { geometry in
                    let size = geometry.size
                    let padding = (size.width - Tuning.imageSize) / 2
                    let scaled = pickerType == .scaled
                    ScrollView(.horizontal) {
                        HStack(spacing: Tuning.spacing) {
                            ForEach(items) { item in
                                item.posterImage
                                    .resizable()
                                    .aspectRatio(contentMode: .fill)
                                    .frame(width: Tuning.imageSize, height: Tuning.imageSize)
                                    .clipShape(.circle)
                                    .shadow(color: .black.opacity(Tuning.shadow ? Tuning.shadowOpacity : 0), radius: Tuning.shadowRadius,
                                            x: Tuning.shadowOffset, y: Tuning.shadowOffset)
                                    .background {
                                        // The highlight rings the image in the centre slot and goes with it, fading
                                        // as it leaves (gone half an image size away): never an empty disc mid-drag.
                                        if Tuning.highlight && !scaled {
                                            Circle()
                                                .fill(.white.shadow(.drop(color: .black.opacity(0.2), radius: 5)))
                                                .frame(width: Tuning.highlightSize, height: Tuning.highlightSize)
                                                .offset(y: Tuning.rowLift - Tuning.highlightOffset - Tuning.scaleOffset)
                                                .visualEffect { view, proxy in
                                                    view.opacity(Self.highlightOpacity(proxy))
                                                }
                                        }
                                    }
                                    .visualEffect { view, proxy in
                                        view
                                            .offset(y: Self.offset(proxy))
                                            .scaleEffect(1 + (scaled ? Tuning.scaleFactor * Self.scale(proxy) : 0))
                                            .offset(y: Tuning.scaleOffset * Self.scale(proxy))
                                    }
                                    .onTapGesture { select(item.id) }
                                    .accessibilityLabel(Text(item.title))
                            }
                        }
                        .frame(height: size.height)
                        .scrollTargetLayout()
                    }
                    .safeAreaPadding(.horizontal, padding)
                    .scrollIndicators(.hidden)
                    .snapsToItems(Tuning.snapping)
                    .scrollPosition(id: $activeID)
                    .frame(height: size.height)
                }
                .frame(height: 200)
                .offset(y: -Tuning.rowLift)
                .modifier(Controls(label: {{deckNameSwift}}, items: items, current: activeID ?? 0,
                                   step: { select((activeID ?? 0) + $0) }, advance: {
                    let next = (activeID ?? 0) + 1
                    select(next < items.count ? next : 0)
                }))
                .onKeyPress("m") {
                    withAnimation(motion(Tuning.modeCurve)) { pickerType = pickerType == .normal ? .scaled : .normal }
                    return .handled
                }

                Spacer(minLength: 0)
            }
        }

        /// Centres image `id` (clamped) with the snapping spring, or at once with Reduce Motion.
        private func select(_ id: Int) {
            guard !items.isEmpty else { return }
            withAnimation(motion(.spring(response: Tuning.snapResponse, dampingFraction: 1))) {
                activeID = min(max(id, 0), items.count - 1)
            }
        }

        /// The article's progress: how many image widths the image's centre is from the scroll view's centre
        /// (positive left of it, negative right of it).
        nonisolated static func progress(_ proxy: GeometryProxy) -> CGFloat {
            let viewWidth = proxy.size.width
            guard viewWidth > 0, let bounds = proxy.bounds(of: .scrollView) else { return 0 }
            return (bounds.midX - viewWidth / 2) / viewWidth
        }

        /// How much of the highlight behind an image shows: whole with the image in the centre slot, none from half an
        /// image size away (`proxy` is the highlight's, centred on its image).
        nonisolated static func highlightOpacity(_ proxy: GeometryProxy) -> Double {
            guard Tuning.imageSize > 0, let bounds = proxy.bounds(of: .scrollView) else { return 1 }
            let progress = min(abs(bounds.midX - proxy.size.width / 2) / Tuning.imageSize, 1)
            return min(max(2 * (1 - progress) - 1, 0), 1)
        }

        /// The downward shift that bends the row into an arc: `offsetFactor * |progress|`.
        nonisolated static func offset(_ proxy: GeometryProxy) -> CGFloat {
            let progress = progress(proxy)
            return progress < 0 ? progress * -Tuning.offsetFactor : progress * Tuning.offsetFactor
        }

        /// 1 for the centred image, falling to 0 one image width away.
        nonisolated static func scale(_ proxy: GeometryProxy) -> CGFloat {
            let progress = min(max(progress(proxy), -1), 1)
            return progress < 0 ? 1 + progress : 1 - progress
        }
    }

    {{> swiftControls}}

    {{> swiftSnapping}}

    #Preview {
        {{typeName}}()
            .frame(height: 400)
            .preferredColorScheme(.dark)
    }
    {{> swiftImages}}
    """#
}
