/// The circular style as a SwiftUI file, after its article (seed 003): a `GeometryReader` around a horizontal
/// `ScrollView` of round images whose `visualEffect` applies the `offset`, `scale` and `progress` functions, with
/// view-aligned snapping, `scrollPosition(id:)` and the Normal / Scaled picker.
enum CircularSwiftUITemplate {
    static let source = #"""
    {{> swiftHeader}}

    /// The slider's two looks (the article's `TripPicker`).
    enum {{typeName}}TripPicker: String, CaseIterable {
        case normal = "Normal"
        case scaled = "Scaled"
    }

    {{> swiftTuning}}

    {{> swiftDeck}}

    /// The circular slider: round images on an arc that bends around the centred one; scrolling snaps so that one
    /// image is centred. Normal mode draws a white circle behind the centre; Scaled mode grows the images near it.
    struct {{typeName}}: View {
        private typealias Tuning = {{typeName}}Tuning
        private typealias TripPicker = {{typeName}}TripPicker
        var items: [{{typeName}}Item] = {{typeName}}Item.deck

        @State private var pickerType: TripPicker = Tuning.mode
        @State private var activeID: Int?
        @State private var isPointerOver = false

        var body: some View {
            VStack {
                Picker("", selection: $pickerType.animation(Tuning.modeCurve)) {
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
                                Image(item.image)
                                    .resizable()
                                    .aspectRatio(contentMode: .fill)
                                    .frame(width: Tuning.imageSize, height: Tuning.imageSize)
                                    .clipShape(.circle)
                                    .shadow(color: .black.opacity(Tuning.shadow ? Tuning.shadowOpacity : 0), radius: Tuning.shadowRadius,
                                            x: Tuning.shadowOffset, y: Tuning.shadowOffset)
                                    .visualEffect { view, proxy in
                                        view
                                            .offset(y: Self.offset(proxy))
                                            .scaleEffect(1 + (scaled ? Tuning.scaleFactor * Self.scale(proxy) : 0))
                                            .offset(y: Tuning.scaleOffset * Self.scale(proxy))
                                    }
                                    .onTapGesture { select(item.id) }
                            }
                        }
                        .frame(height: size.height)
                        .scrollTargetLayout()
                    }
                    .background {
                        if Tuning.highlight && !scaled {
                            Circle()
                                .fill(.white.shadow(.drop(color: .black.opacity(0.2), radius: 5)))
                                .frame(width: Tuning.highlightSize, height: Tuning.highlightSize)
                                .offset(y: Tuning.rowLift - Tuning.highlightOffset)
                        }
                    }
                    .safeAreaPadding(.horizontal, padding)
                    .scrollIndicators(.hidden)
                    .snapsToItems(Tuning.snapping)
                    .scrollPosition(id: $activeID)
                    .frame(height: size.height)
                }
                .frame(height: 200)
                .offset(y: -Tuning.rowLift)

                Spacer(minLength: 0)
            }
            .onHover { isPointerOver = $0 }
            .focusable()
            .onKeyPress(.leftArrow) { select((activeID ?? 0) - 1); return .handled }
            .onKeyPress(.rightArrow) { select((activeID ?? 0) + 1); return .handled }
            .onKeyPress("m") {
                withAnimation(Tuning.modeCurve) { pickerType = pickerType == .normal ? .scaled : .normal }
                return .handled
            }
            .modifier({{typeName}}AutoAdvance(isEnabled: Tuning.autoAdvance && items.count >= 2,
                                              interval: Tuning.autoAdvanceInterval, isPaused: isPointerOver,
                                              showsProgress: Tuning.autoAdvanceProgress) {
                let next = (activeID ?? 0) + 1
                select(next < items.count ? next : 0)
            })
        }

        /// Centres image `id` (clamped) with the snapping spring.
        private func select(_ id: Int) {
            guard !items.isEmpty else { return }
            withAnimation(.spring(response: Tuning.snapResponse, dampingFraction: 1)) {
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

    {{> swiftSnapping}}

    #Preview {
        {{typeName}}()
            .frame(height: 400)
            .preferredColorScheme(.dark)
    }
    """#
}
