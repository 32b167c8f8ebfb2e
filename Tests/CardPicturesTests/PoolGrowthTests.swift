@testable import CardPictures
import Testing

/// Pools that grow and shrink (SPEC §10 "Memory grows with what is shown"): the layer pool keeps
/// its invariants through `grow` and `shrink` (a layer changes hands only with its picture's key,
/// pinned pictures stay, the most recent ones are kept), and the growth policy doubles at once
/// and shrinks only after its wait at rest.
@Suite struct PoolGrowthTests {
    /// Every resident picture owns its layer and the layer names it back; free layers name none;
    /// the recency list holds every layer once; the resident count is right.
    private func checkInvariants(_ pool: LayerPool, _ pictures: Int, sourceLocation: SourceLocation = #_sourceLocation) {
        var resident = 0
        for picture in 0..<pictures {
            guard let layer = pool.layer(of: picture) else { continue }
            resident += 1
            #expect(layer >= 0 && layer < pool.capacity, sourceLocation: sourceLocation)
            #expect(pool.picture(in: layer) == picture, "picture \(picture)'s layer names another", sourceLocation: sourceLocation)
        }
        for layer in 0..<pool.capacity {
            if let picture = pool.picture(in: layer) {
                #expect(pool.layer(of: picture) == layer, sourceLocation: sourceLocation)
            }
        }
        #expect(resident == pool.residentCount, sourceLocation: sourceLocation)
        #expect(pool.recencyOrder.sorted() == Array(0..<pool.capacity), sourceLocation: sourceLocation)
    }

    @Test("growing keeps every picture in its layer and its recency; the new layers are used before anything is evicted")
    func growKeepsLayers() {
        var pool = LayerPool(capacity: 4, pictureCount: 40)
        for picture in 0..<4 { _ = pool.assign(picture) }
        pool.beginFrame()
        pool.use(1, pin: true)
        let before = (0..<4).map { pool.layer(of: $0) }
        let order = pool.recencyOrder
        pool.grow(to: 8)
        #expect(pool.capacity == 8)
        #expect((0..<4).map { pool.layer(of: $0) } == before)
        #expect(Array(pool.recencyOrder.prefix(4)) == order)
        #expect(pool.isPinned(before[1]!))
        checkInvariants(pool, 40)
        // Four new pictures take the four new layers: nothing evicted.
        for picture in 10..<14 {
            let assigned = pool.assign(picture)
            #expect(assigned?.evicted == nil)
            #expect((4..<8).contains(assigned?.layer ?? -1))
        }
        #expect(pool.residentCount == 8)
        checkInvariants(pool, 40)
        pool.grow(to: 6)  // not larger: nothing changes
        #expect(pool.capacity == 8)
    }

    @Test("shrinking keeps the most recently used pictures, moved into the lower layers with their keys")
    func shrinkKeepsMostRecent() {
        var pool = LayerPool(capacity: 8, pictureCount: 40)
        for picture in 0..<8 { _ = pool.assign(picture) }
        pool.beginFrame()
        // Recency from most recent: 6, 7, 2, then the rest.
        pool.use(2, pin: false)
        pool.use(7, pin: false)
        pool.use(6, pin: false)
        let before = Dictionary(uniqueKeysWithValues: [6, 7, 2].map { ($0, pool.layer(of: $0)!) })
        let result = pool.shrink(to: 3)
        #expect(result.capacity == 3 && pool.capacity == 3)
        #expect(Set(result.kept.map(\.picture)) == [6, 7, 2])
        #expect(Set(result.evicted) == [0, 1, 3, 4, 5])
        for kept in result.kept {
            #expect(kept.from == before[kept.picture])
            // A layer already inside the new range stays put; the others move into it.
            #expect(kept.from < 3 ? kept.to == kept.from : kept.to < 3)
            #expect(pool.layer(of: kept.picture) == kept.to)
            #expect(pool.picture(in: kept.to) == kept.picture)
        }
        #expect(result.moves.count == before.values.filter { $0 >= 3 }.count)
        #expect(Set(result.kept.map(\.to)) == [0, 1, 2])
        for picture in [0, 1, 3, 4, 5] { #expect(pool.layer(of: picture) == nil) }
        #expect(pool.recencyOrder.compactMap { pool.picture(in: $0) } == [6, 7, 2])
        checkInvariants(pool, 40)
        // The pool works on: a new picture evicts the least recent one (2).
        pool.beginFrame()
        #expect(pool.assign(20)?.evicted == 2)
        checkInvariants(pool, 40)
    }

    @Test("a shrink never drops a pinned picture: it stops at the pinned count")
    func shrinkKeepsPinned() {
        var pool = LayerPool(capacity: 8, pictureCount: 40)
        for picture in 0..<8 { _ = pool.assign(picture) }
        pool.beginFrame()
        for picture in [0, 3, 5] { pool.use(picture, pin: true) }
        pool.use(7, pin: false)  // most recent but not pinned
        let result = pool.shrink(to: 2)
        #expect(result.capacity == 3)
        #expect(Set(result.kept.map(\.picture)) == [0, 3, 5])
        for picture in [0, 3, 5] {
            let layer = pool.layer(of: picture)
            #expect(layer.map { pool.isPinned($0) } == true)
        }
        checkInvariants(pool, 40)
        // Free layers after a shrink with room to spare come first.
        var roomy = LayerPool(capacity: 8, pictureCount: 40)
        for picture in 0..<2 { _ = roomy.assign(picture) }
        _ = roomy.shrink(to: 4)
        roomy.beginFrame()
        #expect(roomy.assign(30)?.evicted == nil)
        #expect(roomy.assign(31)?.evicted == nil)
        checkInvariants(roomy, 40)
    }

    @Test("random grows, shrinks and assigns: a lookup never returns another picture's layer")
    func randomSequences() {
        var random = SystemRandomNumberGenerator()
        var wrong = 0
        for _ in 0..<20 {
            var pool = LayerPool(capacity: Int.random(in: 1...8, using: &random), pictureCount: 64)
            // What each layer holds, as the texture would: written only by assign, moved by shrink.
            var texture = [Int: Int]()
            for _ in 0..<200 {
                switch Int.random(in: 0..<10, using: &random) {
                case 0:
                    pool.grow(to: pool.capacity * 2)
                case 1:
                    let result = pool.shrink(to: max(1, pool.capacity / 2))
                    var moved = [Int: Int]()
                    for kept in result.kept { moved[kept.to] = texture[kept.from] }
                    texture = moved
                case 2:
                    pool.beginFrame()
                default:
                    let picture = Int.random(in: 0..<64, using: &random)
                    if let assigned = pool.assign(picture), assigned.evicted != nil || texture[assigned.layer] != picture {
                        texture[assigned.layer] = picture  // uploaded
                    }
                }
                for picture in 0..<64 {
                    if let layer = pool.layer(of: picture), texture[layer] != picture { wrong += 1 }
                }
            }
            #expect(wrong == 0, "lookups that returned a layer holding another picture")
            checkInvariants(pool, 64)
        }
    }

    @Test("the policy doubles at once to hold the need, up to the maximum")
    func policyGrows() {
        var growth = PoolGrowth(minimum: 16, maximum: 150)
        #expect(growth.capacity == 16)
        #expect(growth.update(needed: 10, time: 0, atRest: true) == nil)
        #expect(growth.update(needed: 17, time: 0.1, atRest: false) == 32)
        #expect(growth.update(needed: 90, time: 0.15, atRest: false) == 96)  // past 64: 32 at a time
        #expect(growth.update(needed: 100, time: 0.2, atRest: false) == 128)
        #expect(growth.update(needed: 400, time: 0.3, atRest: false) == 150)
        #expect(growth.update(needed: 400, time: 0.4, atRest: false) == nil)
        var full = PoolGrowth(minimum: 0, maximum: 8)
        #expect(full.capacity == 0)
        #expect(full.update(needed: 1, time: 0, atRest: true) == 1)
        #expect(full.update(needed: 3, time: 0, atRest: true) == 4)
        #expect(full.fittingCapacity(for: 5) == 8)
        #expect(PoolGrowth(minimum: 16, maximum: 12).capacity == 12)
        var exact = PoolGrowth(minimum: 0, maximum: 8, doubles: false)
        #expect(exact.update(needed: 5, time: 0, atRest: true) == 5)
        #expect(exact.update(needed: 6, time: 0, atRest: true) == 6)
        #expect(exact.update(needed: 12, time: 0, atRest: true) == 8)
    }

    @Test("the policy shrinks only after its wait at rest with a smaller need, to the size that holds the need")
    func policyShrinks() {
        var growth = PoolGrowth(minimum: 16, maximum: 150, idleSeconds: 10)
        _ = growth.update(needed: 120, time: 0, atRest: false)
        #expect(growth.capacity == 128)
        #expect(growth.update(needed: 20, time: 1, atRest: true) == nil)
        #expect(growth.shrinkDue == 11)
        #expect(growth.update(needed: 20, time: 10.9, atRest: true) == nil)
        // Moving restarts the wait.
        #expect(growth.update(needed: 20, time: 11, atRest: false) == nil)
        #expect(growth.shrinkDue == nil)
        #expect(growth.update(needed: 20, time: 12, atRest: true) == nil)
        #expect(growth.update(needed: 20, time: 21.9, atRest: true) == nil)
        #expect(growth.update(needed: 20, time: 22, atRest: true) == 32)
        // A need that fits the pool restarts nothing and shrinks nothing.
        #expect(growth.update(needed: 30, time: 40, atRest: true) == nil)
        #expect(growth.shrinkDue == nil)
        #expect(growth.update(needed: 0, time: 50, atRest: true) == nil)
        #expect(growth.update(needed: 0, time: 60, atRest: true) == 16)
    }

    @Test("the needs count distinct pictures per tier")
    func needsCount() {
        var demand = PictureDemand()
        for picture in [1, 2, 2, 3, 1] { demand.append(PictureKey(picture, .card), .visible) }
        demand.append(PictureKey(2, .full), .visible)
        demand.append(PictureKey(2, .full), .visible)
        demand.append(PictureKey(99, .card), .ahead)  // outside the pictures
        demand.append(PictureKey(7, .card), .behind)  // kept while there is room: no growth
        var needs = PoolNeeds()
        let counted = needs.count(demand, pictureCount: 10)
        #expect(counted.card == 3 && counted.full == 1)
        demand.removeAll()
        demand.append(PictureKey(1, .card), .visible)
        #expect(needs.count(demand, pictureCount: 10).card == 1)
    }

    @Test("a pool with headroom takes half its need again, rounded up and capped, and shrinks only below what that holds")
    func headroom() {
        var full = PoolGrowth(minimum: 0, maximum: 8, doubles: false, headroom: 0.5)
        #expect(full.fittingCapacity(for: 0) == 0)
        #expect(full.fittingCapacity(for: 1) == 2)
        #expect(full.fittingCapacity(for: 3) == 5)
        #expect(full.update(needed: 5, time: 0, atRest: true) == 8, "pages' first screen: 5 needed, 8 taken")
        #expect(full.update(needed: 8, time: 1, atRest: true) == nil, "a page further needs no growth")
        #expect(full.update(needed: 12, time: 2, atRest: true) == nil, "capped at the maximum")
        // A need whose headroom still fills the pool shrinks nothing; a smaller one shrinks
        // after the wait to the need and its headroom.
        #expect(full.update(needed: 6, time: 3, atRest: true) == nil)
        #expect(full.shrinkDue == nil)
        #expect(full.update(needed: 2, time: 4, atRest: true) == nil)
        #expect(full.update(needed: 2, time: 4 + PoolGrowth.defaultIdleSeconds, atRest: true) == 3)
        #expect(PoolGrowth(minimum: 0, maximum: 8, doubles: false, headroom: .nan).fittingCapacity(for: 5) == 5)
    }
}
