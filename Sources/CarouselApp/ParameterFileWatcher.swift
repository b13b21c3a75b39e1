import CarouselSupport
import CarouselCore
import CarouselStyles
import Foundation

#if canImport(Glibc)
import Glibc
#endif

// MARK: Reading

/// A parameter file (`--params FILE.json`) that cannot be used at all: unreadable, too large, not JSON, or not an
/// object. The message is one line naming the file (and the line, for syntax errors).
public struct ParameterFileError: Error, Equatable, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// Reads parameter files.
public enum ParameterFile {
    /// The largest file accepted.
    public static let maxBytes = 1 << 20

    /// Reads and parses `path`; the result is a JSON object (checked), ready for `Parameters.apply(json:file:)`.
    /// `streams` `.refuse` (the window's watcher) refuses a FIFO or device at once instead of waiting on it.
    public static func read(_ path: String, streams: SafeFileReader.Streams = .read) throws(ParameterFileError) -> JSONValue {
        // Bounded and checked: a huge file or an endless device is refused, a folder or a link loop named.
        let data: Data
        do { data = try FileInput.read(path, limit: maxBytes, what: "parameter file", streams: streams) } catch { throw ParameterFileError(error.message) }
        let json: JSONValue
        do { json = try JSONParser.parse(data) } catch let e as JSONSyntaxError {
            throw ParameterFileError("\(path):\(e.line): invalid JSON: \(e.message)")
        } catch {
            throw ParameterFileError("\(path): invalid JSON: \(error)")
        }
        guard json.members != nil else {
            throw ParameterFileError("\(path): expected a JSON object of parameter values, got \(json.typeName)")
        }
        return json
    }
}

// MARK: Watching

/// Keeps a preview in step with its parameter file: when the file changes on disk (saved in place, or replaced by
/// a rename as many editors do), its values are applied live.
///
/// A broken file (unreadable, invalid JSON, not an object) changes nothing: the last good values stay, and the
/// error shows in the window until the file is fixed. Problems with single keys (unknown, out of range, wrong type)
/// are shown the same way while the rest applies. Fixing the file clears the message.
///
/// It polls: `poll(wall:)` is called by the preview's frame update, and `nextPoll` is part of the preview's wake
/// time, so an idle window wakes four times a second for one `stat` (no read unless the file's modification time,
/// size, inode or device changed). Polling runs on wall time: a paused preview still reloads.
@MainActor
public final class ParameterFileWatcher {
    /// The file as given on the command line.
    public let path: String
    /// Seconds between checks.
    public let interval: Double
    /// The wall time of the next check.
    public private(set) var nextPoll: Double = 0
    /// The one-line problem shown for the file, if any.
    public private(set) var problem: String?

    private unowned let context: AppContext
    /// The pane whose values the file sets, by its id (its state lives in the window's; the watcher reads it there).
    public let paneID: PaneState.ID
    /// The identity of the file whose contents were last applied (or found broken).
    private var loaded: FileSignature?
    /// A read that failed and is not shown yet: the error shows only if the file is unchanged at the next check,
    /// so a file caught half-written, or missing for a moment during a rename, never flashes an error.
    private var pending: PendingFailure?

    private struct PendingFailure { let signature: FileSignature? }

    /// Watches `path` for `pane` of `context`'s window (its focused pane when nil). Call `load()` once for the
    /// initial values.
    public init(path: String, context: AppContext, pane: PaneState.ID? = nil, interval: Double = 0.25) {
        self.path = path
        self.context = context
        paneID = pane ?? context.focusedPane.id
        self.interval = interval
    }

    /// Reads the file now and applies it; returns the problems (also shown in the window until fixed).
    @discardableResult
    public func load() -> [String] {
        loaded = FileSignature(path: path)
        pending = nil
        return apply()
    }

    /// Checks the file if `nextPoll` has come, and reloads it when it changed. Returns whether it was read.
    @discardableResult
    public func poll(wall: Double) -> Bool {
        guard wall >= nextPoll else { return false }
        nextPoll = wall + interval
        let current = FileSignature(path: path)
        if let p = pending, p.signature == current {
            // Failed before and unchanged since: a real problem, shown until the file changes.
            pending = nil
            loaded = current
            _ = apply()
            return true
        }
        guard current != loaded || pending != nil else { return false }
        switch read() {
        case .success(let json):
            pending = nil
            loaded = current
            apply(json)
        case .failure:
            pending = PendingFailure(signature: current)
        }
        return true
    }

    // MARK: Applying

    private func read() -> Result<JSONValue, ParameterFileError> {
        // On the window's thread: a FIFO put in the file's place is refused, never waited on.
        do { return .success(try ParameterFile.read(path, streams: .refuse)) } catch { return .failure(error) }
    }

    private func apply() -> [String] {
        switch read() {
        case .success(let json): return apply(json)
        case .failure(let error):
            setProblem(error.message + " (keeping the last good values)")
            context.apply(.report(problem!))
            return [error.message]
        }
    }

    @discardableResult
    private func apply(_ json: JSONValue) -> [String] {
        // A pane closed meanwhile takes its watcher with it; until then there is nothing to set.
        guard let pane = context.pane(paneID) else { return [] }
        var values = pane.currentParameters
        let problems = values.apply(json: json, file: path)
        context.apply(.values(.set(values, pane: paneID)))
        problems.forEach { context.apply(.report($0)) }
        switch problems.count {
        case 0:
            if problem != nil { context.show(message: "\(displayName): reloaded") }
            setProblem(nil)
        case 1: setProblem(problems[0])
        default: setProblem(problems[0] + "; \(problems.count - 1) more on stderr")
        }
        return problems
    }

    private func setProblem(_ text: String?) {
        problem = text
        context.apply(.chrome(.problem(text)))
    }

    private var displayName: String { (path as NSString).lastPathComponent }
}

/// What identifies a file's contents without reading it: device, inode, size and modification time. A rename
/// over the file changes the inode; a save in place changes the time (and usually the size). Two saves of the same
/// size within one tick of the file system's clock (a few milliseconds) look the same; editors never save that fast.
struct FileSignature: Equatable {
    var device: UInt64
    var inode: UInt64
    var size: Int64
    var modified: Int64  // nanoseconds

    /// The file's signature, or nil when it cannot be found.
    init?(path: String) {
        var st = stat()
        guard stat(path, &st) == 0 else { return nil }
        device = UInt64(st.st_dev)
        inode = UInt64(st.st_ino)
        size = Int64(st.st_size)
        modified = Int64(st.st_mtim.tv_sec) * 1_000_000_000 + Int64(st.st_mtim.tv_nsec)
    }
}
