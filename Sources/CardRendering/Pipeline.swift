/// The GL state one pass needs, declared once (sokol's pipeline object): program, depth test and
/// writes, blending, colour writes, vertex array and textures. `GL.apply(_:)` sets all of it, so
/// a pass never depends on what the pass before it left behind, and nothing is reset by hand.
///
/// Pipelines are values built when their resources are (the renderer's `CardPipelines`, the
/// depth peeler's, the text overlay's), not per frame; applying one allocates nothing.
struct Pipeline: Equatable {
    /// Depth testing (`GL_LESS`), with or without writes, or none.
    enum Depth: Equatable {
        case off
        case test(write: Bool)
    }

    /// How fragments combine with the framebuffer.
    enum Blend: Equatable {
        /// Replace.
        case off
        /// Straight-alpha "over" (`rgb·a + dst·(1 − a)`, alpha as coverage).
        case over
        /// Premultiplied "over" (`src + dst·(1 − src.a)`).
        case premultipliedOver
        /// Premultiplied "under", front-to-back accumulation (`dst + src·(1 − dst.a)`).
        case premultipliedUnder
    }

    /// A texture bound to a texture unit for the pass.
    struct TextureBinding: Equatable {
        enum Kind: Equatable { case twoD, array }
        var unit: Int
        var texture: UInt32
        var kind: Kind
    }

    var program: UInt32
    var depth: Depth
    var blend: Blend
    /// False writes depth only (the depth peeler's opaque depth pass).
    var colorWrites = true
    var vertexArray: UInt32
    var textures: [TextureBinding] = []
}

/// How a vertex attribute's values are stored in a buffer (`GL.attribute`).
enum AttributeType {
    /// 32-bit floats.
    case float
    /// IEEE half floats, read as floats.
    case half
    /// Unsigned integers of 32, 16 or 8 bits, read as integers (`uint`, `uvecN`).
    case uint32, uint16, uint8
    /// Unsigned 16-bit integers read as floats 0…1 (`float`, normalized).
    case unorm16
}

/// Texel formats of the textures the renderer uploads.
enum PixelFormat {
    /// 8-bit RGBA (pictures).
    case rgba8
    /// One 8-bit channel (title coverage).
    case r8
}
