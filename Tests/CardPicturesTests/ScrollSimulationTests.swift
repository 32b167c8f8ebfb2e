@testable import CardPictures
import Testing

/// A deck with many more pictures than layers, scrolled end to end and back through the whole
/// frame protocol (plan → submit/cancel → take within the upload budget → assign → draw), with
/// simulated workers and a simulated texture that records which picture was uploaded into each
/// layer: every card shows its own picture or the placeholder, never another card's.
@Suite struct ScrollSimulationTests {
    /// Workers that finish `perFrame` queued jobs a frame, most urgent first; every `broken`-th
    /// picture fails.
    struct FakeWorkers {
        var queued: [PictureKey: (priority: Int, sequence: Int)] = [:]
        var completed: [(key: PictureKey, failed: Bool)] = []
        var sequence = 0
        var decodes: [PictureKey: Int] = [:]
        let perFrame: Int
        let broken: Int

        mutating func apply(_ scheduler: PictureScheduler) {
            for key in scheduler.cancellations {
                queued[key] = nil
                completed.removeAll { $0.key == key }
            }
            for request in scheduler.requests {
                sequence += 1
                if request.isUpdate, let old = queued[request.key] {
                    queued[request.key] = (request.priority, old.sequence)
                } else if !request.isUpdate {
                    queued[request.key] = (request.priority, sequence)
                }
            }
        }

        mutating func work() {
            let next = queued.sorted { ($0.value.priority, $0.value.sequence) < ($1.value.priority, $1.value.sequence) }
            for (key, _) in next.prefix(perFrame) {
                queued[key] = nil
                decodes[key, default: 0] += 1
                completed.append((key, Int(key.picture) % broken == broken - 1))
            }
        }
    }

    struct Texture {
        var layers: [[Int]]
        init(card: Int, full: Int) { layers = [Array(repeating: -1, count: card), Array(repeating: -1, count: full)] }
    }

    @Test("2,000 pictures through 40 layers, scrolled to the end and back")
    func scrollEndToEnd() {
        let cards = 2000, window = 12
        var residency = PictureResidency(pictureCount: cards, cardLayers: 40, fullLayers: 2)
        var scheduler = PictureScheduler(pictureCount: cards, maxInFlight: 6)
        var workers = FakeWorkers(perFrame: 3, broken: 97)
        var texture = Texture(card: 40, full: 2)
        var demand = PictureDemand(capacity: 64)
        var shownWhileVisible = Set<Int>()
        var time = 0.0

        func frame(first: Int, heading: ScrollHeading) {
            time += 1.0 / 60
            let visible = first...(first + window - 1)
            demand.removeAll()
            for card in visible { demand.append(PictureKey(card, .card), .visible) }
            // The front card of the view also wants the full tier.
            demand.append(PictureKey(first, .full), .visible)
            demand.appendNeighborhood(visible: visible, heading: heading, ahead: 12, behind: 6, cardCount: cards) { $0 }
            scheduler.plan(demand, residency: &residency)
            workers.apply(scheduler)
            let residentBefore = visible.filter { residency.isResident(PictureKey($0, .card)) }
            var budget = UploadBudget(maxCount: 2, maxBytes: 1 << 30)
            while !budget.isSpent, !workers.completed.isEmpty {
                let done = workers.completed.removeFirst()
                _ = budget.admit(bytes: 1)
                scheduler.finished(done.key)
                if done.failed {
                    residency.markUnreadable(Int(done.key.picture), reason: "broken")
                } else if let layer = residency.assign(done.key, at: time) {
                    texture.layers[done.key.tier.rawValue][layer] = Int(done.key.picture)
                }
            }
            workers.work()
            // Draw: every card in view shows its own picture, the placeholder or the unreadable mark.
            for card in visible {
                switch residency.appearance(of: card) {
                case .resident(let tier, let layer, let since):
                    #expect(texture.layers[tier.rawValue][layer] == card, "card \(card) would show another picture")
                    #expect(since <= time)
                    shownWhileVisible.insert(card)
                case .unreadable:
                    #expect(card % 97 == 96)
                    shownWhileVisible.insert(card)
                case .placeholder:
                    break
                }
            }
            // Pictures in view that were resident when the frame began are still resident.
            for card in residentBefore { #expect(residency.isResident(PictureKey(card, .card))) }
            #expect(scheduler.inFlightCount <= 6)
        }

        // 1 card every 2 frames, to the end; a pause; back to the start; a pause.
        var first = 0
        for step in 0..<(2 * (cards - window)) {
            if step % 2 == 1 { first += 1 }
            frame(first: first, heading: .forward)
        }
        for _ in 0..<30 { frame(first: first, heading: .still) }
        for step in 0..<(2 * (cards - window)) {
            if step % 2 == 1 { first -= 1 }
            frame(first: first, heading: .backward)
        }
        for _ in 0..<30 { frame(first: first, heading: .still) }

        // Every card was seen with its picture (or marked unreadable) while in view.
        #expect(shownWhileVisible.count == cards)
        // At rest, the whole view is there.
        for card in 0..<window { #expect(residency.appearance(of: card) != .placeholder) }
        // Consistency of the whole table: no picture maps to a layer holding another one.
        for picture in 0..<cards {
            for tier in TierPool.allCases {
                if let layer = residency.layer(for: PictureKey(picture, tier)) {
                    #expect(texture.layers[tier.rawValue][layer] == picture)
                }
            }
        }
        // Unreadable pictures were decoded once, never retried.
        let retried = workers.decodes.filter { $0.key.tier == .card && Int($0.key.picture) % 97 == 96 && $0.value > 1 }
        #expect(retried.isEmpty)
        // No thrashing: each picture's card tier decoded about twice at most (once each way).
        let cardDecodes = workers.decodes.filter { $0.key.tier == .card }.values.reduce(0, +)
        #expect(cardDecodes <= 2 * cards + 100)
    }
}
