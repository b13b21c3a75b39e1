import CarouselApp
import CarouselStyles
import ImageFetching

extension DropFetcher {
    /// Fetches dropped and pasted URLs through `fetcher`, the window's image fetcher: an image lands in its caches,
    /// so the image store finds it there; a deck file is fetched afresh, at most `Deck.maxFileSize`.
    static func using(_ fetcher: ImageFetcher) -> DropFetcher {
        DropFetcher(image: { url in await fetcher.fetch(url).map { $0 }.mapError { DeckError($0.message) } },
                    document: { url in await fetcher.fetchDocument(url, maxBytes: Deck.maxFileSize).mapError { DeckError($0.message) } })
    }
}
