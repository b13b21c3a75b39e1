import CarouselSupport

/// Which named values read which: derived values read parameters, the layout and each other; the item's size, the
/// pitch and the spacing read the layout's expressions. A cycle (`a` reads `b` reads `a`) is an error naming it, so
/// every value an effect evaluates has an order (`EffectEnvironment` evaluates lazily and never loops).
enum EffectDependencies {
    /// What each derived and layout name reads directly.
    static func graph(_ doc: EffectDocument) -> [String: [String]] {
        var g: [String: [String]] = [:]
        for d in doc.derived { g[d.name] = d.expression.names }
        let l = doc.layout
        let sizeInputs = [l.itemLength, l.itemsPerView, l.itemCross, l.aspectRatio].compactMap { $0 }.flatMap(\.names)
        g["spacing"] = l.spacing.names
        g["itemWidth"] = sizeInputs + ["spacing"]
        g["itemHeight"] = sizeInputs + ["spacing"]
        g["pitch"] = ["itemWidth", "itemHeight", "spacing"]
        return g
    }

    /// Where each layout name is declared (the layout key that gives it), for messages.
    static func positions(layoutNode: JSONNode?) -> [String: EffectSourcePosition] {
        guard let node = layoutNode, case .object(let members) = node.kind else { return [:] }
        var out: [String: EffectSourcePosition] = [:]
        for m in members {
            let p = EffectSourcePosition(line: m.line, column: m.column)
            switch m.key {
            case "spacing": out["spacing"] = p
            case "itemLength", "itemsPerView", "itemCross", "aspectRatio": out["itemWidth"] = out["itemWidth"] ?? p; out["itemHeight"] = out["itemHeight"] ?? p
            default: break
            }
        }
        return out
    }

    /// Throws when a name reads itself through others, naming the cycle at the first name of it the file declares.
    static func check(_ doc: EffectDocument, reader: EffectReader, positions: [String: EffectSourcePosition]) throws(EffectFileError) {
        let g = graph(doc)
        var state: [String: Int] = [:]  // 1: on the path, 2: done
        var path: [String] = []
        func visit(_ n: String) -> [String]? {
            if state[n] == 2 { return nil }
            if state[n] == 1 { return Array(path[path.firstIndex(of: n)!...]) + [n] }
            state[n] = 1
            path.append(n)
            for m in g[n] ?? [] {
                if let cycle = visit(m) { return cycle }
            }
            path.removeLast()
            state[n] = 2
            return nil
        }
        for name in doc.derived.map(\.name) + ["spacing", "itemWidth", "itemHeight", "pitch"] {
            if let cycle = visit(name) {
                let first = cycle.first { n in doc.derived.contains { $0.name == n } } ?? cycle[0]
                let at = doc.derived.first { $0.name == first }?.position ?? positions[first] ?? EffectSourcePosition(line: 1, column: 1)
                throw reader.fail(at, "\(first) depends on itself: \(cycle.joined(separator: " -> "))")
            }
        }
    }
}
