import CardPacking

/// The card program's variants, compiled on first use from one source (`card.vert`,
/// `card.frag`, both stages with the same defines, in `ShaderInterface.card`'s prelude):
/// llvmpipe executes both sides of a branch for a block of fragments (or a batch of vertices)
/// whenever any of them takes either, so code a variant carries costs every fragment it
/// shades. A variant contains only what its pass needs.
final class CardPrograms {
    /// What a program draws.
    enum Content: Hashable {
        /// The card's body (picture, rim): the opaque and `zindex` passes.
        case body
        /// Badges, titles and marks: their own small pass after the bodies.
        case decorations
        /// Both in one draw, decorations after their card: translucent cards, which must keep
        /// their decorations in their own draw order.
        case bodyAndDecorations
        /// One flat identity colour per card.
        case identity
    }

    /// One variant.
    struct Variant: Hashable {
        var content: Content
        /// The body may sample the full-resolution pictures (a second texture sample).
        var fullResolution = false
        /// Pictures may be fading in (a blend with the background).
        var fade = false
        /// There is no picture pool: cards are coloured by id.
        var noPictures = false
        /// Depth peeling's fragment tests (which discard).
        var peel = false
        /// Pictures may be translucent: each sample is composited over what shows through it
        /// (only in frames drawing from a texture that held a translucent picture).
        var translucent = false
        /// The photo view's picture may be drawn with translucent pictures: their transparent
        /// parts show a checkerboard (a few instructions a fragment, measured at about a tenth
        /// of a pages frame on llvmpipe, so only in frames that draw the photo view).
        var photo = false
        /// The photo view's clipping warnings (`PhotoChecks.clipping`).
        var clipping = false
        /// The photo view's focus peaking (`PhotoChecks.peaking`).
        var peaking = false

        var defines: [String] {
            var names: [String]
            switch content {
            case .body: names = ["BODY"]
            case .decorations: names = ["DECORATIONS"]
            case .bodyAndDecorations: names = ["BODY", "DECORATIONS"]
            case .identity: names = ["IDENTITY"]
            }
            if content != .identity {
                if fullResolution { names.append("FULL_RESOLUTION") }
                if fade { names.append("FADE") }
                if noPictures { names.append("NO_PICTURES") }
                if translucent { names.append("TRANSLUCENT") }
                if translucent && photo { names.append("PHOTO") }
                if clipping && !noPictures { names.append("CLIPPING") }
                if peaking && !noPictures { names.append("PEAKING") }
            }
            if peel { names.append("PEEL") }
            return names
        }
    }

    private let gl: GL
    private let vertex: ShaderSource
    private let fragment: ShaderSource
    private var compiled: [Variant: ShaderProgram] = [:]
    /// Programs another thread compiles (`CompileAhead`): a variant it has is waited for
    /// rather than compiled twice.
    var ahead: CompileAhead?
    /// How long the renderer waits for a program compiled ahead, seconds: far above the
    /// compile (about 0.3 s on llvmpipe), so that only a stuck thread is given up on.
    static let aheadTimeout = 3.0

    /// Compiles the body variant at once (unless `compilesBody` is false: a renderer that
    /// draws no body), so a source that does not compile fails here.
    init(gl: GL, vertex: ShaderSource, fragment: ShaderSource, compilesBody: Bool = true) throws {
        self.gl = gl
        self.vertex = vertex
        self.fragment = fragment
        if compilesBody { _ = try program(Variant(content: .body)) }
    }

    /// The program of `variant`, compiled (and its samplers assigned to their units) on first use.
    func program(_ variant: Variant) throws -> ShaderProgram {
        if let program = compiled[variant] { return program }
        if let ahead, let adopted = ahead.take(variant, timeout: Self.aheadTimeout) {
            let program = ShaderProgram(gl: gl, adopting: adopted)
            compiled[variant] = program
            return program
        }
        let program = try compile(variant)
        compiled[variant] = program
        return program
    }

    /// Whether `variant`'s program is still being compiled by another thread (`CompileAhead`):
    /// a frame may leave its draw out rather than wait. Never waits.
    func isCompilingAhead(_ variant: Variant) -> Bool {
        compiled[variant] == nil && ahead?.isCompiling(variant) == true
    }

    /// A new program for `variant`: linked, its samplers assigned to their units.
    private func compile(_ variant: Variant) throws -> ShaderProgram {
        let interface = ShaderInterface.card, defines = variant.defines
        let program = try ShaderProgram(gl: gl, vertex: interface.prepared(vertex, stage: .vertex, defines: defines),
                                        fragment: interface.prepared(fragment, stage: .fragment, defines: defines))
        gl.useProgram(program.program)
        gl.uniform(program.location(CardUniform.pictures), int: CardRenderer.picturesUnit)
        gl.uniform(program.location(CardUniform.glyphs), int: CardRenderer.glyphsUnit)
        gl.uniform(program.location(CardUniform.fullPictures), int: CardRenderer.fullPicturesUnit)
        gl.uniform(program.location(CardUniform.titles), int: CardRenderer.titlesUnit)
        gl.uniform(program.location(CardUniform.zoomPicture), int: CardRenderer.zoomPictureUnit)
        gl.uniform(program.location(CardUniform.opaqueDepth), int: DepthPeeler.opaqueDepthUnit)
        gl.uniform(program.location(CardUniform.peelDepth), int: DepthPeeler.peelDepthUnit)
        return program
    }

    /// Gives up `variant`'s program without deleting it (handed to another context's
    /// renderer: `CompileAhead`); nil when it was never compiled.
    func release(_ variant: Variant) -> UInt32? {
        compiled.removeValue(forKey: variant)?.program
    }

    /// Deletes every program; call with the context current.
    func delete() {
        for program in compiled.values { program.delete() }
        compiled = [:]
    }
}

extension CardRenderer {
    /// What the frame's pictures need beyond the common path, so that frames which do not need
    /// it do not pay for it (see `CardPrograms`).
    struct PictureFeatures {
        /// A record shows a full-resolution picture.
        var fullResolution = false
        /// A record's picture is fading in.
        var fade = false
        /// There is no picture pool.
        var noPictures = false
        /// A picture texture the frame draws from held a translucent picture.
        var translucent = false
        /// A record is the photo view's picture (`InstanceFlags.photo`).
        var photo = false
        /// The photo view's picture is drawn with its clipping warnings, its focus peaking
        /// (`CardRenderer.photoChecks`, and a photo record showing a picture).
        var clipping = false
        var peaking = false
        /// Decoration quads per card the decorations draw needs: badges (1), titles too (2),
        /// marks of unreadable pictures too (3), culling marks and colour labels too (4); 0 skips the draw. The quads come in that order
        /// in the mesh, and each card's vertex shading costs CPU time inside llvmpipe's draw.
        var decorationQuads = 4

        func variant(_ content: CardPrograms.Content, peel: Bool = false) -> CardPrograms.Variant {
            CardPrograms.Variant(content: content, fullResolution: fullResolution, fade: fade, noPictures: noPictures, peel: peel,
                                 translucent: translucent, photo: photo, clipping: clipping, peaking: peaking)
        }
    }

    /// The features `records` need. O(n), no allocation.
    func pictureFeatures(_ records: UnsafeBufferPointer<InstanceRecord>) -> PictureFeatures {
        var features = PictureFeatures(noPictures: pictures.layerCount == 0)
        let checksFull = fullPictures.layerCount > 0, checksTitles = titles.layerCount > 0
        var titled = false, unreadable = false, culled = false
        for record in records {
            if checksTitles, record.title & TitleSlot.slotMask != TitleSlot.slotMask { titled = true }
            // A culling mark, or colour labels (drawn in the mark's pill): the title field's high
            // bits, 0 in the default field (TitleSlot+Labels).
            if record.flags & InstanceFlags.cullMask.rawValue != 0 || (record.title != TitleSlot.none && record.title > TitleSlot.slotMask) {
                culled = true
            }
            guard record.layer != PictureLayer.none else {
                if record.flags & InstanceFlags.unreadable.rawValue != 0 { unreadable = true }
                continue
            }
            if record.pictureOpacityLevel < 255 { features.fade = true }
            if record.flags & InstanceFlags.photo.rawValue != 0 { features.photo = true }
            if checksFull, record.layer >= PictureLayer.fullResolutionBase { features.fullResolution = true }
            if record.layer == PictureLayer.zoom { features.fullResolution = true }
        }
        // The pool serves every record with a picture; the other two only the records naming them.
        features.translucent = pictures.holdsTranslucent
            || (features.fullResolution && (fullPictures.holdsTranslucent || zoomPicture.holdsTranslucent))
        features.clipping = features.photo && photoChecks.clipping
        features.peaking = features.photo && photoChecks.peaking
        features.decorationQuads = culled ? 4 : unreadable ? 3 : titled ? 2 : glyphTexture != 0 ? 1 : 0
        return features
    }
}
