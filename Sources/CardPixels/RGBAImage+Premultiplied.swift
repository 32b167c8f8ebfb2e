/// Alpha-premultiplied pixels: what the picture textures hold (SPEC §10, "Transparency").
///
/// `RGBAImage` is straight alpha everywhere on the CPU (decoders, the thumbnail cache's PNGs);
/// only a chain on its way to a texture is premultiplied, so that the GPU's bilinear and
/// trilinear filtering weighs every texel's colour by its alpha: the colour a file stores under
/// alpha 0 (red in a PNG or WebP, black in a TIFF or GIF) then lends nothing to its neighbours,
/// and every format draws the same.
extension RGBAImage {
    /// Whether every pixel has alpha 255.
    ///
    /// - Complexity: O(width · height), two pixels per 8-byte word (no branch in the loop).
    public var isOpaque: Bool { pixels.withUnsafeBufferPointer(Self.isOpaque) }

    /// Whether every pixel of `pixels` (RGBA bytes, any alignment) has alpha 255.
    public static func isOpaque(_ pixels: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = pixels.baseAddress else { return true }
        let raw = UnsafeRawPointer(base)
        let alphas: UInt64 = 0xFF00_0000_FF00_0000  // bytes 3 and 7 of a little-endian word
        var offset = 0
        var all = alphas
        while offset + 8 <= pixels.count {
            all &= raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self).littleEndian | ~alphas
            offset += 8
        }
        if all != alphas { return false }
        return offset + 3 >= pixels.count || pixels[offset + 3] == 255
    }

    /// This image with each colour channel multiplied by its pixel's alpha / 255, rounded to
    /// the nearest step (alpha unchanged): a pixel of alpha 0 becomes (0, 0, 0, 0). An opaque
    /// image comes back unchanged (the same bytes, no copy).
    ///
    /// - Complexity: O(width · height).
    public func premultiplied() -> RGBAImage {
        if isOpaque { return self }
        var out = pixels
        out.withUnsafeMutableBufferPointer { bytes in
            var i = 0
            while i + 3 < bytes.count {
                let alpha = Int(bytes[i + 3])
                if alpha < 255 {
                    // (c · a + 127) / 255, exact rounding for 8-bit c and a.
                    for channel in 0..<3 {
                        let product = Int(bytes[i + channel]) * alpha + 128
                        bytes[i + channel] = UInt8((product + (product >> 8)) >> 8)
                    }
                }
                i += 4
            }
        }
        return RGBAImage(width: width, height: height, pixels: out)
    }

    /// Turns `count` premultiplied RGBA pixels at `pixels` back to straight alpha in place: each
    /// colour channel divided by alpha / 255, rounded to the nearest step and capped at 255.
    /// Pixels of alpha 0 (which premultiplied hold no colour) and 255 are left as they are.
    ///
    /// - Complexity: O(count).
    public static func unpremultiply(_ pixels: UnsafeMutablePointer<UInt8>, count: Int) {
        for x in 0..<count {
            let pixel = pixels + x * 4
            let alpha = Int(pixel[3])
            guard alpha > 0, alpha < 255 else { continue }
            for channel in 0..<3 { pixel[channel] = UInt8(min(255, (Int(pixel[channel]) * 255 + alpha / 2) / alpha)) }
        }
    }

    /// The mip chain a picture texture takes (`CardRenderer.uploadPicture` and the other picture
    /// uploads, `poolLayerChain`): this image premultiplied (`premultiplied()`), then each level below it the
    /// plain 2 × 2 (along an odd edge 3-wide) box mean of the premultiplied level above — the
    /// filter `mipChain()` applies, in premultiplied space, where averaging is exact — `levels`
    /// in all (a full chain by default).
    ///
    /// An opaque image (every JPEG, most photos) skips the premultiplication and gets
    /// `mipChain()`'s levels, byte for byte, at the cost of one scan of level 0's alpha.
    ///
    /// - Complexity: O(width · height) in all.
    public func premultipliedMipChain(levels: Int? = nil) -> [RGBAImage] {
        if isOpaque { return mipChain(levels: levels) }
        let count = max(1, min(levels ?? Self.mipLevelCount(width: width, height: height),
                               Self.mipLevelCount(width: width, height: height)))
        var chain = [premultiplied()]
        chain.reserveCapacity(count)
        while chain.count < count, let last = chain.last { chain.append(last.halvedPremultiplied()) }
        return chain
    }

    /// The next level of a premultiplied chain: half the size (`mipSpan`), each texel the
    /// rounded mean of every channel over the texels it covers (premultiplied values average
    /// as they are; no weighting by alpha).
    func halvedPremultiplied() -> RGBAImage {
        let newWidth = max(1, width / 2), newHeight = max(1, height / 2)
        var out = [UInt8](repeating: 0, count: newWidth * newHeight * 4)
        let span = Self.mipSpan
        pixels.withUnsafeBufferPointer { source in
            out.withUnsafeMutableBufferPointer { target in
                for y in 0..<newHeight {
                    let rows = span(y, newHeight, height)
                    for x in 0..<newWidth {
                        let columns = span(x, newWidth, width)
                        var sum = SIMD4<Int32>.zero, n: Int32 = 0
                        for sy in rows {
                            for sx in columns {
                                let i = (sy * width + sx) * 4
                                sum &+= SIMD4(Int32(source[i]), Int32(source[i + 1]), Int32(source[i + 2]), Int32(source[i + 3]))
                                n += 1
                            }
                        }
                        let mean = (sum &+ SIMD4(repeating: n / 2)) / SIMD4(repeating: n)
                        let o = (y * newWidth + x) * 4
                        target[o] = UInt8(mean.x)
                        target[o + 1] = UInt8(mean.y)
                        target[o + 2] = UInt8(mean.z)
                        target[o + 3] = UInt8(mean.w)
                    }
                }
            }
        }
        return RGBAImage(width: newWidth, height: newHeight, pixels: out)
    }
}
