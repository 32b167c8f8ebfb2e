import CardInteraction
import CardPictureFolders

/// The window's title (SPEC §10): `FILENAME — FOLDER (i / n)` — the current card's file name,
/// the name of the folder holding it, its 1-based index and the deck's count; for a card
/// without a file (the bundled deck, generated cards) `CardViewer — LAYOUT (i / n)`.
public enum WindowTitle {
    /// The title for the card at `index` (`nil`: none current, shown as 0) of `deck`.
    public static func text(deck: Deck, index: Int?, catalog: DeckCatalog, layoutName: String) -> String {
        let position = "(\(index.map { $0 + 1 } ?? 0) / \(deck.count))"
        if let index, index < deck.count, catalog.showsTitles, let picture = catalog.picture(of: deck.cards[index]),
           picture < catalog.pictures.count {
            let file = catalog.pictures[picture]
            return "\(file.displayedName) — \(file.folderName) \(position)"
        }
        return "CardViewer — \(layoutName) \(position)"
    }
}

extension PictureFile {
    /// The file name as people see it (U+FFFD for bytes that are not UTF-8): the title of a
    /// listed file (which keeps its extension), else the title with the name's extension.
    public var displayedName: String {
        let suffix = name[(name.lastIndex(of: ".") ?? name.endIndex)...]
        return title.hasSuffix(suffix) ? title : title + suffix
    }
}
