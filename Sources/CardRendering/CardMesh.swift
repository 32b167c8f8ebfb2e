import CardMath

/// The mesh every card instance is drawn with (`card.vert` places its vertices), in four parts:
///
/// - **body**: the card as a rounded rectangle — a nine-patch whose middle is a rectangle inset by
///   the corner radius, whose edges are strips and whose corners are fans of `arcSegments`
///   triangles. The corners are cut by geometry, so the fragment shader never discards (a
///   discard would keep llvmpipe from testing depth before shading). Each vertex carries its
///   distance to the outline in corner radii (0 on the outline, 1 inside), which the shader
///   interpolates into the rim test: exact across the edge strips, within 2 % of the radius in
///   the corner fans.
/// - **plain**: the unit quad, for identity shading (the comparison's reference is rectangles).
/// - **badge**, **title**, **mark** (an unreadable picture's) and **cull** (the culling mark:
///   stars, pick flag, reject cross): one quad each, whose corners
///   are 0…1 across the decoration's rectangle (the vertex shader sizes and places it, or
///   collapses it when there is nothing legible to show).
///
/// A vertex is `(anchor.x, anchor.y, radii.x, radii.y, part, edge)`: its card point is
/// `anchor · size + radii · cornerRadius` (points from the card's center, +y down). Indices are
/// 16-bit, so the driver's vertex cache shades the 40 distinct vertices once per instance.
struct CardMesh {
    /// Parts, as `card.vert` reads `aPart.x` (written into it as `partBody`…`partCull`).
    enum Part: Float {
        case body = 0, plain = 1, badge = 2, title = 3, mark = 4, cull = 5
    }

    /// Triangles per rounded corner: at the largest radius (`CardOutline.maximumCornerRadius`,
    /// 24 points) a chord strays 0.46 points from the arc.
    static let arcSegments = 4
    /// Floats per vertex.
    static let vertexFloats = 6

    private(set) var vertices: [Float] = []
    private(set) var indices: [UInt16] = []
    /// Index ranges: the body; the decorations (badge, title, mark, culling mark); both, body first, so that
    /// within one instance the decorations come after the card they sit on; the plain quad.
    private(set) var body: Range<Int> = 0..<0
    private(set) var decorations: Range<Int> = 0..<0
    private(set) var decorated: Range<Int> = 0..<0
    private(set) var plain: Range<Int> = 0..<0

    init() {
        addBody()
        body = 0..<indices.count
        let unit: [(Float, Float)] = [(0, 0), (1, 0), (1, 1), (0, 1)]
        addQuad(.badge, corners: unit)
        addQuad(.title, corners: unit)
        addQuad(.mark, corners: unit)
        addQuad(.cull, corners: unit)
        decorations = body.upperBound..<indices.count
        decorated = 0..<indices.count
        let plainStart = indices.count
        addQuad(.plain, corners: [(-0.5, -0.5), (0.5, -0.5), (0.5, 0.5), (-0.5, 0.5)])
        plain = plainStart..<indices.count
    }

    private var vertexCount: Int { vertices.count / Self.vertexFloats }

    private mutating func addVertex(anchor: (Float, Float), radii: (Float, Float), part: Part, edge: Float) -> UInt16 {
        vertices += [anchor.0, anchor.1, radii.0, radii.1, part.rawValue, edge]
        return UInt16(vertexCount - 1)
    }

    private mutating func addQuad(_ part: Part, corners: [(Float, Float)]) {
        let v = corners.map { addVertex(anchor: $0, radii: (0, 0), part: part, edge: 1) }
        indices += [v[0], v[1], v[2], v[0], v[2], v[3]]
    }

    /// The nine-patch: corners top-left, top-right, bottom-right, bottom-left.
    private mutating func addBody() {
        let signs: [(Float, Float)] = [(-1, -1), (1, -1), (1, 1), (-1, 1)]
        var inner: [UInt16] = []
        var arcs: [[UInt16]] = []
        for (sx, sy) in signs {
            let corner = (0.5 * sx, 0.5 * sy)
            // The arc's circle is centered one radius inside the corner.
            inner.append(addVertex(anchor: corner, radii: (-sx, -sy), part: .body, edge: 1))
            var arc: [UInt16] = []
            // From the vertical edge (θ = 0) to the horizontal edge (θ = 90°).
            for step in 0...Self.arcSegments {
                let (sine, cosine) = sinCos(Double(step) / Double(Self.arcSegments) * .pi / 2)
                let radii = (-sx + sx * Float(cosine), -sy + sy * Float(sine))
                arc.append(addVertex(anchor: corner, radii: radii, part: .body, edge: 0))
            }
            arcs.append(arc)
        }
        let last = Self.arcSegments
        // Middle.
        indices += [inner[0], inner[1], inner[2], inner[0], inner[2], inner[3]]
        // Edges: top (horizontal ends of the top corners), right, bottom, left.
        let edges: [(UInt16, UInt16, UInt16, UInt16)] = [
            (arcs[0][last], arcs[1][last], inner[1], inner[0]),
            (arcs[1][0], arcs[2][0], inner[2], inner[1]),
            (arcs[2][last], arcs[3][last], inner[3], inner[2]),
            (arcs[3][0], arcs[0][0], inner[0], inner[3]),
        ]
        for (a, b, c, d) in edges { indices += [a, b, c, a, c, d] }
        // Corner fans.
        for (corner, arc) in arcs.enumerated() {
            for step in 0..<last { indices += [inner[corner], arc[step], arc[step + 1]] }
        }
    }
}
