import CSDL2
import CarouselCore

import Foundation

/// A short synthesised click through SDL audio: the desktop stand-in for a phone's heavy haptic. The audio device
/// opens on the first click; with no audio device (a server, CI) it says so once on stderr and stays silent.
@MainActor
public final class SDLClickSound: SoundPlayer {
    private var device: SDL_AudioDeviceID = 0
    private var unavailable = false
    private let sampleRate: Int32 = 44_100
    private lazy var samples: [Float] = SDLClickSound.click(sampleRate: Double(sampleRate))

    public init() {}

    /// Queues one click (replacing a click still playing).
    public func playClick() {
        guard open() else { return }
        SDL_ClearQueuedAudio(device)
        samples.withUnsafeBytes { raw in
            _ = SDL_QueueAudio(device, raw.baseAddress, UInt32(raw.count))
        }
        SDL_PauseAudioDevice(device, 0)
    }

    private func open() -> Bool {
        if device != 0 { return true }
        if unavailable { return false }
        if !SDLSubsystems.started(SDL_INIT_AUDIO) && SDLSubsystems.start(SDL_INIT_AUDIO) != 0 {
            return fail(String(cString: SDL_GetError()))
        }
        var want = SDL_AudioSpec()
        want.freq = sampleRate
        want.format = SDL_AudioFormat(AUDIO_F32SYS)
        want.channels = 1
        want.samples = 512
        var have = SDL_AudioSpec()
        device = SDL_OpenAudioDevice(nil, 0, &want, &have, 0)
        return device != 0 || fail(String(cString: SDL_GetError()))
    }

    private func fail(_ why: String) -> Bool {
        unavailable = true
        FileHandle.standardError.write(Data("carousel-lab: no audio device for the click sound (\(why)); staying silent\n".utf8))
        return false
    }

    /// The click's samples: 35 ms of a decaying 1.8 kHz tone with a noisy attack: a dry, short tick.
    nonisolated public static func click(sampleRate: Double) -> [Float] {
        let count = Int(sampleRate * 0.035)
        var seed: UInt32 = 12345
        return (0..<count).map { i in
            let t = Double(i) / sampleRate
            seed = seed &* 1_664_525 &+ 1_013_904_223
            let noise = Double(seed >> 8) / Double(1 << 24) * 2 - 1
            let envelope = exp(-t * 160)
            let attack = t < 0.003 ? noise * 0.6 : 0
            return Float((sin(2 * .pi * 1800 * t) * 0.5 + attack) * envelope * 0.6)
        }
    }
}
