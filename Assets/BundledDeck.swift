import Foundation

/// The bundled default deck: the PNG pictures in `Assets/Deck/`, painted by `DeckArt` and written
/// by `swift run make-deck --out Assets/Deck`, shipped as this target's resources and installed
/// by `make install` as `PREFIX/share/cardviewer/deck/`.
public enum BundledDeck {
    /// Absolute paths of the deck's PNG files, sorted by file name (so in deck order: `01-…`, `02-…`),
    /// from the first of `searchedFolders` that holds any. Empty if none does.
    public static var imagePaths: [String] {
        for folder in searchedFolders {
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { continue }
            let pictures = names.filter { $0.lowercased().hasSuffix(".png") }.sorted()
            if !pictures.isEmpty { return pictures.map { folder.appendingPathComponent($0).path } }
        }
        return []
    }

    /// The folders searched, in order: the resource bundle next to the running executable (where
    /// SwiftPM puts `CardViewer_CardAssets.resources`, for the program and test runners alike),
    /// the installed copy (`BIN/../share/cardviewer/deck`, for `PREFIX/bin/cardviewer`), then this
    /// source folder's `Deck/`, so a moved binary still runs from a checkout.
    public static var searchedFolders: [URL] {
        var folders: [URL] = []
        if let executable = Bundle.main.executableURL?.resolvingSymlinksInPath() {
            let bin = executable.deletingLastPathComponent()
            folders.append(bin.appendingPathComponent("CardViewer_CardAssets.resources/Deck", isDirectory: true))
            folders.append(bin.appendingPathComponent("../share/cardviewer/deck", isDirectory: true).standardizedFileURL)
        }
        folders.append(URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Deck", isDirectory: true))
        return folders
    }
}
