import CardMath
@testable import CardPictures
import Testing

/// A tier (`PictureTier`): the pools it starts with, its plan the scheduler's own over its
/// residency, its pools growing at once and shrinking only after the wait at rest, what a pool
/// forgets, the bytes it counts, and the key space growing.
@Suite struct PictureTierTests {
    /// A tier of pictures `0..<100` whose card pool starts at 4 layers (up to 32) and whose full
    /// pool starts empty (up to 3, exactly the layers needed).
    func pictures() -> PictureTier {
        var tier = PictureTier(content: .pictures, keyCount: 100, maxInFlight: 6, demandCapacity: 64)
        tier.startPools(keyCount: 100, card: PoolGrowth(minimum: 4, maximum: 32), full: PoolGrowth(minimum: 0, maximum: 3, doubles: false),
                        cardLayerSize: PixelSize(width: 320, height: 320), fullLayerSize: PixelSize(width: 0, height: 0))
        return tier
    }

    /// Cards `visible` in view at the card pool, those in `large` at the full pool too, then 8
    /// cards ahead and 4 behind.
    func fill(_ demand: inout PictureDemand, visible: ClosedRange<Int>, large: [Int] = []) {
        demand.removeAll()
        for card in visible { demand.append(PictureKey(card, .card), .visible) }
        for card in large { demand.append(PictureKey(card, .full), .visible) }
        demand.appendNeighborhood(visible: visible, heading: .forward, ahead: 8, behind: 4, cardCount: 100) { $0 }
    }

    @Test("new pools have the growths' starting layers and the sizes given; nothing resident, nothing in flight")
    func startsPools() {
        var tier = pictures()
        #expect(tier.capacity(of: .card) == 4 && tier.capacity(of: .full) == 0)
        #expect(tier.growth(of: .card).maximum == 32 && tier.growth(of: .full).maximum == 3)
        #expect(tier.layerSize(of: .card) == PixelSize(width: 320, height: 320))
        #expect(tier.layerSize(of: .full).isEmpty)
        fill(&tier.demand, visible: 10...13)
        tier.plan()
        #expect(tier.inFlightCount == 4, "no more than the card pool holds")
        // Pools started again: every key forgotten, nothing in flight (their results are dropped).
        tier.startPools(keyCount: 120, card: PoolGrowth(minimum: 8, maximum: 32), full: PoolGrowth(minimum: 0, maximum: 3),
                        cardLayerSize: PixelSize(width: 256, height: 256), fullLayerSize: PixelSize(width: 0, height: 0))
        #expect(tier.inFlightCount == 0 && tier.keyCount == 120 && tier.capacity(of: .card) == 8)
        #expect(tier.layerSize(of: .card) == PixelSize(width: 256, height: 256))
        tier.plan()
        #expect(tier.scheduler.requests.count == 6, "the same demand is asked for again")
    }

    @Test("its plan is the scheduler's over its residency: the same requests, priorities and pins")
    func plansAsTheScheduler() {
        var tier = pictures()
        var residency = PictureResidency(pictureCount: 100, cardLayers: 4, fullLayers: 0)
        var scheduler = PictureScheduler(pictureCount: 100, maxInFlight: 6)
        for (first, large) in [(10, [11]), (12, [12]), (30, []), (31, [33])] {
            fill(&tier.demand, visible: first...(first + 3), large: large)
            tier.plan()
            scheduler.plan(tier.demand, residency: &residency)
            #expect(tier.scheduler.requests == scheduler.requests)
            #expect(tier.scheduler.cancellations == scheduler.cancellations)
            let key = tier.scheduler.requests[0].key
            tier.scheduler.finished(key)
            scheduler.finished(key)
            #expect(tier.residency.assign(key, at: 1) == residency.assign(key, at: 1))
        }
    }

    @Test("a pool grows at once to what the demand needs and shrinks only after the wait at rest")
    func growsAndShrinks() {
        var tier = pictures()
        fill(&tier.demand, visible: 0...11, large: [3, 4])
        let needs = tier.countNeeds()
        #expect(needs.card == 12 + 8 && needs.full == 2, "the cards behind make no pool grow")
        #expect(tier.nextCapacity(of: .card, needed: needs.card, time: 0, atRest: false) == 32)
        #expect(tier.nextCapacity(of: .full, needed: needs.full, time: 0, atRest: false) == 2)
        #expect(tier.growth(of: .card).capacity == 32 && tier.shrinkDue == nil)
        // At rest with fewer needed: due after the wait, then the smaller size.
        #expect(tier.nextCapacity(of: .card, needed: 5, time: 1, atRest: true) == nil)
        #expect(tier.nextCapacity(of: .full, needed: 1, time: 2, atRest: true) == nil)
        #expect(tier.shrinkDue == 1 + PoolGrowth.defaultIdleSeconds, "the earlier of the two pools")
        #expect(tier.nextCapacity(of: .card, needed: 5, time: 1 + PoolGrowth.defaultIdleSeconds, atRest: true) == 8)
        #expect(tier.shrinkDue == 2 + PoolGrowth.defaultIdleSeconds)
        #expect(PictureTier.earliest(nil, nil) == nil && PictureTier.earliest(nil, 3) == 3 && PictureTier.earliest(2, 3) == 2)
    }

    @Test("forgetting a pool forgets its keys only; they fade in again when they come back")
    func forgetsAPool() throws {
        var tier = pictures()
        tier.residency.grow(.full, to: 2)
        for picture in 0..<4 { _ = tier.residency.assign(PictureKey(picture, .card), at: 1) }
        _ = tier.residency.assign(PictureKey(2, .full), at: 1)
        tier.forgetAll(.card)
        #expect(tier.residency.card.residentCount == 0 && tier.residency.full.residentCount == 1)
        #expect(tier.residency.appearance(of: 0) == .placeholder)
        let full = try #require(tier.residency.layer(for: PictureKey(2, .full)))
        #expect(tier.residency.appearance(of: 2) == .resident(tier: .full, layer: full, since: 1))
        tier.forgetAll(.full)
        let assigned = tier.residency.assign(PictureKey(2, .card), at: 5)
        let card = try #require(assigned)
        #expect(tier.residency.appearance(of: 2) == .resident(tier: .card, layer: card, since: 5))
    }

    @Test("bytes: RGBA pictures with mips per layer, one-byte titles with mips per pool")
    func countsBytes() {
        var tier = pictures()
        tier.residency.grow(.full, to: 2)
        tier.setLayerSize(PixelSize(width: 640, height: 400), of: .full)
        for picture in 0..<3 { _ = tier.residency.assign(PictureKey(picture, .card), at: 0) }
        _ = tier.residency.assign(PictureKey(7, .full), at: 0)
        let card = 320 * 320 * 4 * 4 / 3, full = 640 * 400 * 4 * 4 / 3
        #expect(tier.residentBytes == 3 * card + full)
        #expect(tier.poolBytes == 4 * card + 2 * full)
        var titles = PictureTier(content: .titles, keyCount: 0, maxInFlight: 48, demandCapacity: 16)
        titles.startPools(keyCount: 30, card: PoolGrowth(minimum: 16, maximum: 192), full: PoolGrowth(minimum: 0, maximum: 0),
                          cardLayerSize: PixelSize(width: 1024, height: 25), fullLayerSize: PixelSize(width: 0, height: 0))
        #expect(titles.poolBytes == 16 * 1024 * 25 * 4 / 3)
    }

    @Test("the key space grows with the deck: new keys can be asked for and held")
    func resizesKeys() {
        var tier = PictureTier(content: .titles, keyCount: 0, maxInFlight: 4, demandCapacity: 16)
        tier.startPools(keyCount: 10, card: PoolGrowth(minimum: 4, maximum: 8), full: PoolGrowth(minimum: 0, maximum: 0),
                        cardLayerSize: PixelSize(width: 1024, height: 24), fullLayerSize: PixelSize(width: 0, height: 0))
        #expect(tier.keyCount == 10)
        tier.demand.append(PictureKey(12, .card), .visible)
        tier.plan()
        #expect(tier.scheduler.requests.isEmpty, "a key past the tier's keys is not asked for")
        tier.resizeKeys(to: 20)
        tier.plan()
        #expect(tier.scheduler.requests.map(\.key) == [PictureKey(12, .card)])
        tier.scheduler.finished(PictureKey(12, .card))
        #expect(tier.residency.assign(PictureKey(12, .card), at: 0) != nil)
    }
}
