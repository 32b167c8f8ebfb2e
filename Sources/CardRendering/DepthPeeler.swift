import CardMath
import CardShaders

/// Exact translucency for `depth` ordering: front-to-back depth peeling (Everitt 2001, with
/// Bavoil and Myers' front-to-back compositing), in OpenGL 3.3 core.
///
/// Why peeling (measured, see README "zIndex vs depth buffer"): sorting whole cards cannot be
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
/// itself in the next layer. Cards at exactly the same depth at a pixel (coplanar overlaps,
/// which the layouts avoid with `CardStacking`) show only the first drawn there. The layers are
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

    /// Texture units the card program's peel samplers and the compositing sampler read from
    /// (0 and 1 hold the card images and the label glyphs).
    static let opaqueDepthUnit = 2, peelDepthUnit = 3, layerUnit = 4

    /// Compiles the compositing program; call with the context current.
    init(gl: GL) throws {
        self.gl = gl
        composite = try ShaderProgram(gl: gl, vertex: .bundled(ShaderLibrary.fullscreenVertex),
                                      fragment: .bundled(ShaderLibrary.compositeFragment))
        emptyVertexArray = gl.makeVertexArray()
        query = gl.makeQuery()
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
    ///   - cardProgram: the card program, whose `uPeel` uniform selects the fragment tests.
    ///   - drawCards: binds the card program, vertex array and instance attributes for a range
    ///     and issues its one instanced draw call.
    ///   - scissor: the pixels the translucent cards can cover (`ScissorBounds`): every pass,
    ///     clear and composite is limited to them.
    func draw(opaque: Range<Int>, translucent: Range<Int>, target: UInt32, size: PixelSize, maximumLayers: Int,
              scissor: ScissorBounds.Rect, cardProgram: ShaderProgram, drawCards: (Range<Int>) -> Void) throws -> Outcome {
        try prepareTargets(size)
        gl.scissor(scissor)
        defer { gl.scissor(nil) }
        let layerColor = textures[0], accumulation = textures[1], opaqueDepth = textures[2]
        var outcome = Outcome()
        func setPeel(_ mode: Int) {
            gl.useProgram(cardProgram.program)
            gl.uniform(cardProgram.location("uPeel"), int: mode)
        }
        gl.bindTexture(0, unit: Self.opaqueDepthUnit, array: false)
        gl.bindTexture(0, unit: Self.peelDepthUnit, array: false)

        // 1. Opaque depth, readable by the peel passes.
        gl.bindFramebuffer(peelFramebuffer)
        gl.attachTexture(opaqueDepth, depth: true)
        gl.clear(red: 0, green: 0, blue: 0, alpha: 0)
        gl.blending(false)
        gl.depth(test: true, write: true)
        if !opaque.isEmpty {
            setPeel(0)
            drawCards(opaque)
            outcome.drawCalls += 1
        }
        gl.bindFramebuffer(accumulationFramebuffer)
        gl.clear(red: 0, green: 0, blue: 0, alpha: 0)
        gl.bindTexture(opaqueDepth, unit: Self.opaqueDepthUnit, array: false)

        // 2–3. Layers, nearest first, until one comes out empty.
        var exhausted = false
        let layerLimit = min(max(1, maximumLayers), translucent.count)
        while outcome.layers < layerLimit {
            let k = outcome.layers
            gl.bindFramebuffer(peelFramebuffer)
            gl.attachTexture(textures[3 + k % 2], depth: true)
            gl.clear(red: 0, green: 0, blue: 0, alpha: 0)
            gl.blending(false)
            gl.depth(test: true, write: true)
            gl.bindTexture(textures[3 + (k + 1) % 2], unit: Self.peelDepthUnit, array: false)
            setPeel(k == 0 ? 1 : 2)
            gl.anySamplesPassed(query, begin: true)
            drawCards(translucent)
            gl.anySamplesPassed(query, begin: false)
            outcome.drawCalls += 1
            if gl.occlusionResult(query) == 0 { exhausted = true; break }
            gl.bindFramebuffer(accumulationFramebuffer)
            compositeFullscreen(layerColor, premultiply: true, under: true)
            outcome.layers += 1
        }

        // 4. Past the layer limit: the rest, sorted, behind the last layer.
        gl.bindFramebuffer(target)
        if !exhausted, outcome.layers < translucent.count, outcome.layers > 0 {
            gl.bindTexture(textures[3 + (outcome.layers - 1) % 2], unit: Self.peelDepthUnit, array: false)
            gl.depth(test: true, write: false)
            gl.blending(true)
            setPeel(2)
            drawCards(translucent)
            outcome.drawCalls += 1
        }
        // 5. The layers over the opaque image.
        compositeFullscreen(accumulation, premultiply: false, under: false)
        gl.useProgram(cardProgram.program)
        gl.uniform(cardProgram.location("uPeel"), int: 0)
        gl.bindTexture(0, unit: Self.opaqueDepthUnit, array: false)
        gl.bindTexture(0, unit: Self.peelDepthUnit, array: false)
        return outcome
    }

    /// Blends `texture` over the bound framebuffer, or under it, one texel per pixel.
    private func compositeFullscreen(_ texture: UInt32, premultiply: Bool, under: Bool) {
        gl.depth(test: false, write: false)
        gl.premultipliedBlending(under: under)
        gl.useProgram(composite.program)
        gl.uniform(composite.location("uLayer"), int: Self.layerUnit)
        gl.uniform(composite.location("uPremultiply"), int: premultiply ? 1 : 0)
        gl.bindTexture(texture, unit: Self.layerUnit, array: false)
        gl.bindVertexArray(emptyVertexArray)
        gl.drawFullscreenTriangle()
        gl.bindTexture(0, unit: Self.layerUnit, array: false)
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
        size = PixelSize(width: 0, height: 0)
    }
}
