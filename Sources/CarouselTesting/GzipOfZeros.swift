/// A gzip stream (RFC 1952) whose content is `prefix` followed by zeros up to `decodedCount` bytes, made piece by
/// piece while it is sent, never whole: a gzip bomb for the test server. The deflate data is one block with the fixed
/// Huffman codes, the zeros as copies of 258 bytes at distance 1 (13 bits each), so 1 GB of content is about 6.5 MB
/// on the wire. The trailer is correct (CRC-32 and length), so a client that decodes it all sees a valid stream.
public struct GzipOfZeros: Sendable {
    public let prefix: [UInt8]
    public let decodedCount: Int

    public init(prefix: [UInt8], decodedCount: Int) {
        self.prefix = prefix
        self.decodedCount = max(decodedCount, prefix.count)
    }

    /// Hands the stream to `sink` in pieces of about `pieceSize` bytes; stops early when `sink` returns false.
    /// Returns whether all of it was taken.
    @discardableResult
    public func write(pieceSize: Int = 64 << 10, to sink: ([UInt8]) -> Bool) -> Bool {
        var out = BitWriter()
        out.bytes = [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 0xFF]   // gzip header: deflate, no name, no time, unknown OS
        out.write(1, bits: 1)                                   // BFINAL
        out.write(1, bits: 2)                                   // BTYPE 01: fixed Huffman codes
        func flushIfFull() -> Bool {
            guard out.bytes.count >= pieceSize else { return true }
            let piece = out.bytes
            out.bytes = []
            out.bytes.reserveCapacity(pieceSize + 16)
            return sink(piece)
        }
        for byte in prefix {
            out.literal(byte)
            guard flushIfFull() else { return false }
        }
        var zeros = decodedCount - prefix.count
        if zeros > 0 {
            out.literal(0)
            zeros -= 1
        }
        while zeros >= 258 {
            out.copy(length: 258)
            zeros -= 258
            guard flushIfFull() else { return false }
        }
        if zeros >= 3 { out.copy(length: zeros) } else { for _ in 0..<zeros { out.literal(0) } }
        out.code(0, length: 7)                                  // end of block (symbol 256)
        out.alignToByte()
        let crc = CRC32.appendingZeros(CRC32.checksum(prefix), count: decodedCount - prefix.count)
        let size = UInt32(truncatingIfNeeded: decodedCount)
        for v in [crc, size] { for shift in stride(from: 0, to: 32, by: 8) { out.bytes.append(UInt8(truncatingIfNeeded: v >> UInt32(shift))) } }
        return sink(out.bytes)
    }

    /// The whole stream's length in bytes (made once and counted, not kept).
    public var encodedCount: Int {
        var n = 0
        write { n += $0.count; return true }
        return n
    }
}

/// Deflate's bit order: values least significant bit first, Huffman codes most significant bit first.
private struct BitWriter {
    var bytes: [UInt8] = []
    private var buffer: UInt64 = 0
    private var count: UInt64 = 0

    mutating func write(_ value: UInt32, bits: Int) {
        buffer |= UInt64(value) << count
        count += UInt64(bits)
        while count >= 8 {
            bytes.append(UInt8(truncatingIfNeeded: buffer))
            buffer >>= 8
            count -= 8
        }
    }

    /// A Huffman code of `length` bits.
    mutating func code(_ code: UInt32, length: Int) {
        var reversed: UInt32 = 0
        for i in 0..<length where code & (1 << UInt32(i)) != 0 { reversed |= 1 << UInt32(length - 1 - i) }
        write(reversed, bits: length)
    }

    /// A literal byte with the fixed codes.
    mutating func literal(_ byte: UInt8) {
        if byte < 144 { code(0x30 + UInt32(byte), length: 8) } else { code(0x190 + UInt32(byte) - 144, length: 9) }
    }

    /// A copy of `length` (3...258) bytes at distance 1 with the fixed codes.
    mutating func copy(length: Int) {
        let (symbol, extraBits, base) = Self.lengthSymbol(length)
        if symbol < 280 { code(UInt32(symbol - 256), length: 7) } else { code(0xC0 + UInt32(symbol - 280), length: 8) }
        if extraBits > 0 { write(UInt32(length - base), bits: extraBits) }
        code(0, length: 5)                                      // distance code 0: distance 1
    }

    mutating func alignToByte() { if count > 0 { write(0, bits: Int(8 - count)) } }

    /// The length symbol (257...285), its extra bits and its base length (RFC 1951, 3.2.5).
    static func lengthSymbol(_ length: Int) -> (Int, Int, Int) {
        if length == 258 { return (285, 0, 258) }
        if length <= 10 { return (254 + length, 0, length) }
        var base = 11, symbol = 265
        for extra in 1...5 {
            for _ in 0..<4 {
                let span = 1 << extra
                if length < base + span { return (symbol, extra, base) }
                base += span
                symbol += 1
            }
        }
        return (284, 5, 227)
    }
}

/// CRC-32 as gzip and PNG use it (reflected, polynomial 0xEDB88320).
public enum CRC32 {
    private static let table: [UInt32] = (0..<256).map { n in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    /// The CRC-32 of `bytes`, continuing from `crc` (0 to start).
    public static func checksum<S: Sequence<UInt8>>(_ bytes: S, continuing crc: UInt32 = 0) -> UInt32 {
        var c = ~crc
        for b in bytes { c = table[Int((c ^ UInt32(b)) & 0xFF)] ^ (c >> 8) }
        return ~c
    }

    /// The CRC-32 of the bytes whose CRC-32 is `crc` followed by `count` zero bytes, in O(log count) steps:
    /// zero bytes multiply the CRC register by x^(8 count) modulo the polynomial.
    public static func appendingZeros(_ crc: UInt32, count: Int) -> UInt32 {
        var p: UInt32 = 1 << 31, n = count, k = 3
        while n > 0 {
            if n & 1 != 0 { p = multiply(powers[k & 31], p) }
            n >>= 1
            k += 1
        }
        return ~multiply(p, ~crc)
    }

    /// x^(2^k) modulo the polynomial, k = 0...31.
    private static let powers: [UInt32] = {
        var table: [UInt32] = [1 << 30]
        for _ in 1..<32 { table.append(multiply(table[table.count - 1], table[table.count - 1])) }
        return table
    }()

    /// a * b modulo the polynomial, in the reflected representation.
    private static func multiply(_ a: UInt32, _ b: UInt32) -> UInt32 {
        var m: UInt32 = 1 << 31, p: UInt32 = 0, b = b
        while true {
            if a & m != 0 {
                p ^= b
                if a & (m - 1) == 0 { break }
            }
            m >>= 1
            b = b & 1 != 0 ? (b >> 1) ^ 0xEDB8_8320 : b >> 1
        }
        return p
    }
}
