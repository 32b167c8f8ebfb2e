import CardMath
import CardPixels

/// Fast area-average downscaling of 8-bit RGBA pictures: each destination pixel is the average
/// of the source area it covers, partly covered source pixels counted by the covered fraction.
///
/// Separable (per destination row: a weighted sum of the source rows it covers, then one
/// horizontal pass over that sum), with the per-axis tap tables built once per call and a few
/// row buffers: no allocation per pixel. The rows may come one at a time (`RowDownscaler`), so
/// a picture decoded row by row is reduced without ever being held whole. Colours are averaged alpha-premultiplied, so transparent
/// pixels lend no colour to their neighbours; opaque pictures (every JPEG) skip the
/// premultiplication.
public enum AreaDownscaler {
    /// `image` scaled down to `size` (any aspect; each side clamped to 1…the image's own).
    /// The same size returns the image unchanged.
    /// - Complexity: O(source pixels + destination pixels · taps), taps ≈ shrink factor.
    public static func downscale(_ image: RGBAImage, to size: PixelSize) -> RGBAImage {
        let width = min(image.width, max(1, size.width)), height = min(image.height, max(1, size.height))
        guard image.width > 0, image.height > 0, width != image.width || height != image.height else { return image }
        let pixels = image.pixels.withUnsafeBufferPointer { source in
            downscale(source, width: image.width, height: image.height, to: PixelSize(width: width, height: height),
                      premultiply: !isOpaque(source))
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    /// Whether every pixel of an RGBA buffer has alpha 255 (`RGBAImage.isOpaque`).
    static func isOpaque(_ pixels: UnsafeBufferPointer<UInt8>) -> Bool { RGBAImage.isOpaque(pixels) }

    /// The RGBA bytes of `source` (`width × height`, straight alpha, rows packed) scaled down to
    /// `size` (each side at most the source's, at least 1). `premultiply: false` is exact only
    /// for opaque sources. The rows go through a `RowDownscaler` in order: the same arithmetic
    /// as a picture decoded a row at a time.
    static func downscale(_ source: UnsafeBufferPointer<UInt8>, width: Int, height: Int, to size: PixelSize,
                          premultiply: Bool) -> [UInt8] {
        let rows = RowDownscaler(width: width, height: height, to: size, premultiply: premultiply)
        for y in 0..<height { rows.add(source.baseAddress! + y * width * 4) }
        return rows.finish()
    }

    /// Adds `weight` × a row's pixels into `sums` (or sets them, for a destination row's first
    /// source row), for opaque sources. A plain loop over the row's bytes, which the compiler
    /// vectorises: 16 samples an iteration.
    @inline(__always)
    static func sumOpaque(_ row: UnsafePointer<UInt8>, rowBytes: Int, weight: Float, first: Bool,
                          into sums: UnsafeMutableBufferPointer<SIMD4<Float>>) {
        let total = UnsafeMutableRawPointer(sums.baseAddress!).assumingMemoryBound(to: Float.self)
        if first {
            for i in 0..<rowBytes { total[i] = Float(row[i]) * weight }
        } else {
            for i in 0..<rowBytes { total[i] += Float(row[i]) * weight }
        }
    }

    /// As `sumOpaque`, with each pixel's colour multiplied by its alpha / 255 first.
    @inline(__always)
    static func sumPremultiplied(_ row: UnsafePointer<UInt8>, rowBytes: Int, weight: Float, first: Bool,
                                 into sums: UnsafeMutableBufferPointer<SIMD4<Float>>) {
        let total = UnsafeMutableRawPointer(sums.baseAddress!).assumingMemoryBound(to: Float.self)
        if first { for i in 0..<rowBytes { total[i] = 0 } }
        var i = 0
        while i < rowBytes {
            let alpha = Float(row[i + 3]) * weight
            let scale = alpha * (1 / 255)
            total[i] += Float(row[i]) * scale
            total[i + 1] += Float(row[i + 1]) * scale
            total[i + 2] += Float(row[i + 2]) * scale
            total[i + 3] += alpha
            i += 4
        }
    }

    /// The row of column sums averaged horizontally: one value per destination column.
    @inline(__always)
    static func average(_ sums: UnsafeMutableBufferPointer<SIMD4<Float>>, _ columns: AxisTaps,
                                into output: UnsafeMutableBufferPointer<SIMD4<Float>>) {
        columns.weights.withUnsafeBufferPointer { weights in
            columns.first.withUnsafeBufferPointer { firsts in
                columns.count.withUnsafeBufferPointer { counts in
                    for x in 0..<output.count {
                        let first = firsts[x], base = x * columns.stride, taps = counts[x]
                        // Two partial sums halve the chain of dependent additions.
                        var even = SIMD4<Float>.zero, odd = SIMD4<Float>.zero
                        var tap = 0
                        while tap + 1 < taps {
                            even += sums[first + tap] * weights[base + tap]
                            odd += sums[first + tap + 1] * weights[base + tap + 1]
                            tap += 2
                        }
                        if tap < taps { even += sums[first + tap] * weights[base + tap] }
                        output[x] = even + odd
                    }
                }
            }
        }
    }

    /// A destination row from its averaged values: un-premultiplied when needed, rounded, clamped.
    @inline(__always)
    static func store(_ sums: UnsafeMutableBufferPointer<SIMD4<Float>>, into out: UnsafeMutablePointer<UInt8>,
                              premultiplied: Bool) {
        let low = SIMD4<Float>(repeating: 0), high = SIMD4<Float>(repeating: 255)
        for x in 0..<sums.count {
            var value = sums[x]
            if premultiplied {
                let alpha = value.w
                if alpha < 0.5 {
                    value = .zero
                } else {
                    let scale = 255 / alpha
                    value = SIMD4(value.x * scale, value.y * scale, value.z * scale, alpha)
                }
            }
            let rounded = (value + 0.5).clamped(lowerBound: low, upperBound: high)
            out[x * 4] = UInt8(rounded.x)
            out[x * 4 + 1] = UInt8(rounded.y)
            out[x * 4 + 2] = UInt8(rounded.z)
            out[x * 4 + 3] = UInt8(rounded.w)
        }
    }
}

/// Area-average weights along one axis: destination pixel i covers the source interval
/// [i·s, (i+1)·s), s = source / destination ≥ 1; source pixel j spans [j, j+1).
struct AxisTaps {
    /// The first source pixel each destination pixel reads.
    var first: [Int]
    /// How many source pixels each destination pixel reads.
    var count: [Int]
    /// `count[i]` weights for destination pixel i at `i · stride`, summing to 1.
    var weights: [Float]
    /// The most taps any destination pixel can have: ⌈s⌉ + 1.
    var stride: Int

    init(source: Int, destination: Int) {
        let step = Double(source) / Double(destination)
        stride = Int(step.rounded(.up)) + 1
        first = [Int](repeating: 0, count: destination)
        count = [Int](repeating: 0, count: destination)
        weights = [Float](repeating: 0, count: destination * stride)
        for i in 0..<destination {
            let low = Double(i) * step, high = i == destination - 1 ? Double(source) : Double(i + 1) * step
            let start = min(source - 1, Int(low)), end = min(source, Int(high.rounded(.up)))
            first[i] = start
            var taps = 0
            // At most ⌈s⌉ + 1 pixels overlap [low, high); an edge one may overlap by ~0.
            for j in start..<max(start + 1, end) where taps < stride {
                let overlap = min(high, Double(j + 1)) - max(low, Double(j))
                weights[i * stride + taps] = Float(max(0, overlap) / step)
                taps += 1
            }
            count[i] = taps
        }
    }
}
