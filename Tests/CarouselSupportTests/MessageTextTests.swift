import CarouselSupport
import Testing

/// Names and lines cut in the middle (issue 40): which file and what went wrong stay, however long the name.
@Suite("Message text")
struct MessageTextTests {
    let url = "https://example.com/" + String(repeating: "a", count: 100_000) + "/photo.jpg"

    @Test("A name longer than 80 characters keeps its start and its end; control characters are escaped")
    func names() {
        let name = MessageText.name(url)
        #expect(name.count == 81 && name.hasPrefix("https://example.com/aaa") && name.hasSuffix("aaa/photo.jpg") && name.contains("…"))
        #expect(MessageText.name("/tmp/short.jpg") == "/tmp/short.jpg")
        #expect(MessageText.name("a\nb") == "a\\nb")
    }

    @Test("A line of 100 KB is printed as 600 characters whose end is the reason")
    func lines() {
        let line = MessageText.line(url + ": cannot connect (connection refused)")
        #expect(line.count == MessageText.maxLineLength + 1)
        #expect(line.hasPrefix("https://example.com/") && line.hasSuffix("/photo.jpg: cannot connect (connection refused)"))
        #expect(MessageText.line("short: fine") == "short: fine")
    }

    @Test("Fitted to a width, the middle goes: the reason shows, never an ellipsis in its place")
    func fitted() {
        let message = url + ": cannot connect (connection refused)"
        let text = MessageText.fitted(message) { $0.count <= 60 }
        #expect(text.count <= 60 && text.count >= 59, "\(text)")
        #expect(text.hasPrefix("https://exam") && text.hasSuffix(".jpg: cannot connect (connection refused)"), "\(text)")
        #expect(MessageText.fitted("fits") { $0.count <= 60 } == "fits")
        #expect(MessageText.fitted(message) { _ in false } == "…", "nothing fits: the ellipsis alone")
    }
}
