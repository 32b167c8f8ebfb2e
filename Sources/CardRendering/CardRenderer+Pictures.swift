import CardMath
import CardPacking
import CardPixels

/// What a card shows, on the GPU: the picture pool, the full-resolution pictures, the title
/// atlas and the badge digits. Records point into them (`InstanceRecord.layer`, `.title`).
///
/// The sizes are the caller's choice (from the window and a memory budget); every texture can be
/// re-created at another size (a resize), which forgets what it held. Uploads take one layer at
/// a time and touch nothing else, so a caller streaming pictures bounds its uploads per frame.
/// Call on the thread that draws (the context is made current).
extension CardRenderer {
    /// The picture pool's geometry.
    public struct PoolInfo: Hashable, Sendable {
        public var layers: Int
        /// Level 0's size, pixels.
        public var layerSize: PixelSize
        /// Mip levels per layer (a full chain: down to 1 × 1).
        public var levels: Int
    }

    /// The most layers a picture pool may have here: the driver's array-layer limit, and at
    /// most what records can name (`PictureLayer.poolLimit`).
    public var pictureLayerLimit: Int {
        (try? context.makeCurrent()) == nil ? 0 : min(gl.limits().maxArrayLayers, PictureLayer.poolLimit)
    }

    /// The picture pool now.
    public var picturePool: PoolInfo {
        PoolInfo(layers: pictures.layerCount, layerSize: pictures.size, levels: pictures.levelCount)
    }

    /// (Re)creates the picture pool: `layers` layers of `layerSize` pixels with a full mip chain
    /// each, contents undefined until uploaded (records must not point at them before). 0
    /// layers frees it. Trilinear filtering: a card far away samples the small levels.
    ///
    /// - Throws: `RenderError.tooLarge` beyond the driver's limits (or over `PictureLayer.poolLimit`
    ///   layers), or the GL error raised while allocating (e.g. `GL_OUT_OF_MEMORY`).
    public func makePicturePool(layers: Int, layerSize: PixelSize) throws {
        try context.makeCurrent()
        guard layers <= PictureLayer.poolLimit else {
            throw RenderError.tooLarge("a picture pool of \(layers) layers (records name at most \(PictureLayer.poolLimit))")
        }
        try pictures.allocate(layers: layers, size: layerSize, mipmapped: true)
        texturesChanged()
    }

    /// Uploads one picture into pool layer `layer`: `levels` is its mip chain, level 0 of the
    /// pool's layer size (the picture stretched over the whole layer; `InstanceRecord.pictureRect`
    /// restores its aspect), then each level half the last, `picturePool.levels` in all, every
    /// level alpha-premultiplied (the shader composites it over what shows through, and the
    /// GPU's filtering is right only on premultiplied texels) — `RGBAImage.premultipliedMipChain()`
    /// computes it, on any thread. A card pointing at the layer shows the new picture from the
    /// next frame on. `opaque` says whether every pixel of the picture has alpha 255
    /// (`RGBAImage.premultipliedMipChainAndOpacity` learns it while filtering); nil scans level 0
    /// here. Frames draw textures that never held a translucent picture without compositing.
    ///
    /// - Throws: `RenderError.invalidUpload` for a layer outside the pool or levels of the wrong
    ///   size or number; the GL error raised while uploading.
    /// - Complexity: O(pixels of the chain), about 4/3 of level 0; no other layer is touched.
    public func uploadPicture(_ levels: [RGBAImage], toLayer layer: Int, opaque: Bool? = nil) throws {
        try context.makeCurrent()
        try Self.upload(levels, layer: layer, into: pictures, opaque: opaque)
    }

    /// (Re)creates the full-resolution pictures: `layers` (the opened card, SlideBox's front
    /// photo, pages' large cards) of `size` pixels — the framebuffer's size — with a full mip
    /// chain each: an opened card is drawn about one texel per pixel, but a large card seen at
    /// an angle (pages' tilted stack) is squeezed along one axis, and without mips its pixels
    /// would sample texels far apart (aliasing, and cache misses that slowed a software
    /// rasterizer's pages frame: docs/BENCHMARKS.md, "Drawing a frame: the fill, step by step").
    /// Filtered as every mipmapped texture here, bilinear from the nearest level
    /// (`GL.textureFiltering`). Records point at them with `PictureLayer.fullResolution(k)`.
    /// 0 layers frees them.
    public func makeFullResolutionPictures(layers: Int, size: PixelSize) throws {
        try context.makeCurrent()
        guard layers <= PictureLayer.fullResolutionLayers else {
            throw RenderError.tooLarge("\(layers) full-resolution layers (records name at most \(PictureLayer.fullResolutionLayers))")
        }
        try fullPictures.allocate(layers: layers, size: size, mipmapped: true)
        texturesChanged()
    }

    /// The full-resolution pictures' layers and size.
    public var fullResolutionPictures: (layers: Int, size: PixelSize) { (fullPictures.layerCount, fullPictures.size) }

    /// Uploads a picture's mip chain (level 0 exactly the full-resolution size, then each level
    /// half the last, alpha-premultiplied: `RGBAImage.premultipliedMipChain()`) into
    /// full-resolution layer `layer`; `opaque` as for `uploadPicture`.
    ///
    /// - Throws: `RenderError.invalidUpload` for a layer outside the array or levels of the
    ///   wrong size or number; the GL error raised while uploading.
    public func uploadFullResolutionPicture(_ levels: [RGBAImage], toLayer layer: Int, opaque: Bool? = nil) throws {
        try context.makeCurrent()
        try Self.upload(levels, layer: layer, into: fullPictures, opaque: opaque)
    }

    /// (Re)creates the title atlas: `slots` slots of `slotSize` texels of 8-bit coverage (a
    /// title rasterized one line high, left-aligned; the card draws the slot's height as its
    /// text height). 0 slots frees it.
    public func makeTitleAtlas(slots: Int, slotSize: PixelSize) throws {
        try context.makeCurrent()
        // The record's title field keeps 11 bits for the slot (the rest: colour labels).
        guard slots <= TitleSlot.slotLimit else {
            throw RenderError.tooLarge("a title atlas of \(slots) slots (records name slots 0…\(TitleSlot.slotLimit - 1))")
        }
        try titles.allocate(layers: slots, size: slotSize, mipmapped: true)
        texturesChanged()
    }

    /// The title atlas's slots and slot size.
    public var titleAtlas: (slots: Int, slotSize: PixelSize) { (titles.layerCount, titles.size) }

    /// Uploads a title's coverage (`width × height` bytes, 0 transparent … 255 ink, rows top
    /// first) into `slot`: placed at the slot's top-left, the rest of the slot cleared, cut off
    /// at the slot's size. Its mip levels are box-filtered here (a slot is small).
    public func uploadTitle(coverage: [UInt8], width: Int, height: Int, toSlot slot: Int) throws {
        try context.makeCurrent()
        guard width >= 0, height >= 0, coverage.count == width * height else {
            throw RenderError.invalidUpload("a title of \(width)x\(height) needs \(max(0, width * height)) bytes, got \(coverage.count)")
        }
        let size = titles.size
        var level = [UInt8](repeating: 0, count: size.width * size.height)
        for y in 0..<min(height, size.height) {
            for x in 0..<min(width, size.width) { level[y * size.width + x] = coverage[y * width + x] }
        }
        var chain = [(width: size.width, height: size.height, bytes: level)]
        while chain.count < titles.levelCount, let last = chain.last {
            chain.append(Self.halvedCoverage(last.bytes, width: last.width, height: last.height))
        }
        try Self.upload(chain, layer: slot, into: titles)
    }

    /// Uploads the digits the card numbers are drawn with (with mipmaps, for small badges);
    /// `nil` draws no numbers.
    public func setLabelGlyphs(_ glyphs: LabelGlyphs?) throws {
        try context.makeCurrent()
        if glyphTexture != 0 { gl.deleteTexture(glyphTexture) }
        glyphTexture = 0
        glyphCell = .zero
        defer { texturesChanged() }
        guard let glyphs else { return }
        glyphTexture = gl.makeTexture()
        gl.bindTexture(glyphTexture, unit: PictureTextureArray.uploadUnit, array: false)
        // The mip levels are made here rather than by glGenerateMipmap: on llvmpipe that call
        // compiles a blit program first, most of the renderer's start in a window's first frame
        // (docs/BENCHMARKS.md, "The first frame").
        for (level, image) in glyphs.strip.mipChain().enumerated() {
            image.pixels.withUnsafeBytes { gl.texture2D(width: image.width, height: image.height, level: level, pixels: $0) }
        }
        gl.textureFiltering(array: false, mipmaps: true)
        try gl.throwIfError("uploading the label glyphs")
        glyphCell = SIMD4(Float(glyphs.cellWidth), Float(glyphs.glyphWidth), Float(glyphs.glyphHeight),
                          Float(glyphs.strip.width))
    }

    // MARK: Helpers

    /// Uploads a picture's chain; marks the texture as holding a translucent picture unless
    /// `opaque` (nil: level 0 scanned) says every pixel is opaque.
    static func upload(_ levels: [RGBAImage], layer: Int, into texture: PictureTextureArray, opaque: Bool?) throws {
        try upload(levels.map { (width: $0.width, height: $0.height, bytes: $0.pixels) }, layer: layer, into: texture)
        if !(opaque ?? levels.first?.isOpaque ?? true) { texture.holdsTranslucent = true }
    }

    private static func upload(_ levels: [(width: Int, height: Int, bytes: [UInt8])], layer: Int,
                               into texture: PictureTextureArray) throws {
        // Nested closures keep every level's bytes alive and in place for the one upload call.
        func withPointers(_ index: Int, _ done: [(width: Int, height: Int, bytes: UnsafeRawBufferPointer)]) throws {
            guard index < levels.count else { return try texture.upload(layer: layer, levels: done) }
            try levels[index].bytes.withUnsafeBytes { bytes in
                try withPointers(index + 1, done + [(levels[index].width, levels[index].height, bytes)])
            }
        }
        try withPointers(0, [])
    }

    /// A coverage level halved by a box filter (the last texel of an odd row or column takes
    /// three): `RGBAImage.halved` of the grey opaque image, on the one channel (the same
    /// integer rounding), without building that image (a title's 26K texels were an array each).
    ///
    /// - Complexity: O(width × height).
    static func halvedCoverage(_ bytes: [UInt8], width: Int, height: Int) -> (width: Int, height: Int, bytes: [UInt8]) {
        let newWidth = max(1, width / 2), newHeight = max(1, height / 2)
        var out = [UInt8](repeating: 0, count: newWidth * newHeight)
        let span = RGBAImage.mipSpan
        bytes.withUnsafeBufferPointer { source in
            out.withUnsafeMutableBufferPointer { target in
                for y in 0..<newHeight {
                    let rows = span(y, newHeight, height)
                    for x in 0..<newWidth {
                        let columns = span(x, newWidth, width)
                        var sum = 0, n = 0
                        for sy in rows {
                            for sx in columns {
                                sum += Int(source[sy * width + sx])
                                n += 1
                            }
                        }
                        // As the RGBA filter weighs an opaque texel: alpha 255 each.
                        let weight = n * 255
                        target[y * newWidth + x] = UInt8((sum * 255 + weight / 2) / weight)
                    }
                }
            }
        }
        return (newWidth, newHeight, out)
    }
}
