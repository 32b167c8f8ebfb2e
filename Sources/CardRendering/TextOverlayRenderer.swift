import CardMath
import CardPixels

/// Draws text over a finished frame (the HUD, the key help): every glyph and panel quad of the
/// current blocks in one instanced draw, blended, depth test off, from one atlas texture
/// (`OverlayGlyphAtlas`: `BitmapFont.atlas()`, and with a glyph source the glyphs it drew at
/// the drawable's pixel size) sampled nearest.
///
/// Set the text with `setBlocks(_:pixelsPerPoint:)` when it changes (it rebuilds and uploads the
/// quads, and the atlas when new glyphs came: a glyph is rasterised once per character and cell
/// size, never per frame); `draw` then costs one draw call and allocates nothing. Call `draw` after `CardRenderer.render` and
/// before `context.present()`.
public final class TextOverlayRenderer {
    public let context: GraphicsContext
    private let gl = GL()
    private let program: ShaderProgram
    private let vertexArray: UInt32
    private let quadBuffer: UInt32
    private let instanceBuffer: UInt32
    private let atlasTexture: UInt32
    private var atlasSize: SIMD2<Float>
    private let layout: OverlayTextLayout
    private var atlas: OverlayGlyphAtlas
    private var uploadedRevision: Int
    /// Draws characters in another font; `nil`: the pixel font only.
    public let glyphs: OverlayGlyphSource?
    /// Blended over the frame, no depth test, the font atlas on unit 0.
    private let pipeline: Pipeline
    /// Quads uploaded by the last `setBlocks`.
    public private(set) var quadCount = 0

    /// Compiles the text shaders and uploads the font atlas; makes `context` current. With
    /// `glyphs`, characters are drawn by it where it can (`OverlayGlyphSource`).
    public init(context: GraphicsContext, font: BitmapFont = .standard, glyphs: OverlayGlyphSource? = nil) throws {
        self.context = context
        try context.makeCurrent()
        let gl = self.gl
        program = try ShaderProgram(gl: gl, interface: .text)
        layout = OverlayTextLayout(font: font)
        self.glyphs = glyphs
        atlas = OverlayGlyphAtlas(font: font, columns: layout.columns, growable: glyphs != nil)
        uploadedRevision = atlas.revision
        let image = atlas.image
        atlasSize = SIMD2(Float(image.width), Float(image.height))
        atlasTexture = gl.makeTexture()
        gl.bindTexture(atlasTexture, unit: 0, array: false)
        image.pixels.withUnsafeBytes { gl.texture2D(width: image.width, height: image.height, pixels: $0) }
        gl.textureNearestFiltering()
        vertexArray = gl.makeVertexArray()
        quadBuffer = gl.makeBuffer()
        instanceBuffer = gl.makeBuffer()
        gl.bindVertexArray(vertexArray)
        gl.bindArrayBuffer(quadBuffer)
        let corners: [Float] = [0, 0, 1, 0, 0, 1, 1, 1]  // triangle strip
        corners.withUnsafeBytes { gl.arrayBufferData($0, streaming: false) }
        let corner = OverlayQuad.cornerAttribute
        gl.attribute(corner.location, components: corner.components, type: corner.type, stride: corner.byteCount,
                     offset: corner.offset, divisor: 0)
        gl.bindArrayBuffer(instanceBuffer)
        for a in OverlayQuad.attributes {
            gl.attribute(a.location, components: a.components, type: a.type, stride: OverlayQuad.stride, offset: a.offset, divisor: 1)
        }
        gl.bindVertexArray(0)
        pipeline = Pipeline(program: program.program, depth: .off, blend: .over, vertexArray: vertexArray,
                            textures: [.init(unit: 0, texture: atlasTexture, kind: .twoD)])
        gl.useProgram(program.program)
        gl.uniform(program.location(TextUniform.atlas), int: 0)
        try gl.throwIfError("creating the text overlay")
    }

    deinit {
        guard (try? context.makeCurrent()) != nil else { return }
        gl.deleteTexture(atlasTexture)
        gl.deleteBuffer(instanceBuffer)
        gl.deleteBuffer(quadBuffer)
        gl.deleteVertexArray(vertexArray)
        program.delete()
    }

    /// Glyphs drawn by the source and kept in the atlas.
    public var atlasGlyphCount: Int { atlas.glyphCount }

    /// Replaces the text with `blocks` (uploads their quads). `pixelsPerPoint` (the drawable's
    /// pixels over the viewport's points) sizes the source's glyphs so they map 1:1 onto pixels.
    public func setBlocks(_ blocks: [OverlayTextBlock], pixelsPerPoint: Double = 1) throws {
        try context.makeCurrent()
        let quads: [OverlayQuad]
        if let glyphs {
            let scale = pixelsPerPoint.isFinite && pixelsPerPoint > 0 ? pixelsPerPoint : 1
            atlas.beginBlocks()
            quads = layout.quads(for: blocks) { character, cellWidth, cellHeight in
                let width = Int((cellWidth * scale).rounded()), height = Int((cellHeight * scale).rounded())
                return self.atlas.texels(for: character, width: width, height: height) {
                    glyphs.glyph(for: character, width: width, height: height)
                }
            }
            if atlas.revision != uploadedRevision {
                let image = atlas.image
                gl.bindTexture(atlasTexture, unit: 0, array: false)
                image.pixels.withUnsafeBytes { gl.texture2D(width: image.width, height: image.height, pixels: $0) }
                atlasSize = SIMD2(Float(image.width), Float(image.height))
                uploadedRevision = atlas.revision
                try gl.throwIfError("uploading the overlay's glyph atlas")
            }
        } else {
            quads = layout.quads(for: blocks)
        }
        quadCount = quads.count
        guard !quads.isEmpty else { return }
        gl.bindArrayBuffer(instanceBuffer)
        quads.withUnsafeBytes { gl.arrayBufferData($0, streaming: false) }
        try gl.throwIfError("uploading \(quads.count) overlay quad(s)")
    }

    /// Draws the text over what the framebuffer holds, for a viewport of `viewport` points
    /// mapped onto the whole drawable. Nothing happens without text or while the drawable is
    /// 0 × 0. Returns the draw calls issued (0 or 1).
    @discardableResult
    public func draw(viewport: Size) throws -> Int {
        try context.makeCurrent()
        let size = context.drawableSize
        guard quadCount > 0, !size.isEmpty, !viewport.isEmpty else { return 0 }
        gl.bindFramebuffer(context.framebuffer)
        gl.viewport(width: size.width, height: size.height)
        gl.apply(pipeline)
        gl.uniform(program.location(TextUniform.sizes), Float(viewport.width), Float(viewport.height), atlasSize.x, atlasSize.y)
        gl.drawTriangleStripInstanced(vertexCount: 4, instanceCount: quadCount)
        try gl.throwIfError("drawing the text overlay")
        return 1
    }
}
