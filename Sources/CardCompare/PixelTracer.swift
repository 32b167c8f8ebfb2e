import CardLayout
import CardMath
import CardRendering

/// Traces one pixel of the reference: its ray against the candidate cards, the cards seen in
/// order, their composited colour, the signature of what is seen and whether an outline is near.
///
/// One tracer per worker: it keeps its scratch arrays between pixels, so a row allocates nothing.
struct PixelTracer {
    let cards: [ProjectedCard]
    let camera: Camera
    let visibility: ReferenceVisibility
    let outlineMargin: Double
    /// Viewport points per pixel, along x and y.
    private let stepX: Double, stepY: Double
    /// Pixels per row of the output.
    private let width: Int
    private var hits: [(hit: PlaneHit, card: Int32)] = []
    private var planes: [(hit: PlaneHit, card: Int32)] = []

    init(cards: [ProjectedCard], camera: Camera, pixels: PixelSize, visibility: ReferenceVisibility, outlineMargin: Double) {
        self.cards = cards
        self.camera = camera
        self.visibility = visibility
        self.outlineMargin = outlineMargin
        width = pixels.width
        stepX = camera.viewport.width / Double(max(pixels.width, 1))
        stepY = camera.viewport.height / Double(max(pixels.height, 1))
    }

    /// Traces pixel (x, y) against `candidates` (indices into `cards`) and writes its colour,
    /// signature and outline flag.
    mutating func trace(x: Int, y: Int, candidates: [Int32], into out: PixelOutput) {
        let eye = camera.eye
        let dx = (Double(x) + 0.5) * stepX - eye.x, dy = (Double(y) + 0.5) * stepY - eye.y, dz = -camera.eyeDistance
        hits.removeAll(keepingCapacity: true)
        planes.removeAll(keepingCapacity: true)
        for index in candidates {
            guard let hit = cards[Int(index)].planeHit(dx: dx, dy: dy, dz: dz) else { continue }
            let depth = hit.t * camera.eyeDistance
            guard depth >= camera.near, depth <= camera.far else { continue }  // clipped by the GPU too
            planes.append((hit, index))
            if cards[Int(index)].contains(hit) { hits.append((hit, index)) }
        }
        let cards = self.cards, visibility = self.visibility
        hits.sort { Self.inFront($0, of: $1, cards: cards, visibility: visibility) }
        if visibility == .exact { orderCoplanarRuns() }

        // Seen: front to back up to the first opaque card.
        var seen = hits.count
        for (i, entry) in hits.enumerated() where cards[Int(entry.card)].alpha >= 1 { seen = i + 1; break }
        var red = 0.0, green = 0.0, blue = 0.0  // the black background of identity frames
        var signature: UInt64 = 0xcbf2_9ce4_8422_2325  // FNV-1a over the ids seen
        for i in stride(from: seen - 1, through: 0, by: -1) {
            let card = cards[Int(hits[i].card)]
            red = card.alpha * card.red + (1 - card.alpha) * red
            green = card.alpha * card.green + (1 - card.alpha) * green
            blue = card.alpha * card.blue + (1 - card.alpha) * blue
        }
        for i in 0..<seen {
            signature = (signature ^ UInt64(cards[Int(hits[i].card)].id.rawValue)) &* 0x100_0000_01b3
        }

        // Outlines that matter: cards not hidden behind the opaque card that ends the list.
        var nearOutline = false
        let stopper = seen > 0 && cards[Int(hits[seen - 1].card)].alpha >= 1 ? hits[seen - 1] : nil
        let step = max(stepX, stepY)
        let eyeDistance = camera.eyeDistance
        for entry in planes where stopper.map({
            !Self.inFront($0, of: entry, cards: cards, visibility: visibility, eyeDistance: eyeDistance, coplanar: true)
        }) ?? true {
            if cards[Int(entry.card)].isNearOutline(entry.hit, step: step, margin: outlineMargin) {
                nearOutline = true
                break
            }
        }

        let i = y * width + x
        out.colors[4 * i] = Self.byte(red)
        out.colors[4 * i + 1] = Self.byte(green)
        out.colors[4 * i + 2] = Self.byte(blue)
        out.colors[4 * i + 3] = 255
        out.signatures[i] = signature
        out.near[i] = nearOutline
    }

    /// Whether `a` is seen in front of `b`: nearer (exact) or higher in paint order (painter).
    /// Exact visibility takes hits within `CoplanarOrder.tolerance` points of depth of each
    /// other as coplanar: the larger `depthBias` in front, then the nearer. As a sort's
    /// comparator it is used only on plain depth (`coplanar: false`, then `orderCoplanarRuns`):
    /// a tolerance makes no total order.
    @inline(__always)
    private static func inFront(_ a: (hit: PlaneHit, card: Int32), of b: (hit: PlaneHit, card: Int32),
                                cards: [ProjectedCard], visibility: ReferenceVisibility,
                                eyeDistance: Double = 0, coplanar: Bool = false) -> Bool {
        let ca = cards[Int(a.card)], cb = cards[Int(b.card)]
        if visibility == .exact {
            if coplanar, abs(a.hit.t - b.hit.t) * eyeDistance <= CoplanarOrder.tolerance, ca.bias != cb.bias {
                return ca.bias > cb.bias
            }
            if a.hit.t != b.hit.t { return a.hit.t < b.hit.t }
        }
        if ca.zIndex != cb.zIndex { return ca.zIndex > cb.zIndex }
        return ca.index != cb.index ? ca.index > cb.index : a.card > b.card
    }

    /// Reorders `hits`, sorted nearest first, run by run: a run is a hit and every later one
    /// within `CoplanarOrder.tolerance` points of depth of it; within a run the larger bias is in
    /// front, then the nearer, then the higher zIndex and index (`CoplanarOrder.inFront`).
    ///
    /// - Complexity: O(k) when no two hits are that close, else O(k log k); no allocation.
    private mutating func orderCoplanarRuns() {
        let limit = CoplanarOrder.tolerance / camera.eyeDistance  // in units of the ray parameter t
        let cards = self.cards
        var start = 0
        while start < hits.count {
            var end = start + 1
            while end < hits.count, hits[end].hit.t - hits[start].hit.t <= limit { end += 1 }
            if end - start > 1 {
                hits[start..<end].sort { a, b in
                    let ca = cards[Int(a.card)], cb = cards[Int(b.card)]
                    if let order = CoplanarOrder.inFront(depth: a.hit.t, bias: ca.bias, otherDepth: b.hit.t, otherBias: cb.bias) {
                        return order
                    }
                    if ca.zIndex != cb.zIndex { return ca.zIndex > cb.zIndex }
                    return ca.index != cb.index ? ca.index > cb.index : a.card > b.card
                }
            }
            start = end
        }
    }

    /// A channel value 0…255 rounded to the nearest byte.
    @inline(__always)
    static func byte(_ value: Double) -> UInt8 { UInt8(clamp(value.rounded(), 0, 255)) }
}
