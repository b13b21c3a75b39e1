import Foundation

/// Maps BGRA frames onto a GIF's palette (the one FFmpeg's `palettegen` built from the clip), with ordered (Bayer)
/// dithering, into the `pal8` frames FFmpeg's GIF encoder takes: one index byte per pixel, then the palette.
///
/// FFmpeg's `paletteuse` does the same job, but in FFmpeg's one feeding thread (it searches the nearest entry per
/// distinct colour, and a photograph has hundreds of thousands), which kept a GIF slower than real time
/// (docs/performance.md, clips). Here a table over every colour at 6 bits a channel, filled in as colours turn up,
/// gives the two entries nearest each cell's centre, and each pixel takes the nearer of those two: as close to the
/// frames as `paletteuse`. A pixel the same as in the frame before keeps its index (the dither depends only on where
/// it is), and a row the same keeps its row, so what stays still costs a comparison. It runs on the queue that writes
/// frames to FFmpeg (one frame at a time, in order), which is left only the GIF's compression.
/// The dither moves each channel by -2...1 levels on a 4x4 Bayer pattern: the pattern stays put from frame to frame
/// (so unchanged areas stay unchanged and the GIF small), as `paletteuse`'s `dither=bayer:bayer_scale=4` does.
final class PaletteMapper: @unchecked Sendable {
    /// The palette as FFmpeg reads and writes it: 256 entries of 4 bytes, B G R A.
    let palette: Data
    /// For each 6-bit colour (r << 12 | g << 6 | b), the two opaque entries nearest its centre, as `first | second << 8`;
    /// the same one twice when it is the nearest for every colour in the cell; `unknown` until a colour in it turns up.
    private var nearest = [UInt16](repeating: PaletteMapper.unknown, count: 1 << 18)
    private static let unknown: UInt16 = 0xFFFF
    /// The palette's colours by index, 4 values each: B, G, R, unused.
    private let colours: [Int32]
    /// The opaque entries' indices and their colours in half levels (R, G, B), for filling in `nearest`.
    private let opaque: [UInt16], halfLevels: [Int32]
    /// The frame before and its indices, for what stayed the same.
    private var previous: (frame: Data, indices: Data)?

    /// Bayer's 4x4 threshold matrix, as offsets of -2...1 levels (added to each channel).
    private static let dither: [Int32] = [0, 8, 2, 10, 12, 4, 14, 6, 3, 11, 1, 9, 15, 7, 13, 5].map { $0 / 4 - 2 }
    /// How far apart in half levels two entries' distances to a cell's centre must be for the nearer to be the nearest
    /// everywhere in the cell: a 6-bit cell c holds the 8-bit values 4c...4c+3, so its centre is 4c + 1.5 and no colour
    /// in it is farther than sqrt(3) * 3 half levels from the centre; twice that (the triangle inequality, both ends).
    private static let reach = 2 * 3 * 3.0.squareRoot()

    /// A mapper for `palette` (1,024 bytes, B G R A per entry; entries with alpha 0 are the GIF's transparency and are
    /// never chosen). Nil when the palette is not 1,024 bytes or has no opaque entry.
    init?(palette: Data) {
        guard palette.count == 1024 else { return nil }
        let bytes = [UInt8](palette)
        let opaque = (0..<256).filter { bytes[$0 * 4 + 3] != 0 }
        guard !opaque.isEmpty else { return nil }
        self.palette = palette
        self.opaque = opaque.map(UInt16.init)
        colours = bytes.enumerated().map { $0.offset % 4 == 3 ? 0 : Int32($0.element) }
        halfLevels = opaque.flatMap { (i: Int) -> [Int32] in (0..<3).map { Int32(bytes[i * 4 + 2 - $0]) * 2 } }
    }

    /// The two entries nearest the centre of `cell` (r << 12 | g << 6 | b), as stored in `nearest`.
    private func pair(forCell cell: Int) -> UInt16 {
        let cr = Int32(cell >> 12) * 8 + 3, cg = Int32(cell >> 6 & 63) * 8 + 3, cb = Int32(cell & 63) * 8 + 3
        var best = Int32.max, second = Int32.max, bestIndex = 0, secondIndex = 0
        halfLevels.withUnsafeBufferPointer { c in
            for k in 0..<opaque.count {
                let dr = c[k &* 3] &- cr, dg = c[k &* 3 &+ 1] &- cg, db = c[k &* 3 &+ 2] &- cb
                let d = dr &* dr &+ dg &* dg &+ db &* db
                if d < best { second = best; secondIndex = bestIndex; best = d; bestIndex = k }
                else if d < second { second = d; secondIndex = k }
            }
        }
        // Every entry but these two is farther than the second, so only the second can win somewhere in the cell.
        let settled = second == Int32.max || Double(second).squareRoot() - Double(best).squareRoot() > PaletteMapper.reach
        return opaque[bestIndex] | opaque[settled ? bestIndex : secondIndex] << 8
    }

    /// `frame` (width x height BGRA pixels, rows packed) as one palette index per pixel followed by the palette: what
    /// FFmpeg's raw `pal8` input reads for one frame. Frames come one at a time, in the clip's order.
    func map(_ frame: Data, width: Int, height: Int) -> Data {
        precondition(frame.count == width * height * 4, "a frame of \(width)x\(height) BGRA pixels")
        var out = Data(count: width * height + palette.count)
        let before = previous.flatMap { $0.frame.count == frame.count ? $0 : nil }
        out.withUnsafeMutableBytes { (dst: UnsafeMutableRawBufferPointer) in
            let indices = dst.bindMemory(to: UInt8.self).baseAddress!
            frame.withUnsafeBytes { (src: UnsafeRawBufferPointer) in
                let px = src.bindMemory(to: UInt8.self).baseAddress!
                let words = src.bindMemory(to: UInt32.self).baseAddress!
                (before?.frame ?? frame).withUnsafeBytes { (last: UnsafeRawBufferPointer) in
                    let lastWords = last.bindMemory(to: UInt32.self).baseAddress!
                    (before?.indices ?? frame).withUnsafeBytes { (lastIndices: UnsafeRawBufferPointer) in
                        let kept = lastIndices.bindMemory(to: UInt8.self).baseAddress!
                        colours.withUnsafeBufferPointer { colours in
                            PaletteMapper.dither.withUnsafeBufferPointer { dither in
                                for y in 0..<height {
                                    let row = y * width, pattern = (y & 3) << 2
                                    if before != nil && memcmp(words + row, lastWords + row, width * 4) == 0 {
                                        (indices + row).update(from: kept + row, count: width)
                                        continue
                                    }
                                    for x in 0..<width {
                                        let at = row &+ x
                                        if before != nil && words[at] == lastWords[at] { indices[at] = kept[at]; continue }
                                        let d = dither[pattern | (x & 3)]
                                        let p = at &* 4
                                        let b = min(max(Int32(px[p]) &+ d, 0), 255)
                                        let g = min(max(Int32(px[p &+ 1]) &+ d, 0), 255)
                                        let r = min(max(Int32(px[p &+ 2]) &+ d, 0), 255)
                                        let cell = Int((r >> 2) << 12 | (g >> 2) << 6 | b >> 2)
                                        var pair = nearest[cell]
                                        if pair == PaletteMapper.unknown { pair = self.pair(forCell: cell); nearest[cell] = pair }
                                        let i = Int(pair & 0xFF), j = Int(pair >> 8)
                                        guard i != j else { indices[at] = UInt8(i); continue }
                                        let ib = colours[i &* 4] &- b, ig = colours[i &* 4 &+ 1] &- g, ir = colours[i &* 4 &+ 2] &- r
                                        let jb = colours[j &* 4] &- b, jg = colours[j &* 4 &+ 1] &- g, jr = colours[j &* 4 &+ 2] &- r
                                        let di = ib &* ib &+ ig &* ig &+ ir &* ir, dj = jb &* jb &+ jg &* jg &+ jr &* jr
                                        indices[at] = UInt8(dj < di ? j : i)
                                    }
                                }
                            }
                        }
                    }
                }
            }
            palette.copyBytes(to: UnsafeMutableRawBufferPointer(rebasing: dst[(width * height)...]))
        }
        previous = (frame, out)
        return out
    }
}
