import CardCulling

/// Which cards `cardviewer export` acts on (SPEC §13, "Acting on the result"), by their marks as
/// the viewer reads them: `--picks`, `--rejects`, `--stars N` (at least N stars), `--label
/// COLOUR`. With several, a card must match all of them. Pure: no files.
public struct ExportSelector: Equatable, Sendable {
    /// `--picks`: picked cards.
    public var picks: Bool
    /// `--rejects`: rejected cards.
    public var rejects: Bool
    /// `--stars N`: at least N stars (1–5). A rejected card shows no stars (its stars are kept
    /// only for un-rejecting), so it never matches.
    public var minimumStars: Int?
    /// `--label COLOUR`: cards carrying this colour label (among others).
    public var label: ColorLabels?

    public init(picks: Bool = false, rejects: Bool = false, minimumStars: Int? = nil, label: ColorLabels? = nil) {
        self.picks = picks
        self.rejects = rejects
        self.minimumStars = minimumStars
        self.label = label
    }

    /// True when no selector is given (the command refuses that: exit status 2).
    public var isEmpty: Bool { !picks && !rejects && minimumStars == nil && label == nil }

    /// Whether a card marked `mark` is selected: it matches every selector given.
    /// Stars and a label are judged as the viewer's filter judges them (`CullFilter`), so the
    /// `Shift+V` menu's view and `export` select the same cards.
    public func admits(_ mark: CullMark) -> Bool {
        if picks, !CullFilter.picksOnly.admits(mark) { return false }
        if rejects, mark.flag != .rejected { return false }
        if let minimumStars, !CullFilter.starsAtLeast(minimumStars).admits(mark) { return false }
        if let label, !label.isEmpty, !CullFilter.label(label).admits(mark) { return false }
        return true
    }

    /// The indices of `marks` (one per card, in deck order) that are selected, in order.
    public func selected(_ marks: [CullMark]) -> [Int] {
        marks.indices.filter { admits(marks[$0]) }
    }
}
