import CardMath

/// A `GL_TEXTURE_2D_ARRAY` of a fixed number of layers of one size, filled one layer (and its
/// mip levels) at a time: the picture pool, the full-resolution pictures and the title atlas.
///
/// Uploading a layer touches that layer only (`glTexSubImage3D` per level); the caller brings
/// the mip levels (`RGBAImage.mipChain`), because `glGenerateMipmap` would refilter every layer of
/// the array. Layers never uploaded hold undefined texels; the records never point at them.
final class PictureTextureArray {
    /// The texture name; 0 while nothing is allocated.
    private(set) var texture: UInt32 = 0
    private(set) var layerCount = 0
    /// The size of level 0, texels.
    private(set) var size = PixelSize(width: 0, height: 0)
    /// Mip levels allocated (1: none below level 0).
    private(set) var levelCount = 1
    let format: PixelFormat
    private let gl: GL
    /// What the texture is, for error messages ("picture pool", "title atlas").
    private let name: String

    /// What sampling outside 0…1 returns (`GL_CLAMP_TO_BORDER`).
    let border: SIMD4<Float>

    /// Whether a picture with a translucent pixel was uploaded into a layer since the texture
    /// was made (kept when it is resized): frames drawing from it then composite the
    /// (premultiplied) pictures over what shows through them (`card.frag`'s `TRANSLUCENT`);
    /// textures of opaque pictures only skip that.
    var holdsTranslucent = false

    init(gl: GL, format: PixelFormat, name: String, border: SIMD4<Float>) {
        self.gl = gl
        self.format = format
        self.name = name
        self.border = border
    }

    /// The card's background: the pictures' border, so that a fitted picture shows the card's
    /// background around it; written into the card shaders as `cardBackground` (`ShaderInterface.card`).
    /// Opaque (alpha 1), which premultiplied is the same colour: the textures hold premultiplied
    /// pictures, and the shader composites a sample over what shows through a transparent
    /// picture, so a border texel covers it whole with the background.
    static let background = SIMD4<Float>(0.20, 0.21, 0.25, 1)

    /// Bytes per texel.
    var bytesPerTexel: Int { format == .rgba8 ? 4 : 1 }

    /// (Re)allocates `layers` layers of `size` texels with a full mip chain when `mipmapped`,
    /// replacing what was there; `layers` 0 frees it. Call with the context current.
    ///
    /// - Throws: `RenderError.tooLarge` beyond the driver's texture or layer limits, or the GL
    ///   error raised while allocating (e.g. `GL_OUT_OF_MEMORY`).
    func allocate(layers: Int, size: PixelSize, mipmapped: Bool) throws {
        delete()
        guard layers > 0, !size.isEmpty else { return }
        let limits = gl.limits()
        guard size.width <= limits.maxTextureSize, size.height <= limits.maxTextureSize else {
            throw RenderError.tooLarge("\(name) layers of \(size) exceed GL_MAX_TEXTURE_SIZE \(limits.maxTextureSize)")
        }
        guard layers <= limits.maxArrayLayers else {
            throw RenderError.tooLarge("\(name) of \(layers) layers exceeds GL_MAX_ARRAY_TEXTURE_LAYERS \(limits.maxArrayLayers)")
        }
        let levels = mipmapped ? Self.levelCount(size) : 1
        texture = gl.makeTexture()
        gl.bindTexture(texture, unit: Self.uploadUnit, array: true)
        gl.textureArrayStorage(width: size.width, height: size.height, layers: layers, levels: levels, format: format)
        gl.textureFiltering(array: true, mipmaps: levels > 1)
        gl.textureBorder(border)
        do {
            try gl.throwIfError("allocating a \(name) of \(layers) layer(s) of \(size)")
        } catch {
            delete()
            throw error
        }
        layerCount = layers
        self.size = size
        levelCount = levels
        holdsTranslucent = false
    }

    /// Re-creates the array with `layers` layers of the same size and mip levels, keeping the
    /// contents of the layers in `moves` (old layer → new layer; a grown array passes every old
    /// layer to itself): copied on the GPU where the context can (`GL.hasCopyImage`), the old
    /// texture deleted after. For a moment both textures exist. Call with the context current.
    ///
    /// - Returns: false when the layers could not be copied (no `GL_ARB_copy_image`): the new
    ///   array's layers are undefined and the caller uploads its pictures again.
    /// - Throws: as `allocate`; on a throw the old texture is kept.
    @discardableResult
    func resize(layers: Int, moves: [(from: Int, to: Int)]) throws -> Bool {
        guard texture != 0, layers > 0 else {
            try allocate(layers: layers, size: size, mipmapped: levelCount > 1)
            return moves.isEmpty
        }
        let old = texture, oldLayers = layerCount, mipmapped = levelCount > 1, translucent = holdsTranslucent
        texture = 0  // allocate() deletes what `texture` names: keep the old one alive to copy
        layerCount = 0
        let keptSize = size
        do {
            try allocate(layers: layers, size: keptSize, mipmapped: mipmapped)
        } catch {
            texture = old
            layerCount = oldLayers
            size = keptSize
            levelCount = mipmapped ? Self.levelCount(keptSize) : 1
            throw error
        }
        holdsTranslucent = translucent
        let valid = moves.filter { $0.from >= 0 && $0.from < oldLayers && $0.to >= 0 && $0.to < layers }
        let copies = gl.hasCopyImage
        if copies {
            // Runs of consecutive layers go in one call per level.
            var index = 0
            while index < valid.count {
                var run = 1
                while index + run < valid.count, valid[index + run].from == valid[index].from + run,
                      valid[index + run].to == valid[index].to + run { run += 1 }
                gl.copyTextureArrayLayers(from: old, valid[index].from, to: texture, valid[index].to, count: run,
                                          width: size.width, height: size.height, levels: levelCount)
                index += run
            }
        }
        gl.deleteTexture(old)
        try gl.throwIfError("copying \(name) layers")
        return copies || valid.isEmpty
    }

    /// Uploads `levels` (level 0 first, each level half the last, as many as `levelCount`, each
    /// tightly packed rows of `bytesPerTexel` bytes) into layer `layer`. Call with the context current.
    ///
    /// - Throws: `RenderError.invalidUpload` for a layer outside the array or levels of the
    ///   wrong size or number; the GL error raised while uploading.
    func upload(layer: Int, levels: [(width: Int, height: Int, bytes: UnsafeRawBufferPointer)]) throws {
        guard texture != 0, layer >= 0, layer < layerCount else {
            throw RenderError.invalidUpload("\(name) layer \(layer) outside 0..<\(layerCount)")
        }
        guard levels.count == levelCount else {
            throw RenderError.invalidUpload("\(name) needs \(levelCount) mip level(s) per layer, got \(levels.count)")
        }
        var expected = size
        for (index, level) in levels.enumerated() {
            guard level.width == expected.width, level.height == expected.height,
                  level.bytes.count == level.width * level.height * bytesPerTexel else {
                throw RenderError.invalidUpload("\(name) level \(index) must be \(expected) (\(bytesPerTexel) byte(s) per texel), "
                                                + "got \(level.width)x\(level.height) in \(level.bytes.count) bytes")
            }
            expected = PixelSize(width: max(1, expected.width / 2), height: max(1, expected.height / 2))
        }
        gl.bindTexture(texture, unit: Self.uploadUnit, array: true)
        for (index, level) in levels.enumerated() {
            gl.textureArrayLayer(layer, level: index, width: level.width, height: level.height, format: format,
                                 pixels: level.bytes)
        }
        try gl.throwIfError("uploading \(name) layer \(layer)")
    }

    /// Deletes the texture; call with its context current.
    func delete() {
        holdsTranslucent = false
        if texture != 0 { gl.deleteTexture(texture) }
        texture = 0
        layerCount = 0
        size = PixelSize(width: 0, height: 0)
        levelCount = 1
    }

    /// Levels of a full chain for `size`.
    static func levelCount(_ size: PixelSize) -> Int {
        var levels = 1, w = size.width, h = size.height
        while w > 1 || h > 1 {
            w = max(1, w / 2)
            h = max(1, h / 2)
            levels += 1
        }
        return levels
    }

    /// The texture unit uploads bind on: one no pass samples, so an upload never disturbs a
    /// pipeline's bindings (every pass rebinds its own anyway).
    static let uploadUnit = 7
}
