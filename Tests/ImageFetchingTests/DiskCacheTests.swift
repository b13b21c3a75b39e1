import CarouselClips
import CarouselSupport
import CarouselTesting
import Foundation
@testable import ImageFetching
import Testing

/// The disk cache shared by processes (issue 20): temporary files left by a writer that died are swept, those of a
/// live writer are not, and a cached file is never read past the budget. Two real processes sharing one cache, one
/// killed mid-write, are in the end-to-end `RemoteDeckTests`.
@Suite("Disk cache")
struct DiskCacheTests {
    func tempDir() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("disk-cache-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    func names(_ dir: URL) -> Set<String> { Set((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []) }

    /// The PID of a process that has exited and been reaped.
    func deadPID() throws -> pid_t {
        let child = try ChildProcess("/bin/true", [])
        _ = child.wait()
        return child.pid
    }

    @Test("Temporary files of dead writers are swept at first use; a live writer's and other hidden files stay")
    func sweepsAbandonedTemporaries() throws {
        let dir = try tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let key = String(repeating: "a", count: 64)
        let live = try ChildProcess("/bin/sleep", ["30"])
        defer { live.kill(SIGKILL); _ = live.wait() }
        let files: [String: Date] = [
            ".\(key).\(try deadPID()).12345.tmp": Date(),              // its writer was killed: swept
            ".\(key).\(live.pid).777.tmp": Date(),                     // being written: kept
            ".\(key).\(live.pid).778.tmp": Date(timeIntervalSinceNow: -3600), // an hour old: swept, whoever wrote it
            ".partial-OLD": Date(timeIntervalSinceNow: -120),          // an older version's leftover: swept
            ".partial-NEW": Date(),                                     // maybe still written by an older version
            ".keep": Date(timeIntervalSinceNow: -3600),                // not ours: untouched
            key: Date(),                                               // a cached image
        ]
        for (name, date) in files {
            let path = dir.appendingPathComponent(name).path
            #expect(FileManager.default.createFile(atPath: path, contents: Data([1, 2, 3])))
            try FileManager.default.setAttributes([.modificationDate: date], ofItemAtPath: path)
        }
        let cache = DiskCache(directory: dir, byteLimit: 1 << 20)
        #expect(cache.read(key, maxBytes: 100) == Data([1, 2, 3]))
        #expect(names(dir) == [".\(key).\(live.pid).777.tmp", ".partial-NEW", ".keep", key])
    }

    @Test("A writer's PID is read from AtomicFile's temporary names")
    func writerPID() {
        let temp = URL(fileURLWithPath: AtomicFile.temporaryPath(beside: "/tmp/abc")).lastPathComponent
        #expect(AtomicFile.temporaryWriter(temp) == getpid())
        #expect(AtomicFile.temporaryWriter(".abc.tmp") == nil)
        #expect(!DiskCache.isAbandoned(temp, modified: Date()))
        #expect(DiskCache.isAbandoned(temp, modified: Date(timeIntervalSinceNow: -601)))
    }

    @Test("A cached file over the budget is not read, and the fetch goes to the server")
    func oversizedCacheFile() async throws {
        let dir = try tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let server = try TestHTTPServer(routes: ["/a.png": .init(body: ImageFetcherTests.png)])
        let url = server.url("/a.png")
        let file = dir.appendingPathComponent(ImageFetcher.cacheKey(for: url))
        try Data(count: 5000).write(to: file)
        let f = ImageFetcher(configuration: .init(timeout: 5, maxResponseBytes: 1000, diskCacheDirectory: dir))
        #expect(f.cachedData(for: url) == nil)
        #expect(try await f.fetch(url).get() == Data(ImageFetcherTests.png))
        #expect(f.statistics.diskHits == 0 && server.requests("/a.png") == 1)
        // The fetched image replaced the oversized file, whole, with no temporary file left.
        #expect(FileManager.default.contents(atPath: file.path) == Data(ImageFetcherTests.png))
        #expect(names(dir) == [file.lastPathComponent])
    }

    @Test("A reader holds the file it opened: replacing it meanwhile never yields a mix of the two")
    func readsAreWhole() throws {
        let dir = try tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let cache = DiskCache(directory: dir, byteLimit: 64 << 20)
        let key = String(repeating: "b", count: 64)
        let a = Data(repeating: 0xAA, count: 4 << 20), b = Data(repeating: 0xBB, count: 4 << 20)
        cache.write(a, for: key)
        let writer = Thread {
            for i in 0..<40 { cache.write(i % 2 == 0 ? b : a, for: key) }
        }
        writer.start()
        var reads = 0
        while !writer.isFinished || reads < 40 {
            if let data = cache.read(key, maxBytes: 64 << 20) {
                #expect(data == a || data == b, "a mixed or short read of \(data.count) bytes")
                reads += 1
            }
            if reads > 400 { break }
        }
        #expect(reads >= 40)
    }
}
