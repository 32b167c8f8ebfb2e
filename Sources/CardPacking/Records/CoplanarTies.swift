import CardLayout
import CardMath

/// Where a record's card comes in the painter's order of its frame: by zIndex, then index (what
/// `zindex` ordering draws back to front, and what breaks exact ties in hit-testing and in
/// `compare`'s reference). The later in this order is on top.
struct PaintOrder {
    var zIndex: Int
    var index: Int
}

/// The exact coplanar ties of a frame (SPEC §8, `CoplanarOrder`): overlapping cards in one plane
/// with equal `depthBias`, which the depth test alone cannot order — their bodies are at equal
/// depth (the first drawn wins), and each card's badge and title, lifted
/// `CardRenderer.decorationLift` (0.25 points) toward the eye, would beat the other card's body.
///
/// `find` gives each record a layer: 0 for a card in no tie, else one more than the highest
/// layer of the tied cards under it in the painter's order (`PaintOrder`) that it overlaps — the
/// fewest steps that put every tied card above the ones it covers. `BiasRanking` then ranks
/// (bias, layer) pairs, so one rank (`CoplanarOrder.depthPerStep`, 0.5 points, above the lift)
/// separates tied cards in the depth buffer exactly as different biases do.
///
/// Which cards tie, exactly: the same plane — unit normal (sign made canonical) and distance
/// from the origin, computed in Double from the record's matrix and rounded to Float, equal —
/// the same bias, and an overlap deeper than `overlapTolerance` (cards that only touch along an
/// edge, as a row with spacing 0.5 does, do not tie). Cards nearly but not exactly coplanar are
/// not ties here (their depths still differ).
///
/// Only the frames that may tie run the search: those of a layout that says so
/// (`CardLayout.mayTieCoplanarCards`: layout files, rotary), of cards in between two states,
/// of cards from anywhere (`RenderFrame`); a built-in that never ties skips it.
///
/// Only the records the camera may show enter the search (`ViewVolume.mayShow`): a card wholly
/// off screen (or behind the eye, or outside near…far) draws nothing that a tie could order, so
/// it keeps layer 0 at the cost of one test — an all-cards frame of a 10,000-card deck searches
/// the few dozen cards on screen, not the deck.
///
/// - Complexity: O(n) for the screen test, then, for the m records on screen: O(m) when they
///   come in the order of their plane's distance, bias, then top and left edges, or its reverse
///   (a grid or a stack in index order) and no two cards of one plane and bias overlap in their
///   bounding boxes (checked against the running maximum of the boxes seen: a row of a grid
///   costs one comparison a card); O(m log m) to sort otherwise, plus O(k) per card for the k
///   cards of its plane and bias whose boxes it meets — at most `comparisonBudget` in all, past
///   which the search gives up (no ties). No allocation once the buffers have grown.
struct CoplanarTies {
    /// Overlaps this deep or shallower, points, are touching edges, not ties.
    static let overlapTolerance = 1e-3

    /// The most box comparisons a frame's search makes (among the records on screen: whatever
    /// the deck's size) before it gives up and reports no ties, so the frame keeps the offsets of
    /// its biases alone. Only a pile reaches it — about 360 cards on screen, all in one plane
    /// with one bias, all meeting each other's boxes (the all-cards frame of a 10,000-card
    /// wheel, whose turns lay cards over cards) — where the search would otherwise go quadratic:
    /// 2¹⁶ comparisons cost about 2 ms of packing (release, the bench's wheel), 2²⁰ cost 28–33 ms.
    static let defaultComparisonBudget = 1 << 16

    /// The budget this search keeps (`defaultComparisonBudget`; tests set smaller ones).
    var comparisonBudget = CoplanarTies.defaultComparisonBudget

    /// A record's plane and world bounding box.
    private struct Facts {
        var normal = SIMD3<Float>.zero
        var distance: Float = 0
        var minX: Float = 0, maxX: Float = 0, minY: Float = 0, maxY: Float = 0
        var isFlat = false
    }

    /// A tie: two overlapping records, `lower` under `upper` in the painter's order.
    private struct Edge {
        var lower: Int
        var upper: Int
    }

    /// Each record's layer after `find` (valid for the records `find` last saw).
    private(set) var layers: [Int] = []
    /// The facts of the records the camera may show, and which record each is.
    private var facts: [Facts] = []
    private var shown: [Int] = []
    private var keys: [SortKey] = []
    private var scratch: [SortKey] = []
    private var active: [Int] = []
    private var edges: [Edge] = []
    private var edgeKeys: [SortKey] = []
    private var comparisonsLeft = 0

    /// Finds the ties among the records `volume` may show; returns false (and leaves `layers`
    /// alone) when there are none, true after setting `layers[i]` for every record `i` (0 for
    /// the records off screen).
    ///
    /// - Parameters:
    ///   - volume: what the camera shows; records wholly outside it are not searched.
    ///   - paintOrder: the painter's order of record `i`'s card.
    mutating func find(_ records: UnsafeMutableBufferPointer<InstanceRecord>, volume: ViewVolume,
                       paintOrder: (Int) -> PaintOrder) -> Bool {
        let n = records.count
        guard n > 1 else { return false }
        // Room for every record, as the packers' own buffers: a frame that shows more cards
        // than the last (a layout scrolling) then allocates nothing.
        InstancePacker.makeRoom(in: &facts, for: n)
        InstancePacker.makeRoom(in: &shown, for: n)
        InstancePacker.makeRoom(in: &keys, for: n)
        facts.removeAll(keepingCapacity: true)
        shown.removeAll(keepingCapacity: true)
        keys.removeAll(keepingCapacity: true)
        // Index loops: for-in allocates per element in debug builds, where the tests count.
        var i = 0
        while i < n {
            if volume.mayShow(records[i]) {
                let f = Self.facts(of: records[i])
                // Plane distance, bias, then the top edge and the left edge in one Int: a grid's
                // rows in index order are sorted, in reverse index order strictly descending.
                keys.append(SortKey(primary: Double(f.distance), bias: records[i].depthOffset,
                                    secondary: Self.orderKey(f.minY, f.minX), position: facts.count))
                facts.append(f)
                shown.append(i)
            }
            i += 1
        }
        let m = facts.count
        guard m > 1 else { return false }
        if scratch.count < n { scratch = Array(repeating: SortKey(primary: 0, secondary: 0, position: 0), count: keys.capacity) }
        InstancePacker.order(&keys, scratch: &scratch)
        edges.removeAll(keepingCapacity: true)
        comparisonsLeft = comparisonBudget
        var start = 0
        while start < m {
            var end = start + 1
            while end < m, keys[end].primary == keys[start].primary, keys[end].bias == keys[start].bias { end += 1 }
            if end - start > 1 { sweep(start..<end, records, paintOrder) }
            guard comparisonsLeft >= 0 else { return false }
            start = end
        }
        guard !edges.isEmpty else { return false }
        assignLayers(count: n, paintOrder)
        return true
    }

    /// Finds the overlapping pairs among `keys[run]` (one plane distance and bias), sorted by
    /// top edge: a card's box can meet only the boxes still open at its top edge. Keys, `facts`
    /// and `active` hold indices into `facts` (records on screen); edges hold record indices.
    private mutating func sweep(_ run: Range<Int>, _ records: UnsafeMutableBufferPointer<InstanceRecord>,
                                _ paintOrder: (Int) -> PaintOrder) {
        active.removeAll(keepingCapacity: true)
        InstancePacker.makeRoom(in: &active, for: run.count)
        var openRight = -Float.infinity, firstClose = Float.infinity
        var k = run.lowerBound
        while k < run.upperBound {
            let p = keys[k].position
            let f = facts[p]
            k += 1
            guard f.isFlat else { continue }
            if f.minY >= firstClose {
                // Close the boxes that end above this card's top edge (every later card's too).
                openRight = -.infinity
                firstClose = .infinity
                var kept = 0, a = 0
                while a < active.count {
                    let q = active[a]
                    a += 1
                    guard facts[q].maxY > f.minY else { continue }
                    active[kept] = q
                    kept += 1
                    openRight = max(openRight, facts[q].maxX)
                    firstClose = min(firstClose, facts[q].maxY)
                }
                active.removeLast(active.count - kept)
            }
            if f.minX < openRight {
                var a = 0
                comparisonsLeft -= active.count
                guard comparisonsLeft >= 0 else { return }
                while a < active.count {
                    let q = active[a]
                    a += 1
                    let g = facts[q]
                    let (rp, rq) = (shown[p], shown[q])
                    guard g.maxX > f.minX, g.minX < f.maxX, g.normal == f.normal,
                          Self.overlap(records[rp], records[rq]) else { continue }
                    // A frame's edges are at most its comparisons: room for the whole budget at
                    // the first tie, so later frames with more ties allocate nothing (1 MiB,
                    // with the edge keys and the sort's scratch 5 MiB at the default budget).
                    if edges.capacity < comparisonBudget { edges.reserveCapacity(comparisonBudget) }
                    let (pp, pq) = (paintOrder(rp), paintOrder(rq))
                    let pAbove = pp.zIndex != pq.zIndex ? pp.zIndex > pq.zIndex
                        : pp.index != pq.index ? pp.index > pq.index : rp > rq
                    edges.append(pAbove ? Edge(lower: rq, upper: rp) : Edge(lower: rp, upper: rq))
                }
            }
            active.append(p)
            openRight = max(openRight, f.maxX)
            firstClose = min(firstClose, f.maxY)
        }
    }

    /// Layers by the longest chain of ties under each card: the edges sorted by their upper
    /// card's place in the painter's order, then relaxed until nothing changes (once, plus a
    /// confirming pass, unless cards share a zIndex and an index).
    private mutating func assignLayers(count n: Int, _ paintOrder: (Int) -> PaintOrder) {
        InstancePacker.makeRoom(in: &layers, for: n)
        layers.removeAll(keepingCapacity: true)
        var i = 0
        while i < n { layers.append(0); i += 1 }
        InstancePacker.makeRoom(in: &edgeKeys, for: edges.capacity)
        edgeKeys.removeAll(keepingCapacity: true)
        i = 0
        while i < edges.count {
            let upper = paintOrder(edges[i].upper)
            edgeKeys.append(SortKey(primary: Double(upper.zIndex), secondary: upper.index, position: i))
            i += 1
        }
        if scratch.count < edgeKeys.capacity {
            scratch = Array(repeating: SortKey(primary: 0, secondary: 0, position: 0), count: edgeKeys.capacity)
        }
        InstancePacker.order(&edgeKeys, scratch: &scratch)
        // Each pass lengthens every chain it does not finish; a chain is at most n cards long.
        var changed = true, passes = 0
        while changed, passes <= n {
            changed = false
            passes += 1
            i = 0
            while i < edgeKeys.count {
                let edge = edges[edgeKeys[i].position]
                let layer = layers[edge.lower] + 1
                if layer > layers[edge.upper] {
                    layers[edge.upper] = layer
                    changed = true
                }
                i += 1
            }
        }
    }

    /// The record's plane (its card's unit normal, sign made canonical: the first non-zero of
    /// z, y, x positive; and the distance of the plane from the origin along it) and its world
    /// bounding box in x and y, points. Not flat for a card of no area.
    private static func facts(of r: InstanceRecord) -> Facts {
        let (u, v, t) = vectors(r)
        var normal = u.cross(v)
        let length = normal.length
        guard length > 0, length.isFinite else { return Facts() }
        normal /= length
        if normal.z < 0 || (normal.z == 0 && (normal.y < 0 || (normal.y == 0 && normal.x < 0))) { normal = -normal }
        let halfX = (abs(u.x) + abs(v.x)) / 2, halfY = (abs(u.y) + abs(v.y)) / 2
        return Facts(normal: SIMD3<Float>(Float(normal.x), Float(normal.y), Float(normal.z)),
                     distance: Float(normal.dot(t)),
                     minX: Float(t.x - halfX), maxX: Float(t.x + halfX), minY: Float(t.y - halfY), maxY: Float(t.y + halfY),
                     isFlat: true)
    }

    /// The card's width and height vectors and its center, world points (the record's matrix).
    private static func vectors(_ r: InstanceRecord) -> (u: Vec3, v: Vec3, t: Vec3) {
        (Vec3(Double(r.row0.x), Double(r.row1.x), Double(r.row2.x)),
         Vec3(Double(r.row0.y), Double(r.row1.y), Double(r.row2.y)),
         Vec3(Double(r.row0.w), Double(r.row1.w), Double(r.row2.w)))
    }

    /// Whether two cards of one plane overlap by more than `overlapTolerance`: no axis in the
    /// plane across either card's edges separates them (two parallelograms).
    private static func overlap(_ a: InstanceRecord, _ b: InstanceRecord) -> Bool {
        let (ua, va, ta) = vectors(a), (ub, vb, tb) = vectors(b)
        let normal = ua.cross(va)
        /// Whether the axis in the plane across `edge` separates the cards.
        func separates(across edge: Vec3) -> Bool {
            let axis = normal.cross(edge)
            let length = axis.length
            guard length > 0 else { return false }
            let reach = (abs(ua.dot(axis)) + abs(va.dot(axis)) + abs(ub.dot(axis)) + abs(vb.dot(axis))) / 2
            return abs((ta - tb).dot(axis)) >= reach - overlapTolerance * length
        }
        return !(separates(across: ua) || separates(across: va) || separates(across: ub) || separates(across: vb))
    }

    /// Two Floats in one Int that orders as (first, second) does.
    private static func orderKey(_ first: Float, _ second: Float) -> Int {
        let combined = UInt64(orderBits(first)) << 32 | UInt64(orderBits(second))
        return Int(Int64(bitPattern: combined ^ (1 << 63)))
    }

    /// A Float's bits as a UInt32 that orders as the Float does (finite values).
    private static func orderBits(_ value: Float) -> UInt32 {
        let bits = value.bitPattern
        return bits & 0x8000_0000 != 0 ? ~bits : bits | 0x8000_0000
    }
}
