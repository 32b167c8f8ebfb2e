import CardMath
import CardPacking

extension CardRenderer {
    /// Programs compiled by another thread for this renderer (`CompileAhead`): its first draw
    /// of such a variant waits for that program instead of compiling it again. Set before the
    /// first frame; nil (the default) compiles everything here.
    public var compileAhead: CompileAhead? {
        get { programs.ahead }
        set { programs.ahead = newValue }
    }

    /// Compiles `ahead`'s variants in `context` (current on the calling thread from now on),
    /// which shares objects with the renderer that will take them, and publishes each program
    /// as soon as it is ready; then `finish`es `ahead`, whatever happened. The textures are made
    /// in `ahead.shapes` (one layer each) and each variant draws once, one card out of view,
    /// with the state of the first frame's pass (so that LLVM's code for that state is kept
    /// with the program). Call on a thread of its own; `context` must stay alive as long as the
    /// programs are used (llvmpipe drops a context's code with it).
    ///
    /// - Throws: what creating the renderer or a draw throws; `ahead` is finished either way.
    public static func compileAhead(_ ahead: CompileAhead, in context: GraphicsContext) throws {
        defer { ahead.finish() }
        let renderer = try CardRenderer(context: context, vertexShader: nil, fragmentShader: nil, compilesBody: false)
        let shapes = ahead.shapes
        try renderer.makePicturePool(layers: 1, layerSize: PixelSize(width: shapes.cardSide, height: shapes.cardSide))
        if !shapes.titleSlot.isEmpty { try renderer.makeTitleAtlas(slots: 1, slotSize: shapes.titleSlot) }
        var record = InstanceRecord.outOfView
        _ = try withUnsafePointer(to: &record) { try renderer.upload(UnsafeBufferPointer(start: $0, count: 1)) }
        let size = context.drawableSize
        let uniforms = CardUniforms(camera: Camera(viewport: Size(width: Double(max(size.width, 1)), height: Double(max(size.height, 1)))),
                                    drawable: size, shading: .textured, renderer: renderer)
        renderer.gl.bindFramebuffer(context.framebuffer)
        for variant in ahead.variants {
            try renderer.drawAhead(variant, uniforms: uniforms)
            // llvmpipe translates the program for the draw's state inside the draw call: once it
            // returns, the code is there for the other context.
            if let program = renderer.programs.release(variant) { ahead.publish(variant, program: program) }
        }
        try renderer.gl.throwIfError("compiling the card programs ahead")
    }

    /// One draw of record 0 with `variant`'s program and its pass's pipeline, through the
    /// frame's own draw (the variant is the one plain features give for its content).
    private func drawAhead(_ variant: CardPrograms.Variant, uniforms: CardUniforms) throws {
        let pipeline: Pipeline
        switch variant.content {
        case .body, .identity: pipeline = pipelines.opaque
        case .decorations: pipeline = pipelines.decorations
        case .bodyAndDecorations: pipeline = pipelines.translucent
        }
        try draw(0..<1, content: variant.content, features: PictureFeatures(), pipeline: pipeline, uniforms: uniforms)
    }
}

extension InstanceRecord {
    /// A card of 1 × 1 point far behind the eye: drawn, it covers no pixel.
    static var outOfView: InstanceRecord {
        InstanceRecord(row0: SIMD4(1, 0, 0, 0), row1: SIMD4(0, 1, 0, 0), row2: SIMD4(0, 0, 1, 1e6), alpha: 1, depth: 1e6,
                       layer: 0, id: 0)
    }
}
