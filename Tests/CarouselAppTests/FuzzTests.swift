import CarouselSupport
import CarouselTesting
import CarouselApp
import CarouselCore
import CarouselStyles
import Foundation
import Testing

/// Fuzzing every parser of user input: the JSON parser, parameter files (`Parameters.apply`), deck files
/// (`Deck.load`, which parses items), scripted input (`ScriptedInput.parse`), timing curves (`CurveSyntax.parse`,
/// then animated and painted: whatever a curve says, what reaches a renderer is finite and within reach) and
/// screenshot and clip sidecars (`SidecarDefaults`: values within their flags' limits). Each is fed thousands of mutated
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
    static let curveSeeds = [
        "cubic-bezier(0.2,1e9,0.2,1)", "cubic-bezier(0.42,0,0.58,1)", "cubic-bezier(0,-1e308,1,1e308)", "spring(0.5,0.825)",
        "spring(duration:0.4,bounce:0.2)", "easeInOut", "cubic-bezier(0.2,-3,0.8,4)",
    ]
    static let sidecarSeeds = [
        #"{"screenshot": "expand-1.png", "style": "expand", "size": [1280, 720], "time": 2.5, "input": ["0.1 move 270 350"], "itemWidth": 150}"#,
        #"{"clip": "expand-1.mp4", "style": "loop", "size": [800, 600], "from": 1.5, "to": 4, "fps": 30, "input": ["0.1 key right"], "inputTruncated": true}"#,
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

    /// Parses a curve; an accepted one animates a card's width, offset, scale and corner radius, painted at 24
    /// times: nil when every progress value is finite and within the limit and every drawing finite and within the
    /// paint pass's reach; a refused one must say so in one line listing the forms.
    static func checkCurve(_ input: [UInt8]) -> String? {
        let text = String(decoding: input, as: UTF8.self)
        guard let curve = CurveSyntax.parse(text) else {
            let spec = ParameterSpec("c", "C", .curve, default: .text("linear"), "")
            do { _ = try spec.validate(.text(text)); return "refused by parse, accepted by validate" } catch {
                return isOneLine(error.message) && error.message.hasSuffix("(\(CurveSyntax.forms))") ? nil : "bad curve error \(error.message.debugDescription)"
            }
        }
        for k in 0...20 {
            let p = curve.progress(at: Double(k) / 20)
            guard p.isFinite, abs(p) <= CubicBezier.progressLimit else { return "progress \(p) at \(Double(k) / 20)" }
        }
        let size = Size(400, 300)
        let scene = Scene(size: size)
        let card = Node(name: "card", frame: Rect(50, 50, 100, 100))
        card.background = Color(1, 0, 0)
        card.shadow = Shadow(color: Color(0, 0, 0, 0.5), radius: 8, offset: Point(0, 2))
        card.text = TextContent("x", font: FontSpec(size: 12), color: .white)
        scene.root.addChild(card)
        scene.withAnimation(Animation(curve: curve, duration: 0.5)) {
            card.frame = Rect(60, 40, 300, 200)
            card.offset = Point(-40, 30)
            card.scale = 1.5
            card.cornerRadius = 20
        }
        let reach = Rect(origin: .zero, size: size).outset(4 * 400)
        for k in 0...23 {
            scene.advance(to: Double(k) / 20)
            let recorder = DrawListRecorder(size: size)
            scene.paint(into: recorder, images: nil)
            for d in recorder.draws {
                let r = d.rect
                guard [r.x, r.y, r.width, r.height, d.cornerRadius, d.scale].allSatisfy(\.isFinite) else { return "a drawing not finite: \(r)" }
                guard r.minX >= reach.minX - 1, r.maxX <= reach.maxX + 1, r.minY >= reach.minY - 1, r.maxY <= reach.maxY + 1 else {
                    return "a drawing beyond the reach: \(r)"
                }
            }
        }
        return nil
    }

    /// Reads a sidecar; nil when every value it took is within its flag's limits and every problem is one line
    /// naming the file.
    static func checkSidecar(_ input: [UInt8]) -> String? {
        guard let json = try? JSONParser.parse(input) else { return nil }
        let d = SidecarDefaults(json: json, file: "s.json")
        if let bad = d.problems.first(where: { !isOneLine($0) || !$0.hasPrefix("s.json") }) { return "bad problem line \(bad.debugDescription)" }
        for (key, t) in [("time", d.time), ("from", d.from), ("to", d.to)] {
            if let t, !CaptureLimits.seconds.contains(t) { return "\(key) \(t) taken" }
        }
        if let from = d.from, let to = d.to, to <= from { return "to \(to) not after from \(from)" }
        if let fps = d.fps, !CaptureLimits.fps.contains(fps) { return "fps \(fps) taken" }
        if let s = d.size, !(CaptureLimits.side.contains(s.width) && CaptureLimits.side.contains(s.height)) { return "size \(s) taken" }
        if let input = d.input, let problem = checkScript(Array(input.utf8)) { return "its input: \(problem)" }
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

    @Test("Timing curves: refused in one line listing the forms, or animated and painted with every drawing finite and within reach")
    func curves() {
        let failures = fuzz(FuzzTests.curveSeeds, salt: 5) { input, _ in FuzzTests.checkCurve(input) }
        #expect(failures == [])
    }

    @Test("Every style with fuzzed curves, driven by input: laid out and painted finite and within reach")
    func curvesThroughStyles() throws {
        // Most mutations make a curve `parse` refuses: draw until enough accepted ones have been driven.
        var failures: [String] = [], ran = 0
        let target = max(FuzzTests.cases / 200, 5)
        for k in 0..<target * 100 where ran < target {
            let seed = FuzzTests.baseSeed &+ 7 &* 1_000_003 &+ UInt64(k)
            var rng = SeededGenerator(seed: seed)
            let text = String(decoding: Mutator.mutate(Array(FuzzTests.curveSeeds.randomElement(using: &rng)!.utf8), using: &rng), as: UTF8.self)
            guard CurveSyntax.parse(text) != nil else { continue }
            ran += 1
            let style = StyleRegistry.names.randomElement(using: &rng)!
            let (preview, sim) = try makePreview(style: style)
            for spec in preview.currentParameters.specs where spec.kind == .curve { try preview.setParameter(spec.key, .text(text)) }
            sim.move(270, 350); sim.wait(0.1); sim.key("right"); sim.wait(0.1); sim.wheel(dy: -2); sim.pinch(to: 0.6); sim.wait(0.2)
            sim.key("end"); sim.wait(0.15)
            let reach = Rect(origin: .zero, size: Size(1280, 720)).outset(4 * 1280)
            for d in sim.renderer.draws {
                let r = d.rect
                if ![r.x, r.y, r.width, r.height].allSatisfy(\.isFinite) || r.minX < reach.minX - 1 || r.maxX > reach.maxX + 1
                    || r.minY < reach.minY - 1 || r.maxY > reach.maxY + 1 {
                    failures.append("seed \(seed): \(style) with \(text.debugDescription) drew \(d.kind) at \(r)")
                    break
                }
            }
            if failures.count >= 5 { break }
        }
        #expect(failures == [])
        #expect(ran == target, "accepted curves driven through styles: \(ran)")
    }

    @Test("Sidecars: every value taken within its flag's limits, every problem one line naming the file")
    func sidecars() {
        let failures = fuzz(FuzzTests.sidecarSeeds, salt: 6) { input, _ in FuzzTests.checkSidecar(input) }
        #expect(failures == [])
    }

    @Test("The mutator is deterministic: the same seed gives the same input")
    func repeatable() {
        var a = SeededGenerator(seed: 42), b = SeededGenerator(seed: 42)
        let seed = Array(FuzzTests.scriptSeeds[0].utf8)
        for _ in 0..<100 { #expect(Mutator.mutate(seed, using: &a) == Mutator.mutate(seed, using: &b)) }
    }
}
