import CardMath
import CardPacking

/// Draws frames of cards into a `GraphicsContext`: records and passes in, one instance buffer
/// refilled per frame, one instanced draw call per pass.
///
/// A frame is a fixed sequence: upload the records → bind the framebuffer, clear → for each
/// pass: apply its pipeline (`CardPipelines`: the GL state its kind needs, declared once),
/// uniforms, instance attributes, one `glDrawElementsInstanced` of the card mesh (`CardMesh`).
/// In `depth` ordering the opaque pass comes front to back, so llvmpipe's early depth test
/// skips the shading of hidden fragments; two or more translucent cards are peeled
/// (`Translucency.peeled`, `DepthPeeler`): a few more passes, each still one instanced draw.
/// Drawing does not present: call `context.present()` after it.
///
/// Records in, never attributes: `render(_:camera:…)` draws what an `InstancePacker` holds;
/// callers that pack their own records (the viewer's frame, the benchmark) call `upload(_:)`
/// then `draw`.
/// The renderer keeps its context alive and deletes its GL objects with it current.
public final class CardRenderer {
    /// The context frames are drawn into.
    public let context: GraphicsContext
    /// Background colour of textured frames (identity frames are cleared to black).
    public var background = ClearColor.slate
    /// The statistics of the last frame.
    public private(set) var lastStats = RenderStats()
    /// The most layers of translucent fragments a `peeled` frame peels; fragments behind them
    /// are drawn sorted. Each layer costs one instanced draw and one full-screen composite.
    public var maximumPeelLayers = 16
    /// Decorations (badge, title) whose text would be shorter than this on screen, viewport
    /// points (pixels at one pixel per point; at a HiDPI scale s, s times as many pixels), are
    /// left out: the pixel font's digits need about 10 pixels to stay distinct ("20" read as "29"
    /// at 7).
    public var legiblePixels: Float = 10
    /// Counts the samples that pass the depth test in the opaque pass (`RenderStats.samplesPassed`),
    /// for tests of the draw order; off by default (the query waits for the GPU).
    public var countsOpaqueSamples = false

    let gl = GL()
    let mesh = CardMesh()
    /// The card program's variants (body, decorations, identity; peeling, full resolution).
    let programs: CardPrograms
    let vertexArray: UInt32
    private let meshBuffer: UInt32
    private let indexBuffer: UInt32
    private let instanceBuffer: UInt32
    private var instanceCapacity = 0
    let pictures: PictureTextureArray
    let fullPictures: PictureTextureArray
    /// The photo view's tiles (`makeTilePool`): one tile of a picture's pyramid per layer.
    let zoomPicture: PictureTextureArray
    /// Which tiles the photo view's record shows, and where (`setTileView`); nil: none.
    var tileView: TileView?
    /// The checks drawn over the photo view's picture (a record with `InstanceFlags.photo`
    /// showing a picture: from the pool, the full-resolution pictures or the tiles) from the
    /// next frame on; none by default.
    public var photoChecks = PhotoChecks.none
    let titles: PictureTextureArray
    var glyphTexture: UInt32 = 0
    var glyphCell = SIMD4<Float>.zero
    private let sampleQuery: UInt32
    /// The pipelines of the card passes; rebuilt when a texture changes.
    var pipelines: CardPipelines
    /// Created on the first frame that needs it: frames without translucency pay nothing.
    private var peeler: DepthPeeler?
    /// The passes of the frame being drawn (kept, so a frame allocates nothing).
    private var passes: [InstancePass] = []

    /// Instanced draw calls issued since the renderer was created.
    public var drawCallCount: Int { gl.drawCallCount }
    /// Layers of the picture pool; cards use layer `id % pictureLayerCount` unless told otherwise.
    public var imageLayerCount: Int { pictures.layerCount }
    /// The default size of an image layer, pixels (16:10, like the default viewport).
    public static let defaultLayerSize = PixelSize(width: 640, height: 400)
    /// The texture units the card programs sample: pictures, glyphs, full-resolution pictures,
    /// titles (the depth peeler's come after them).
    static let picturesUnit = 0, glyphsUnit = 1, fullPicturesUnit = 2, titlesUnit = 3
    /// The photo view's tiles (after the depth peeler's units).
    static let zoomPictureUnit = 7
    /// How far decorations sit in front of their card along the ray to the eye, points (so
    /// they project onto the same pixels; `card.vert`): far above the depth buffer's resolution
    /// at the cards' depths (~0.03 points), far below the spacing of stacked cards
    /// (`CardStacking.layerSpacing`), so a card in front still hides them, and below the depth
    /// one unit of `depthBias` moves a coplanar card in front (`CoplanarOrder.depthPerStep`).
    static let decorationLift: Float = 0.25

    /// Compiles the card shaders (the bundled `card.vert` and `card.frag` unless given, with
    /// `ShaderInterface.card`'s prelude either way), creates
    /// the buffers and uploads the label digits of the project's pixel font; makes `context` current.
    ///
    /// - Throws: `RenderError.beyondDriverLimit` when the context's drawable is larger than the
    ///   driver draws (a window's viewport, the frame-sized textures of depth peeling),
    ///   `.shaderCompile`/`.shaderLink`/`.shaderMissing`, or a GL error.
    public convenience init(context: GraphicsContext, vertexShader: ShaderSource? = nil, fragmentShader: ShaderSource? = nil) throws {
        try self.init(context: context, vertexShader: vertexShader, fragmentShader: fragmentShader, compilesBody: true)
    }

    /// As the public initialiser; `compilesBody` false leaves even the body program to its
    /// first use (`compileAhead`'s renderer, which draws none).
    init(context: GraphicsContext, vertexShader: ShaderSource?, fragmentShader: ShaderSource?, compilesBody: Bool) throws {
        self.context = context
        try context.makeCurrent()
        try GLInfo.requireFrame(context.drawableSize, offscreen: false)
        let vertex = try vertexShader ?? .bundled(ShaderInterface.card.vertexFile)
        let fragment = try fragmentShader ?? .bundled(ShaderInterface.card.fragmentFile)
        programs = try CardPrograms(gl: gl, vertex: vertex, fragment: fragment, compilesBody: compilesBody)
        pictures = PictureTextureArray(gl: gl, format: .rgba8, name: "picture pool", border: PictureTextureArray.background)
        fullPictures = PictureTextureArray(gl: gl, format: .rgba8, name: "full-resolution picture texture",
                                           border: PictureTextureArray.background)
        titles = PictureTextureArray(gl: gl, format: .r8, name: "title atlas", border: .zero)
        zoomPicture = PictureTextureArray(gl: gl, format: .rgba8, name: "photo view tiles", border: PictureTextureArray.background)
        vertexArray = gl.makeVertexArray()
        meshBuffer = gl.makeBuffer()
        indexBuffer = gl.makeBuffer()
        instanceBuffer = gl.makeBuffer()
        sampleQuery = gl.makeQuery()
        let gl = self.gl, mesh = self.mesh
        gl.bindVertexArray(vertexArray)
        gl.bindArrayBuffer(meshBuffer)
        mesh.vertices.withUnsafeBytes { gl.arrayBufferData($0, streaming: false) }
        let stride = CardMesh.vertexFloats * 4
        for a in CardMesh.attributes {
            gl.attribute(a.location, components: a.components, type: a.type, stride: stride, offset: a.offset, divisor: 0)
        }
        gl.bindElementBuffer(indexBuffer)
        mesh.indices.withUnsafeBytes { gl.elementBufferData($0) }
        gl.bindVertexArray(0)
        pipelines = CardPipelines(vertexArray: vertexArray, textures: [])
        try gl.throwIfError("creating the card renderer")
        try setLabelGlyphs(LabelGlyphs())
    }

    deinit {
        guard (try? context.makeCurrent()) != nil else { return }
        if let ahead = programs.ahead {
            ahead.finish()
            for program in ahead.untaken() { gl.deleteProgram(program) }
        }
        pictures.delete()
        fullPictures.delete()
        zoomPicture.delete()
        titles.delete()
        peeler?.delete()
        if glyphTexture != 0 { gl.deleteTexture(glyphTexture) }
        gl.deleteQuery(sampleQuery)
        gl.deleteBuffer(instanceBuffer)
        gl.deleteBuffer(indexBuffer)
        gl.deleteBuffer(meshBuffer)
        gl.deleteVertexArray(vertexArray)
        programs.delete()
    }

    /// Rebuilds the card pipelines after a texture changed.
    func texturesChanged() {
        let bindings: [Pipeline.TextureBinding] = [
            .init(unit: Self.picturesUnit, texture: pictures.texture, kind: .array),
            .init(unit: Self.glyphsUnit, texture: glyphTexture, kind: .twoD),
            .init(unit: Self.fullPicturesUnit, texture: fullPictures.texture, kind: .array),
            .init(unit: Self.titlesUnit, texture: titles.texture, kind: .array),
            .init(unit: Self.zoomPictureUnit, texture: zoomPicture.texture, kind: .array),
        ]
        pipelines = CardPipelines(vertexArray: vertexArray, textures: bindings)
    }

    // MARK: Frames

    /// Draws what `packed` holds (its records and passes; `InstancePacker.pack(_:layers:)` made
    /// them) into the context's framebuffer, covering its whole drawable: `upload` then `draw`.
    /// Does nothing (and issues no GL call) while the drawable is 0 × 0.
    ///
    /// - Returns: the frame's statistics, uploaded bytes included (also in `lastStats`).
    @discardableResult
    public func render(_ packed: InstancePacker, camera: Camera, shading: CardShading = .textured,
                       translucency: Translucency = .peeled) throws -> RenderStats {
        try context.makeCurrent()
        guard !context.drawableSize.isEmpty else { lastStats = RenderStats(); return lastStats }
        passes.removeAll(keepingCapacity: true)
        packed.forEachPass { passes.append($0) }
        return try packed.records.withUnsafeBufferPointer { records in
            let uploaded = try upload(records)
            var stats = try draw(records, passes: passes, camera: camera, shading: shading, translucency: translucency)
            stats.uploadedBytes = uploaded
            lastStats = stats
            return stats
        }
    }

    /// The upload stage of a frame: refills the instance buffer with `records` (orphaning its
    /// storage, so the GPU may still read the last frame's). Grows by doubling. Returns the
    /// bytes written; nothing while the drawable is 0 × 0.
    ///
    /// - Complexity: O(n) bytes copied; no allocation in this code once the buffer has grown.
    @discardableResult
    public func upload(_ records: UnsafeBufferPointer<InstanceRecord>) throws -> Int {
        try context.makeCurrent()
        let bytes = records.count * InstanceRecord.stride
        guard bytes > 0, !context.drawableSize.isEmpty else { return 0 }
        gl.bindArrayBuffer(instanceBuffer)
        if bytes > instanceCapacity { instanceCapacity = max(bytes, 2 * instanceCapacity) }
        gl.arrayBufferReserve(byteCount: instanceCapacity)
        gl.arrayBufferSubData(UnsafeRawBufferPointer(records))
        return bytes
    }

    /// The draw stage of a frame: clears the framebuffer and draws `passes` over `records`,
    /// which the last `upload` put in the instance buffer (they are read again only to bound
    /// the peeled pixels). Does not present; does nothing while the drawable is 0 × 0.
    ///
    /// - Returns: the draw calls and instances drawn (also in `lastStats`, without bytes).
    @discardableResult
    public func draw(_ records: UnsafeBufferPointer<InstanceRecord>, passes: [InstancePass], camera: Camera,
                     shading: CardShading = .textured, translucency: Translucency = .peeled) throws -> RenderStats {
        try context.makeCurrent()
        let size = context.drawableSize
        guard !size.isEmpty else { lastStats = RenderStats(); return lastStats }
        var stats = RenderStats()
        gl.bindFramebuffer(context.framebuffer)
        gl.viewport(width: size.width, height: size.height)
        let clear = shading == .identity ? ClearColor(red: 0, green: 0, blue: 0) : background
        gl.clear(red: clear.red, green: clear.green, blue: clear.blue, alpha: 1)
        let uniforms = CardUniforms(camera: camera, drawable: size, shading: shading, renderer: self)
        let features = shading == .textured ? pictureFeatures(records) : PictureFeatures()
        let before = gl.drawCallCount
        for pass in passes where !pass.range.isEmpty {
            stats.instances += pass.range.count
            if pass.kind == .translucent, translucency == .peeled, pass.range.count > 1 {
                stats.peeledLayers = try peel(records, pass.range, opaque: passes.first { $0.kind == .opaque }?.range,
                                              uniforms: uniforms, features: features, size: size)
                continue
            }
            try drawPass(pass, uniforms: uniforms, features: features, stats: &stats)
        }
        stats.drawCalls = gl.drawCallCount - before
        try gl.throwIfError("drawing \(stats.instances) card(s)")
        lastStats = stats
        return stats
    }

    /// One pass: the bodies (or identity quads) with the pass's pipeline, then, for textured
    /// opaque and `zindex` passes, the decorations as their own small draw.
    private func drawPass(_ pass: InstancePass, uniforms: CardUniforms, features: PictureFeatures,
                          stats: inout RenderStats) throws {
        let identity = uniforms.shading == .identity
        let counting = countsOpaqueSamples && pass.kind == .opaque
        if counting { gl.samplesPassed(sampleQuery, begin: true) }
        switch pass.kind {
        case .opaque:
            try draw(pass.range, content: identity ? .identity : .body, features: features, pipeline: pipelines.opaque,
                     uniforms: uniforms)
        case .translucent:
            try draw(pass.range, content: identity ? .identity : .bodyAndDecorations, features: features,
                     pipeline: pipelines.translucent, uniforms: uniforms)
        case .backToFront where identity:
            try draw(pass.range, content: .identity, features: PictureFeatures(), pipeline: pipelines.backToFront, uniforms: uniforms)
        case .backToFront:
            try draw(pass.range, content: .body, features: features, pipeline: pipelines.paintedBackToFront, uniforms: uniforms,
                     paintOrder: true)
        }
        if counting {
            gl.samplesPassed(sampleQuery, begin: false)
            stats.samplesPassed = gl.occlusionResult(sampleQuery)
        }
        guard !identity, pass.kind != .translucent, features.decorationQuads > 0 else { return }
        // Compiled on another thread and not there yet (a brand-new shader cache: CompileAhead):
        // the cards now, their decorations in the frame after it lands.
        if programs.isCompilingAhead(features.variant(.decorations)) {
            stats.deferredDecorations = true
            return
        }
        let painted = pass.kind == .backToFront
        try draw(pass.range, content: .decorations, features: features,
                 pipeline: painted ? pipelines.paintedDecorations : pipelines.decorations, uniforms: uniforms,
                 paintOrder: painted)
    }

    /// One instanced draw of the records in `range` with `pipeline` and the program for `content`.
    func draw(_ range: Range<Int>, content: CardPrograms.Content, features: PictureFeatures, pipeline: Pipeline,
                      uniforms: CardUniforms, paintOrder: Bool = false) throws {
        let program = try programs.program(features.variant(content))
        gl.apply(pipeline.with(program: program.program))
        uniforms.set(on: program, gl: gl)
        if paintOrder { uniforms.setPaintOrder(on: program, count: range.count, gl: gl) }
        var indices = Self.indices(for: content, in: mesh)
        if content == .decorations {
            indices = indices.lowerBound..<min(indices.upperBound, indices.lowerBound + 6 * features.decorationQuads)
        }
        drawInstances(range, indices: indices)
    }

    /// The mesh's index range for `content`.
    static func indices(for content: CardPrograms.Content, in mesh: CardMesh) -> Range<Int> {
        switch content {
        case .body: mesh.body
        case .decorations: mesh.decorations
        case .bodyAndDecorations: mesh.decorated
        case .identity: mesh.plain
        }
    }

    /// Draws the translucent `range` over the opaque cards exactly, by depth peeling; returns
    /// the layers peeled.
    private func peel(_ records: UnsafeBufferPointer<InstanceRecord>, _ range: Range<Int>, opaque: Range<Int>?,
                      uniforms: CardUniforms, features: PictureFeatures, size: PixelSize) throws -> Int {
        let translucent = UnsafeBufferPointer(rebasing: records[range])
        guard let scissor = ScissorBounds.rect(of: translucent, viewProjection: uniforms.camera.viewProjection,
                                               drawable: size) else { return 0 }  // all off screen
        if peeler == nil { peeler = try DepthPeeler(gl: gl) }
        guard let peeler else { return 0 }
        let content: CardPrograms.Content = uniforms.shading == .identity ? .identity : .bodyAndDecorations
        let program = try programs.program(features.variant(content, peel: true))
        let indices = Self.indices(for: content, in: mesh)
        let outcome = try peeler.draw(opaque: opaque ?? 0..<0, translucent: range, target: context.framebuffer, size: size,
                                      maximumLayers: maximumPeelLayers, scissor: scissor,
                                      cardPipeline: pipelines.opaque.with(program: program.program),
                                      cardProgram: program) { cards in
            uniforms.set(on: program, gl: gl)
            drawInstances(cards, indices: indices)
        }
        gl.bindFramebuffer(context.framebuffer)
        return outcome.layers
    }

    /// One instanced draw of the records in `range` (the pass's pipeline applied) over the
    /// mesh's `indices`.
    private func drawInstances(_ range: Range<Int>, indices: Range<Int>) {
        gl.bindArrayBuffer(instanceBuffer)
        pointInstanceAttributes(at: range.lowerBound * InstanceRecord.stride)
        gl.drawTrianglesInstanced(indexCount: indices.count, firstIndex: indices.lowerBound, instanceCount: range.count)
    }

    /// Points the per-instance attributes (`ShaderInterface.cardInstanceAttributes`, divisor 1)
    /// at the record starting at byte `base` of the bound instance buffer.
    private func pointInstanceAttributes(at base: Int) {
        let stride = InstanceRecord.stride
        for a in ShaderInterface.cardInstanceAttributes {
            gl.attribute(a.location, components: a.components, type: a.type, stride: stride, offset: base + a.offset, divisor: 1)
        }
    }
}

extension Mat4 {
    /// The 16 elements as Floats in column-major order (OpenGL's), without an array.
    var floats: SIMD16<Float> {
        SIMD16(lowHalf: SIMD8(lowHalf: SIMD4<Float>(c0), highHalf: SIMD4<Float>(c1)),
               highHalf: SIMD8(lowHalf: SIMD4<Float>(c2), highHalf: SIMD4<Float>(c3)))
    }
}
