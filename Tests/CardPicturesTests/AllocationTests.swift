import CMallocCounter
import CardMath
@testable import CardPictures
import Testing

/// A warm frame of the picture bookkeeping — building the demand, planning, taking results,
/// assigning layers (with evictions) and looking up every card's appearance — allocates nothing:
/// counted by the test executable's malloc (CMallocCounter) on this thread.
@Suite("picture frames allocate nothing once warm", .serialized,
       .enabled(if: cv_malloc_counting() == 1, "allocations are counted on Linux with glibc only"))
struct PictureAllocationTests {
    @Test("scrolling through more pictures than layers")
    func warmFrames() {
        let cards = 10_000
        var residency = PictureResidency(pictureCount: cards, cardLayers: 64, fullLayers: 4)
        var scheduler = PictureScheduler(pictureCount: cards, maxInFlight: 8)
        var demand = PictureDemand(capacity: 128)
        // The frame's own view of in-flight work: a fixed ring standing in for the workers.
        var ring = [PictureKey](repeating: PictureKey(0, .card), count: 64)
        var ringCount = 0
        var first = 0
        var shown = 0

        func frame(_ index: Int) {
            first = (index / 2) % (cards - 20)
            demand.removeAll()
            for card in first..<(first + 20) { demand.append(PictureKey(card, .card), .visible) }
            demand.append(PictureKey(first, .full), .visible)
            demand.appendNeighborhood(visible: first...(first + 19), heading: .forward, ahead: 20, behind: 10,
                                       cardCount: cards) { $0 }
            scheduler.plan(demand, residency: &residency)
            // Index loops: a for-in over an array of structs allocates per element in debug builds.
            for i in scheduler.requests.indices where !scheduler.requests[i].isUpdate && ringCount < ring.count {
                ring[ringCount] = scheduler.requests[i].key
                ringCount += 1
            }
            // Two results a frame: finished, uploaded.
            var budget = UploadBudget(maxCount: 2)
            var taken = 0
            while !budget.isSpent, taken < ringCount {
                let key = ring[taken]
                taken += 1
                _ = budget.admit(bytes: 409_600)
                scheduler.finished(key)
                _ = residency.assign(key, at: Double(index) / 60)
            }
            for i in 0..<(ringCount - taken) { ring[i] = ring[i + taken] }
            ringCount -= taken
            for card in first..<(first + 20) {
                if case .resident = residency.appearance(of: card) { shown += 1 }
            }
        }

        for index in 0..<200 { frame(index) }
        let start = cv_malloc_thread_count()
        for index in 200..<800 { frame(index) }
        let allocations = cv_malloc_thread_count() - start
        #expect(allocations == 0)
        #expect(shown > 0)
        #expect(residency.card.residentCount == 64)
    }

    @Test("a tier's warm frames: demand, plan, results into layers, the pools' needs and growth")
    func warmTierFrames() {
        let cards = 10_000
        var tier = PictureTier(content: .pictures, keyCount: cards, maxInFlight: 8, demandCapacity: 128)
        tier.startPools(keyCount: cards, card: PoolGrowth(minimum: 64, maximum: 64), full: PoolGrowth(minimum: 0, maximum: 4, doubles: false),
                        cardLayerSize: PixelSize(width: 320, height: 320), fullLayerSize: PixelSize(width: 0, height: 0))
        tier.residency.grow(.full, to: 4)
        var ring = [PictureKey](repeating: PictureKey(0, .card), count: 64)
        var ringCount = 0
        var grown = 0

        func frame(_ index: Int) {
            let first = (index / 2) % (cards - 20)
            tier.demand.removeAll()
            for card in first..<(first + 20) { tier.demand.append(PictureKey(card, .card), .visible) }
            tier.demand.append(PictureKey(first, .full), .visible)
            tier.demand.appendNeighborhood(visible: first...(first + 19), heading: .forward, ahead: 20, behind: 10,
                                            cardCount: cards) { $0 }
            tier.plan()
            for i in tier.scheduler.requests.indices where !tier.scheduler.requests[i].isUpdate && ringCount < ring.count {
                ring[ringCount] = tier.scheduler.requests[i].key
                ringCount += 1
            }
            var taken = 0
            while taken < min(2, ringCount) {
                let key = ring[taken]
                taken += 1
                tier.scheduler.finished(key)
                _ = tier.residency.assign(key, at: Double(index) / 60)
            }
            for i in 0..<(ringCount - taken) { ring[i] = ring[i + taken] }
            ringCount -= taken
            let needs = tier.countNeeds()
            if tier.nextCapacity(of: .card, needed: needs.card, time: Double(index) / 60, atRest: false) != nil { grown += 1 }
            if tier.nextCapacity(of: .full, needed: needs.full, time: Double(index) / 60, atRest: false) != nil { grown += 1 }
            _ = tier.shrinkDue
            _ = tier.poolBytes + tier.residentBytes
        }

        for index in 0..<200 { frame(index) }
        let start = cv_malloc_thread_count()
        for index in 200..<800 { frame(index) }
        let allocations = cv_malloc_thread_count() - start
        #expect(allocations == 0)
        #expect(grown == 1, "the full pool took its one layer once")
        #expect(tier.residency.card.residentCount == 64)
    }
}
