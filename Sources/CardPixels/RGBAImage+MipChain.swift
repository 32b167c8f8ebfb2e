/// Mip chains computed on the CPU, one picture at a time.
///
/// Why not `glGenerateMipmap`: the picture pool is one `GL_TEXTURE_2D_ARRAY`, and generating its
/// mipmaps regenerates every layer of the array, so uploading one picture into a pool of
/// hundreds of layers would cost hundreds of pictures' worth of filtering (measured in docs/BENCHMARKS.md,
/// "Picture textures"). A chain computed here, on whatever thread decoded the picture, uploads
/// level by level into its own layer and touches nothing else.
extension RGBAImage {
    /// The number of levels of a full chain for a `width × height` level 0: down to 1 × 1.
    public static func mipLevelCount(width: Int, height: Int) -> Int {
        var levels = 1, w = max(1, width), h = max(1, height)
        while w > 1 || h > 1 {
            w = max(1, w / 2)
            h = max(1, h / 2)
            levels += 1
        }
        return levels
    }

    /// This image and each level below it, `levels` in all (a full chain by default): level
    /// k + 1 is level k halved (rounded down, at least 1), each of its pixels the mean of the
    /// 2 × 2 (or, along an odd edge, the 3-wide) block it covers, averaged with alpha as weight
    /// so that transparent texels do not darken their neighbours.
    ///
    /// - Complexity: O(width · height) in all (each level a quarter of the last).
    public func mipChain(levels: Int? = nil) -> [RGBAImage] {
        let count = max(1, min(levels ?? Self.mipLevelCount(width: width, height: height),
                               Self.mipLevelCount(width: width, height: height)))
        var chain = [self]
        chain.reserveCapacity(count)
        while chain.count < count, let last = chain.last { chain.append(last.halved()) }
        return chain
    }

    /// What a picture-pool layer of `size` pixels takes: this image scaled to cover the layer
    /// and centre-cropped (unchanged when it has the layer's size already), then its full mip
    /// chain, alpha-premultiplied as the picture textures hold it (`premultipliedMipChain()`;
    /// an opaque image's chain is `mipChain()`'s). A deck whose pictures are all known up front
    /// (the bundled deck, the benchmark, tests) uploads each one's chain into its layer as the
    /// viewer uploads a decoded picture.
    ///
    /// - Complexity: O(pixels of the layer), plus the scaling.
    public func poolLayerChain(_ size: (width: Int, height: Int)) -> [RGBAImage] {
        let sized = width == size.width && height == size.height ? self : filled(into: size)
        return sized.premultipliedMipChain()
    }

    /// The source texels (along one axis of `oldCount`) that texel `index` of the next mip level
    /// (`newCount` = max(1, oldCount / 2)) averages: 2, or 3 for the last one of an odd
    /// dimension (so no source texel is dropped), 1 where the source is already 1 wide.
    public static func mipSpan(_ index: Int, _ newCount: Int, _ oldCount: Int) -> Range<Int> {
        guard oldCount > 1 else { return 0..<1 }
        let start = 2 * index
        return start..<(index == newCount - 1 ? oldCount : start + 2)
    }

    /// The next mip level: half the size, a box filter over the texels each new texel covers.
    func halved() -> RGBAImage {
        var alphas = 255
        return halved(alphas: &alphas)
    }

    /// `halved()`, AND-ing every alpha of this level into `alphas` on the way (255 stays 255
    /// only if every pixel is opaque): the opacity of a picture learnt for free while filtering.
    func halved(alphas: inout Int) -> RGBAImage {
        let newWidth = max(1, width / 2), newHeight = max(1, height / 2)
        var out = [UInt8](repeating: 0, count: newWidth * newHeight * 4)
        let span = Self.mipSpan
        var seen = alphas
        defer { alphas = seen }
        pixels.withUnsafeBufferPointer { source in
            out.withUnsafeMutableBufferPointer { target in
                for y in 0..<newHeight {
                    let rows = span(y, newHeight, height)
                    for x in 0..<newWidth {
                        let columns = span(x, newWidth, width)
                        var r = 0, g = 0, b = 0, a = 0, n = 0
                        for sy in rows {
                            for sx in columns {
                                let i = (sy * width + sx) * 4
                                let alpha = Int(source[i + 3])
                                seen &= alpha
                                r += Int(source[i]) * alpha
                                g += Int(source[i + 1]) * alpha
                                b += Int(source[i + 2]) * alpha
                                a += alpha
                                n += 1
                            }
                        }
                        let o = (y * newWidth + x) * 4
                        if a > 0 {
                            target[o] = UInt8((r + a / 2) / a)
                            target[o + 1] = UInt8((g + a / 2) / a)
                            target[o + 2] = UInt8((b + a / 2) / a)
                        }
                        target[o + 3] = UInt8((a + n / 2) / n)
                    }
                }
            }
        }
        return RGBAImage(width: newWidth, height: newHeight, pixels: out)
    }
}
