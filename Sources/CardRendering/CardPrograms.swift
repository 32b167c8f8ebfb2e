import CardShaders

/// The card program's variants, compiled on first use from one source (`card.vert`,
/// `card.frag`) with defines: llvmpipe executes both sides of a branch for a block of fragments
/// whenever any of them takes either, so code a variant carries costs every fragment it shades.
/// A variant contains only what its pass needs.
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
            }
            if peel { names.append("PEEL") }
            return names
        }
    }

    private let gl: GL
    private let vertex: ShaderSource
    private let fragment: ShaderSource
    private var compiled: [Variant: ShaderProgram] = [:]

    /// Compiles the body variant at once, so a source that does not compile fails here.
    init(gl: GL, vertex: ShaderSource, fragment: ShaderSource) throws {
        self.gl = gl
        self.vertex = vertex
        self.fragment = fragment
        _ = try program(Variant(content: .body))
    }

    /// The program of `variant`, compiled (and its samplers assigned to their units) on first use.
    func program(_ variant: Variant) throws -> ShaderProgram {
        if let program = compiled[variant] { return program }
        var source = fragment
        for name in variant.defines { source = source.defining(name) }
        let program = try ShaderProgram(gl: gl, vertex: vertex, fragment: source)
        gl.useProgram(program.program)
        gl.uniform(program.location("uPictures"), int: CardRenderer.picturesUnit)
        gl.uniform(program.location("uGlyphs"), int: CardRenderer.glyphsUnit)
        gl.uniform(program.location("uFullPictures"), int: CardRenderer.fullPicturesUnit)
        gl.uniform(program.location("uTitles"), int: CardRenderer.titlesUnit)
        gl.uniform(program.location("uOpaqueDepth"), int: DepthPeeler.opaqueDepthUnit)
        gl.uniform(program.location("uPeelDepth"), int: DepthPeeler.peelDepthUnit)
        compiled[variant] = program
        return program
    }

    /// Deletes every program; call with the context current.
    func delete() {
        for program in compiled.values { program.delete() }
        compiled = [:]
    }
}
