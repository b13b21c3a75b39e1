/// The paging style as a SwiftUI file, after its article (seed 004): pages of one frame (the view's width, below a
/// top inset and above the page dots, as `PagingFrame` in the app) paging horizontally, moved on by a repeating timer
/// (back to the first after the last), each image placed in the frame by the content mode (fitted by default), with
/// page dots.
enum PagingSwiftUITemplate {
    static let source = #"""
    {{> swiftHeader}}

    extension {{typeName}} {
        /// How an image sits in its page: natural size, centred, scaled down to fit a smaller page; the article's
        /// `.center` (natural size, centred, cropped); aspect-fill; or aspect-fit, small images scaled up.
        enum ContentMode {
            case scaleDown, center, fill, fit
        }

        /// What happens after the last page: scroll back across every page (the article), or go on seamlessly.
        enum Wrap {
            case rewind, seamless
        }
    }

    {{> swiftTuning}}

    {{> swiftDeck}}

    /// Full-size pages paging horizontally, after the article's auto-advancing `UICollectionView` carousel: a timer
    /// selects the next page every interval (no timer with fewer than two images), after the last page it goes back
    /// to the first, and it waits while the pointer is over the pages. Page dots show where you are; Left / Right move.
    /// With Reduce Motion a page changes in place, and the timer waits until started with its button.
    {{> swiftViewHead}}

        /// The page shown: an index into `pages`.
        @State private var position: Int? = 0

        /// The pages: the deck, plus a copy of the first page at the end when wrapping seamlessly.
        private var pages: [Item] {
            Tuning.wrap == .seamless && items.count >= 2 ? items + [items[0]] : items
        }

        /// The deck index of the page shown.
        private var currentPage: Int { items.isEmpty ? 0 : (position ?? 0) % items.count }

        /// Room above the pages (the preview app's toolbar), as in the app.
        private let topInset: CGFloat = 48

        /// Room under the pages: the dots' pill and 8 points above it, or a 16-point margin without dots.
        private var bottomInset: CGFloat {
            Tuning.dots && items.count >= 2 ? Tuning.dotsInset + 3 * Tuning.dotSize + 8 : 16
        }

        var body: some View {
            ScrollView(.horizontal) {
                LazyHStack(spacing: Tuning.pageSpacing) {
                    ForEach(Array(pages.enumerated()), id: \.offset) { index, item in
                        page(item)
                            .containerRelativeFrame([.horizontal, .vertical])
                            .id(index)
                    }
                }
                .scrollTargetLayout()
            }
            .scrollTargetBehavior(.viewAligned)
            .scrollPosition(id: $position)
            .scrollIndicators(.hidden)
            // Every page is one frame, clear of the dots (and of a toolbar above): the padding is outside the pages.
            .padding(.top, topInset)
            .padding(.bottom, bottomInset)
            .modifier(Controls(label: {{deckNameSwift}}, items: items, current: currentPage,
                               step: { step($0) }, advance: { advance() }))
            .overlay(alignment: .bottom) {
                if Tuning.dots && items.count >= 2 {
                    dots
                }
            }
        }

        /// The arrow keys: the page `by` pages away (clamped).
        private func step(_ by: Int) { select(currentPage + by) }

        /// One page: the image placed by the content mode on the page's background, clipped to the page.
        @ViewBuilder private func page(_ item: Item) -> some View {
            ZStack {
                Tuning.background
                switch Tuning.contentMode {
                case .scaleDown:
                    // The natural size when it fits the page, else scaled to fit.
                    ViewThatFits {
                        item.posterImage
                        item.posterImage.resizable().scaledToFit()
                    }
                case .center:
                    item.posterImage
                case .fill:
                    item.posterImage.resizable().scaledToFill()
                case .fit:
                    item.posterImage.resizable().scaledToFit()
                }
            }
            .clipped()
            .accessibilityLabel(Text(item.title))
        }

        /// The page indicator: the current page's dot bright, the others dimmed, on a dark pill.
        private var dots: some View {
            HStack(spacing: Tuning.dotSize) {
                ForEach(items.indices, id: \.self) { index in
                    Circle()
                        .fill(.white)
                        .frame(width: Tuning.dotSize, height: Tuning.dotSize)
                        .opacity(index == currentPage ? 1 : 0.4)
                        .onTapGesture { select(index) }
                        .accessibilityLabel(Text("Page \(index + 1) of \(items.count)"))
                        .accessibilityAddTraits(index == currentPage ? [.isButton, .isSelected] : .isButton)
                }
            }
            .animation(.easeOut(duration: 0.2), value: currentPage)
            .padding(Tuning.dotSize)
            .background(Capsule().fill(.black.opacity(0.35)))
            .padding(.bottom, Tuning.dotsInset)
        }

        /// Moves to deck page `index` (clamped) with the page animation, or in place with Reduce Motion.
        private func select(_ index: Int) {
            guard !items.isEmpty else { return }
            withAnimation(motion(Tuning.pageCurve)) {
                position = min(max(index, 0), items.count - 1)
            }
        }

        /// The timer's step: the next page; after the last, back across every page to the first (rewind) or on to
        /// the copy of the first, then invisibly to the first itself (seamless).
        private func advance() {
            guard items.count >= 2 else { return }
            let next = (position ?? 0) + 1
            if next < items.count {
                withAnimation(motion(Tuning.pageCurve)) { position = next }
            } else if Tuning.wrap == .rewind || reduceMotion {
                withAnimation(motion(Tuning.pageCurve)) { position = 0 }
            } else {
                withAnimation(Tuning.pageCurve) {
                    position = items.count
                } completion: {
                    var jump = Transaction()
                    jump.disablesAnimations = true
                    withTransaction(jump) { position = 0 }
                }
            }
        }
    }

    {{> swiftControls}}

    #Preview {
        {{typeName}}()
            .frame(height: 400)
    }
    {{> swiftImages}}
    """#
}
