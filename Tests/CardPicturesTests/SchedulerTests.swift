@testable import CardPictures
import Testing

/// The scheduler: priorities by band, the in-flight bound, cancellations when the neighbourhood
/// moves, reprioritising, the per-tier bound and unreadable pictures.
@Suite struct SchedulerTests {
    /// Pictures are numbered like cards in these tests (card i shows picture i).
    func demand(visible: ClosedRange<Int>, heading: ScrollHeading, ahead: Int, behind: Int, cards: Int) -> PictureDemand {
        var demand = PictureDemand()
        for card in visible { demand.append(PictureKey(card, .card), .visible) }
        demand.appendNeighborhood(visible: visible, heading: heading, ahead: ahead, behind: behind, cardCount: cards) { $0 }
        return demand
    }

    @Test("visible first, then the cards ahead (nearest first), then behind; priorities ascend")
    func prioritiesByBand() {
        var residency = PictureResidency(pictureCount: 100, cardLayers: 50, fullLayers: 2)
        var scheduler = PictureScheduler(pictureCount: 100, maxInFlight: 12)
        scheduler.plan(demand(visible: 40...43, heading: .forward, ahead: 5, behind: 3, cards: 100), residency: &residency)
        #expect(scheduler.requests.map { Int($0.key.picture) } == [40, 41, 42, 43, 44, 45, 46, 47, 48, 39, 38, 37])
        #expect(scheduler.requests.map(\.priority) == Array(0..<12))
        #expect(scheduler.requests.allSatisfy { !$0.isUpdate })

        var backward = PictureScheduler(pictureCount: 100, maxInFlight: 12)
        backward.plan(demand(visible: 40...43, heading: .backward, ahead: 5, behind: 3, cards: 100), residency: &residency)
        #expect(backward.requests.map { Int($0.key.picture) } == [40, 41, 42, 43, 39, 38, 37, 36, 35, 44, 45, 46])
    }

    @Test("full-tier layers held by cards in view that no longer ask for them make room for one that does")
    func fullTierNotHeldByCardsThatDoNotAskForIt() {
        var residency = PictureResidency(pictureCount: 10, cardLayers: 10, fullLayers: 2)
        var scheduler = PictureScheduler(pictureCount: 10, maxInFlight: 4)
        // Pages further up: cards 0 and 1 were the large ones and got the full tier.
        for picture in 0...4 { _ = residency.assign(PictureKey(picture, .card), at: 0) }
        for picture in 0...1 { _ = residency.assign(PictureKey(picture, .full), at: 0) }
        // Now cards 0…4 are in view and card 4 is the large one.
        var demand = PictureDemand()
        for card in 0...4 { demand.append(PictureKey(card, .card), .visible) }
        demand.append(PictureKey(4, .full), .visible)
        scheduler.plan(demand, residency: &residency)
        #expect(scheduler.requests.map(\.key) == [PictureKey(4, .full)])
        // Its decode lands: a full-tier layer is free for it (before, 0 and 1 were pinned as the
        // best tiers of cards in view, the decode was dropped and asked for again, for ever).
        scheduler.finished(PictureKey(4, .full))
        #expect(residency.assign(PictureKey(4, .full), at: 1) != nil)
        #expect(residency.isResident(PictureKey(4, .full)))
        // The card tier under a full-tier request stays pinned.
        #expect(residency.isResident(PictureKey(4, .card)))
    }

    @Test("never more in flight than maxInFlight; finished decodes make room for the next")
    func inFlightBound() {
        var residency = PictureResidency(pictureCount: 100, cardLayers: 60, fullLayers: 2)
        var scheduler = PictureScheduler(pictureCount: 100, maxInFlight: 5)
        let wanted = demand(visible: 0...19, heading: .forward, ahead: 20, behind: 0, cards: 100)
        scheduler.plan(wanted, residency: &residency)
        #expect(scheduler.requests.map { Int($0.key.picture) } == [0, 1, 2, 3, 4])
        #expect(scheduler.inFlightCount == 5)
        // The same demand again: nothing new, nothing cancelled.
        scheduler.plan(wanted, residency: &residency)
        #expect(scheduler.requests.isEmpty && scheduler.cancellations.isEmpty)
        // Two decodes finish and are uploaded.
        for picture in [0, 2] {
            scheduler.finished(PictureKey(picture, .card))
            _ = residency.assign(PictureKey(picture, .card), at: 0)
        }
        scheduler.plan(wanted, residency: &residency)
        #expect(scheduler.requests.map { Int($0.key.picture) } == [5, 6])
        #expect(scheduler.inFlightCount == 5)
    }

    @Test("cards that leave the neighbourhood are cancelled; the new ones requested")
    func cancellations() {
        var residency = PictureResidency(pictureCount: 1000, cardLayers: 60, fullLayers: 2)
        var scheduler = PictureScheduler(pictureCount: 1000, maxInFlight: 8)
        scheduler.plan(demand(visible: 100...103, heading: .forward, ahead: 4, behind: 0, cards: 1000), residency: &residency)
        let first = Set(scheduler.requests.map(\.key))
        #expect(first.count == 8)
        // A fast scroll: the view jumps far ahead.
        scheduler.plan(demand(visible: 500...503, heading: .forward, ahead: 4, behind: 0, cards: 1000), residency: &residency)
        #expect(Set(scheduler.cancellations) == first)
        #expect(scheduler.requests.map { Int($0.key.picture) } == Array(500...507))
        #expect(scheduler.inFlightCount == 8)
        // A cancelled key that finishes anyway is ignored.
        scheduler.finished(PictureKey(100, .card))
        #expect(scheduler.inFlightCount == 8)
        // Partly overlapping: only the ones that left are cancelled.
        scheduler.plan(demand(visible: 502...505, heading: .forward, ahead: 4, behind: 0, cards: 1000), residency: &residency)
        #expect(Set(scheduler.cancellations.map { Int($0.picture) }) == [500, 501])
        #expect(Set(scheduler.requests.filter { !$0.isUpdate }.map { Int($0.key.picture) }) == [508, 509])
    }

    @Test("a prefetched picture that comes into view is resubmitted with its new priority")
    func reprioritizing() {
        var residency = PictureResidency(pictureCount: 100, cardLayers: 60, fullLayers: 2)
        var scheduler = PictureScheduler(pictureCount: 100, maxInFlight: 10)
        scheduler.plan(demand(visible: 10...11, heading: .forward, ahead: 4, behind: 0, cards: 100), residency: &residency)
        #expect(scheduler.requests.first { $0.key.picture == 14 }?.priority == 4)
        var moved = PictureDemand()
        moved.append(PictureKey(14, .card), .visible)
        moved.append(PictureKey(10, .card), .visible)
        moved.append(PictureKey(11, .card), .visible)
        scheduler.plan(moved, residency: &residency)
        let update = scheduler.requests.first { $0.key.picture == 14 }
        #expect(update?.isUpdate == true && update?.priority == 0)
        #expect(Set(scheduler.cancellations.map(\.picture)) == [12, 13, 15])
    }

    @Test("a tier is never asked for more pictures than its pool holds")
    func perTierBound() {
        var residency = PictureResidency(pictureCount: 100, cardLayers: 6, fullLayers: 2)
        var scheduler = PictureScheduler(pictureCount: 100, maxInFlight: 30)
        var wanted = PictureDemand()
        for picture in 0..<5 { wanted.append(PictureKey(picture, .full), .visible) }
        for picture in 0..<20 { wanted.append(PictureKey(picture, .card), picture < 4 ? .visible : .ahead) }
        scheduler.plan(wanted, residency: &residency)
        #expect(scheduler.requests.filter { $0.key.tier == .full }.count == 2)
        #expect(scheduler.requests.filter { $0.key.tier == .card }.map { Int($0.key.picture) } == Array(0..<6))
        // Resident pictures count too: two card pictures arrive, the bound stays 6.
        for picture in [0, 1] {
            scheduler.finished(PictureKey(picture, .card))
            _ = residency.assign(PictureKey(picture, .card), at: 0)
        }
        scheduler.plan(wanted, residency: &residency)
        #expect(scheduler.requests.filter { !$0.isUpdate }.isEmpty)
        #expect(scheduler.inFlightCount == 6)
    }

    @Test("unreadable and resident pictures are not requested; duplicates count once")
    func skipsKnownPictures() {
        var residency = PictureResidency(pictureCount: 10, cardLayers: 6, fullLayers: 2)
        residency.markUnreadable(1, reason: "broken")
        _ = residency.assign(PictureKey(2, .card), at: 0)
        var scheduler = PictureScheduler(pictureCount: 10, maxInFlight: 10)
        var wanted = PictureDemand()
        for picture in [0, 1, 2, 3, 3, 0] { wanted.append(PictureKey(picture, .card), .visible) }
        scheduler.plan(wanted, residency: &residency)
        #expect(scheduler.requests.map { Int($0.key.picture) } == [0, 3])
    }

    @Test("visible pictures are pinned (every resident tier), prefetched ones only touched")
    func pinning() {
        var residency = PictureResidency(pictureCount: 10, cardLayers: 3, fullLayers: 1)
        for picture in 0..<3 { _ = residency.assign(PictureKey(picture, .card), at: 0) }
        _ = residency.assign(PictureKey(0, .full), at: 0)
        var scheduler = PictureScheduler(pictureCount: 10, maxInFlight: 4)
        var wanted = PictureDemand()
        wanted.append(PictureKey(0, .full), .visible)
        wanted.append(PictureKey(1, .card), .ahead)
        scheduler.plan(wanted, residency: &residency)
        #expect(residency.card.isPinned(residency.card.layer(of: 0)!))
        #expect(residency.full.isPinned(residency.full.layer(of: 0)!))
        #expect(!residency.card.isPinned(residency.card.layer(of: 1)!))
        // Picture 2 was demanded by nobody: it is the one a new picture evicts.
        let before = residency.card.layer(of: 2)
        #expect(residency.assign(PictureKey(5, .card), at: 1) == before)
        #expect(residency.card.layer(of: 2) == nil)
    }

    @Test("the heading of a velocity")
    func heading() {
        #expect(ScrollHeading(velocity: 300) == .forward)
        #expect(ScrollHeading(velocity: -300) == .backward)
        #expect(ScrollHeading(velocity: 0.5) == .still)
    }

    @Test("uploads per frame: a count and a soft byte bound; the first always fits")
    func uploadBudget() {
        var budget = UploadBudget(maxCount: 3, maxBytes: 1000)
        #expect(budget.remainingCount == 3)
        var admitted = budget.admit(bytes: 5000)  // larger than the budget, but the first
        #expect(admitted && budget.isSpent)
        admitted = budget.admit(bytes: 1)
        #expect(!admitted)
        budget.reset()
        let three = (0..<4).map { _ in budget.admit(bytes: 400) }
        #expect(three == [true, true, true, false])
        budget.reset()
        let small = (0..<4).map { _ in budget.admit(bytes: 10) }
        #expect(small == [true, true, true, false] && budget.isSpent && budget.bytes == 30)
    }
}

extension SchedulerTests {
    @Test("the picture list grows and shrinks without losing consistency")
    func resizing() {
        var residency = PictureResidency(pictureCount: 10, cardLayers: 4, fullLayers: 1)
        var scheduler = PictureScheduler(pictureCount: 10, maxInFlight: 4)
        var wanted = PictureDemand()
        for picture in [9, 1] { wanted.append(PictureKey(picture, .card), .visible) }
        scheduler.plan(wanted, residency: &residency)
        _ = residency.assign(PictureKey(8, .card), at: 0)
        residency.markUnreadable(7, reason: "broken")
        residency.resizePictures(to: 5)
        scheduler.resizePictures(to: 5)
        #expect(scheduler.inFlightCount == 1 && scheduler.isInFlight(PictureKey(1, .card)))
        #expect(residency.pictureCount == 5 && residency.card.residentCount == 0 && residency.unreadableCount == 0)
        residency.resizePictures(to: 20)
        scheduler.resizePictures(to: 20)
        wanted.removeAll()
        wanted.append(PictureKey(19, .card), .visible)
        wanted.append(PictureKey(1, .card), .visible)
        scheduler.plan(wanted, residency: &residency)
        #expect(scheduler.requests.first == PictureRequest(key: PictureKey(19, .card), priority: 0, isUpdate: false))
        #expect(residency.appearance(of: 19) == .placeholder)
    }
}
