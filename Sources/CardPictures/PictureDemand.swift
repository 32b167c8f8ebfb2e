/// Which way the scroll is heading, in card index order.
public enum ScrollHeading: Sendable, Equatable {
    /// Toward higher card indices (down, right, the wheel turning forward).
    case forward
    /// Toward lower card indices.
    case backward
    /// At rest: the next cards are still more likely than the previous ones.
    case still

    /// The heading of a scroll velocity along the layout's axis (points per second, positive
    /// toward higher indices); `deadZone` of it counts as still.
    public init(velocity: Double, deadZone: Double = 1) {
        if velocity > deadZone {
            self = .forward
        } else if velocity < -deadZone {
            self = .backward
        } else {
            self = .still
        }
    }
}

/// One frame's wanted pictures, most urgent first: the cards in view, then the cards the scroll
/// is heading to, then the ones behind. The scheduler turns it into decode requests; an entry's
/// position is its priority.
///
/// Filled once per frame by the frame thread with `removeAll()` and `append`; keeps its storage,
/// so a warm frame allocates nothing (reserve `capacity` for the largest neighbourhood).
public struct PictureDemand: Sendable {
    /// Why a picture is wanted.
    public enum Band: UInt8, Sendable, Comparable {
        /// On screen now: pinned, requested first.
        case visible
        /// Where the scroll is heading: prefetched next.
        case ahead
        /// Just behind: kept if there is room, requested last.
        case behind

        public static func < (a: Band, b: Band) -> Bool { a.rawValue < b.rawValue }
    }

    /// A wanted picture.
    public struct Entry: Sendable, Equatable {
        public var key: PictureKey
        public var band: Band
    }

    /// The wanted pictures, most urgent first (duplicates allowed: the first counts).
    public private(set) var entries: [Entry] = []

    /// An empty demand with room for `capacity` entries.
    public init(capacity: Int = 256) {
        entries.reserveCapacity(max(0, capacity))
    }

    /// Empties the list, keeping its storage.
    public mutating func removeAll() { entries.removeAll(keepingCapacity: true) }

    /// Adds `key` after everything added so far.
    public mutating func append(_ key: PictureKey, _ band: Band) {
        entries.append(Entry(key: key, band: band))
    }

    /// Adds the neighbourhood of the cards in view, nearest first: `ahead` cards past the
    /// visible index range in the scroll's heading (the next ones when still), then `behind` cards
    /// on the other side. Cards without a picture (`picture` returns `nil`) still count toward
    /// the distances but add nothing.
    ///
    /// - Parameters:
    ///   - visible: the index range of the cards in view (the layout's visible range).
    ///   - cardCount: the deck's card count; indices outside `0..<cardCount` are skipped.
    ///   - tier: the tier to prefetch (normally `.card`).
    ///   - picture: the picture index of the card at an index.
    public mutating func appendNeighborhood(visible: ClosedRange<Int>, heading: ScrollHeading, ahead: Int, behind: Int,
                                             cardCount: Int, tier: TierPool = .card, picture: (Int) -> Int?) {
        let forward = heading != .backward
        let nextStart = forward ? visible.upperBound + 1 : visible.lowerBound - 1
        let previousStart = forward ? visible.lowerBound - 1 : visible.upperBound + 1
        let step = forward ? 1 : -1
        appendRun(from: nextStart, step: step, count: ahead, band: .ahead, cardCount: cardCount, tier: tier, picture: picture)
        appendRun(from: previousStart, step: -step, count: behind, band: .behind, cardCount: cardCount, tier: tier,
                  picture: picture)
    }

    private mutating func appendRun(from start: Int, step: Int, count: Int, band: Band, cardCount: Int, tier: TierPool,
                                    picture: (Int) -> Int?) {
        var index = start
        for _ in 0..<max(0, count) {
            guard index >= 0, index < cardCount else { return }
            if let p = picture(index) { append(PictureKey(p, tier), band) }
            index += step
        }
    }
}
