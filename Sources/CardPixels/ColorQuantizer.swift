/// A palette of at most 256 colours for one image, made by median cut, and the image mapped to
/// it (GIF frames: `cardviewer record --out x.gif`). Pure, deterministic: the same pixels give
/// the same palette and indices on every machine.
///
/// An image of at most `maximumColors` distinct colours (alpha ignored) gets exactly those
/// colours, each pixel its own: lossless. Otherwise the colours, counted in a histogram of 5
/// bits per channel (32,768 cells), are split by median cut: the box with the most pixels whose
/// longest side is over one cell is cut at its pixel median along that side, until there are
/// `maximumColors` boxes; each box's colour is the pixel-weighted mean of the exact colours in
/// it, and each cell maps to the palette colour nearest (squared RGB distance) to its own mean.
/// The error of a pixel is then at most about its cell's size (8 levels per channel) plus the
/// distance from its cell's mean to the nearest palette colour.
public struct QuantizedImage: Equatable, Sendable {
    /// Width and height in pixels.
    public var width: Int, height: Int
    /// The palette's colours, RGB, at most 256.
    public var palette: [(r: UInt8, g: UInt8, b: UInt8)]
    /// One palette index per pixel, row-major, top row first.
    public var indices: [UInt8]

    public static func == (a: QuantizedImage, b: QuantizedImage) -> Bool {
        a.width == b.width && a.height == b.height && a.indices == b.indices
            && a.palette.count == b.palette.count
            && zip(a.palette, b.palette).allSatisfy { $0.r == $1.r && $0.g == $1.g && $0.b == $1.b }
    }

    /// The image the indices show: opaque RGBA.
    public func rgba() -> RGBAImage {
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        for (i, index) in indices.enumerated() {
            let c = palette[Int(index)]
            pixels[i * 4] = c.r; pixels[i * 4 + 1] = c.g; pixels[i * 4 + 2] = c.b
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }
}

public enum ColorQuantizer {
    /// The most colours a palette has (GIF's).
    public static let maximumColors = 256

    /// `image` (alpha ignored) in at most `maxColors` (1 … 256) colours.
    public static func quantize(_ image: RGBAImage, maxColors: Int = maximumColors) -> QuantizedImage {
        let limit = min(max(maxColors, 1), maximumColors)
        let count = image.width * image.height
        if let exact = exactPalette(image, limit: limit) { return exact }
        // The histogram: pixel count and channel sums per 5-bit cell.
        var cellCount = [Int](repeating: 0, count: 32768)
        var sums = [Int](repeating: 0, count: 32768 * 3)
        image.pixels.withUnsafeBufferPointer { p in
            for i in 0..<count {
                let r = Int(p[i * 4]), g = Int(p[i * 4 + 1]), b = Int(p[i * 4 + 2])
                let cell = (r >> 3) << 10 | (g >> 3) << 5 | (b >> 3)
                cellCount[cell] += 1
                sums[cell * 3] += r; sums[cell * 3 + 1] += g; sums[cell * 3 + 2] += b
            }
        }
        let cells = (0..<32768).filter { cellCount[$0] > 0 }
        var boxes = [Box(cells: cells, counts: cellCount)]
        while boxes.count < limit {
            // The box with most pixels that can still be cut (ties: the first, deterministic).
            var best = -1
            for (i, box) in boxes.enumerated() where box.longestSide > 0 && (best < 0 || box.pixels > boxes[best].pixels) { best = i }
            guard best >= 0 else { break }
            let (low, high) = boxes[best].split(counts: cellCount)
            boxes[best] = low
            boxes.append(high)
        }
        var palette: [(r: UInt8, g: UInt8, b: UInt8)] = []
        for box in boxes {
            var r = 0, g = 0, b = 0
            for cell in box.cells { r += sums[cell * 3]; g += sums[cell * 3 + 1]; b += sums[cell * 3 + 2] }
            let n = box.pixels
            palette.append((UInt8((r + n / 2) / n), UInt8((g + n / 2) / n), UInt8((b + n / 2) / n)))
        }
        // Each cell to the palette colour nearest its mean.
        var cellIndex = [UInt8](repeating: 0, count: 32768)
        for cell in cells {
            let n = cellCount[cell]
            let r = (sums[cell * 3] + n / 2) / n, g = (sums[cell * 3 + 1] + n / 2) / n, b = (sums[cell * 3 + 2] + n / 2) / n
            var bestIndex = 0, bestDistance = Int.max
            for (i, c) in palette.enumerated() {
                let dr = Int(c.r) - r, dg = Int(c.g) - g, db = Int(c.b) - b
                let d = dr * dr + dg * dg + db * db
                if d < bestDistance { bestDistance = d; bestIndex = i }
            }
            cellIndex[cell] = UInt8(bestIndex)
        }
        var indices = [UInt8](repeating: 0, count: count)
        image.pixels.withUnsafeBufferPointer { p in
            for i in 0..<count {
                indices[i] = cellIndex[Int(p[i * 4] >> 3) << 10 | Int(p[i * 4 + 1] >> 3) << 5 | Int(p[i * 4 + 2] >> 3)]
            }
        }
        return QuantizedImage(width: image.width, height: image.height, palette: palette, indices: indices)
    }

    /// The image's own colours when there are at most `limit`, in order of first appearance;
    /// nil when there are more.
    static func exactPalette(_ image: RGBAImage, limit: Int) -> QuantizedImage? {
        var lookup: [UInt32: UInt8] = [:]
        var palette: [(r: UInt8, g: UInt8, b: UInt8)] = []
        let count = image.width * image.height
        var indices = [UInt8](repeating: 0, count: count)
        var last: UInt32 = .max, lastIndex: UInt8 = 0
        let fits: Bool = image.pixels.withUnsafeBufferPointer { p in
            for i in 0..<count {
                let key = UInt32(p[i * 4]) << 16 | UInt32(p[i * 4 + 1]) << 8 | UInt32(p[i * 4 + 2])
                if key != last {
                    if let index = lookup[key] {
                        lastIndex = index
                    } else {
                        guard palette.count < limit else { return false }
                        lastIndex = UInt8(palette.count)
                        lookup[key] = lastIndex
                        palette.append((p[i * 4], p[i * 4 + 1], p[i * 4 + 2]))
                    }
                    last = key
                }
                indices[i] = lastIndex
            }
            return true
        }
        return fits ? QuantizedImage(width: image.width, height: image.height, palette: palette, indices: indices) : nil
    }

    /// A box of histogram cells: its cells, pixel count and extent in cell units per channel.
    struct Box {
        var cells: [Int]
        var pixels: Int
        var low: (Int, Int, Int), high: (Int, Int, Int)

        init(cells: [Int], counts: [Int]) {
            self.cells = cells
            pixels = cells.reduce(0) { $0 + counts[$1] }
            var lo = (31, 31, 31), hi = (0, 0, 0)
            for cell in cells {
                let (r, g, b) = (cell >> 10, cell >> 5 & 31, cell & 31)
                lo = (min(lo.0, r), min(lo.1, g), min(lo.2, b))
                hi = (max(hi.0, r), max(hi.1, g), max(hi.2, b))
            }
            low = lo
            high = hi
        }

        /// The channel (0 r, 1 g, 2 b) of the longest side, and that side's length in cells − 1.
        var longest: (channel: Int, length: Int) {
            let sides = [high.0 - low.0, high.1 - low.1, high.2 - low.2]
            let channel = sides.firstIndex(of: sides.max()!)!
            return (channel, sides[channel])
        }
        var longestSide: Int { longest.length }

        /// Cut at the pixel median along the longest side; both halves non-empty.
        func split(counts: [Int]) -> (Box, Box) {
            let channel = longest.channel
            let shift = [10, 5, 0][channel]
            let sorted = cells.sorted { ($0 >> shift & 31, $0) < ($1 >> shift & 31, $1) }
            var seen = 0
            var cut = 1
            for (i, cell) in sorted.enumerated() {
                seen += counts[cell]
                if seen * 2 >= pixels { cut = i + 1; break }
            }
            // Cut between cells of different values on that channel, keeping both halves non-empty.
            let value = { (i: Int) in sorted[i] >> shift & 31 }
            cut = min(max(cut, 1), sorted.count - 1)
            while cut < sorted.count, value(cut) == value(cut - 1) { cut += 1 }
            if cut == sorted.count {
                cut = min(max(cut - 1, 1), sorted.count - 1)
                while cut > 1, value(cut) == value(cut - 1) { cut -= 1 }
            }
            return (Box(cells: Array(sorted[..<cut]), counts: counts), Box(cells: Array(sorted[cut...]), counts: counts))
        }
    }
}
