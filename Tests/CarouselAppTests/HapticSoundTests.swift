import CarouselApp
import CarouselCore
import CarouselStyles
import CarouselTesting
import Testing

/// The desktop stand-in for the phone's haptic (issue 5): stitch state changes click only when sound is on.
@Suite("Haptic click")
@MainActor
struct HapticSoundTests {
    final class CountingSound: SoundPlayer {
        var clicks = 0
        func playClick() { clicks += 1 }
    }

    func make() throws -> (Preview, InputSimulator, CountingSound) {
        let deck = Deck.sample(count: 8)
        let preview = try Preview(deck: deck, images: deck.fakeImageStore(), size: Size(1280, 720), style: "stitch")
        let sound = CountingSound()
        preview.sound = sound
        return (preview, InputSimulator(driver: preview), sound)
    }

    @Test("With sound off (the default) a stitch is silent")
    func silentByDefault() throws {
        let (_, sim, sound) = try make()
        sim.pinch(to: 0.8)
        sim.wait(0.5)
        #expect(sound.clicks == 0)
    }

    @Test("With sound on, each state change clicks once; a pinch inside the slop does not")
    func clicksOnChange() throws {
        let (p, sim, sound) = try make()
        try p.setParameter("sound", .bool(true))
        sim.pinch(to: 0.8)
        sim.wait(0.5)
        #expect(sound.clicks == 1)
        sim.pinch(to: 1.02)
        sim.wait(0.5)
        #expect(sound.clicks == 1)
        sim.pinch(to: 1.2)
        sim.wait(0.5)
        #expect(sound.clicks == 2)
    }

    @Test("The click survives a style switch away and back")
    func afterSwitch() throws {
        let (p, sim, sound) = try make()
        try p.setParameter("sound", .bool(true))
        try p.switchStyle(to: "loop")
        try p.switchStyle(to: "stitch")
        sim.pinch(to: 0.8)
        sim.wait(0.5)
        #expect(sound.clicks == 1)
    }
}
