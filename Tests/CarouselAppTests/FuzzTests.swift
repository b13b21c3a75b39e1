import CarouselSupport
import CarouselTesting
import CarouselApp
import CarouselCore
import CarouselStyles
import Foundation
import Testing

/// Fuzzing every parser of user input: the JSON parser, parameter files (`Parameters.apply`), deck files
/// (`Deck.load`, which parses items) and scripted input (`ScriptedInput.parse`). Each is fed thousands of mutated
/// valid inputs and random ones from a seeded generator. The properties: no crash, no hang (a generous per-case
/// bound), every failure a one-line message of the documented shape naming the file or entry, and every success
/// within the documented limits. `FUZZ_CASES` and `FUZZ_SEED` in the environment run more cases or other seeds;
/// a failure message names the case's seed, to be added to `FuzzRegressions`.
@MainActor
@Suite("Fuzzing the parsers")
struct FuzzTests {
    static var cases: Int { Int(ProcessInfo.processInfo.environment["FUZZ_CASES"] ?? "") ?? 2000 }
    static var baseSeed: UInt64 { UInt64(ProcessInfo.processInfo.environment["FUZZ_SEED"] ?? "") ?? 20_251_122 }
    /// A case taking longer than this is reported as a hang (any real case takes well under a millisecond).
    static let hangBound = 2.0

    static let parameterSeeds = [
        #"{"itemWidth": 150, "expandCurve": "cubic-bezier(0.2,0.8,0.2,1)", "spacing": 20, "autoAdvance": true}"#,
        #"{"style": "stitch", "time": 1.5, "size": [1280, 720], "state": {"seamless": false}, "parameters": {"stitchDuration": 0.5, "stitchCurve": "spring(0.5,0.8)", "gap": 8}}"#,
        #"{"imageSize": 96, "mode": "scaled", "snapCurve": "spring(duration:0.4,bounce:0.2)", "autoAdvanceInterval": 3}"#,
    ]
    static let deckSeeds = [
        #"{"name": "Sample", "base": "images", "items": [{"image": "a.jpg", "title": "A", "width": 512, "height": 512, "still": "b.jpg", "details": {"year": "1984", "author": "NASA"}}, "c.png", {"image": "https://example.com/d.jpg"}]}"#,
        #"["a.jpg", "b.png", {"image": "file:///tmp/c.jpg", "title": "C"}]"#,
    ]
    static let scriptSeeds = [
        "0.5 click 10 20; 0.1 move 5 5\n0.2 wheel 0 -1 ctrl\n0.3 key left shift; 0.4 pinch 0.8; 0.6 resize 640 480",
        "# demo\n0 move 640 360\n1 wheel 0 -1 shift # next\n1.5 key return\n2 key 3 ctrl alt\n2.5 down 10 10; 2.6 up 20 10\n3 move -1 -1",
    ]

    /// Runs `body` on `cases` inputs: mutations of `seeds`, and one in eight purely random; returns the failures.
    func fuzz(_ seeds: [String], salt: UInt64, _ body: (_ input: [UInt8], _ seed: UInt64) -> String?) -> [String] {
        var failures: [String] = []
        for k in 0..<FuzzTests.cases {
            let seed = FuzzTests.baseSeed &+ salt &* 1_000_003 &+ UInt64(k)
            var rng = SeededGenerator(seed: seed)
            let input = Int.random(in: 0..<8, using: &rng) == 0
                ? Mutator.random(using: &rng)
                : Mutator.mutate(Array(seeds.randomElement(using: &rng)!.utf8), using: &rng)
            let started = Date()
            if let problem = body(input, seed) { failures.append("seed \(seed): \(problem) for \(String(decoding: input.prefix(200), as: UTF8.self).debugDescription)") }
            let took = Date().timeIntervalSince(started)
            if took > FuzzTests.hangBound { failures.append("seed \(seed): took \(took) s") }
            if failures.count >= 5 { break }
        }
        return failures
    }

    // MARK: Checks shared with the regression cases

    /// Parses JSON; nil when the outcome is fine.
    static func checkJSON(_ input: [UInt8]) -> String? {
        do {
            let value = try JSONParser.parse(input)
            // What parsed must write out and parse again.
            guard (try? JSONParser.parse(value.serialized())) != nil else { return "parsed, but its serialization does not parse" }
        } catch let e as JSONSyntaxError {
            guard e.line >= 1, e.column >= 1, isOneLine(e.message) else { return "bad syntax error \(e)" }
        } catch {
            return "unexpected error type \(type(of: error)): \(error)"
        }
        return nil
    }

    /// Applies a parameter file to every style's schema; nil when the outcome is fine.
    static func checkParameters(_ input: [UInt8]) -> String? {
        guard let json = try? JSONParser.parse(input) else { return nil }
        for style in StyleRegistry.all {
            var p = Parameters(specs: StyleRegistry.schema(of: style))
            let problems = p.apply(json: json, file: "fuzz.json")
            if let bad = problems.first(where: { !isOneLine($0) || !$0.hasPrefix("fuzz.json") }) { return "bad problem line \(bad.debugDescription)" }
            for spec in p.specs {
                guard let v = p.values[spec.key], (try? spec.validate(v)) == v else { return "\(style.descriptor.name).\(spec.key) holds an invalid value" }
            }
        }
        return nil
    }

    /// Loads a deck file; nil when the outcome is fine.
    static func checkDeck(_ input: [UInt8], at path: String) -> String? {
        guard FileManager.default.createFile(atPath: path, contents: Data(input)) else { return "cannot write \(path)" }
        do {
            let (deck, warnings) = try Deck.load(path: path)
            guard !deck.items.isEmpty else { return "a deck without items" }
            guard warnings.count <= Deck.maxWarnings + 1 else { return "\(warnings.count) warnings" }
            if let bad = warnings.first(where: { !isOneLine($0) || !($0.hasPrefix(path) || $0.hasPrefix("... and")) }) { return "bad warning \(bad.debugDescription)" }
            for item in deck.items {
                guard !item.image.isEmpty, item.title.count <= 500 else { return "bad item \(item.image.debugDescription)" }
                if let s = item.size, !(s.width >= 1 && s.height >= 1 && s.width < 1e6 && s.height < 1e6) { return "bad size \(s)" }
            }
        } catch {
            guard isOneLine(error.message), error.message.hasPrefix(path) else { return "bad deck error \(error.message.debugDescription)" }
        }
        return nil
    }

    /// Parses a script; nil when the outcome is fine.
    static func checkScript(_ input: [UInt8]) -> String? {
        let text = String(decoding: input, as: UTF8.self)
        do {
            let script = try ScriptedInput.parse(text, size: Size(1280, 720))
            let times = script.entries.map(\.time)
            guard times == times.sorted(), times.allSatisfy({ $0.isFinite && $0 >= 0 && $0 <= 86_400 }) else { return "bad times \(times)" }
            for e in script.entries.flatMap(\.events) {
                switch e {
                case .pointerMove(let p), .pointerDown(let p, _), .pointerUp(let p, _):
                    guard p.x.isFinite, p.y.isFinite, p.x >= 0, p.y >= 0, p.x < 1280, p.y < 720 else { return "bad point \(p)" }
                case .wheel(let dx, let dy, _, _, _):
                    guard dx.isFinite, dy.isFinite else { return "bad wheel \(dx) \(dy)" }
                case .magnify(_, let scale, _):
                    guard scale.isFinite, scale > 0, scale <= 100 else { return "bad scale \(scale)" }
                case .resize(let s):
                    guard (1...16384).contains(s.width), (1...16384).contains(s.height) else { return "bad size \(s)" }
                default: break
                }
            }
        } catch {
            // Compared by scalars: a combining mark after the quote would make the quote part of another character.
            guard isOneLine(error.description), error.description.unicodeScalars.starts(with: "input entry \(error.position) \"".unicodeScalars) else {
                return "bad parse error \(error.description.debugDescription)"
            }
        }
        return nil
    }

    // MARK: Tests

    @Test("The JSON parser: every input parses (and writes back) or fails with a line, a column and a one-line message")
    func json() {
        let failures = fuzz(FuzzTests.parameterSeeds + FuzzTests.deckSeeds, salt: 1) { input, _ in FuzzTests.checkJSON(input) }
        #expect(failures == [])
    }

    @Test("Parameter files: problems are one line naming the file, and every style keeps only valid values")
    func parameters() {
        let failures = fuzz(FuzzTests.parameterSeeds, salt: 2) { input, _ in FuzzTests.checkParameters(input) }
        #expect(failures == [])
    }

    @Test("Deck files: a deck with items and at most 21 one-line warnings, or one error line naming the file")
    func decks() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("fuzz-deck-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let failures = fuzz(FuzzTests.deckSeeds, salt: 3) { input, seed in
            FuzzTests.checkDeck(input, at: dir.appendingPathComponent("deck-\(seed).json").path)
        }
        #expect(failures == [])
    }

    @Test("Scripted input: sorted entries within limits, or an error naming the entry's position and text")
    func scripts() {
        let failures = fuzz(FuzzTests.scriptSeeds, salt: 4) { input, _ in FuzzTests.checkScript(input) }
        #expect(failures == [])
    }

    @Test("The mutator is deterministic: the same seed gives the same input")
    func repeatable() {
        var a = SeededGenerator(seed: 42), b = SeededGenerator(seed: 42)
        let seed = Array(FuzzTests.scriptSeeds[0].utf8)
        for _ in 0..<100 { #expect(Mutator.mutate(seed, using: &a) == Mutator.mutate(seed, using: &b)) }
    }
}
