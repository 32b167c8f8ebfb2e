import CardMath

/// Exact translucency for `depth` ordering: front-to-back depth peeling (Everitt 2001, with
/// Bavoil and Myers' front-to-back compositing), in OpenGL 3.3 core.
///
/// Why peeling (measured, see docs/COMPARE.md): sorting whole cards cannot be
/// right where two translucent cards intersect — each is in front of the other on one side of
/// the line; per-pixel fragment lists need image load/store and atomic counters (OpenGL 4.2/4.3),
/// beyond the 3.3 core target; splitting intersecting cards (a BSP tree, as browsers do for 3D
/// layers) costs O(n²) pair tests on the CPU per frame, turns quads into polygons that no longer
/// fit the one-record-per-card instance buffer, and must be rebuilt whenever a card moves.
/// Peeling reuses the card pipeline as it is: every layer is the same one instanced draw of the
/// translucent cards, and its cost follows the depth complexity actually on screen.
///
/// One frame, after the renderer's opaque pass into the target:
/// 1. the opaque cards again, depth only, into `opaqueDepth` (the target's own depth buffer
///    may be multisampled or a window's, neither of which a shader can read);
/// 2. layer k: the translucent cards into `layerColor` with depth test and writes into
///    `peelDepth[k % 2]`, keeping only fragments in front of `opaqueDepth` and strictly behind
///    `peelDepth[(k + 1) % 2]` (layer k − 1); so the nearest remaining fragment of each pixel
///    wins. An occlusion query around the draw says whether anything was left;
/// 3. the layer is added under the layers before it in `accumulation` (premultiplied,
///    `dst += (1 − dst.a)·src`);
/// 4. when `maximumLayers` stop the peeling early, the fragments behind the last layer are
///    drawn sorted over the opaque image (exact up to that depth complexity, approximate after);
/// 5. `accumulation` over the target: `dst = acc + (1 − acc.a)·dst` — the same "over" equation
///    as drawing the layers back to front with straight alpha.
///
/// Every pass is scissored to the translucent cards' screen bounds, so a few small translucent
/// cards (a fade, a delete) cost little fill however large the drawable.
///
/// Layer colours and the accumulation are half floats, so a stack of layers rounds to 8 bits
/// once, when it lands in the target; depths are 32-bit floats, so a fragment compares equal to
/// itself in the next layer. Cards at exactly the same depth at a pixel would show only the
/// first drawn there; coplanar cards are kept apart by their records' `depthOffset` (their
/// `depthBias`'s rank, exact ties by zIndex, applied by the card vertex shader in every pass, so
/// each peels as its own layer). The layers are
/// single-sampled: with a multisampled target, translucent cards' edges are not antialiased.
final class DepthPeeler {
    private let gl: GL
    private let composite: ShaderProgram
    private let emptyVertexArray: UInt32
    private let query: UInt32
    private var size = PixelSize(width: 0, height: 0)
    private var peelFramebuffer: UInt32 = 0
    private var accumulationFramebuffer: UInt32 = 0
    private var textures: [UInt32] = []  // layerColor, accumulation, opaqueDepth, peelDepth 0 and 1
    /// The pipelines of the passes, derived from the card pipeline they were built for.
    private var pipelines: Pipelines?

    /// Texture units the card program's peel samplers and the compositing sampler read from
    /// (the card textures hold 0…3 and 7: `CardRenderer.picturesUnit`…`zoomPictureUnit`).
    static let opaqueDepthUnit = 4, peelDepthUnit = 5, layerUnit = 6

    /// The GL state of each pass of a peeled frame, declared once per set of targets.
    ///
    /// | pass | program | depth | blending | textures added to the card's |
    /// | --- | --- | --- | --- | --- |
    /// | opaque depth | card (peel) | test, write | colour writes off | — |
    /// | layer k | card (peel) | test, write | off | opaque depth, peel depth k − 1 |
    /// | the rest, sorted | card (peel) | test, no write | straight alpha over | opaque depth, the last layer's depth |
    /// | layer under the stack | composite | off | premultiplied under | the layer's colour |
    /// | stack over the target | composite | off | premultiplied over | the accumulation |
    private struct Pipelines {
        var base: Pipeline
        var opaqueDepth: Pipeline
        /// Layer k uses `layers[k % 2]`, which reads the depth layer k − 1 wrote.
        var layers: [Pipeline]
        /// The sorted rest after layer k uses `tails[k % 2]`.
        var tails: [Pipeline]
        var compositeUnder: Pipeline
        var compositeOver: Pipeline
    }

    /// Compiles the compositing program; call with the context current.
    init(gl: GL) throws {
        self.gl = gl
        composite = try ShaderProgram(gl: gl, interface: .composite)
        emptyVertexArray = gl.makeVertexArray()
        query = gl.makeQuery()
        gl.useProgram(composite.program)
        gl.uniform(composite.location(CompositeUniform.layer), int: Self.layerUnit)
        try gl.throwIfError("creating the depth peeler")
    }

    /// Deletes every GL object; call with the context current.
    func delete() {
        deleteTargets()
        gl.deleteQuery(query)
        gl.deleteVertexArray(emptyVertexArray)
        composite.delete()
    }

    /// What one peeled frame did.
    struct Outcome {
        /// Non-empty layers composited.
        var layers = 0
        /// Instanced draw calls issued (the opaque depth pass, one per layer tried, the tail).
        var drawCalls = 0
    }

    /// Draws the translucent cards over the target, which already holds the opaque cards.
    ///
    /// - Parameters:
    ///   - opaque, translucent: the instance ranges of the two kinds of cards.
    ///   - target: the framebuffer the frame goes to; `size` its drawable size.
    ///   - cardPipeline: the opaque card pass's pipeline with the peeling card program, which
    ///     the passes here derive theirs from; `cardProgram` that program, whose `uPeel`
    ///     uniform selects the fragment tests.
    ///   - drawCards: sets the card program's uniforms and issues one instanced draw of a range.
    ///   - scissor: the pixels the translucent cards can cover (`ScissorBounds`): every pass,
    ///     clear and composite is limited to them.
    func draw(opaque: Range<Int>, translucent: Range<Int>, target: UInt32, size: PixelSize, maximumLayers: Int,
              scissor: ScissorBounds.Rect, cardPipeline: Pipeline, cardProgram: ShaderProgram,
              drawCards: (Range<Int>) -> Void) throws -> Outcome {
        try prepareTargets(size)
        let passes = pipelines(for: cardPipeline)
        gl.scissor(scissor)
        defer { gl.scissor(nil) }
        var outcome = Outcome()
        let peelMode = cardProgram.location(CardUniform.peel)

        // 1. Opaque depth, readable by the peel passes.
        gl.bindFramebuffer(peelFramebuffer)
        gl.attachTexture(textures[2], depth: true)
        gl.clear(red: 0, green: 0, blue: 0, alpha: 0)
        if !opaque.isEmpty {
            gl.apply(passes.opaqueDepth)
            gl.uniform(peelMode, int: PeelMode.off.rawValue)
            drawCards(opaque)
            outcome.drawCalls += 1
        }
        gl.bindFramebuffer(accumulationFramebuffer)
        gl.clear(red: 0, green: 0, blue: 0, alpha: 0)

        // 2–3. Layers, nearest first, until one comes out empty.
        var exhausted = false
        let layerLimit = min(max(1, maximumLayers), translucent.count)
        while outcome.layers < layerLimit {
            let k = outcome.layers
            gl.bindFramebuffer(peelFramebuffer)
            gl.attachTexture(textures[3 + k % 2], depth: true)
            gl.clear(red: 0, green: 0, blue: 0, alpha: 0)
            gl.apply(passes.layers[k % 2])
            gl.uniform(peelMode, int: (k == 0 ? PeelMode.inFrontOfOpaque : .behindPreviousLayer).rawValue)
            gl.anySamplesPassed(query, begin: true)
            drawCards(translucent)
            gl.anySamplesPassed(query, begin: false)
            outcome.drawCalls += 1
            if gl.occlusionResult(query) == 0 { exhausted = true; break }
            gl.bindFramebuffer(accumulationFramebuffer)
            gl.apply(passes.compositeUnder)
            gl.uniform(composite.location(CompositeUniform.premultiply), int: 1)
            gl.drawFullscreenTriangle()
            outcome.layers += 1
        }

        // 4. Past the layer limit: the rest, sorted, behind the last layer.
        gl.bindFramebuffer(target)
        if !exhausted, outcome.layers < translucent.count, outcome.layers > 0 {
            gl.apply(passes.tails[(outcome.layers - 1) % 2])
            gl.uniform(peelMode, int: PeelMode.behindPreviousLayer.rawValue)
            drawCards(translucent)
            outcome.drawCalls += 1
        }
        // 5. The layers over the opaque image.
        gl.apply(passes.compositeOver)
        gl.uniform(composite.location(CompositeUniform.premultiply), int: 0)
        gl.drawFullscreenTriangle()
        return outcome
    }

    /// The pipelines for `card`, rebuilt only when the card pipeline or the targets changed.
    private func pipelines(for card: Pipeline) -> Pipelines {
        if let pipelines, pipelines.base == card { return pipelines }
        let layerColor = textures[0], accumulation = textures[1], opaqueDepth = textures[2]
        func peeling(peelDepth: UInt32, depth: Pipeline.Depth, blend: Pipeline.Blend) -> Pipeline {
            var pipeline = card
            pipeline.depth = depth
            pipeline.blend = blend
            pipeline.textures += [.init(unit: Self.opaqueDepthUnit, texture: opaqueDepth, kind: .twoD),
                                  .init(unit: Self.peelDepthUnit, texture: peelDepth, kind: .twoD)]
            return pipeline
        }
        var opaquePass = card
        opaquePass.depth = .test(write: true)
        opaquePass.blend = .off
        opaquePass.colorWrites = false
        // It writes opaqueDepth: no unit may hold it for sampling meanwhile.
        opaquePass.textures += [.init(unit: Self.opaqueDepthUnit, texture: 0, kind: .twoD),
                                .init(unit: Self.peelDepthUnit, texture: 0, kind: .twoD)]
        // Layer k reads the depth of layer k − 1, which is in peelDepth[(k + 1) % 2]; the tail
        // after layer k reads layer k's own, peelDepth[k % 2].
        let made = Pipelines(
            base: card, opaqueDepth: opaquePass,
            layers: [peeling(peelDepth: textures[4], depth: .test(write: true), blend: .off),
                     peeling(peelDepth: textures[3], depth: .test(write: true), blend: .off)],
            tails: [peeling(peelDepth: textures[3], depth: .test(write: false), blend: .over),
                    peeling(peelDepth: textures[4], depth: .test(write: false), blend: .over)],
            compositeUnder: Pipeline(program: composite.program, depth: .off, blend: .premultipliedUnder,
                                     vertexArray: emptyVertexArray,
                                     textures: [.init(unit: Self.layerUnit, texture: layerColor, kind: .twoD)]),
            compositeOver: Pipeline(program: composite.program, depth: .off, blend: .premultipliedOver,
                                    vertexArray: emptyVertexArray,
                                    textures: [.init(unit: Self.layerUnit, texture: accumulation, kind: .twoD)]))
        pipelines = made
        return made
    }

    /// (Re)creates the textures and framebuffers when the drawable size changed.
    private func prepareTargets(_ newSize: PixelSize) throws {
        guard newSize != size || textures.isEmpty else { return }
        deleteTargets()
        size = newSize
        let w = size.width, h = size.height
        gl.bindTexture(0, unit: Self.layerUnit, array: false)  // new textures bind on a unit of our own
        textures = [gl.makeTargetTexture(width: w, height: h, format: .rgba16f),
                    gl.makeTargetTexture(width: w, height: h, format: .rgba16f)]
            + (0..<3).map { _ in gl.makeTargetTexture(width: w, height: h, format: .depth32f) }
        gl.bindTexture(0, unit: Self.layerUnit, array: false)
        peelFramebuffer = gl.makeFramebuffer()
        gl.bindFramebuffer(peelFramebuffer)
        gl.attachTexture(textures[0], depth: false)
        gl.attachTexture(textures[2], depth: true)
        let peelStatus = gl.framebufferIncompleteness()
        accumulationFramebuffer = gl.makeFramebuffer()
        gl.bindFramebuffer(accumulationFramebuffer)
        gl.attachTexture(textures[1], depth: false)
        let accumulationStatus = gl.framebufferIncompleteness()
        do {
            try gl.throwIfError("creating \(size) depth-peeling targets")
            if let status = peelStatus ?? accumulationStatus {
                throw RenderError.framebufferIncomplete("depth peeling, \(size): \(status)")
            }
        } catch {
            deleteTargets()
            throw error
        }
    }

    private func deleteTargets() {
        if peelFramebuffer != 0 { gl.deleteFramebuffer(peelFramebuffer) }
        if accumulationFramebuffer != 0 { gl.deleteFramebuffer(accumulationFramebuffer) }
        for texture in textures { gl.deleteTexture(texture) }
        peelFramebuffer = 0
        accumulationFramebuffer = 0
        textures = []
        pipelines = nil
        size = PixelSize(width: 0, height: 0)
    }
}
