import CarouselSupport
import CarouselCore
import Foundation
import Testing

/// Inputs that once failed a fuzz check, reduced by hand to their core, with the seed that found each (base seed
/// 20251122, `FUZZ_CASES=20000`; the seed regenerates the original input as long as `Mutator` and the seed corpora
/// are unchanged), plus a few written by hand (no seed) for the same bugs. Each runs through the same check as the
/// fuzz test it came from.
@MainActor
@Suite("Fuzz regressions")
struct FuzzRegressions {
    enum Target: String, Sendable { case json, parameters, deck, script, curve, sidecar }

    struct Case: Sendable, CustomTestStringConvertible {
        let seed: UInt64?
        let target: Target
        let input: [UInt8]
        let what: String
        init(seed: UInt64?, _ target: Target, _ input: String, _ what: String) { self.init(seed: seed, target, Array(input.utf8), what) }
        init(seed: UInt64?, _ target: Target, _ input: [UInt8], _ what: String) {
            self.seed = seed; self.target = target; self.input = input; self.what = what
        }
        var testDescription: String { "\(target.rawValue) \(seed.map(String.init) ?? "by hand"): \(what)" }
    }

    nonisolated static let cases: [Case] = [
        // JSONValue.format scaled 1e308 by 10000, overflowed to inf and wrote "inf": not JSON.
        Case(seed: 21_252_643, .json, #"{"autoAdvanceInterval": 1e308, "snapCurve1e999": "x"}"#, "a number near the largest double is written back as JSON"),
        Case(seed: nil, .json, #"[{"big": -1.7976931348623157e308}]"#, "the most negative double is written back as JSON"),
        // The messages below quoted user text raw, so a control character or line break split the line.
        Case(seed: 21_251_158, .json, "\u{1B}\"a.jpg\"", "an escape character is not printed raw"),
        Case(seed: 21_251_137, .json, Array(#"{"mode":"#.utf8) + [0x85] + Array("}".utf8), "a lone byte 0x85 (NEL as a scalar) is not printed raw"),
        Case(seed: 22_251_581, .parameters, #"{"parame\tters": {"gap": 8}}"#, "a key with an escaped tab"),
        Case(seed: 22_251_667, .parameters, #"{"expandCurve": "cubic-bezier(0.2,0.8\n,0.2,1)"}"#, "a curve with an escaped line break"),
        Case(seed: 22_252_237, .parameters, #"{"expandCu\rve": 1}"#, "a carriage return in a key"),
        Case(seed: nil, .parameters, #"{"mode": "sca\u2028led"}"#, "a line separator in a choice"),
        Case(seed: 23_251_181, .deck, "\u{1B}\"a.jpg\", \"b.png\"", "a deck file starting with an escape character"),
        Case(seed: nil, .deck, #"{"items": ["a.jpg"], "co\nlour": 1}"#, "an unknown key with a line break"),
        Case(seed: 24_251_145, .script, "2 key I\u{1E}m\u{07}3 ctrl alt", "a key name with control characters"),
        Case(seed: 24_251_138, .script, "f\u{13}\u{10}:\t0 move 1 1", "a time with control characters"),
        Case(seed: nil, .script, "0.1 jump\u{0B}\u{0C}x", "vertical tab and form feed in an action"),
        // Not a bug in the parser but in the check: a combining mark right after the opening quote merged with it.
        Case(seed: 24_251_739, .script, "\u{065B}x|y", "a combining mark right after the quote"),
        // Issue 34, found by hand: accepted curves that crashed the renderer (SIGILL converting to Int32, SIGSEGV in
        // SDL's geometry) or a layout's arithmetic (infinity minus infinity), and sidecar values taken unchecked.
        Case(seed: nil, .curve, "cubic-bezier(0.2,1e9,0.2,1)", "a 1e9 overshoot is held within the reach"),
        Case(seed: nil, .curve, "cubic-bezier(0.2,1e5,0.2,1)", "a 1e5 overshoot (SIGSEGV in SDL's geometry)"),
        Case(seed: nil, .curve, "cubic-bezier(0,-1e308,1,1e308)", "control points at the largest doubles (NaN progress)"),
        Case(seed: nil, .curve, "cubic-bezier(2,0,0,1)", "x out of range: refused with every form and its range"),
        Case(seed: nil, .sidecar, #"{"time": 1e308}"#, "capture ran forever"),
        Case(seed: nil, .sidecar, #"{"time": -5, "fps": 1e308}"#, "taken silently"),
        Case(seed: nil, .sidecar, #"{"to": 1e9}"#, "record tried to allocate 240 GB"),
    ]

    @Test("Each once-failing input now passes its fuzz check", arguments: cases)
    func regression(_ c: Case) throws {
        let bytes = c.input
        let problem: String?
        switch c.target {
        case .json: problem = FuzzTests.checkJSON(bytes)
        case .parameters: problem = FuzzTests.checkParameters(bytes)
        case .script: problem = FuzzTests.checkScript(bytes)
        case .curve: problem = FuzzTests.checkCurve(bytes)
        case .sidecar: problem = FuzzTests.checkSidecar(bytes)
        case .deck:
            let dir = FileManager.default.temporaryDirectory.appendingPathComponent("fuzz-regression-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: dir) }
            problem = FuzzTests.checkDeck(bytes, at: dir.appendingPathComponent("deck.json").path)
        }
        #expect(problem == nil)
    }

    @Test("Messages quote user text on one line: control characters and line separators escaped, long text cut")
    func messageText() {
        #expect(MessageText.quote("a\nb\t\"c\"\\") == #""a\nb\t\"c\"\\""#)
        #expect(MessageText.clean("x\u{0B}y\u{85}z\u{2028}") == #"x\u{b}y\u{85}z\u{2028}"#)
        #expect(MessageText.clean(String(repeating: "é", count: 100)) == String(repeating: "é", count: 80) + "…")
        #expect(MessageText.clean("👩‍👩‍👧 ok") == "👩‍👩‍👧 ok")
    }
}
