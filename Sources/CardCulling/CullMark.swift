/// A picture's culling mark (SPEC §10, "Culling"): its stars and whether it is picked or rejected.
///
/// The stars are kept while a picture is rejected, so that toggling the reject off brings them
/// back (the sidecar stores them in the project's own XMP property while `xmp:Rating` says −1).
public struct CullMark: Hashable, Sendable {
    /// Pick, reject, or neither.
    public enum Flag: String, Hashable, Sendable, CaseIterable {
        case none
        /// `P`: stored as `digiKam:PickLabel` 3.
        case picked
        /// `X`: stored as `xmp:Rating` −1 and `digiKam:PickLabel` 1.
        case rejected
    }

    /// The largest number of stars.
    public static let maximumStars = 5

    /// Stars, 0 (none) … 5; kept, not shown, while the picture is rejected.
    public var stars: Int {
        didSet { stars = min(max(stars, 0), Self.maximumStars) }
    }
    /// Picked, rejected or neither.
    public var flag: Flag

    /// No stars, no flag: what a picture without a sidecar has.
    public static let unmarked = CullMark(stars: 0, flag: .none)

    public init(stars: Int = 0, flag: Flag = .none) {
        self.stars = min(max(stars, 0), Self.maximumStars)
        self.flag = flag
    }

    /// Whether the mark says nothing (no stars, no flag).
    public var isUnmarked: Bool { self == .unmarked }

    /// `P`: picked ↔ not; picking a rejected picture un-rejects it.
    public func togglingPick() -> CullMark {
        CullMark(stars: stars, flag: flag == .picked ? .none : .picked)
    }

    /// `X`: rejected ↔ not; the stars stay and come back when the reject is toggled off.
    public func togglingReject() -> CullMark {
        CullMark(stars: stars, flag: flag == .rejected ? .none : .rejected)
    }

    /// `Ctrl+0`…`Ctrl+5`: the stars set; rating a rejected picture un-rejects it (as darktable does).
    public func withStars(_ count: Int) -> CullMark {
        CullMark(stars: count, flag: flag == .rejected ? .none : flag)
    }
}

/// Which cards a deck shows (`V` cycles them: all → picks only → rejects hidden → all).
public enum CullFilter: String, Hashable, Sendable, CaseIterable {
    case all
    case picksOnly
    case rejectsHidden

    /// The filter `V` goes to next.
    public var next: CullFilter {
        switch self {
        case .all: return .picksOnly
        case .picksOnly: return .rejectsHidden
        case .rejectsHidden: return .all
        }
    }

    /// Whether a card with `mark` is shown under this filter.
    public func admits(_ mark: CullMark) -> Bool {
        switch self {
        case .all: return true
        case .picksOnly: return mark.flag == .picked
        case .rejectsHidden: return mark.flag != .rejected
        }
    }
}
