import CardImaging
import CardMath

/// The card images on the GPU: one `GL_TEXTURE_2D_ARRAY`, one image per layer, all brought to
/// one layer size, with mipmaps and trilinear filtering. Thousands of cards share its few layers.
final class CardTextureArray {
    /// The texture name; 0 while there are no images.
    private(set) var texture: UInt32 = 0
    /// Layers uploaded.
    private(set) var layerCount = 0
    private let gl: GL

    init(gl: GL) { self.gl = gl }

    /// Replaces the layers with `images`, each scaled to cover `layerSize` and centre-cropped (so a
    /// photo keeps its aspect); call with a context current.
    ///
    /// Images beyond `GL_MAX_ARRAY_TEXTURE_LAYERS` are left out (cards reuse layers by id).
    /// - Throws: `RenderError.tooLarge` for a layer size the driver does not support, or the GL
    ///   error raised while uploading (e.g. `GL_OUT_OF_MEMORY`).
    func upload(_ images: [RGBAImage], layerSize: PixelSize) throws {
        delete()
        guard !images.isEmpty, !layerSize.isEmpty else { return }
        let limits = gl.limits()
        guard layerSize.width <= limits.maxTextureSize, layerSize.height <= limits.maxTextureSize else {
            throw RenderError.tooLarge("image layers of \(layerSize) exceed GL_MAX_TEXTURE_SIZE \(limits.maxTextureSize)")
        }
        let layers = min(images.count, limits.maxArrayLayers)
        texture = gl.makeTexture()
        gl.bindTexture(texture, unit: 0, array: true)
        gl.textureArrayStorage(width: layerSize.width, height: layerSize.height, layers: layers)
        for (layer, image) in images.prefix(layers).enumerated() {
            let sized = image.filled(into: (layerSize.width, layerSize.height))
            sized.pixels.withUnsafeBytes {
                gl.textureArrayLayer(layer, width: layerSize.width, height: layerSize.height, pixels: $0)
            }
        }
        gl.generateMipmaps(array: true)
        gl.textureFiltering(array: true, mipmaps: true)
        do {
            try gl.throwIfError("uploading \(layers) image layer(s) of \(layerSize)")
        } catch {
            delete()
            throw error
        }
        layerCount = layers
    }

    /// Deletes the texture; call with its context current.
    func delete() {
        if texture != 0 { gl.deleteTexture(texture) }
        texture = 0
        layerCount = 0
    }
}
