/// A decode to start (or, with `isUpdate`, one in flight whose priority changed).
public struct PictureRequest: Sendable, Equatable {
    public var key: PictureKey
    /// Lower is more urgent: the picture's position in this frame's demand (so a picture ahead
    /// of it becoming resident does not change it).
    public var priority: Int
    /// True when the key is already in flight and only its priority changed (resubmit it).
    public var isUpdate: Bool
}

/// Turns each frame's demand into decode requests and cancellations, for worker threads that
/// decode in priority order.
///
/// Once per frame, on the frame thread: `plan(_:residency:)` pins the visible pictures and
/// refreshes the recency of every demanded resident one (so prefetched pictures are not evicted
/// before older, unwanted ones), then chooses the *wanted* set: the first `maxInFlight` pictures
/// of the demand that are neither resident nor unreadable, counting per tier no more demanded
/// pictures than that tier's pool holds (a neighbourhood larger than the pool would evict
/// itself). Wanted keys not in flight become `requests`; in-flight keys no longer wanted (they
/// left the neighbourhood, or more urgent ones took their place) become `cancellations`.
/// When a decode's result (or error) is taken from the workers, call `finished(_:)`.
///
/// A frame, on the frame thread (`pool` a `PictureWorkerPool` keyed by `PictureKey`):
///
///     demand.removeAll()                      // visible cards first, then the neighbourhood
///     for card in visibleCards { demand.append(PictureKey(picture(card), tier), .visible) }
///     demand.appendNeighbourhood(visible: range, heading: heading, ahead: 40, behind: 20, …)
///     scheduler.plan(demand, residency: &residency)
///     for r in scheduler.requests { pool.submit(r.key, request: job(r.key), priority: r.priority) }
///     for key in scheduler.cancellations { pool.cancel(key) }
///     var budget = UploadBudget()
///     pool.takeCompleted(limit: budget.remainingCount) { done in
///         scheduler.finished(done.key)
///         switch done.result {
///         case .success(let pixels): if let layer = residency.assign(done.key, at: now) { upload(pixels, layer) }
///         case .failure(let error): residency.markUnreadable(Int(done.key.picture), reason: "\(error)")
///         }
///         return budget.admit(bytes: size) && !budget.isSpent
///     }
///     // packing: residency.appearance(of: picture) per card, PictureResidency.opacity for the fade
///
/// - Complexity: `plan` is O(demand + in flight); no allocation after `init` as long as the
///   demand stays within the picture count. (Read `requests` and `cancellations` with index
///   loops: in unoptimised builds a for-in over an array of structs allocates per element.)
public struct PictureScheduler: Sendable {
    /// The most decodes requested and not yet finished: the workers plus a small queue, so the
    /// queue never holds work that would be stale by the time a worker gets to it.
    public let maxInFlight: Int
    /// This frame's new requests, most urgent first.
    public private(set) var requests: [PictureRequest] = []
    /// This frame's cancellations: keys that were in flight and are no longer wanted.
    public private(set) var cancellations: [PictureKey] = []
    private var inFlight: [PictureKey] = []
    /// Per key slot: its index in `inFlight`, −1 when not in flight.
    private var inFlightIndex: [Int32]
    /// Per key slot: the priority it was last submitted with.
    private var submittedPriority: [Int32]
    /// Per key slot: the last frame the key appeared in the demand / was wanted.
    private var seenIn: [UInt32]
    private var wantedIn: [UInt32]
    private var frame: UInt32 = 0

    /// A scheduler for pictures `0..<pictureCount` with at most `maxInFlight` decodes requested
    /// at a time (e.g. `PictureSizing.maxInFlight(workers:)`).
    public init(pictureCount: Int, maxInFlight: Int) {
        self.maxInFlight = max(1, maxInFlight)
        let slots = max(0, pictureCount) * TierPool.count
        inFlightIndex = Array(repeating: -1, count: slots)
        submittedPriority = Array(repeating: 0, count: slots)
        seenIn = Array(repeating: 0, count: slots)
        wantedIn = Array(repeating: 0, count: slots)
        requests.reserveCapacity(self.maxInFlight)
        cancellations.reserveCapacity(self.maxInFlight)
        inFlight.reserveCapacity(self.maxInFlight)
    }

    /// Grows (or shrinks) the picture list; in-flight keys of pictures past a smaller count are
    /// dropped from the books (cancel them on the workers too). Allocates: not for every frame.
    public mutating func resizePictures(to count: Int) {
        let slots = max(0, count) * TierPool.count
        var index = 0
        while index < inFlight.count {
            if inFlight[index].slot >= slots { removeInFlight(inFlight[index]) } else { index += 1 }
        }
        func resized<T>(_ array: [T], _ fill: T) -> [T] {
            array.count >= slots ? Array(array.prefix(slots)) : array + repeatElement(fill, count: slots - array.count)
        }
        inFlightIndex = resized(inFlightIndex, -1)
        submittedPriority = resized(submittedPriority, 0)
        seenIn = resized(seenIn, 0)
        wantedIn = resized(wantedIn, 0)
    }

    /// How many decodes are requested and not finished.
    public var inFlightCount: Int { inFlight.count }

    /// True when `key` was requested and has not finished (nor been cancelled).
    public func isInFlight(_ key: PictureKey) -> Bool {
        let slot = key.slot
        return slot >= 0 && slot < inFlightIndex.count && inFlightIndex[slot] >= 0
    }

    /// Plans one frame (see the type's notes): starts the residency's frame, pins and touches,
    /// then fills `requests` and `cancellations`. Submit and cancel them on the workers now.
    public mutating func plan(_ demand: PictureDemand, residency: inout PictureResidency) {
        requests.removeAll(keepingCapacity: true)
        cancellations.removeAll(keepingCapacity: true)
        advanceFrame()
        residency.beginFrame()
        touch(demand, residency: &residency)

        var claimed = (card: 0, full: 0)
        var missing = 0
        // Index loops: a for-in over an array of structs allocates per element in debug builds.
        for position in demand.entries.indices {
            let key = demand.entries[position].key, slot = key.slot
            guard slot >= 0, slot < seenIn.count, seenIn[slot] != frame else { continue }
            seenIn[slot] = frame
            // The pool holds this many of the tier's pictures at once; demand past it is dropped.
            let capacity = residency.capacity(of: key.tier)
            let tierClaimed = key.tier == .card ? claimed.card : claimed.full
            guard tierClaimed < capacity else { continue }
            if residency.isCurrent(key) {
                key.tier == .card ? (claimed.card += 1) : (claimed.full += 1)
                continue
            }
            guard !residency.isUnreadable(Int(key.picture)), missing < maxInFlight else { continue }
            key.tier == .card ? (claimed.card += 1) : (claimed.full += 1)
            wantedIn[slot] = frame
            let priority = position
            missing += 1
            if inFlightIndex[slot] >= 0 {
                if submittedPriority[slot] != Int32(priority) {
                    submittedPriority[slot] = Int32(priority)
                    requests.append(PictureRequest(key: key, priority: priority, isUpdate: true))
                }
            } else {
                submittedPriority[slot] = Int32(priority)
                inFlightIndex[slot] = Int32(inFlight.count)
                inFlight.append(key)
                requests.append(PictureRequest(key: key, priority: priority, isUpdate: false))
            }
        }
        var index = 0
        while index < inFlight.count {
            let key = inFlight[index]
            if wantedIn[key.slot] == frame {
                index += 1
            } else {
                cancellations.append(key)
                removeInFlight(key)
            }
        }
    }

    /// The decode of `key` is over (its result or error was taken from the workers): it no
    /// longer counts as in flight. Unknown keys are ignored (e.g. cancelled ones).
    public mutating func finished(_ key: PictureKey) {
        guard isInFlight(key) else { return }
        removeInFlight(key)
    }

    /// Forgets everything in flight (the workers were shut down or drained); returns nothing.
    public mutating func reset() {
        for key in inFlight { inFlightIndex[key.slot] = -1 }
        inFlight.removeAll(keepingCapacity: true)
        requests.removeAll(keepingCapacity: true)
        cancellations.removeAll(keepingCapacity: true)
    }

    /// Pins what the visible cards ask for, and the card tier under a full-tier request (the
    /// picture shown until the full one lands); keeps a visible card's full-tier picture that it
    /// no longer asks for recent but unpinned (it shows its best resident tier: losing it only
    /// drops it to the card tier). Pinning those too let the cards in view hold every full-tier
    /// layer while another card in view asked for one: its decode found no layer, was dropped
    /// and asked for again, for ever (pages, 18 cards in view, 8 full layers). Every demanded
    /// resident picture becomes more recent than any undemanded one, the most urgent most recent.
    private func touch(_ demand: PictureDemand, residency: inout PictureResidency) {
        var position = demand.entries.count
        while position > 0 {
            position -= 1
            let entry = demand.entries[position]
            let pin = entry.band == .visible
            if pin {
                let other: TierPool = entry.key.tier == .card ? .full : .card
                residency.use(PictureKey(picture: entry.key.picture, tier: other), pin: other == .card)
            }
            residency.use(entry.key, pin: pin)
        }
    }

    /// Swap-removes `key` from the in-flight list. - Complexity: O(1).
    private mutating func removeInFlight(_ key: PictureKey) {
        let index = Int(inFlightIndex[key.slot])
        let last = inFlight.removeLast()
        if index < inFlight.count {
            inFlight[index] = last
            inFlightIndex[last.slot] = Int32(index)
        }
        inFlightIndex[key.slot] = -1
    }

    private mutating func advanceFrame() {
        frame &+= 1
        if frame == 0 {
            for slot in seenIn.indices {
                seenIn[slot] = 0
                wantedIn[slot] = 0
            }
            frame = 1
        }
    }
}
