import CarouselCore

/// The one frame every page of the paging style fills, in its container: the article's pages are each the
/// carousel's bounds (`itemSize = collectionView.frame.size`); here the bounds are what the window's controls leave.
/// The container's full width (pages slide edge to edge); from `topInset` below the top, clear of the window's
/// toolbar; to `controlsGap` above the page dots when they show, else `bottomMargin` above the bottom. The app, its
/// SwiftUI export and its web page compute the same frame (the templates repeat these numbers).
enum PagingFrame {
    /// Room above the pages: the window's toolbar is 28 pt tall at 10 pt from the top, and 10 pt more keeps a page's
    /// edge off it.
    static let topInset = 48.0
    /// Room between the pages and the pill of dots.
    static let controlsGap = 8.0
    /// Room under the pages when there are no dots.
    static let bottomMargin = 16.0

    /// How the page dots are set: shown (with two pages or more), their diameter, their distance from the bottom.
    struct Dots: Equatable {
        var shown: Bool
        var size: Double
        var inset: Double
        /// The pill's height: three dot diameters (`PagingDots`).
        var pillHeight: Double { 3 * size }
    }

    /// The pages' frame in a container of `size` holding `count` pages, with the dots set as `dots`. At least one
    /// point tall, however small the window.
    static func page(in size: Size, dots: Dots, count: Int) -> Rect {
        let bottom = dots.shown && count >= 2 ? dots.inset + dots.pillHeight + controlsGap : bottomMargin
        return Rect(0, topInset, size.width, max(size.height - topInset - bottom, 1))
    }
}
