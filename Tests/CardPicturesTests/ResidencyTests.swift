@testable import CardPictures
import Testing

/// The layer pool and the residency: LRU order, pins, keys and layers changing hands together,
/// fade-in times and unreadable pictures.
@Suite struct ResidencyTests {
    @Test("free layers are used before anything is evicted, then the least recently used goes")
    func leastRecentlyUsedOrder() {
        var pool = LayerPool(capacity: 3, pictureCount: 10)
        for picture in 0..<3 { #expect(pool.assign(picture)?.evicted == nil) }
        #expect(pool.residentCount == 3)
        pool.beginFrame()
        pool.use(0, pin: false)  // 1 is now the least recently used
        let first = pool.assign(3)
        #expect(first?.evicted == 1)
        #expect(pool.layer(of: 1) == nil)
        pool.beginFrame()
        #expect(pool.assign(4)?.evicted == 2)
        pool.beginFrame()
        #expect(pool.assign(5)?.evicted == 0)
        #expect(pool.residentCount == 3)
        // Every resident picture owns its layer and the layer names it back.
        for picture in [3, 4, 5] {
            let layer = pool.layer(of: picture)
            #expect(layer.flatMap { pool.picture(in: $0) } == picture)
        }
    }

    @Test("pinned layers are never evicted; with every layer pinned nothing is assigned")
    func pinnedLayersStay() {
        var pool = LayerPool(capacity: 4, pictureCount: 20)
        for picture in 0..<4 { _ = pool.assign(picture) }
        pool.beginFrame()
        for picture in 0..<4 { pool.use(picture, pin: true) }
        #expect(pool.assign(10) == nil)
        #expect((0..<4).allSatisfy { pool.layer(of: $0) != nil })
        pool.beginFrame()
        // Picture 0 is the least recently used but pinned: 1 goes instead.
        pool.use(0, pin: true)
        pool.use(2, pin: true)
        pool.use(3, pin: true)
        #expect(pool.assign(10)?.evicted == 1)
        // The newly assigned layer is pinned for this frame: no more room now.
        #expect(pool.assign(11) == nil)
        pool.beginFrame()
        #expect(pool.assign(11)?.evicted == 0)
    }

    @Test("a forgotten picture's layer is reused first")
    func forgottenLayersFirst() {
        var pool = LayerPool(capacity: 3, pictureCount: 10)
        for picture in 0..<3 { _ = pool.assign(picture) }
        let layer = pool.forget(2)
        pool.beginFrame()
        #expect(pool.assign(7)?.layer == layer)
        #expect(pool.assign(7)?.evicted == nil)  // Already resident: its own layer again.
        #expect(pool.layer(of: 0) != nil && pool.layer(of: 1) != nil)
    }

    @Test("recency order lists every layer once, most recent first")
    func recencyOrder() {
        var pool = LayerPool(capacity: 5, pictureCount: 10)
        let a = pool.assign(0)!.layer, b = pool.assign(1)!.layer
        pool.use(0, pin: false)
        let order = pool.recencyOrder
        #expect(order.count == 5 && Set(order).count == 5)
        #expect(Array(order.prefix(2)) == [a, b])
    }

    @Test("residency: the best tier wins, fades start once per appearance, failures stick")
    func appearances() {
        var residency = PictureResidency(pictureCount: 8, cardLayers: 2, fullLayers: 1)
        #expect(residency.appearance(of: 3) == .placeholder)
        let cardLayer = residency.assign(PictureKey(3, .card), at: 1.0)
        #expect(residency.appearance(of: 3) == .resident(tier: .card, layer: cardLayer!, since: 1.0))
        let fullLayer = residency.assign(PictureKey(3, .full), at: 2.0)
        // The full tier replaces the card tier without fading in again.
        #expect(residency.appearance(of: 3) == .resident(tier: .full, layer: fullLayer!, since: 1.0))
        residency.beginFrame()
        _ = residency.assign(PictureKey(4, .full), at: 3.0)  // evicts 3's full layer
        #expect(residency.appearance(of: 3) == .resident(tier: .card, layer: cardLayer!, since: 1.0))
        residency.forget(PictureKey(3, .card))
        #expect(residency.appearance(of: 3) == .placeholder)
        _ = residency.assign(PictureKey(3, .card), at: 5.0)
        guard case .resident(_, _, let since) = residency.appearance(of: 3) else {
            Issue.record("not resident")
            return
        }
        #expect(since == 5.0)

        residency.markUnreadable(3, reason: "'x.png' is truncated")
        #expect(residency.appearance(of: 3) == .unreadable)
        #expect(residency.unreadableReason(3) == "'x.png' is truncated")
        #expect(residency.assign(PictureKey(3, .card), at: 6) == nil)
        #expect(residency.card.layer(of: 3) == nil)
        residency.clearUnreadable(3)
        #expect(residency.appearance(of: 3) == .placeholder)
        #expect(residency.appearance(of: -1) == .placeholder && residency.appearance(of: 99) == .placeholder)
    }

    @Test("the fade is a 150 ms linear ramp on the caller's clock")
    func fade() {
        #expect(PictureResidency.opacity(since: 10, now: 10) == 0)
        #expect(abs(PictureResidency.opacity(since: 10, now: 10.075) - 0.5) < 1e-9)
        #expect(PictureResidency.opacity(since: 10, now: 10.2) == 1)
        #expect(PictureResidency.opacity(since: 10, now: 9) == 0)
        #expect(PictureResidency.opacity(since: .nan, now: 1) == 1)
    }

    @Test("growing and shrinking the picture list keeps the pool consistent")
    func resizing() {
        var pool = LayerPool(capacity: 2, pictureCount: 4)
        _ = pool.assign(3)
        _ = pool.assign(1)
        pool.resizePictures(to: 2)
        #expect(pool.pictureCount == 2 && pool.residentCount == 1 && pool.layer(of: 1) != nil)
        pool.resizePictures(to: 6)
        pool.beginFrame()
        #expect(pool.assign(5) != nil && pool.assign(4) != nil)
        #expect(pool.layer(of: 1) == nil)
    }

    @Test("a full-tier picture made for less detail than its card asks now is not current, and is replaced in its own layer")
    func fullTierDetail() {
        var residency = PictureResidency(pictureCount: 6, cardLayers: 4, fullLayers: 2)
        let key = PictureKey(3, .full)
        let layer = residency.assign(key, at: 0)
        #expect(layer != nil)
        residency.setFullDetail(3, 512)  // from its x-large thumbnail
        residency.setWantedFullDetail(3, 480)  // a resting page
        #expect(residency.isCurrent(key))
        residency.setWantedFullDetail(3, 1067)  // opened: the window's width
        #expect(!residency.isCurrent(key) && residency.isResident(key))
        residency.beginFrame()
        #expect(residency.assign(key, at: 1) == layer, "the decode goes into the thumbnail's layer")
        residency.setFullDetail(3, 1067)
        #expect(residency.isCurrent(key) && residency.fullDetail(of: 3) == 1067)
        // Nothing asked (0): any resident picture is current; the card tier keeps its own rule.
        residency.setWantedFullDetail(3, 0)
        #expect(residency.isCurrent(key))
        #expect(residency.wantedFullDetail(of: 3) == 0)
    }
}
