import CarouselSupport
import CarouselCore
import CarouselStyles
import Foundation

/// Keeps each pane whose style came from an effect file in step with the file (the window's; capture reads it
/// once): a save applies the new effect within the next poll, replayed with the pane's recorded input so the moment
/// shown stays; a broken file changes nothing and says `file:line:column: what` in the window (the problem line)
/// and on stderr until it is fixed, the last good effect staying. It polls as `ParameterFileWatcher` does: a `stat`
/// four times a second, a read only when the file's signature changed, a file caught half-written given one more
/// poll before its error shows.
@MainActor
public final class EffectFileWatchers {
    /// Seconds between checks.
    public let interval: Double
    /// The wall time of the next check.
    public private(set) var nextPoll: Double = 0
    /// What each watched pane's file was when last read (or found broken), and a failure not shown yet.
    private var watched: [PaneState.ID: Watched] = [:]

    private struct Watched {
        let path: String
        var signature: FileSignature?
        var pendingFailure: FileSignature??
        var problem: String?
    }

    public init(interval: Double = 0.25) { self.interval = interval }

    /// Checks the files of `state`'s panes whose styles came from effect files if `nextPoll` has come; returns what
    /// to apply: the reloaded effects, and the problem line as it changes.
    public func poll(_ state: WindowState, wall: Double) -> [AppAction] {
        guard wall >= nextPoll else { return [] }
        nextPoll = wall + interval
        var actions: [AppAction] = []
        var seen: Set<PaneState.ID> = []
        for pane in state.panes {
            guard case .file(let path, _) = pane.style.origin else { continue }
            seen.insert(pane.id)
            var w = watched[pane.id].flatMap { $0.path == path ? $0 : nil } ?? Watched(path: path, signature: FileSignature(path: path))
            defer { watched[pane.id] = w }
            let now = FileSignature(path: path)
            if let failed = w.pendingFailure, failed == now {
                // Broken at the last poll and unchanged since: a real problem, shown until the file changes.
                w.pendingFailure = nil
                w.signature = now
                actions += show(&w, read(path).failure)
                continue
            }
            guard now != w.signature || w.pendingFailure != nil else { continue }
            switch read(path) {
            case .success(let definition):
                w.signature = now
                w.pendingFailure = nil
                StyleRegistry.register(definition)
                actions.append(.panes(.reloadStyle(pane.id, definition)))
                if w.problem != nil { actions.append(.message(Message("\((path as NSString).lastPathComponent): reloaded"))) }
                actions += show(&w, nil)
            case .failure:
                w.pendingFailure = .some(now)
            }
        }
        for id in watched.keys where !seen.contains(id) { watched[id] = nil }
        return actions
    }

    private func show(_ w: inout Watched, _ problem: String?) -> [AppAction] {
        let text = problem.map { "\($0) (keeping the last good effect)" }
        guard text != w.problem else { return [] }
        w.problem = text
        return [.chrome(.problem(text))] + (text.map { [.report($0)] } ?? [])
    }

    private func read(_ path: String) -> Result<StyleDefinition, EffectReadFailure> {
        do {
            // On the window's thread: a FIFO put in the file's place is refused, never waited on.
            let data = try FileInput.read(path, limit: EffectLimits.fileBytes, what: "effect file", streams: .refuse)
            guard let text = String(data: data, encoding: .utf8) else { return .failure(EffectReadFailure("\(path): the effect file is not UTF-8 text")) }
            return .success(try EffectFile.definition(path: path, text: text))
        } catch {
            return .failure(EffectReadFailure("\(error)"))
        }
    }
}

/// Why an effect file could not be read again, as one line.
struct EffectReadFailure: Error { let message: String; init(_ m: String) { message = m } }

extension Result where Failure == EffectReadFailure {
    /// The failure's line, if it failed.
    var failure: String? { if case .failure(let f) = self { return f.message } else { return nil } }
}
