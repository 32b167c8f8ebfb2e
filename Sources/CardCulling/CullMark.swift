/// The colour labels a picture carries (SPEC §10: `6`–`9` toggle red, yellow, green, blue), as
/// Lightroom's `xmp:Label` names them and darktable's `darktable:colorlabels` numbers them (0–3;
/// darktable's purple, 4, is read and kept but has no key).
public struct ColorLabels: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue & 0x1F }

    public static let red = ColorLabels(rawValue: 1 << 0)
    public static let yellow = ColorLabels(rawValue: 1 << 1)
    public static let green = ColorLabels(rawValue: 1 << 2)
    public static let blue = ColorLabels(rawValue: 1 << 3)
    public static let purple = ColorLabels(rawValue: 1 << 4)

    /// Every label in darktable's order, with its `xmp:Label` name (darktable's number is the
    /// position).
    public static let named: [(label: ColorLabels, name: String)] = [
        (.red, "Red"), (.yellow, "Yellow"), (.green, "Green"), (.blue, "Blue"), (.purple, "Purple"),
    ]

    /// The label called `name` (`Red`, … case-insensitive; `none`: empty), `nil` for another word.
    public init?(name: String) {
        if name.lowercased() == "none" {
            self = []
            return
        }
        guard let found = Self.named.first(where: { $0.name.lowercased() == name.lowercased() }) else { return nil }
        self = found.label
    }

    /// darktable's numbers of these labels (0 red … 4 purple), ascending.
    public var darktableNumbers: [Int] { Self.named.indices.filter { contains(Self.named[$0].label) } }

    /// The names of these labels in darktable's order (`Red`, `Green`).
    public var names: [String] { Self.named.filter { contains($0.label) }.map(\.name) }
}

/// A picture's culling mark (SPEC §10, "Culling"): its stars, whether it is picked or rejected,
/// and its colour labels.
///
/// The stars are kept while a picture is rejected, so that toggling the reject off brings them
/// back (the sidecar stores them in the project's own XMP property while `xmp:Rating` says −1).
/// A pick also sets a colour label (`pickLabel`, so that darktable, which has no picks, finds
/// the picks); un-picking removes it only where the pick added it (`labelsAddedByPick`).
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
    /// The colour labels.
    public var labels: ColorLabels
    /// The labels among `labels` that a pick added (removed when the pick is toggled off).
    public var labelsAddedByPick: ColorLabels {
        didSet { labelsAddedByPick.formIntersection(labels) }
    }

    /// No stars, no flag, no labels: what a picture without a sidecar has.
    public static let unmarked = CullMark(stars: 0, flag: .none)

    public init(stars: Int = 0, flag: Flag = .none, labels: ColorLabels = [], labelsAddedByPick: ColorLabels = []) {
        self.stars = min(max(stars, 0), Self.maximumStars)
        self.flag = flag
        self.labels = labels
        self.labelsAddedByPick = labelsAddedByPick.intersection(labels)
    }

    /// Whether the mark says nothing (no stars, no flag, no labels).
    public var isUnmarked: Bool { self == .unmarked }

    /// `P`: picked ↔ not; picking a rejected picture un-rejects it. Picking adds `pickLabel`
    /// (none: `[]`) unless the picture has it already; un-picking removes what the pick added.
    public func togglingPick(pickLabel: ColorLabels = []) -> CullMark {
        var next = self
        if flag == .picked {
            next.flag = .none
            next.labels.subtract(labelsAddedByPick)
            next.labelsAddedByPick = []
        } else {
            next.flag = .picked
            let added = pickLabel.subtracting(labels)
            next.labels.formUnion(added)
            next.labelsAddedByPick = added
        }
        return next
    }

    /// `X`: rejected ↔ not; the stars stay and come back when the reject is toggled off. A
    /// picked picture rejected loses its pick and the label the pick added.
    public func togglingReject() -> CullMark {
        var next = flag == .picked ? togglingPick() : self
        next.flag = flag == .rejected ? .none : .rejected
        return next
    }

    /// `0`…`5` (`Ctrl+0`…`Ctrl+5`): the stars set; rating a rejected picture un-rejects it (as
    /// darktable does).
    public func withStars(_ count: Int) -> CullMark {
        var next = self
        next.stars = count
        if flag == .rejected { next.flag = .none }
        return next
    }

    /// `6`…`9`: `label` on ↔ off (then no longer counted as the pick's).
    public func togglingLabel(_ label: ColorLabels) -> CullMark {
        var next = self
        if labels.isSuperset(of: label) { next.labels.subtract(label) } else { next.labels.formUnion(label) }
        next.labelsAddedByPick.subtract(label)
        return next
    }
}

/// Which cards a deck shows (SPEC §10): `V` cycles all → picks only → rejects hidden → all;
/// the `Shift+V` menu adds rejects only (what `E` sends to the trash), at least N stars and a
/// colour label.
public enum CullFilter: Hashable, Sendable {
    case all
    case picksOnly
    case rejectsHidden
    /// Only the rejected pictures (`Shift+V`, `R`).
    case rejectsOnly
    /// Pictures with at least this many stars (1…5), rejects hidden.
    case starsAtLeast(Int)
    /// Pictures carrying this colour label (one of `ColorLabels.named`), rejects included.
    case label(ColorLabels)

    /// The filter `V` goes to next (from a menu's filter: all).
    public var next: CullFilter {
        switch self {
        case .all: return .picksOnly
        case .picksOnly: return .rejectsHidden
        case .rejectsHidden, .rejectsOnly, .starsAtLeast, .label: return .all
        }
    }

    /// Whether a card with `mark` is shown under this filter.
    public func admits(_ mark: CullMark) -> Bool {
        switch self {
        case .all: return true
        case .picksOnly: return mark.flag == .picked
        case .rejectsHidden: return mark.flag != .rejected
        case .rejectsOnly: return mark.flag == .rejected
        case .starsAtLeast(let stars): return mark.flag != .rejected && mark.stars >= stars
        case .label(let label): return !mark.labels.isDisjoint(with: label)
        }
    }

    /// The name the state file keeps: `all`, `picksOnly`, `rejectsHidden`, `rejectsOnly`, `starsAtLeast3`,
    /// `labelRed` (`docs/formats/state.md`).
    public var rawValue: String {
        switch self {
        case .all: return "all"
        case .picksOnly: return "picksOnly"
        case .rejectsHidden: return "rejectsHidden"
        case .rejectsOnly: return "rejectsOnly"
        case .starsAtLeast(let stars): return "starsAtLeast\(stars)"
        case .label(let label): return "label" + (label.names.first ?? "None")
        }
    }

    /// The filter the state file names `rawValue`; nil for another word, stars outside 1…5, or
    /// a colour other than one `ColorLabels.named` names.
    public init?(rawValue: String) {
        switch rawValue {
        case "all": self = .all
        case "picksOnly": self = .picksOnly
        case "rejectsHidden": self = .rejectsHidden
        case "rejectsOnly": self = .rejectsOnly
        default:
            if rawValue.hasPrefix("starsAtLeast"), let stars = Int(rawValue.dropFirst("starsAtLeast".count)),
               (1...CullMark.maximumStars).contains(stars), String(stars) == rawValue.dropFirst("starsAtLeast".count) {
                self = .starsAtLeast(stars)
            } else if rawValue.hasPrefix("label"), let found = ColorLabels.named.first(where: { "label" + $0.name == rawValue }) {
                self = .label(found.label)
            } else {
                return nil
            }
        }
    }

    /// What people read of it: `picks only`, `rejects hidden`, `rejects only`, `3+ stars`, `red label`, `all`.
    public var title: String {
        switch self {
        case .all: return "all"
        case .picksOnly: return "picks only"
        case .rejectsHidden: return "rejects hidden"
        case .rejectsOnly: return "rejects only"
        case .starsAtLeast(let stars): return "\(stars)+ stars"
        case .label(let label): return "\(label.names.first?.lowercased() ?? "no") label"
        }
    }
}
