import CardPacking
import CardShaders
import CardImaging
import CardMath

/// Draws frames of cards into a `GraphicsContext`: one instance buffer refilled per frame and
/// one instanced draw call per pass for all cards.
///
/// A frame is a fixed sequence: pack → upload → bind framebuffer, clear → program, uniforms →
/// for each pass (at most two): depth/blend state, instance attributes, one
/// `glDrawArraysInstanced`. `render` does not present: call `context.present()` after it.
/// In `depth` ordering, two or more translucent cards are peeled (`Translucency.peeled`,
/// `DepthPeeler`): a few more passes, each still one instanced draw of the translucent cards.
///
/// The renderer keeps its context alive and deletes its GL objects with it current.
public final class CardRenderer {
    /// The context frames are drawn into.
    public let context: GraphicsContext
    /// Background colour of textured frames (identity frames are cleared to black).
    public var background = ClearColor.slate
    /// The statistics of the last frame.
    public private(set) var lastStats = RenderStats()
    /// The packer of the last frame (its records and passes).
    public private(set) var packer = InstancePacker()
    /// The most layers of translucent fragments a `peeled` frame peels; fragments behind them
    /// are drawn sorted. Each layer costs one instanced draw and one full-screen composite.
    public var maximumPeelLayers = 16
    /// The image layer of each card, indexed by card id (`InstancePacker.pack`'s `layerTable`);
    /// empty: card `id` shows layer `id % imageLayerCount`.
    public var imageLayerTable: [UInt32] = []

    private let gl = GL()
    private let program: ShaderProgram
    private let vertexArray: UInt32
    private let quadBuffer: UInt32
    private let instanceBuffer: UInt32
    private var instanceCapacity = 0
    private let images: CardTextureArray
    private var glyphTexture: UInt32 = 0
    private var glyphCell = SIMD4<Float>.zero
    /// Created on the first frame that needs it: frames without translucency pay nothing.
    private var peeler: DepthPeeler?
    /// The passes of the frame being drawn (kept, so a frame allocates nothing).
    private var passes: [InstancePass] = []

    /// Instanced draw calls issued since the renderer was created.
    public var drawCallCount: Int { gl.drawCallCount }
    /// Image layers available; cards use layer `id % imageLayerCount`.
    public var imageLayerCount: Int { images.layerCount }
    /// The default size of an image layer, pixels (16:10, like the default viewport).
    public static let defaultLayerSize = PixelSize(width: 640, height: 400)

    /// Compiles the card shaders (the bundled `card.vert` and `card.frag` unless given), creates
    /// the buffers and uploads the label digits of the project's pixel font; makes `context` current.
    ///
    /// - Throws: `RenderError.shaderCompile`/`.shaderLink`/`.shaderMissing`, or a GL error.
    public init(context: GraphicsContext, vertexShader: ShaderSource? = nil, fragmentShader: ShaderSource? = nil) throws {
        self.context = context
        try context.makeCurrent()
        let vertex = try vertexShader ?? .bundled(ShaderLibrary.cardVertex)
        let fragment = try fragmentShader ?? .bundled(ShaderLibrary.cardFragment)
        program = try ShaderProgram(gl: gl, vertex: vertex, fragment: fragment)
        images = CardTextureArray(gl: gl)
        vertexArray = gl.makeVertexArray()
        quadBuffer = gl.makeBuffer()
        instanceBuffer = gl.makeBuffer()
        gl.bindVertexArray(vertexArray)
        gl.bindArrayBuffer(quadBuffer)
        // The unit quad as a triangle strip, card-local (+y down): top-left, top-right, bottom-left, bottom-right.
        let corners: [Float] = [-0.5, -0.5, 0.5, -0.5, -0.5, 0.5, 0.5, 0.5]
        corners.withUnsafeBytes { gl.arrayBufferData($0, streaming: false) }
        gl.floatAttribute(0, components: 2, stride: 8, offset: 0, divisor: 0)
        gl.bindVertexArray(0)
        try gl.throwIfError("creating the card renderer")
        try setLabelGlyphs(LabelGlyphs())
    }

    deinit {
        guard (try? context.makeCurrent()) != nil else { return }
        images.delete()
        peeler?.delete()
        if glyphTexture != 0 { gl.deleteTexture(glyphTexture) }
        gl.deleteBuffer(instanceBuffer)
        gl.deleteBuffer(quadBuffer)
        gl.deleteVertexArray(vertexArray)
        program.delete()
    }

    /// Uploads the card images as texture-array layers of `layerSize` pixels (replacing any before).
    public func setImages(_ images: [RGBAImage], layerSize: PixelSize = CardRenderer.defaultLayerSize) throws {
        try context.makeCurrent()
        try self.images.upload(images, layerSize: layerSize)
    }

    /// Uploads the digits the card numbers are drawn with; `nil` draws no numbers.
    public func setLabelGlyphs(_ glyphs: LabelGlyphs?) throws {
        try context.makeCurrent()
        if glyphTexture != 0 { gl.deleteTexture(glyphTexture) }
        glyphTexture = 0
        glyphCell = .zero
        guard let glyphs else { return }
        glyphTexture = gl.makeTexture()
        gl.bindTexture(glyphTexture, unit: 1, array: false)
        glyphs.strip.pixels.withUnsafeBytes { gl.texture2D(width: glyphs.strip.width, height: glyphs.strip.height, pixels: $0) }
        gl.textureFiltering(array: false, mipmaps: false)
        try gl.throwIfError("uploading the label glyphs")
        glyphCell = SIMD4(Float(glyphs.cellWidth), Float(glyphs.glyphWidth), Float(glyphs.glyphHeight),
                          Float(glyphs.strip.width))
    }

    /// Draws one frame into the context's framebuffer, covering its whole drawable.
    ///
    /// Does nothing (and issues no GL call) while the drawable is 0 × 0.
    /// - Returns: the frame's statistics (also in `lastStats`).
    @discardableResult
    public func render(_ frame: RenderFrame) throws -> RenderStats {
        try context.makeCurrent()
        guard !context.drawableSize.isEmpty else { lastStats = RenderStats(); return lastStats }
        packer.pack(frame.cards, offset: frame.offset, camera: frame.camera, ordering: frame.ordering,
                    layerCount: images.layerCount, layerTable: imageLayerTable)
        let uploaded = packer.records.withUnsafeBufferPointer { upload($0) }
        passes.removeAll(keepingCapacity: true)
        packer.forEachPass { passes.append($0) }
        // Two or more translucent cards in depth ordering: peel them (exact where they intersect).
        let translucent = packer.opaqueCount..<packer.records.count
        let peeling = frame.ordering == .depth && frame.translucency == .peeled && translucent.count > 1
        var stats = try drawUploaded(passes, camera: frame.camera, shading: frame.shading,
                                     peeling: peeling ? translucent : nil)
        stats.uploadedBytes = uploaded
        lastStats = stats
        return stats
    }

    /// The draw part of a frame: clear, program, uniforms, then one instanced draw per pass over
    /// the records in the instance buffer. The pass starting at `peeling.lowerBound` (records of
    /// `packer`, translucent, after the opaque ones) is depth-peeled instead of drawn sorted.
    /// Returns the draw calls and instances drawn.
    private func drawUploaded(_ passes: [InstancePass], camera: Camera, shading: CardShading,
                              peeling: Range<Int>? = nil) throws -> RenderStats {
        var stats = RenderStats()
        let size = context.drawableSize
        gl.bindFramebuffer(context.framebuffer)
        gl.viewport(width: size.width, height: size.height)
        gl.disableCulling()
        let identity = shading == .identity
        let clear = identity ? ClearColor(red: 0, green: 0, blue: 0) : background
        gl.clear(red: clear.red, green: clear.green, blue: clear.blue, alpha: 1)

        gl.useProgram(program.program)
        gl.uniformMatrix4(program.location("uViewProjection"), columnMajor: camera.viewProjection.floats)
        gl.uniform(program.location("uShading"), int: identity ? 1 : 0)
        gl.uniform(program.location("uImageLayers"), int: images.layerCount)
        gl.uniform(program.location("uImages"), int: 0)
        gl.uniform(program.location("uGlyphs"), int: 1)
        gl.uniform(program.location("uGlyphCell"), glyphCell.x, glyphCell.y, glyphCell.z, glyphCell.w)
        gl.uniform(program.location("uPeel"), int: 0)
        gl.uniform(program.location("uOpaqueDepth"), int: DepthPeeler.opaqueDepthUnit)
        gl.uniform(program.location("uPeelDepth"), int: DepthPeeler.peelDepthUnit)
        gl.bindTexture(images.texture, unit: 0, array: true)
        gl.bindTexture(glyphTexture, unit: 1, array: false)

        gl.bindVertexArray(vertexArray)
        gl.bindArrayBuffer(instanceBuffer)
        let before = gl.drawCallCount
        for pass in passes where !pass.range.isEmpty {
            stats.instances += pass.range.count
            if let peeling, pass.range.lowerBound == peeling.lowerBound {
                stats.peeledLayers = try peelTranslucent(peeling, size: size, camera: camera)
                continue
            }
            gl.depth(test: pass.depthTest, write: pass.depthWrite)
            gl.blending(pass.blending)
            drawInstances(pass.range)
        }
        stats.drawCalls = gl.drawCallCount - before
        gl.bindVertexArray(0)
        gl.depth(test: false, write: true)
        gl.blending(false)
        try gl.throwIfError("drawing \(stats.instances) card(s)")
        return stats
    }

    /// Draws the translucent `range` over the opaque cards exactly, by depth peeling; returns
    /// the layers peeled.
    private func peelTranslucent(_ range: Range<Int>, size: PixelSize, camera: Camera) throws -> Int {
        guard let scissor = ScissorBounds.rect(of: packer.records[range], viewProjection: camera.viewProjection,
                                               drawable: size) else { return 0 }  // all off screen
        if peeler == nil { peeler = try DepthPeeler(gl: gl) }
        guard let peeler else { return 0 }
        let outcome = try peeler.draw(opaque: 0..<packer.opaqueCount, translucent: range, target: context.framebuffer,
                                      size: size, maximumLayers: maximumPeelLayers, scissor: scissor,
                                      cardProgram: program) { cards in
            gl.useProgram(program.program)
            gl.bindVertexArray(vertexArray)
            gl.bindArrayBuffer(instanceBuffer)
            drawInstances(cards)
        }
        gl.bindFramebuffer(context.framebuffer)
        gl.bindVertexArray(vertexArray)
        return outcome.layers
    }

    /// One instanced draw of the records in `range`; the card program, the vertex array and the
    /// instance buffer must be bound.
    private func drawInstances(_ range: Range<Int>) {
        pointInstanceAttributes(at: range.lowerBound * InstanceRecord.stride)
        gl.drawTriangleStripInstanced(vertexCount: 4, instanceCount: range.count)
    }

    /// Refills the instance buffer: orphans its storage (so the GPU may still read the last
    /// frame's) and writes the records. Grows by doubling. Returns the bytes written.
    private func upload(_ records: UnsafeBufferPointer<InstanceRecord>) -> Int {
        let bytes = records.count * InstanceRecord.stride
        guard bytes > 0 else { return 0 }
        gl.bindArrayBuffer(instanceBuffer)
        if bytes > instanceCapacity { instanceCapacity = max(bytes, 2 * instanceCapacity) }
        gl.arrayBufferReserve(byteCount: instanceCapacity)
        gl.arrayBufferSubData(UnsafeRawBufferPointer(records))
        return bytes
    }

    /// Points the per-instance attributes (locations 1…5, divisor 1) at the record starting at
    /// byte `base` of the instance buffer, which must be bound.
    private func pointInstanceAttributes(at base: Int) {
        let stride = InstanceRecord.stride
        for row in 0..<3 {
            gl.floatAttribute(1 + row, components: 4, stride: stride,
                              offset: base + InstanceRecord.rowsOffset + 16 * row, divisor: 1)
        }
        gl.floatAttribute(4, components: 2, stride: stride, offset: base + InstanceRecord.alphaDepthOffset, divisor: 1)
        gl.uintAttribute(5, components: 2, stride: stride, offset: base + InstanceRecord.layerIdOffset, divisor: 1)
    }
}

// MARK: Stages, for callers that pack their own records

extension CardRenderer {
    /// Uploads records packed elsewhere (e.g. by `BulkInstancePacker`) into the instance buffer:
    /// the upload stage of a frame on its own. Returns the bytes written.
    ///
    /// - Complexity: O(n) bytes copied; no allocation in this code once the buffer has grown.
    public func uploadInstances(_ records: UnsafeBufferPointer<InstanceRecord>) throws -> Int {
        try context.makeCurrent()
        guard !context.drawableSize.isEmpty else { return 0 }
        return upload(records)
    }

    /// Draws `passes` over the records of the last `uploadInstances`: the draw stage of a frame
    /// on its own (clear, uniforms, one instanced draw per non-empty pass). Does not present.
    /// Does nothing while the drawable is 0 × 0.
    ///
    /// - Returns: the draw calls and instances drawn (also in `lastStats`, without bytes).
    @discardableResult
    public func drawInstances(_ passes: [InstancePass], camera: Camera, shading: CardShading = .textured) throws -> RenderStats {
        try context.makeCurrent()
        guard !context.drawableSize.isEmpty else { lastStats = RenderStats(); return lastStats }
        lastStats = try drawUploaded(passes, camera: camera, shading: shading)
        return lastStats
    }
}

extension Mat4 {
    /// The 16 elements as Floats in column-major order (OpenGL's), without an array.
    var floats: SIMD16<Float> {
        SIMD16(lowHalf: SIMD8(lowHalf: SIMD4<Float>(c0), highHalf: SIMD4<Float>(c1)),
               highHalf: SIMD8(lowHalf: SIMD4<Float>(c2), highHalf: SIMD4<Float>(c3)))
    }
}
