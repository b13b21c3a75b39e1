import CarouselSupport
import CarouselApp
import CarouselCore
import CarouselStyles
import CarouselTesting
import Foundation
import Testing

/// The arithmetic of the exported SwiftUI files, run: every gallery effect's export is compiled into one program
/// against the SwiftUI stand-in (built as a library: its types hold their values, nothing of it is drawn) with a
/// driver that lays the items out as the view's `LazyHStack` does (from the leading content margin, `spacing` apart,
/// each at its size, aligned across the row), reads each item's look and `Placement` from the export's own code, and
/// composes the placement as SwiftUI composes `scaleEffect`, `offset` and `rotation3DEffect` (the rotation about the
/// anchor, seen through `perspective` as the larger side over it: SwiftUI's documented "relative vanishing point", as
/// OpenSwiftUI reads it). Every item the app draws (its layout quad, at rest and with the row dragged and held at four
/// places, the states settled) has the export's item of the same deck index and progress, its four corners within
/// 0.05 pt. A sign flipped in the export's placement fails it: the same program carries cards' export with the offset's
/// y flipped, so one compile serves both tests.
@MainActor
@Suite(.serialized) struct EffectSwiftUIMathsTests {
    static let distances: [Double] = [0, 37, 161, 302, 451]
    static let size = Size(1280, 720)

    /// One item of the app's layout or the export's: deck index, progress, corners in the window.
    struct Item {
        var index: Int
        var progress: Double
        var quad: [Point]
    }

    @Test("The SwiftUI export's maths, composed as SwiftUI composes its effects, puts each item's corners where the app draws them (0.05 pt)")
    func exportedMathsMatchTheApp() throws {
        let (problems, compared) = try Self.outcome().exported
        #expect(problems.isEmpty, "\(problems.prefix(12).joined(separator: "\n"))")
        // Every effect at five places, several items each.
        #expect(compared >= EffectGallery.documents.count * Self.distances.count * 2, "only \(compared) items compared")
    }

    @Test("An export whose placement has a sign flipped (the offset's y) fails the comparison")
    func aFlippedSignIsCaught() throws {
        let (problems, compared) = try Self.outcome().flipped
        #expect(compared > 0 && problems.contains { $0.contains("corner") }, "the flipped sign went unnoticed")
    }

    /// The effect whose export is also compiled with the offset's y flipped (cards turn about their bottom edge, so
    /// the offset's y is not 0; coverflow's turns about the vertical axis leave it 0), and the change.
    static let flippedEffect = "cards"
    static let flip = ("offset = CGSize(width: q[0] - o.x + eye.x, height: q[1] - o.y + eye.y)",
                       "offset = CGSize(width: q[0] - o.x + eye.x, height: -(q[1] - o.y + eye.y))")

    /// Problems and items compared: every gallery effect's export, and the flipped one (from one program).
    struct Outcome {
        var exported: (problems: [String], compared: Int)
        var flipped: (problems: [String], compared: Int)
    }
    static var outcomeOnce: Outcome?

    /// The outcome, computed once for both tests.
    static func outcome() throws -> Outcome {
        if let outcomeOnce { return outcomeOnce }
        let outcome = try compare()
        outcomeOnce = outcome
        return outcome
    }

    /// Every gallery effect's export against the app, and `flippedEffect`'s with `flip` made, compiled into one program.
    static func compare() throws -> Outcome {
        let deck = Deck.sample(count: 12)
        let folder = try temporaryFolder("effect-maths")
        defer { try? FileManager.default.removeItem(at: folder) }
        var files: [String] = [], functions: [String] = [], cases: [String] = [], app: [[Item]] = [], isFlipped: [Bool] = []
        /// Writes `definition`'s export as `type` (with `flip` made when `flipped`) and its cases with the app's frames.
        func add(_ definition: StyleDefinition, type: String, flipped: Bool, frames: [(items: [Item], selected: Int, scroll: Double)]) throws {
            let export = try #require(CodeExport(definition: definition, parameters: Parameters(specs: StyleRegistry.schema(of: definition)), deck: deck))
            let path = folder.appendingPathComponent("\(type).swift").path
            try export.write(.swiftui, to: path)
            if flipped {
                let text = try String(contentsOfFile: path, encoding: .utf8)
                try #require(text.contains(flip.0), "the export no longer has \(flip.0)")
                try text.replacingOccurrences(of: flip.0, with: flip.1).write(toFile: path, atomically: true, encoding: .utf8)
            }
            files.append(path)
            functions.append(Self.frameFunction.replacingOccurrences(of: "TYPE", with: type))
            for (items, selected, scroll) in frames {
                cases.append("frame\(type)(scroll: \(scroll), selected: \(selected))")
                app.append(items)
                isFlipped.append(flipped)
            }
        }
        for (k, doc) in EffectGallery.documents.enumerated() {
            let definition = try #require(EffectGallery.definition(named: doc.name))
            let frames = try appFrames(definition, deck: deck)
            try add(definition, type: "Maths\(k)", flipped: false, frames: frames)
            if doc.name == flippedEffect { try add(definition, type: "Flipped\(k)", flipped: true, frames: frames) }
        }
        let driver = folder.appendingPathComponent("main.swift").path
        try ([Self.driver] + functions + cases).joined(separator: "\n").write(toFile: driver, atomically: true, encoding: .utf8)
        let output = try SwiftUIInterface.run(files + [driver], in: folder)
        let lines = output.split(separator: "\n").map(String.init)
        guard lines.count == app.count else {
            let problem = (["the driver printed \(lines.count) frames for \(app.count): \(output.prefix(2000))"], 0)
            return Outcome(exported: problem, flipped: problem)
        }
        var outcome = Outcome(exported: ([], 0), flipped: ([], 0))
        for (k, (line, items)) in zip(lines, app).enumerated() {
            let (problems, compared) = try check(line, against: items, case: k)
            if isFlipped[k] {
                outcome.flipped = (outcome.flipped.problems + problems, outcome.flipped.compared + compared)
            } else {
                outcome.exported = (outcome.exported.problems + problems, outcome.exported.compared + compared)
            }
        }
        return outcome
    }

    /// Problems of the driver's line for case `k` against the app's `items`, and how many items were compared.
    static func check(_ line: String, against items: [Item], case k: Int) throws -> (problems: [String], compared: Int) {
        let exported: [Item] = (try JSONParser.parse(line).arrayValue ?? []).compactMap { item in
            guard let i = item["index"]?.numberValue, let p = item["progress"]?.numberValue,
                  let q = item["quad"]?.arrayValue?.compactMap({ $0.arrayValue?.compactMap(\.numberValue) }) else { return nil }
            return Item(index: Int(i), progress: p, quad: q.map { Point($0[0], $0[1]) })
        }
        var problems: [String] = [], compared = 0
        for item in items {
            guard let match = exported.first(where: { $0.index == item.index && abs($0.progress - item.progress) < 1e-3 }) else {
                problems.append("case \(k): image \(item.index) at p \(item.progress) is not in the export's frame")
                continue
            }
            compared += 1
            for (a, b) in zip(item.quad, match.quad) where abs(a.x - b.x) > 0.05 || abs(a.y - b.y) > 0.05 {
                problems.append("case \(k): image \(item.index) at p \(item.progress): corner \(b) in the export, \(a) in the app")
            }
        }
        return (problems, compared)
    }

    /// The app's items at rest and with the row dragged to each distance and held (2 s for the states to settle):
    /// each item's index, progress and quad, the selected slot and the scroll position.
    static func appFrames(_ definition: StyleDefinition, deck: Deck) throws -> [(items: [Item], selected: Int, scroll: Double)] {
        let h = try StyleHarness<EffectStyle>(definition: definition, deck: deck, size: size)
        let sim = InputSimulator(driver: h)
        sim.wait(2)
        var out: [(items: [Item], selected: Int, scroll: Double)] = []
        func record() {
            let items: [Item] = h.items.compactMap { item in
                guard let quad = item.quad else { return nil }
                return Item(index: item.index, progress: item.progress, quad: quad)
            }
            let selected = Int(h.state("slot")?.numberValue ?? 0), scroll = h.state("scrollOffset")?.numberValue ?? 0
            out.append((items, selected, scroll))
        }
        record()
        sim.send(.pointerMove(Point(1250, 12)), .pointerDown(Point(1250, 12), .left))
        for d in distances.dropFirst() {
            sim.wait(1 / 60)
            sim.send(.pointerMove(Point(1250 - d, 12)))
            sim.wait(2)
            record()
        }
        return out
    }

    /// The driver: the view's layout of the items, the export's look and placement, SwiftUI's composition of them.
    static let driver = #"""
    import SwiftUI

    /// rotation3DEffect's projection: about `anchor` (and `anchorZ`), rotated by `angle` about `axis`, through a
    /// perspective `max(w, h) / perspective` away (none at 0).
    func rotated(_ x: CGPoint, angle: Angle, axis: (x: CGFloat, y: CGFloat, z: CGFloat), anchor: CGPoint, anchorZ: CGFloat,
                 perspective: CGFloat, size: CGSize) -> CGPoint {
        let n = (axis.x * axis.x + axis.y * axis.y + axis.z * axis.z).squareRoot()
        let (ux, uy, uz) = (axis.x / n, axis.y / n, axis.z / n)
        let a = CGFloat(angle.radians), c = cos(a), s = sin(a), t = 1 - c
        let r: [[CGFloat]] = [[t * ux * ux + c, t * ux * uy - s * uz, t * ux * uz + s * uy],
                              [t * ux * uy + s * uz, t * uy * uy + c, t * uy * uz - s * ux],
                              [t * ux * uz - s * uy, t * uy * uz + s * ux, t * uz * uz + c]]
        let v = [x.x - anchor.x, x.y - anchor.y, -anchorZ]
        let z = (0..<3).map { i in r[i][0] * v[0] + r[i][1] * v[1] + r[i][2] * v[2] }
        let d = perspective > 0 ? max(size.width, size.height) / perspective : .infinity
        let w = d.isFinite ? 1 - z[2] / d : 1
        return CGPoint(x: anchor.x + z[0] / w, y: anchor.y + z[1] / w)
    }

    """#

    /// The driver's function for the export `TYPE` (each export has its own `Effect`, so the text is repeated per
    /// type): the items around scroll position `scroll`, slot `selected` with its selection's values, as the view
    /// lays them out and the export places them; one JSON line.
    static let frameFunction = #"""
    func frameTYPE(scroll: CGFloat, selected: Int) {
        typealias E = TYPE.Effect
        let container = CGSize(width: 1280, height: 720)
        let base = E.Names(size: container, itemCount: 12)
        let row = E.Row(base)
        let horizontal = E.axis == .horizontal
        let view = CGPoint(x: (container.width - base.viewWidth) / 2, y: (container.height - base.viewHeight) / 2)
        var chosen: [String: CGFloat] = [:]
        for state in E.states where state.trigger == .selected { chosen.merge(state.values(base)) { $1 } }
        func names(_ slot: Int) -> E.Names {
            slot == selected && !chosen.isEmpty ? E.Names(size: container, itemCount: 12, overrides: chosen) : base
        }
        func own(_ slot: Int) -> CGFloat { horizontal ? names(slot).itemWidth : names(slot).itemHeight }
        // Where the stack puts slot k's leading edge: slot 0 at the leading margin, a longer selected slot pushing on.
        func leading(_ k: Int) -> CGFloat {
            let extra = own(selected) - row.itemLength
            var x = CGFloat(k) * row.pitch
            if selected >= 0 && selected < k { x += extra } else if selected < 0 && selected >= k { x -= extra }
            return x
        }
        var items: [String] = []
        let first = Int((scroll / row.pitch).rounded()) - 12
        for k in first...(first + 24) where TYPE.Effect.loops || (0..<12).contains(k) {
            let size = row.size(along: own(k))
            let across = horizontal ? base.viewHeight - size.height : base.viewWidth - size.width
            let along = row.leadingMargin + leading(k) - scroll
            let frame = horizontal ? CGRect(x: along, y: E.alignment * across, width: size.width, height: size.height)
                                   : CGRect(x: E.alignment * across, y: along, width: size.width, height: size.height)
            let look = E.look(at: row.progress(of: frame), tracks: E.tracks(names(k), reduced: false))
            let place = row.placement(look, frame: frame)
            guard place.facesViewer else { continue }
            let origin = CGPoint(x: place.origin.x * size.width, y: place.origin.y * size.height)
            let corners = [CGPoint(x: 0, y: 0), CGPoint(x: size.width, y: 0), CGPoint(x: size.width, y: size.height), CGPoint(x: 0, y: size.height)]
            let drawn = corners.map { c -> String in
                // scaleEffect about its anchor, then offset, then rotation3DEffect, then the item's place in the window.
                var p = CGPoint(x: origin.x + place.scale.width * (c.x - origin.x), y: origin.y + place.scale.height * (c.y - origin.y))
                p = CGPoint(x: p.x + place.offset.width, y: p.y + place.offset.height)
                p = rotated(p, angle: place.angle, axis: place.axis, anchor: CGPoint(x: place.eye.x * size.width, y: place.eye.y * size.height),
                            anchorZ: place.anchorZ, perspective: place.perspective, size: size)
                return "[\(Double(p.x + frame.minX + view.x)), \(Double(p.y + frame.minY + view.y))]"
            }
            let length = horizontal ? size.width : size.height
            let progress = (E.snapAnchor * row.length - (along + E.snapAnchor * length)) / row.pitch
            items.append("{\"index\": \(((k % 12) + 12) % 12), \"progress\": \(Double(progress)), \"quad\": [\(drawn.joined(separator: ", "))]}")
        }
        print("[" + items.joined(separator: ", ") + "]")
    }
    """#
}
