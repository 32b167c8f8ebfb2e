import CardCulling
import CardLayout

/// What `E` in the window would act on (SPEC §13): the cards the filter shows, in the deck's
/// order, each with its files (`ExportGroup`: picture, RAW partner, sidecars), and the folder
/// a copy, move or link goes to — a folder named after the filter beside the first card's
/// picture (`picks`, `rejects`, `3-stars`, `red`; `all` with no filter), as the prompt says.
struct ExportPlan {
    /// The cards, in the deck's order, and their groups (same positions).
    var cards: [CardID]
    var groups: [ExportGroup]
    /// The folder `C`, `M`, `L` put the files in (made when missing).
    var folder: String
    /// The filter's words, for the prompt (`picks only`).
    var filterTitle: String

    /// Files over every group.
    var fileCount: Int { groups.reduce(0) { $0 + $1.members.count } }

    /// The plan for `cards` (each with its picture's paths: picture first, then companions;
    /// cards without files are left out) under `filter`; `exists` says which sidecars exist.
    static func make(cards: [(id: CardID, paths: [String])], filter: CullFilter, exists: (String) -> Bool) -> ExportPlan? {
        let withFiles = cards.filter { !$0.paths.isEmpty }
        guard let first = withFiles.first else { return nil }
        let folder = SessionCulling.folder(of: first.paths[0])
        return ExportPlan(cards: withFiles.map(\.id), groups: withFiles.map { ExportGroup.of(paths: $0.paths, exists: exists) },
                          folder: (folder == "/" ? "" : folder) + "/" + folderName(for: filter), filterTitle: filter.title)
    }

    /// The destination folder's name for `filter`: `picks`, `kept` (rejects hidden), `rejects`,
    /// `3-stars`, `red`, `all`.
    static func folderName(for filter: CullFilter) -> String {
        switch filter {
        case .all: return "all"
        case .picksOnly: return "picks"
        case .rejectsHidden: return "kept"
        case .rejectsOnly: return "rejects"
        case .starsAtLeast(let stars): return "\(stars)-stars"
        case .label(let label): return label.names.first?.lowercased() ?? "labelled"
        }
    }

    /// "1 picture", "3 pictures".
    static func counted(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }
}
