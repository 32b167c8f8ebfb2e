import CardMath
import CardPacking
import CardPixels
import CardRendering

/// The tests' one-call frame and picture upload, over the renderer's record API (shared by the
/// rendering and comparison tests).
extension CardRenderer {
    /// Packs `frame` (card `id` shows picture layer `id % imageLayerCount`) and draws it.
    @discardableResult
    public func render(_ frame: RenderFrame) throws -> RenderStats {
        var packer = InstancePacker()
        packer.pack(frame, layers: LayerChoice(count: imageLayerCount))
        return try render(packer, camera: frame.camera, shading: frame.shading, translucency: frame.translucency)
    }

    /// A picture pool of one layer per image, `layerSize` pixels each, every image uploaded
    /// scaled to cover its layer and centre-cropped, with its mip chain (the viewer's upload path).
    public func uploadPictures(_ images: [RGBAImage], layerSize: PixelSize = CardRenderer.defaultLayerSize) throws {
        try makePicturePool(layers: images.count, layerSize: layerSize)
        for (layer, image) in images.enumerated() {
            try uploadPicture(image.poolLayerChain((layerSize.width, layerSize.height)), toLayer: layer)
        }
    }
}
