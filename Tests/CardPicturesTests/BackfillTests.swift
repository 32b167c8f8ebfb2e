@testable import CardPictures
import Testing

/// Background thumbnailing's order (SPEC §10): the cards in view, then the direction of scroll,
/// then behind, then the rest of the deck; the worker count; batched redraws.
@Suite struct BackfillTests {
    /// Card i shows picture i, as in `SchedulerTests`.
    func demand(visible: ClosedRange<Int>, heading: ScrollHeading, ahead: Int, behind: Int, cards: Int) -> PictureDemand {
        var demand = PictureDemand()
        for card in visible { demand.append(PictureKey(card, .card), .visible) }
        demand.appendNeighborhood(visible: visible, heading: heading, ahead: ahead, behind: behind, cardCount: cards) { $0 }
        return demand
    }

    /// Hands out everything, `batch` at a time, marking each done before the next call.
    func order(_ backfill: inout ThumbnailBackfill, demand: PictureDemand, visible: ClosedRange<Int>?, heading: ScrollHeading,
               cards: Int, batch: Int = 3, busy: Set<Int> = []) -> [Int] {
        var all: [Int] = []
        for _ in 0..<(cards + 2) {
            var out: [Int] = []
            backfill.next(count: batch, demand: demand, visible: visible, heading: heading, cardCount: cards,
                          picture: { $0 }, isBusy: { busy.contains($0) }, into: &out)
            if out.isEmpty { break }
            all += out
            for p in out { backfill.markDone(p) }
        }
        return all
    }

    @Test("past the cards in view (their own loads): ahead (nearest first), behind, the rest ahead to the end, behind to the start; in view last if left")
    func orderForward() {
        var backfill = ThumbnailBackfill(pictureCount: 20)
        let d = demand(visible: 8...10, heading: .forward, ahead: 3, behind: 2, cards: 20)
        var first: [Int] = []
        backfill.next(count: 3, demand: d, visible: 8...10, heading: .forward, cardCount: 20, picture: { $0 },
                      isBusy: { _ in false }, into: &first)
        #expect(first == [11, 12, 13], "the cards in view are not taken from their loads")
        for p in first { backfill.markDone(p) }
        // The loads of the cards in view finish: done.
        for p in 8...10 { backfill.markDone(p) }
        let got = order(&backfill, demand: d, visible: 8...10, heading: .forward, cards: 20)
        #expect(got == [7, 6, 14, 15, 16, 17, 18, 19, 5, 4, 3, 2, 1, 0])
        #expect(backfill.isComplete)
        #expect(backfill.doneCount == 20)
        #expect(backfill.inFlightCount == 0)
    }

    @Test("scrolling back: the rest goes toward the start first")
    func orderBackward() {
        var backfill = ThumbnailBackfill(pictureCount: 12)
        let d = demand(visible: 5...6, heading: .backward, ahead: 2, behind: 1, cards: 12)
        let got = order(&backfill, demand: d, visible: 5...6, heading: .backward, cards: 12, batch: 4)
        // Cards 5 and 6, in view, whose loads never reported: last.
        #expect(got == [4, 3, 7, 2, 1, 0, 8, 9, 10, 11, 5, 6])
    }

    @Test("a picture the workers are bringing to a card is skipped, and handed out once the scans end if still waiting")
    func busyPictures() {
        var backfill = ThumbnailBackfill(pictureCount: 6)
        let d = demand(visible: 0...1, heading: .forward, ahead: 1, behind: 0, cards: 6)
        var out: [Int] = []
        backfill.next(count: 10, demand: d, visible: 0...1, heading: .forward, cardCount: 6, picture: { $0 },
                      isBusy: { $0 == 1 || $0 == 4 }, into: &out)
        // 2 ahead, then the rest (3, 5; 4 busy), then card 0 in view, still waiting; 1 busy.
        #expect(out == [2, 3, 5, 0])
        #expect(backfill.state(of: 1) == .waiting)
        #expect(backfill.inFlightCount == 4)
        for p in out { backfill.markDone(p) }
        // Picture 1 arrived for its card (done); picture 4's load was cancelled: it waits.
        backfill.markDone(1)
        out.removeAll()
        backfill.next(count: 10, demand: PictureDemand(), visible: 0...1, heading: .forward, cardCount: 6, picture: { $0 },
                      isBusy: { _ in false }, into: &out)
        #expect(out == [4])
        backfill.markDone(4)
        #expect(backfill.isComplete)
    }

    @Test("never more handed out than asked; done is idempotent; a dropped job waits again; cards without pictures add nothing")
    func bookkeeping() {
        var backfill = ThumbnailBackfill(pictureCount: 5)
        var out: [Int] = []
        backfill.next(count: 2, demand: PictureDemand(), visible: nil, heading: .still, cardCount: 10,
                      picture: { $0 % 2 == 0 ? $0 / 2 : nil }, isBusy: { _ in false }, into: &out)
        #expect(out == [0, 1])
        backfill.markDone(0)
        backfill.markDone(0)
        #expect(backfill.doneCount == 1)
        backfill.markWaiting(1)
        #expect(backfill.inFlightCount == 0)
        out.removeAll()
        backfill.next(count: 10, demand: PictureDemand(), visible: nil, heading: .still, cardCount: 10,
                      picture: { $0 % 2 == 0 ? $0 / 2 : nil }, isBusy: { _ in false }, into: &out)
        #expect(out == [1, 2, 3, 4])
        backfill.returnAllInFlight()
        #expect(backfill.inFlightCount == 0 && backfill.state(of: 3) == .waiting)
        backfill.resize(to: 2)
        #expect(backfill.total == 2 && backfill.doneCount == 1)
    }

    @Test("as many decode workers as cores, 1…8")
    func workerCount() {
        #expect(PictureWorkers.count(cores: 0) == 1)
        #expect(PictureWorkers.count(cores: 1) == 1)
        #expect(PictureWorkers.count(cores: 2) == 2)
        #expect(PictureWorkers.count(cores: 8) == 8)
        #expect(PictureWorkers.count(cores: 64) == PictureWorkers.maximum)
    }

    @Test("arrivals at 60 a second while nothing moves are drawn at most 4 times a second; the first at once")
    func batchedRedraws() {
        var batching = RedrawBatching()
        var draws: [Double] = []
        // 3 s of updates at 60 Hz, a picture arriving in each of the first 2 s.
        for frame in 0..<180 {
            let now = 10 + Double(frame) / 60
            let drawn = frame < 120 ? batching.arrived(now: now) : batching.flushIfDue(now: now)
            if drawn { draws.append(now) }
        }
        #expect(draws.first == 10)
        for second in 0..<3 {
            let count = draws.filter { $0 >= 10 + Double(second) && $0 < 11 + Double(second) }.count
            #expect(count <= 4, "second \(second): \(count) draws")
        }
        // Every gap at least the interval (a frame's rounding aside); the last arrivals drawn too.
        for (a, b) in zip(draws, draws.dropFirst()) { #expect(b - a >= 0.25 - 1e-9) }
        #expect(!batching.isWaiting)
        #expect(draws.last! >= 10 + 119.0 / 60)
        #expect(draws.count >= 8)
    }

    @Test("a batch that completes the screen may come early only while the last second has had fewer than 4 frames")
    func roomInTheLastSecond() {
        var batching = RedrawBatching(interval: 0.25)
        #expect(batching.hasRoomInTheLastSecond(now: 0))  // nothing drawn yet
        // Batches completing the screen at 0, 0.05, 0.1: three in the last second, room for one more.
        for t in [0.0, 0.05, 0.1] {
            let drawn = batching.arrived(now: t, completesScreen: true)
            #expect(drawn)
        }
        #expect(batching.hasRoomInTheLastSecond(now: 0.12))
        let fourth = batching.arrived(now: 0.12, completesScreen: true)
        #expect(fourth)
        // Four in the last second: none until the oldest (0) is a second old.
        let fifth = batching.arrived(now: 0.5, completesScreen: true)
        let stillNot = batching.flushIfDue(now: 0.999, completesScreen: true)
        let then = batching.flushIfDue(now: 1.0)
        #expect(!fifth && !stillNot && then)
        // Frames drawn because something moves do not count: after them a batch comes as usual.
        var moving = RedrawBatching(interval: 0.25)
        for step in 0..<60 { _ = moving.arrived(now: Double(step) / 60, immediate: true); moving.presented(at: Double(step) / 60) }
        #expect(moving.hasRoomInTheLastSecond(now: 1.01))
        let afterMotion = moving.arrived(now: 1.3)
        #expect(afterMotion)
        // Whatever the spacing, early batches drawn only with room never make 5 frames in a second.
        var frames: [Double] = []
        var early = RedrawBatching(interval: 0.25)
        for step in 0..<300 {
            let now = Double(step) / 100
            let complete = step % 7 == 0  // a batch that completes the screen, now and then
            if early.arrived(now: now, completesScreen: complete) {
                early.presented(at: now)
                frames.append(now)
            }
        }
        for (i, t) in frames.enumerated() where i >= 4 { #expect(t - frames[i - 4] >= 1 - 1e-9, "5 frames within a second at \(t)") }
        #expect(frames.first == 0 && frames.count >= 10)  // 4 a second at most over 3 s, and they keep coming
    }

    @Test("while something moves arrivals show at once; a batch's fade starts when it is drawn")
    func immediateWhileMoving() {
        var batching = RedrawBatching(interval: 0.25)
        let first = batching.arrived(now: 1)
        #expect(first)
        #expect(batching.flushTime(now: 1.1) == 1.25)
        let second = batching.arrived(now: 1.1)
        #expect(!second && batching.isWaiting)
        let moving = batching.arrived(now: 1.12, immediate: true)
        #expect(moving && !batching.isWaiting)
        #expect(batching.flushTime(now: 2) == 2)
        let nothing = batching.flushIfDue(now: 3)
        #expect(!nothing)
        // A frame presented for another reason (or drawn slowly) puts the next batch after it.
        _ = batching.arrived(now: 3.5)
        let waits = batching.arrived(now: 3.55)
        #expect(!waits && batching.isWaiting)
        batching.presented(at: 3.6)
        let early = batching.flushIfDue(now: 3.8)
        let due = batching.flushIfDue(now: 3.85)
        #expect(!early && due)
    }
}
