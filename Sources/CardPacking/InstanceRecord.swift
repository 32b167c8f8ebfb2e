import CardLayout
import CardMath

/// One card as the GPU reads it: a fixed 64-byte record, one per instance.
///
/// | bytes | field | GLSL (card.vert) |
/// | --- | --- | --- |
/// | 0–15  | `row0` | `layout(location = 1) in vec4 iRow0` |
/// | 16–31 | `row1` | `layout(location = 2) in vec4 iRow1` |
/// | 32–47 | `row2` | `layout(location = 3) in vec4 iRow2` |
/// | 48–51 | `alpha` | `layout(location = 4) in vec2 iAlphaDepth` (.x) |
/// | 52–55 | `depth` | (.y) |
/// | 56–59 | `layer` | `layout(location = 5) in uvec2 iLayerId` (.x) |
/// | 60–63 | `id` | (.y) |
///
/// The three rows are the card's affine local → world matrix (the fourth row is always
/// 0 0 0 1, so it is not sent), with the card's width and height folded into its first two
/// columns: it maps the unit quad (corners ±0.5, +y down) straight to world points. World
/// points are viewport points: the scroll offset is subtracted in Double before the conversion to
/// Float, so large offsets keep their precision. The third column (the card's z axis) is kept so
/// the record is the whole matrix.
public struct InstanceRecord: Hashable, Sendable {
    /// Row 0 of the 3 × 4 affine matrix: world x = dot(row0, (u, v, 0, 1)).
    public var row0: SIMD4<Float>
    /// Row 1: world y.
    public var row1: SIMD4<Float>
    /// Row 2: world z.
    public var row2: SIMD4<Float>
    /// Opacity, 0 < alpha ≤ 1.
    public var alpha: Float
    /// Distance from the eye to the card's center, points; what translucent cards are sorted by.
    public var depth: Float
    /// The texture-array layer of the card's image.
    public var layer: UInt32
    /// The card's stable id (`CardID.rawValue`).
    public var id: UInt32

    public init(row0: SIMD4<Float>, row1: SIMD4<Float>, row2: SIMD4<Float>,
                alpha: Float, depth: Float, layer: UInt32, id: UInt32) {
        self.row0 = row0
        self.row1 = row1
        self.row2 = row2
        self.alpha = alpha
        self.depth = depth
        self.layer = layer
        self.id = id
    }

    /// Bytes per record: the stride of the instance buffer.
    public static let stride = MemoryLayout<InstanceRecord>.stride

    /// Byte offsets of the attributes, as the vertex array reads them.
    public static let rowsOffset = MemoryLayout<InstanceRecord>.offset(of: \.row0) ?? 0
    public static let alphaDepthOffset = MemoryLayout<InstanceRecord>.offset(of: \.alpha) ?? 48
    public static let layerIdOffset = MemoryLayout<InstanceRecord>.offset(of: \.layer) ?? 56

    /// The record of `card` with the scroll `offset` subtracted, or `nil` when it has nothing to
    /// draw (hidden, fully transparent) or a number that is not finite (NaN never reaches a buffer).
    ///
    /// - Complexity: O(1), no allocation.
    public init?(_ card: CardAttributes, offset: Vec2, eye: Vec3, layerCount: Int) {
        guard !card.isHidden, card.alpha > 0, !card.alpha.isNaN else { return nil }
        let m = card.localToWorld(offset: offset)
        let w = card.size.width, h = card.size.height
        let x = SIMD4<Double>(m.c0.x * w, m.c1.x * h, m.c2.x, m.c3.x)
        let y = SIMD4<Double>(m.c0.y * w, m.c1.y * h, m.c2.y, m.c3.y)
        let z = SIMD4<Double>(m.c0.z * w, m.c1.z * h, m.c2.z, m.c3.z)
        row0 = SIMD4<Float>(x)
        row1 = SIMD4<Float>(y)
        row2 = SIMD4<Float>(z)
        let center = Vec3(m.c3.x, m.c3.y, m.c3.z)
        depth = Float((center - eye).length)
        // x·0 is 0 exactly for finite x and NaN for NaN or ±infinity (also after Float overflow).
        let probe = row0 * 0 + row1 * 0 + row2 * 0
        guard probe == .zero, depth.isFinite else { return nil }
        alpha = Float(min(card.alpha, 1))
        id = card.id.rawValue
        layer = layerCount > 1 ? id % UInt32(truncatingIfNeeded: layerCount) : 0
    }

    /// True when the card is fully opaque.
    public var isOpaque: Bool { alpha >= 1 }
}
