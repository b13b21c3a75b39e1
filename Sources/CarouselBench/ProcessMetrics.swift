import Foundation

/// What the benchmark reads about its own process: a monotonic clock shared by parent and child processes, CPU time
/// of every thread, and resident and proportional memory from `/proc`.
public enum ProcessMetrics {
    /// Seconds on the system's monotonic clock (the same origin in every process on the machine).
    public static func monotonic() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    /// CPU seconds used so far by the calling thread: unlike wall time, not inflated when other processes compete
    /// for the cores.
    public static func threadCPU() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    /// User plus system CPU seconds used so far by every thread of this process (`getrusage(RUSAGE_SELF)`).
    public static func cpuSeconds() -> Double {
        var u = rusage()
        getrusage(Int32(RUSAGE_SELF.rawValue), &u)
        func seconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
        return seconds(u.ru_utime) + seconds(u.ru_stime)
    }

    /// Resident and proportional set sizes now, and the peak resident size, in megabytes (2^20 bytes).
    public struct Memory: Sendable, Equatable {
        /// Resident set size (pages in RAM, shared ones counted whole).
        public var rss: Double
        /// Proportional set size (shared pages divided among the processes that map them).
        public var pss: Double
        /// The largest resident set size so far (VmHWM).
        public var peakRSS: Double
    }

    /// RSS and PSS from `/proc/self/smaps_rollup` and the peak from `/proc/self/status`; nil when unreadable.
    public static func memory() -> Memory? {
        guard let rollup = try? String(contentsOfFile: "/proc/self/smaps_rollup", encoding: .utf8),
              let rss = kilobytes("Rss:", in: rollup), let pss = kilobytes("Pss:", in: rollup) else { return nil }
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let peak = kilobytes("VmHWM:", in: status) ?? rss
        return Memory(rss: rss / 1024, pss: pss / 1024, peakRSS: peak / 1024)
    }

    /// The number after `field` on its line, in kB: "Pss:   12345 kB", and "VmHWM:\t  12345 kB" (a tab, in
    /// /proc/self/status).
    public static func kilobytes(_ field: String, in text: String) -> Double? {
        for line in text.split(separator: "\n") where line.hasPrefix(field) {
            return line.dropFirst(field.count).split(whereSeparator: { $0 == " " || $0 == "\t" }).first.flatMap { Double($0) }
        }
        return nil
    }

    /// Processor cores online.
    public static var cores: Int { ProcessInfo.processInfo.activeProcessorCount }
}

/// Timing samples in seconds, summarised as percentiles.
public struct Samples: Sendable {
    public private(set) var values: [Double] = []
    public init(_ values: [Double] = []) { self.values = values }

    public mutating func append(_ v: Double) { values.append(v) }
    public var count: Int { values.count }
    public var total: Double { values.reduce(0, +) }
    public var mean: Double { values.isEmpty ? 0 : total / Double(values.count) }
    public var max: Double { values.max() ?? 0 }

    /// The `q` quantile (0...1) by the nearest-rank method; 0 without samples.
    public func quantile(_ q: Double) -> Double {
        guard !values.isEmpty else { return 0 }
        let sorted = values.sorted()
        let rank = Int((q * Double(sorted.count)).rounded(.up))
        return sorted[Swift.min(Swift.max(rank, 1), sorted.count) - 1]
    }
    public var p50: Double { quantile(0.5) }
    public var p99: Double { quantile(0.99) }
}
