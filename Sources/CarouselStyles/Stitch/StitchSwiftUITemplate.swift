/// The stitch style as a SwiftUI file, after its article (seed 001): a scrolling `HStack` of fitted images whose
/// spacing and corner radius a `MagnifyGesture` toggles, stitching with `easeIn` and separating with `easeOut`, the
/// whole row clipped to one rounded rectangle, and a heavy haptic on each change.
enum StitchSwiftUITemplate {
    static let source = #"""
    {{> swiftPrelude}}

    /// Threads' pinch-to-stitch carousel: pinch in (below the pinch-in threshold) and the photos join into one
    /// seamless strip; pinch out (above the pinch-out threshold) and they separate. The row is always clipped to one
    /// rounded rectangle, so its outer corners stay round in both states. At most one change per gesture.
    {{> swiftViewHead}}

        @State private var seamless = false
        /// Whether the gesture in progress already changed the state.
        @State private var decided = false
        @State private var isPinching = false
        @State private var cueOpacity = 0.0
        @State private var position: Int?

        @ViewBuilder
        func image(_ item: Item) -> some View {
            item.posterImage
                .resizable(resizingMode: .stretch)
                .aspectRatio(item.aspectRatio, contentMode: .fit)
                .clipShape(.rect(cornerRadius: seamless ? Tuning.seamlessRadius : Tuning.normalRadius))
                .accessibilityLabel(Text(item.title))
        }

        var body: some View {
            ScrollView(.horizontal) {
                HStack(spacing: seamless ? Tuning.seamlessSpacing : Tuning.normalSpacing) {
                    ForEach(items) { item in
                        image(item)
                            .id(item.id)
                    }
                }
                .scrollTargetLayout()
                .gesture(
                    MagnifyGesture()
                        .onChanged { value in
                            isPinching = true
                            guard !decided else { return }
                            if !seamless, value.magnification < Tuning.pinchInThreshold {
                                decided = true
                                setSeamless(true)
                            } else if seamless, value.magnification > Tuning.pinchOutThreshold {
                                decided = true
                                setSeamless(false)
                            }
                        }
                        .onEnded { _ in
                            decided = false
                            isPinching = false
                        }
                )
                .clipShape(.rect(cornerRadius: Tuning.outerRadius))
                .background {
                    // The desktop's stand-in for the phone's haptic: a white ring around the row that fades out.
                    RoundedRectangle(cornerRadius: Tuning.outerRadius + 3)
                        .fill(.white.opacity(0.9))
                        .padding(-3)
                        .opacity(cueOpacity)
                }
                .frame(maxHeight: Tuning.maxHeight)
                .padding(Tuning.padding)
            }
            .snapsToItems(Tuning.snapping)
            .scrollPosition(id: $position, anchor: .leading)
            .scrollIndicators(.hidden)
            .sensoryFeedback(.impact(weight: .heavy), trigger: seamless)
            .onChange(of: seamless) { giveCue() }
            .modifier(Controls(label: {{deckNameSwift}}, items: items, current: position ?? 0, isPaused: isPinching,
                               step: { scroll(by: $0) }, activate: { setSeamless(!seamless) },
                               advance: { scroll(by: 1, wrapping: true) }))
        }

        /// Stitches or separates the row: with the stitch or unstitch curve, or at once with Reduce Motion. Return and
        /// Space do it from the keyboard, VoiceOver's activate with a double tap.
        private func setSeamless(_ value: Bool) {
            withAnimation(motion(value ? Tuning.stitchCurve : Tuning.unstitchCurve)) {
                seamless = value
            }
        }

        /// A short white pulse around the row on each state change (`Tuning.cue`); a fade, so Reduce Motion keeps it.
        private func giveCue() {
            guard Tuning.cue else { return }
            cueOpacity = 1
            withAnimation(.easeOut(duration: Tuning.cueDuration)) {
                cueOpacity = 0
            }
        }

        /// Scrolls `step` images on, resting with an image's leading edge at the start; with `wrapping`, after the
        /// last image back to the first.
        private func scroll(by step: Int, wrapping: Bool = false) {
            guard !items.isEmpty else { return }
            let next = (position ?? 0) + step
            let index = wrapping && next >= items.count ? 0 : min(max(next, 0), items.count - 1)
            withAnimation(motion(.spring(response: 0.4, dampingFraction: 1))) {
                position = index
            }
        }
    }

    {{> swiftControls}}

    {{> swiftSnapping}}

    #Preview {
        {{typeName}}()
    }
    {{> swiftImages}}
    """#
}
