/// Which pictures the workers thumbnail next in the background (SPEC §10 "Background
/// thumbnailing"): the whole deck goes into the shared thumbnail cache, so that scrolling
/// anywhere afterwards reads small thumbnails instead of decoding photos.
///
/// The order: the cards in view are the screen's own picture requests, ahead of everything
/// here (each saves its thumbnail as it loads); then the pictures of this frame's demand past
/// them (the cards the scroll is heading to, then those behind — `PictureDemand`'s order), then
/// the rest of the deck from the cards in view onwards in the heading (forward when still) to
/// that end of the deck, then from the other side of the cards in view to the other end; last,
/// cards in view whose pictures are still waiting (a load that was dropped). The frame thread hands out a few
/// at a time (`next`), as many as keep the workers busy behind what the screen needs (their
/// jobs are queued after every picture request), and marks each `done` when its thumbnail
/// exists, was made, or the picture cannot be read (it is not retried).
///
/// Pure bookkeeping on the frame thread: one byte a picture; `next` resumes its scans where
/// the last one stopped while the cards in view and the heading stay, so thumbnailing a deck of
/// n pictures scans it O(n) times in total per change of view, not per call.
public struct ThumbnailBackfill: Sendable {
    /// Where a picture stands.
    public enum State: UInt8, Sendable {
        /// Not handed out yet.
        case waiting
        /// Handed to a worker, not reported back.
        case inFlight
        /// Its thumbnail exists (or it cannot be read): nothing more to do.
        case done
    }

    private var states: [State]
    /// Pictures done (thumbnail there, made, or unreadable).
    public private(set) var doneCount = 0
    /// Pictures handed out and not reported back.
    public private(set) var inFlightCount = 0
    /// The view the rest's scans started from: the first and last card index in view, the heading.
    private var anchor: (first: Int, last: Int, forward: Bool)?
    /// The rest's scans: the next card index to look at on each side of the view.
    private var ahead = 0
    private var behind = -1

    /// Bookkeeping for pictures `0..<pictureCount`, none done.
    public init(pictureCount: Int) {
        states = Array(repeating: .waiting, count: max(0, pictureCount))
    }

    /// Pictures in all.
    public var total: Int { states.count }
    /// True when every picture is done.
    public var isComplete: Bool { doneCount == states.count }

    /// The state of `picture` (`.done` for an index out of range).
    public func state(of picture: Int) -> State {
        states.indices.contains(picture) ? states[picture] : .done
    }

    /// Grows (or shrinks) the picture list: new pictures wait; the rest's scans start again.
    public mutating func resize(to count: Int) {
        let count = max(0, count)
        if count < states.count {
            for picture in count..<states.count {
                if states[picture] == .done { doneCount -= 1 }
                if states[picture] == .inFlight { inFlightCount -= 1 }
            }
            states.removeLast(states.count - count)
        } else {
            states += repeatElement(.waiting, count: count - states.count)
        }
        anchor = nil
    }

    /// `picture`'s thumbnail exists now (made by a worker, read, or loaded for a card), or the
    /// picture cannot be read: it is not handed out again. Idempotent.
    public mutating func markDone(_ picture: Int) {
        guard states.indices.contains(picture), states[picture] != .done else { return }
        if states[picture] == .inFlight { inFlightCount -= 1 }
        states[picture] = .done
        doneCount += 1
    }

    /// `picture`'s job was dropped without an answer (the workers stopped or were reset): it
    /// waits to be handed out again.
    public mutating func markWaiting(_ picture: Int) {
        guard states.indices.contains(picture), states[picture] == .inFlight else { return }
        inFlightCount -= 1
        states[picture] = .waiting
        anchor = nil
    }

    /// Every picture in flight waits again (the workers were reset).
    public mutating func returnAllInFlight() {
        guard inFlightCount > 0 else { return }
        for picture in states.indices where states[picture] == .inFlight { states[picture] = .waiting }
        inFlightCount = 0
        anchor = nil
    }

    /// Hands out up to `count` waiting pictures, in the order of the type's notes, marking them
    /// in flight and appending them to `out`.
    ///
    /// - Parameters:
    ///   - demand: this frame's demand (its order is the first part of the order).
    ///   - visible: the card index range in view, or nil (the rest then goes from the first card).
    ///   - heading: the scroll's heading; still counts as forward.
    ///   - cardCount: the deck's card count.
    ///   - picture: the picture of the card at an index, nil for a card without one.
    ///   - isBusy: true for a picture the workers are already bringing to a card (its thumbnail
    ///     comes with it): skipped for now, not marked.
    public mutating func next(count: Int, demand: PictureDemand, visible: ClosedRange<Int>?, heading: ScrollHeading,
                              cardCount: Int, picture: (Int) -> Int?, isBusy: (Int) -> Bool, into out: inout [Int]) {
        var remaining = count
        guard remaining > 0, !isComplete else { return }
        // Index loop: a for-in over an array of structs allocates per element in debug builds.
        var position = 0
        let entries = demand.entries
        while position < entries.count, remaining > 0 {
            let entry = entries[position]
            position += 1
            // The cards in view are the screen's own loads (their thumbnails come with them).
            guard entry.band != .visible else { continue }
            if hand(Int(entry.key.picture), isBusy: isBusy, into: &out) { remaining -= 1 }
        }
        guard remaining > 0 else { return }
        let first = visible?.lowerBound ?? 0, last = visible?.upperBound ?? -1
        let forward = heading != .backward
        if anchor == nil || anchor! != (first, last, forward) {
            anchor = (first, last, forward)
            ahead = forward ? last + 1 : first - 1
            behind = forward ? first - 1 : last + 1
        }
        let step = forward ? 1 : -1
        while remaining > 0, ahead >= 0, ahead < cardCount {
            if let p = picture(ahead), hand(p, isBusy: isBusy, into: &out) { remaining -= 1 }
            ahead += step
        }
        // The view's own cards come first in the demand; the scan behind starts past them.
        while remaining > 0, behind >= 0, behind < cardCount {
            if let p = picture(behind), hand(p, isBusy: isBusy, into: &out) { remaining -= 1 }
            behind -= step
        }
        if remaining > 0, first <= last {
            // Cards in view past the demand (a card without room in the pools): last of all.
            var index = first
            while remaining > 0, index <= last, index < cardCount {
                if index >= 0, let p = picture(index), hand(p, isBusy: isBusy, into: &out) { remaining -= 1 }
                index += 1
            }
        }
        // Both scans ran out with pictures still waiting (skipped while busy, then dropped):
        // the next call scans again from the view.
        if remaining > 0, !isComplete, ahead < 0 || ahead >= cardCount, behind < 0 || behind >= cardCount { anchor = nil }
    }

    /// Marks `p` in flight and appends it when it waits and is not busy.
    private mutating func hand(_ p: Int, isBusy: (Int) -> Bool, into out: inout [Int]) -> Bool {
        guard states.indices.contains(p), states[p] == .waiting, !isBusy(p) else { return false }
        states[p] = .inFlight
        inFlightCount += 1
        out.append(p)
        return true
    }
}
