import Foundation

/// The bundled default deck: the PNG pictures in `Assets/Deck/`, painted by `DeckArt` and written
/// by `swift run make-deck --out Assets/Deck`, shipped as this target's resources.
public enum BundledDeck {
    /// Absolute paths of the deck's PNG files, sorted by file name (so in deck order: `01-…`, `02-…`).
    /// Empty if the resource bundle lacks the folder.
    public static var imagePaths: [String] {
        guard let folder = Bundle.module.resourceURL?.appendingPathComponent("Deck", isDirectory: true),
              let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return [] }
        return names.filter { $0.lowercased().hasSuffix(".png") }.sorted().map { folder.appendingPathComponent($0).path }
    }
}
