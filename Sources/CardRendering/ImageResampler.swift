import CardImaging

/// Resizes RGBA images to a texture layer's size: area averaging when shrinking (every source
/// pixel counts, no aliasing), bilinear when enlarging; in premultiplied alpha, so transparent
/// pixels do not bleed their colour into the edges.
enum ImageResampler {
    /// `image` resized to `width × height` pixels (≥ 1 each).
    ///
    /// - Complexity: O(source pixels + target pixels) per channel, separably (rows, then columns).
    static func resize(_ image: RGBAImage, width: Int, height: Int) -> RGBAImage {
        let width = max(1, width), height = max(1, height)
        guard image.width > 0, image.height > 0 else { return RGBAImage(width: width, height: height) }
        if image.width == width && image.height == height { return image }
        // Premultiplied floats, 4 per pixel.
        var source = [Float](repeating: 0, count: image.width * image.height * 4)
        for p in 0..<(image.width * image.height) {
            let a = Float(image.pixels[p * 4 + 3]) / 255
            source[p * 4] = Float(image.pixels[p * 4]) * a
            source[p * 4 + 1] = Float(image.pixels[p * 4 + 1]) * a
            source[p * 4 + 2] = Float(image.pixels[p * 4 + 2]) * a
            source[p * 4 + 3] = a
        }
        let horizontal = weights(from: image.width, to: width)
        var rows = [Float](repeating: 0, count: width * image.height * 4)
        for y in 0..<image.height {
            for (x, taps) in horizontal.enumerated() {
                for (i, w) in taps {
                    for c in 0..<4 { rows[(y * width + x) * 4 + c] += w * source[(y * image.width + i) * 4 + c] }
                }
            }
        }
        let vertical = weights(from: image.height, to: height)
        var out = [UInt8](repeating: 0, count: width * height * 4)
        for (y, taps) in vertical.enumerated() {
            for x in 0..<width {
                var pixel = SIMD4<Float>.zero
                for (j, w) in taps {
                    let k = (j * width + x) * 4
                    pixel += w * SIMD4(rows[k], rows[k + 1], rows[k + 2], rows[k + 3])
                }
                let a = pixel.w
                let color = a > 0 ? SIMD3(pixel.x, pixel.y, pixel.z) / a : .zero
                let k = (y * width + x) * 4
                out[k] = byte(color.x)
                out[k + 1] = byte(color.y)
                out[k + 2] = byte(color.z)
                out[k + 3] = byte(a * 255)
            }
        }
        return RGBAImage(width: width, height: height, pixels: out)
    }

    private static func byte(_ value: Float) -> UInt8 {
        UInt8(max(0, min(255, value.rounded())))
    }

    /// For each target pixel along one axis, the source pixels it reads and their weights (sum 1).
    static func weights(from sourceCount: Int, to targetCount: Int) -> [[(Int, Float)]] {
        let scale = Double(sourceCount) / Double(targetCount)
        return (0..<targetCount).map { t in
            if scale >= 1 {
                // The source interval [t·s, (t+1)·s), each pixel weighted by its overlap.
                let lo = Double(t) * scale, hi = lo + scale
                var taps: [(Int, Float)] = []
                var i = Int(lo)
                while Double(i) < hi, i < sourceCount {
                    let overlap = min(hi, Double(i + 1)) - max(lo, Double(i))
                    if overlap > 0 { taps.append((i, Float(overlap / scale))) }
                    i += 1
                }
                return taps
            }
            let center = (Double(t) + 0.5) * scale - 0.5
            let i0 = Int(center.rounded(.down)), f = Float(center - Double(i0))
            let a = min(max(i0, 0), sourceCount - 1), b = min(max(i0 + 1, 0), sourceCount - 1)
            return [(a, 1 - f), (b, f)]
        }
    }
}
