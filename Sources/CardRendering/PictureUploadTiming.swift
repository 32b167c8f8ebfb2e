import CardMath
import CardPixels
import Foundation

/// Measures what putting one picture into the picture pool costs, two ways: its mip chain
/// computed on the CPU and uploaded level by level into its own layer (what the renderer does),
/// against uploading level 0 and letting `glGenerateMipmap` build the levels — which, on a
/// `GL_TEXTURE_2D_ARRAY`, regenerates every layer of the array. (`cardviewer bench --picture-uploads`.)
public enum PictureUploadTiming {
    /// Median milliseconds per picture of each step.
    public struct Result: Sendable {
        public var layers: Int
        public var layerSize: PixelSize
        /// `RGBAImage.premultipliedMipChain()` of one picture (any thread can do it).
        public var cpuMipChain: Double
        /// Uploading one layer's chain (`glTexSubImage3D` per level), finished.
        public var uploadChain: Double
        /// Uploading level 0 of one layer, then `glGenerateMipmap` on the array, finished.
        public var uploadAndGenerate: Double

        /// One line for a terminal.
        public var summary: String {
            String(format: "picture uploads into a pool of %d layers of %dx%d: CPU mip chain %.2f ms + upload %.2f ms "
                   + "per picture; level 0 + glGenerateMipmap on the array %.2f ms per picture (%.0f× the chain's upload)",
                   layers, layerSize.width, layerSize.height, cpuMipChain, uploadChain, uploadAndGenerate,
                   uploadAndGenerate / max(uploadChain, 1e-9))
        }
    }

    /// Uploads `repeats` pictures each way into a fresh pool of `layers` layers of `layerSize`
    /// in `context`, timing each with `glFinish`.
    public static func measure(context: EGLOffscreenContext, layers: Int, layerSize: PixelSize, repeats: Int = 9) throws -> Result {
        let renderer = try CardRenderer(context: context)
        try renderer.makePicturePool(layers: layers, layerSize: layerSize)
        let gl = renderer.gl
        var picture = RGBAImage(width: layerSize.width, height: layerSize.height)
        for y in 0..<layerSize.height {
            for x in 0..<layerSize.width { picture[x, y] = (UInt8(x & 255), UInt8(y & 255), UInt8((x ^ y) & 255), 255) }
        }
        let clock = ContinuousClock()
        func milliseconds(_ body: () throws -> Void) rethrows -> Double {
            let start = clock.now
            try body()
            gl.finish()
            let elapsed = (clock.now - start).components
            return Double(elapsed.seconds) * 1000 + Double(elapsed.attoseconds) / 1e15
        }
        var chainTimes: [Double] = [], uploadTimes: [Double] = [], generateTimes: [Double] = []
        for index in 0..<max(1, repeats) {
            var chain: (levels: [RGBAImage], opaque: Bool) = ([], true)
            chainTimes.append(milliseconds { chain = picture.premultipliedMipChainAndOpacity() })
            uploadTimes.append(try milliseconds { try renderer.uploadPicture(chain.levels, toLayer: index % layers, opaque: chain.opaque) })
            generateTimes.append(milliseconds {
                gl.bindTexture(renderer.pictures.texture, unit: PictureTextureArray.uploadUnit, array: true)
                picture.pixels.withUnsafeBytes {
                    gl.textureArrayLayer(index % layers, level: 0, width: layerSize.width, height: layerSize.height,
                                         format: .rgba8, pixels: $0)
                }
                gl.generateMipmaps(array: true)
            })
        }
        try gl.throwIfError("timing picture uploads")
        func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
        return Result(layers: layers, layerSize: layerSize, cpuMipChain: median(chainTimes), uploadChain: median(uploadTimes),
                      uploadAndGenerate: median(generateTimes))
    }
}
