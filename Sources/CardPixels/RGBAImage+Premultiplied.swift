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
        isOpaque ? self : multipliedByAlpha()
    }

    /// `premultiplied()` without the scan for opacity first (a copy either way).
    private func multipliedByAlpha() -> RGBAImage {
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
    /// uploads, `poolLayerChain`), alpha-premultiplied, `levels` in all (a full chain by
    /// default): `mipChain()`'s levels — each the alpha-weighted 2 × 2 (along an odd edge
    /// 3-wide) mean of the level above, which is the box filter in premultiplied space, so the
    /// colour under alpha 0 reaches no level — each premultiplied (`premultiplied()`; a level
    /// differs from the box mean of the premultiplied level above by rounding, at most 1).
    ///
    /// An opaque picture (every JPEG, most photos) gets `mipChain()`'s levels unchanged, at
    /// `mipChain()`'s cost: its opacity is learnt while level 1 is filtered (a single level
    /// scans its alpha once).
    ///
    /// - Complexity: O(width · height) in all.
    public func premultipliedMipChain(levels: Int? = nil) -> [RGBAImage] {
        premultipliedMipChainAndOpacity(levels: levels).levels
    }

    /// `premultipliedMipChain(levels:)` and whether this image is opaque (every alpha 255),
    /// learnt on the way: what a picture upload tells the renderer (`CardRenderer.uploadPicture`'s
    /// `opaque`), so that frames of opaque pictures skip compositing.
    public func premultipliedMipChainAndOpacity(levels: Int? = nil) -> (levels: [RGBAImage], opaque: Bool) {
        let count = max(1, min(levels ?? Self.mipLevelCount(width: width, height: height),
                               Self.mipLevelCount(width: width, height: height)))
        guard count > 1 else {
            let opaque = isOpaque
            return ([opaque ? self : multipliedByAlpha()], opaque)
        }
        var alphas = 255
        var chain = [self, halved(alphas: &alphas)]
        chain.reserveCapacity(count)
        while chain.count < count, let last = chain.last { chain.append(last.halved()) }
        return alphas == 255 ? (chain, true) : (chain.map { $0.multipliedByAlpha() }, false)
    }
}
