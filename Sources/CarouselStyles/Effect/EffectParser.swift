import CarouselSupport
import CarouselCore
import Foundation

/// Reads an effect file into an `EffectDocument`: JSON with comments (and JavaScript's object-literal forms, so
/// Swiper's options paste as written). A file whose top level has an `effect` string is Swiper's options
/// (`SwiperOptions`); any other is this app's format (docs/effects.md). The first problem stops the read with one
/// line naming the file, line, column and key; a file beyond `EffectLimits` is refused before it is parsed whole.
public enum EffectParser {
    /// The document in `text`, read from `file` (named in errors).
    public static func document(text: String, file: String) throws(EffectFileError) -> EffectDocument {
        guard text.utf8.count <= EffectLimits.fileBytes else {
            throw EffectFileError(file: file, line: 1, column: 1, message: "larger than \(EffectLimits.fileBytes / 1024) KB: not an effect file")
        }
        let root: JSONNode
        do throws(JSONSyntaxError) {
            root = try JSONParser.parseNode(text, syntax: [.comments, .javaScript], maxValues: EffectLimits.values)
        } catch {
            throw EffectFileError(file: file, line: error.line, column: error.column, message: error.message)
        }
        let reader = EffectReader(file: file)
        guard case .object(let top) = root.kind else { throw reader.fail(root, "expected an object (an effect, or Swiper's options), got \(root.typeName)") }
        if let effect = top.first(where: { $0.key == "effect" }), case .string = effect.value.kind {
            return try SwiperOptions.document(root, reader: reader, name: defaultName(file))
        }
        return try EffectFormat(reader: reader).document(root, defaultName: defaultName(file))
    }

    /// The file's name without folders and extensions ("coverflow" for "gallery/coverflow.effect.json").
    static func defaultName(_ file: String) -> String {
        let base = file.split(separator: "/").last.map(String.init) ?? file
        let stem = base.split(separator: ".").first.map(String.init) ?? base
        return stem.isEmpty ? "effect" : stem
    }
}

/// This app's effect format.
struct EffectFormat {
    let reader: EffectReader

    static let topKeys = ["name", "summary", "layout", "snap", "progress", "parameters", "derived", "tracks", "states",
                          "reducedMotion", "perspective", "origin", "backface", "stacking", "autoAdvance"]
    /// Names a file may not declare: the layout's, `t`, `p`, and the parameters the app adds to every effect.
    static let reserved = EffectLayout.names + ["t", "p", "snapCurve", "snapDuration", "autoAdvance", "autoAdvanceInterval",
                                                "autoAdvanceProgress", "autoAdvancePauseButton"]

    func document(_ root: JSONNode, defaultName: String) throws(EffectFileError) -> EffectDocument {
        let top = try reader.members(root, allowed: Self.topKeys, context: "effect")
        // Names first: every expression may read any of them.
        let parameters = try top["parameters"].map { m throws(EffectFileError) in try readParameters(m.value) } ?? []
        let derivedMembers = try top["derived"].map { m throws(EffectFileError) in try declaredNames(m.value, "derived", limit: EffectLimits.derived) } ?? []
        var taken = Set(parameters.map(\.key))
        for m in derivedMembers {
            guard !taken.contains(m.key) else { throw reader.fail(m, "derived: \(MessageText.quote(m.key)) is already a parameter") }
            taken.insert(m.key)
        }
        let names = parameters.map(\.key) + derivedMembers.map(\.key) + EffectLayout.names
        let derived = try derivedMembers.map { m throws(EffectFileError) in
            EffectDerived(name: m.key, expression: try reader.expression(m.value, "derived \(m.key)", names: names),
                          position: EffectSourcePosition(line: m.line, column: m.column))
        }
        var doc = EffectDocument(
            name: defaultName, summary: "An effect from a file", layout: try layout(top["layout"]?.value, names: names),
            snap: try snap(top["snap"]?.value), progress: try progress(top["progress"]?.value),
            parameters: parameters, derived: derived, tracks: [], states: [], reducedMotion: nil, perspective: nil,
            origin: .center, backfaceVisible: true,
            stacking: EffectStacking(rule: .distance, scale: .number(1)), autoAdvance: nil, source: .effect)
        if let m = top["name"] {
            let s = try reader.string(m.value, "name")
            guard !s.isEmpty, s.count <= 60, !s.contains("/") else { throw reader.fail(m.value, "name: 1 to 60 characters, no '/'") }
            doc.name = s
        }
        if let m = top["summary"] { doc.summary = try reader.string(m.value, "summary") }
        if let m = top["tracks"] { doc.tracks = try tracks(m.value, "tracks", names: names) }
        if let m = top["states"] { doc.states = try states(m.value, names: names, declared: parameters.map(\.key) + derived.map(\.name)) }
        if let m = top["reducedMotion"] {
            let r = try reader.members(m.value, allowed: ["tracks"], context: "reducedMotion")
            doc.reducedMotion = EffectReducedMotion(tracks: try r["tracks"].map { t throws(EffectFileError) in try tracks(t.value, "reducedMotion.tracks", names: names) } ?? [])
        }
        if let m = top["perspective"] { doc.perspective = try perspective(m.value, names: names) }
        if let m = top["origin"] { doc.origin = try origin(m.value) }
        if let m = top["backface"] {
            let s = try reader.string(m.value, "backface")
            guard s == "visible" || s == "hidden" else { throw reader.fail(m.value, "backface: \(MessageText.quote(s)) is not one of visible, hidden") }
            doc.backfaceVisible = s == "visible"
        }
        if let m = top["stacking"] { doc.stacking = try stacking(m.value, names: names) }
        if let m = top["autoAdvance"] { doc.autoAdvance = try reader.number(m.value, "autoAdvance", in: 0.5...60) }
        try EffectDependencies.check(doc, reader: reader, positions: EffectDependencies.positions(layoutNode: top["layout"]?.value))
        return doc
    }

    // MARK: Parameters

    /// `"parameters": {"rotate": {"default": 50, "min": 0, "max": 180, ...}, ...}`.
    func readParameters(_ node: JSONNode) throws(EffectFileError) -> [EffectParameter] {
        try declaredNames(node, "parameters", limit: EffectLimits.parameters).map { m throws(EffectFileError) in try parameter(m) }
    }

    /// The members of an object of declarations, each key a valid, unreserved name.
    func declaredNames(_ node: JSONNode, _ what: String, limit: Int) throws(EffectFileError) -> [JSONNode.Member] {
        guard case .object(let list) = node.kind else { throw reader.fail(node, "\(what): expected an object, got \(node.typeName)") }
        guard list.count <= limit else { throw reader.fail(node, "\(what): more than \(limit)") }
        var seen: [String: Int] = [:]
        for m in list {
            _ = try reader.name(m, reserved: Self.reserved)
            if let line = seen[m.key] { throw reader.fail(m, "\(what): \(MessageText.quote(m.key)) appears twice (also on line \(line))") }
            seen[m.key] = m.line
        }
        return list
    }

    static let parameterKeys = ["type", "label", "default", "min", "max", "step", "unit", "slider", "meaning"]

    func parameter(_ m: JSONNode.Member) throws(EffectFileError) -> EffectParameter {
        let key = m.key
        let f = try reader.members(m.value, allowed: Self.parameterKeys, context: "parameter \(key)")
        let what = "parameter \(key)"
        let type = try f["type"].map { t throws(EffectFileError) in try reader.string(t.value, "\(what) type") } ?? "number"
        let label = try f["label"].map { t throws(EffectFileError) in try reader.string(t.value, "\(what) label") } ?? key
        let meaning = try f["meaning"].map { t throws(EffectFileError) in try reader.string(t.value, "\(what) meaning") } ?? label
        guard let d = f["default"] else { throw reader.fail(m, "\(what): no \"default\"") }
        let spec: ParameterSpec
        switch type {
        case "number":
            guard let lo = f["min"], let hi = f["max"] else { throw reader.fail(m, "\(what): a number needs \"min\" and \"max\"") }
            let min = try reader.number(lo.value, "\(what) min"), max = try reader.number(hi.value, "\(what) max")
            guard min < max else { throw reader.fail(hi.value, "\(what): \"max\" must be above \"min\"") }
            let value = try reader.number(d.value, "\(what) default")
            guard value >= min && value <= max else { throw reader.fail(d.value, "\(what): the default \(JSONValue.format(value)) is outside \(JSONValue.format(min))...\(JSONValue.format(max))") }
            let step = try f["step"].map { s throws(EffectFileError) in try reader.number(s.value, "\(what) step", in: 1e-6...1e6) } ?? Self.step(min, max)
            let unit = try f["unit"].map { u throws(EffectFileError) in try reader.string(u.value, "\(what) unit") } ?? ""
            var slider: SliderRange?
            if let s = f["slider"] {
                let sm = try reader.members(s.value, allowed: ["min", "max", "scale"], context: "\(what) slider")
                guard let smin = sm["min"], let smax = sm["max"] else { throw reader.fail(s.value, "\(what) slider: needs \"min\" and \"max\"") }
                let scale = try sm["scale"].map { x throws(EffectFileError) in try reader.choice(x.value, "\(what) slider scale", as: SliderRange.Scale.self) } ?? .linear
                let range = SliderRange(min: try reader.number(smin.value, "\(what) slider min"), max: try reader.number(smax.value, "\(what) slider max"), scale: scale)
                do throws(ParameterError) { try range.check(key: key, accepting: min, max) } catch { throw reader.fail(s.value, "parameter \(error.message)") }
                guard value >= range.min && value <= range.max else { throw reader.fail(s.value, "\(what): the default is outside the slider") }
                slider = range
            }
            spec = ParameterSpec(key, label, .number(min: min, max: max, step: step, unit: unit), default: .number(value), group: "Effect", slider: slider, meaning)
        case "toggle":
            for k in ["min", "max", "step", "unit", "slider"] where f[k] != nil { throw reader.fail(f[k]!, "\(what): a toggle has no \(MessageText.quote(k))") }
            spec = ParameterSpec(key, label, .toggle, default: .bool(try reader.bool(d.value, "\(what) default")), group: "Effect", meaning)
        default:
            throw reader.fail(f["type"]!.value, "\(what): type \(MessageText.quote(type)) is not one of number, toggle")
        }
        return EffectParameter(key: key, spec: spec, position: EffectSourcePosition(line: m.line, column: m.column))
    }

    /// A step for a range that does not give one: a round hundredth of it.
    static func step(_ min: Double, _ max: Double) -> Double {
        let raw = (max - min) / 100
        let decade = pow(10, (log10(raw)).rounded(.down))
        return decade
    }

    // MARK: Layout, snap, progress

    static let layoutKeys = ["axis", "itemLength", "itemsPerView", "itemCross", "aspectRatio", "spacing", "alignment", "loop",
                             "positioning", "size", "cornerRadius", "clip"]

    func layout(_ node: JSONNode?, names: [String]) throws(EffectFileError) -> EffectLayout {
        var l = EffectLayout(axis: .horizontal, itemLength: nil, itemsPerView: .number(1), itemCross: nil, aspectRatio: nil,
                             spacing: .number(0), alignment: .center, loop: false, positioning: .row, viewWidth: nil, viewHeight: nil,
                             cornerRadius: .number(0), clips: false)
        guard let node else { return l }
        let f = try reader.members(node, allowed: Self.layoutKeys, context: "layout")
        // Layout lengths may read parameters and derived values, and the carousel's size; not the item's own.
        let allowed = names.filter { !["itemWidth", "itemHeight", "pitch", "spacing"].contains($0) }
        func expr(_ key: String) throws(EffectFileError) -> EffectExpression? {
            try f[key].map { m throws(EffectFileError) in try reader.expression(m.value, "layout \(key)", names: allowed) }
        }
        if let m = f["axis"] { l.axis = try reader.choice(m.value, "layout axis", as: EffectLayout.Axis.self) }
        if let m = f["alignment"] { l.alignment = try reader.choice(m.value, "layout alignment", as: EffectLayout.Alignment.self) }
        if let m = f["positioning"] { l.positioning = try reader.choice(m.value, "layout positioning", as: EffectLayout.Positioning.self) }
        if let m = f["loop"] { l.loop = try reader.bool(m.value, "layout loop") }
        if let m = f["clip"] { l.clips = try reader.bool(m.value, "layout clip") }
        if f["itemLength"] != nil && f["itemsPerView"] != nil { throw reader.fail(f["itemsPerView"]!, "layout: give \"itemLength\" or \"itemsPerView\", not both") }
        if f["itemCross"] != nil && f["aspectRatio"] != nil { throw reader.fail(f["aspectRatio"]!, "layout: give \"itemCross\" or \"aspectRatio\", not both") }
        if let e = try expr("itemLength") { l.itemLength = e; l.itemsPerView = nil }
        if let e = try expr("itemsPerView") { l.itemsPerView = e }
        l.itemCross = try expr("itemCross")
        l.aspectRatio = try expr("aspectRatio")
        if let e = try expr("spacing") { l.spacing = e }
        if let e = try expr("cornerRadius") { l.cornerRadius = e }
        if let m = f["size"] {
            let items = try reader.array(m.value, "layout size", limit: 2)
            guard items.count == 2 else { throw reader.fail(m.value, "layout size: expected [width, height] in points (null: the whole area)") }
            func side(_ n: JSONNode) throws(EffectFileError) -> Double? {
                if case .null = n.kind { return nil }
                return try reader.number(n, "layout size", in: 16...16384)
            }
            l.viewWidth = try side(items[0]); l.viewHeight = try side(items[1])
        }
        for key in ["itemLength", "itemCross", "aspectRatio", "itemsPerView"] {
            if let m = f[key], let c = (try expr(key))?.constant, c <= 0 { throw reader.fail(m.value, "layout \(key): must be above 0") }
        }
        return l
    }

    func snap(_ node: JSONNode?) throws(EffectFileError) -> EffectSnap {
        var s = EffectSnap(mode: .item, align: .center, group: 1, curve: "spring(0.4,1)", duration: 0.4)
        guard let node else { return s }
        let f = try reader.members(node, allowed: ["mode", "align", "group", "curve", "duration"], context: "snap")
        if let m = f["mode"] { s.mode = try reader.choice(m.value, "snap mode", as: EffectSnap.Mode.self) }
        if let m = f["align"] { s.align = try reader.choice(m.value, "snap align", as: EffectSnap.Align.self) }
        if let m = f["group"] {
            let g = try reader.number(m.value, "snap group", in: 1...100)
            guard g == g.rounded() else { throw reader.fail(m.value, "snap group: a whole number") }
            s.group = Int(g)
        }
        if let m = f["curve"] { _ = try reader.curve(m.value, "snap curve"); s.curve = try reader.string(m.value, "snap curve") }
        if let m = f["duration"] { s.duration = try reader.number(m.value, "snap duration", in: 0.05...3) }
        return s
    }

    func progress(_ node: JSONNode?) throws(EffectFileError) -> EffectProgress {
        var p = EffectProgress(origin: .snap, unit: .pitch)
        guard let node else { return p }
        let f = try reader.members(node, allowed: ["origin", "unit"], context: "progress")
        if let m = f["origin"] { p.origin = try reader.choice(m.value, "progress origin", as: EffectProgress.Origin.self) }
        if let m = f["unit"] { p.unit = try reader.choice(m.value, "progress unit", as: EffectProgress.Unit.self) }
        return p
    }

    // MARK: Tracks

    static let trackKeys = ["property", "keys", "outside", "range"]

    func tracks(_ node: JSONNode, _ what: String, names: [String]) throws(EffectFileError) -> [EffectTrack] {
        try reader.array(node, what, limit: EffectLimits.tracks).map { t throws(EffectFileError) in try track(t, names: names) }
    }

    func track(_ node: JSONNode, names: [String]) throws(EffectFileError) -> EffectTrack {
        let f = try reader.members(node, allowed: Self.trackKeys, context: "track")
        guard let pm = f["property"] else { throw reader.fail(node, "track: no \"property\"") }
        let property = try reader.choice(pm.value, "track property", as: EffectProperty.self)
        let what = "track \(property.rawValue)"
        guard let km = f["keys"] else { throw reader.fail(node, "\(what): no \"keys\"") }
        let keyNodes = try reader.array(km.value, "\(what) keys", limit: EffectLimits.keysPerTrack)
        guard !keyNodes.isEmpty else { throw reader.fail(km.value, "\(what): at least one key") }
        var keys: [EffectKey] = []
        for k in keyNodes {
            let key = try self.key(k, property: property, what: what, names: names)
            if let last = keys.last, key.p <= last.p {
                throw reader.fail(k, "\(what): the key at p = \(JSONValue.format(key.p)) comes after p = \(JSONValue.format(last.p)); keys go in increasing p")
            }
            keys.append(key)
        }
        var track = EffectTrack(property: property, keys: keys, outside: .clamp, range: nil,
                                position: EffectSourcePosition(line: node.line, column: node.column))
        if let m = f["outside"] { track.outside = try reader.choice(m.value, "\(what) outside", as: EffectTrack.Outside.self) }
        if let m = f["range"] {
            let items = try reader.array(m.value, "\(what) range", limit: 2)
            guard items.count == 2 else { throw reader.fail(m.value, "\(what) range: expected [lowest, highest]") }
            track.range = EffectRange(lower: try reader.expression(items[0], "\(what) range", names: names),
                                      upper: try reader.expression(items[1], "\(what) range", names: names))
        }
        return track
    }

    /// `[p, value]`, `[p, value, easing]` or `{"p": ..., "value": ..., "easing": ...}`.
    func key(_ node: JSONNode, property: EffectProperty, what: String, names: [String]) throws(EffectFileError) -> EffectKey {
        let pNode: JSONNode, valueNode: JSONNode, easingNode: JSONNode?
        switch node.kind {
        case .array(let items):
            guard (2...3).contains(items.count) else { throw reader.fail(node, "\(what): a key is [p, value] or [p, value, easing]") }
            (pNode, valueNode, easingNode) = (items[0], items[1], items.count == 3 ? items[2] : nil)
        case .object:
            let f = try reader.members(node, allowed: ["p", "value", "easing"], context: "\(what) key")
            guard let p = f["p"], let v = f["value"] else { throw reader.fail(node, "\(what): a key needs \"p\" and \"value\"") }
            (pNode, valueNode, easingNode) = (p.value, v.value, f["easing"]?.value)
        default:
            throw reader.fail(node, "\(what): a key is [p, value, easing?] or an object, got \(node.typeName)")
        }
        let p = try reader.number(pNode, "\(what) key p", in: -10_000...10_000)
        let value: EffectValue
        if case .string(let s) = valueNode.kind, s.hasSuffix("%") {
            guard property.percentOf != nil else { throw reader.fail(valueNode, "\(what): a percentage is only for translateX, translateY and translateZ") }
            value = .percent(try reader.parseExpression(String(s.dropLast()), valueNode, "\(what) value", names: names))
        } else {
            value = .expression(try reader.expression(valueNode, "\(what) value", names: names))
        }
        let easing = try easingNode.map { e throws(EffectFileError) in try self.easing(e, what: what, names: names) } ?? .linear
        return EffectKey(p: p, value: value, easing: easing, position: EffectSourcePosition(line: node.line, column: node.column))
    }

    /// A curve (`CurveSyntax`), "hold", or an expression in `t`.
    func easing(_ node: JSONNode, what: String, names: [String]) throws(EffectFileError) -> EffectEasing {
        let s = try reader.string(node, "\(what) easing")
        if s == "hold" { return .hold }
        if let c = CurveSyntax.parse(s) { return .curve(c) }
        if s.contains("(") && (s.hasPrefix("cubic-bezier") || s.hasPrefix("spring")) {
            throw reader.fail(node, "\(what) easing: \(MessageText.quote(s)) is not a curve (\(CurveSyntax.forms))")
        }
        let e = try reader.parseExpression(s, node, "\(what) easing (a curve name, hold, or an expression in t)", names: names + ["t"])
        guard e.names.contains("t") else { throw reader.fail(node, "\(what) easing: \(MessageText.quote(s)) is not a curve, hold, or an expression in t") }
        return .expression(e)
    }

    // MARK: States, perspective, origin, stacking

    func states(_ node: JSONNode, names: [String], declared: [String]) throws(EffectFileError) -> [EffectState] {
        try reader.array(node, "states", limit: EffectLimits.states).map { s throws(EffectFileError) in
            let f = try reader.members(s, allowed: ["on", "set", "animation", "exit"], context: "state")
            guard let on = f["on"] else { throw reader.fail(s, "state: no \"on\" (\(EffectTrigger.allCases.map(\.rawValue).joined(separator: ", ")))") }
            let trigger = try reader.choice(on.value, "state on", as: EffectTrigger.self)
            guard let set = f["set"], case .object(let list) = set.value.kind, !list.isEmpty else {
                throw reader.fail(s, "state \(trigger.rawValue): \"set\" is an object of the values it gives parameters")
            }
            var values: [(String, EffectExpression)] = []
            for m in list {
                guard declared.contains(m.key) else {
                    let hint = Suggestion.closest(to: m.key, among: declared).map { " (did you mean \($0)?)" } ?? ""
                    throw reader.fail(m, "state \(trigger.rawValue): \(MessageText.quote(m.key)) is not a parameter or derived value\(hint)")
                }
                values.append((m.key, try reader.expression(m.value, "state \(trigger.rawValue) \(m.key)", names: names)))
            }
            return EffectState(trigger: trigger, values: values,
                               enter: try f["animation"].flatMap { m throws(EffectFileError) in try animation(m.value, "state \(trigger.rawValue) animation") },
                               exit: try f["exit"].flatMap { m throws(EffectFileError) in try animation(m.value, "state \(trigger.rawValue) exit") },
                               position: EffectSourcePosition(line: s.line, column: s.column))
        }
    }

    /// "none", a curve (0.3 s unless a spring), or `{"curve": ..., "duration": ...}`.
    func animation(_ node: JSONNode, _ what: String) throws(EffectFileError) -> Animation? {
        if case .string(let s) = node.kind {
            if s == "none" { return nil }
            return Animation(curve: try reader.curve(node, what), duration: 0.3)
        }
        let f = try reader.members(node, allowed: ["curve", "duration"], context: what)
        let curve = try f["curve"].map { m throws(EffectFileError) in try reader.curve(m.value, "\(what) curve") } ?? .easeInOut
        let duration = try f["duration"].map { m throws(EffectFileError) in try reader.number(m.value, "\(what) duration", in: 0...10) } ?? 0.3
        return Animation(curve: curve, duration: duration)
    }

    func perspective(_ node: JSONNode, names: [String]) throws(EffectFileError) -> EffectPerspective {
        if case .number = node.kind {
            return EffectPerspective(distance: .number(try reader.number(node, "perspective", in: 1...100_000)), origin: Point(0.5, 0.5))
        }
        let f = try reader.members(node, allowed: ["distance", "origin"], context: "perspective")
        guard let d = f["distance"] else { throw reader.fail(node, "perspective: no \"distance\"") }
        return EffectPerspective(distance: try reader.expression(d.value, "perspective distance", names: names),
                                 origin: try f["origin"].map { m throws(EffectFileError) in try reader.unitPoint(m.value, "perspective origin") } ?? Point(0.5, 0.5))
    }

    func origin(_ node: JSONNode) throws(EffectFileError) -> EffectOrigin {
        if case .object = node.kind {
            let f = try reader.members(node, allowed: ["before", "after"], context: "origin")
            let before = try f["before"].map { m throws(EffectFileError) in try reader.unitPoint(m.value, "origin before") } ?? Point(0.5, 0.5)
            let after = try f["after"].map { m throws(EffectFileError) in try reader.unitPoint(m.value, "origin after") } ?? Point(0.5, 0.5)
            return EffectOrigin(before: before, after: after)
        }
        let p = try reader.unitPoint(node, "origin")
        return EffectOrigin(before: p, after: p)
    }

    func stacking(_ node: JSONNode, names: [String]) throws(EffectFileError) -> EffectStacking {
        if case .string = node.kind { return EffectStacking(rule: try reader.choice(node, "stacking", as: EffectStacking.Rule.self), scale: .number(1)) }
        let f = try reader.members(node, allowed: ["rule", "scale"], context: "stacking")
        return EffectStacking(rule: try f["rule"].map { m throws(EffectFileError) in try reader.choice(m.value, "stacking rule", as: EffectStacking.Rule.self) } ?? .distance,
                              scale: try f["scale"].map { m throws(EffectFileError) in try reader.expression(m.value, "stacking scale", names: names) } ?? .number(1))
    }
}
