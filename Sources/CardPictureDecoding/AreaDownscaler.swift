import CardImaging

/// Fast area-average downscaling of 8-bit RGBA pictures: each destination pixel is the average
/// of the source area it covers, partly covered source pixels counted by the covered fraction.
///
/// Separable (a horizontal pass per source row, then a vertical sum per destination row), with
/// the per-axis tap tables built once per call and two row buffers: no allocation per pixel,
/// and each source row is filtered horizontally exactly once. Colours are averaged
/// alpha-premultiplied, so transparent pixels lend no colour to their neighbours; opaque
/// pictures (every JPEG) skip the premultiplication.
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

    /// Whether every pixel of an RGBA buffer has alpha 255.
    static func isOpaque(_ pixels: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 3
        while index < pixels.count {
            if pixels[index] != 255 { return false }
            index += 4
        }
        return true
    }

    /// The RGBA bytes of `source` (`width × height`, straight alpha, rows packed) scaled down to
    /// `size` (each side at most the source's, at least 1). `premultiply: false` is exact only
    /// for opaque sources.
    static func downscale(_ source: UnsafeBufferPointer<UInt8>, width: Int, height: Int, to size: PixelSize,
                          premultiply: Bool) -> [UInt8] {
        let columns = AxisTaps(source: width, destination: size.width)
        let rows = AxisTaps(source: height, destination: size.height)
        let filtered = UnsafeMutableBufferPointer<SIMD4<Float>>.allocate(capacity: size.width)
        let sum = UnsafeMutableBufferPointer<SIMD4<Float>>.allocate(capacity: size.width)
        defer { filtered.deallocate(); sum.deallocate() }
        return [UInt8](unsafeUninitializedCapacity: size.pixelCount * 4) { out, count in
            var filteredRow = -1
            for y in 0..<size.height {
                sum.update(repeating: .zero)
                let first = rows.first[y]
                for tap in 0..<rows.count[y] {
                    let row = first + tap
                    if row != filteredRow {
                        // A source row shared by two destination rows is filtered only once.
                        let start = source.baseAddress! + row * width * 4
                        if premultiply {
                            filterRow(start, columns, into: filtered, load: loadPremultiplied)
                        } else {
                            filterRow(start, columns, into: filtered, load: loadStraight)
                        }
                        filteredRow = row
                    }
                    let weight = rows.weights[y * rows.stride + tap]
                    for x in 0..<size.width { sum[x] += filtered[x] * weight }
                }
                store(sum, into: out.baseAddress! + y * size.width * 4, premultiplied: premultiply)
            }
            count = size.pixelCount * 4
        }
    }

    @inline(__always)
    private static func loadStraight(_ pixel: UnsafePointer<UInt8>) -> SIMD4<Float> {
        SIMD4(Float(pixel[0]), Float(pixel[1]), Float(pixel[2]), Float(pixel[3]))
    }

    @inline(__always)
    private static func loadPremultiplied(_ pixel: UnsafePointer<UInt8>) -> SIMD4<Float> {
        let alpha = Float(pixel[3])
        let scale = alpha * (1 / 255)
        return SIMD4(Float(pixel[0]) * scale, Float(pixel[1]) * scale, Float(pixel[2]) * scale, alpha)
    }

    /// One source row averaged horizontally into `into` (one value per destination column).
    @inline(__always)
    private static func filterRow(_ row: UnsafePointer<UInt8>, _ columns: AxisTaps,
                                  into output: UnsafeMutableBufferPointer<SIMD4<Float>>,
                                  load: (UnsafePointer<UInt8>) -> SIMD4<Float>) {
        columns.weights.withUnsafeBufferPointer { weights in
            for x in 0..<output.count {
                let first = columns.first[x], base = x * columns.stride
                var total = SIMD4<Float>.zero
                for tap in 0..<columns.count[x] {
                    total += load(row + (first + tap) * 4) * weights[base + tap]
                }
                output[x] = total
            }
        }
    }

    /// A destination row from its averaged values: un-premultiplied when needed, rounded, clamped.
    @inline(__always)
    private static func store(_ sums: UnsafeMutableBufferPointer<SIMD4<Float>>, into out: UnsafeMutablePointer<UInt8>,
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
