import CardAssets
import CardInteraction
import CardFiles
import CardPictureFolders
import Foundation

/// Which deck to show: the bundled default, a folder of pictures (PNG, JPEG), the folders and
/// pictures of the command line's PATHs (SPEC §12), or generated cards.
public enum DeckSpec: Hashable, Sendable {
    case bundled
    case folder(path: String)
    /// `cardviewer PATH…`: folders and picture files, in order, as one deck (`recursive`: with
    /// their subfolders, `-r`); a single file opens its folder at that picture.
    case paths([String], recursive: Bool)
    case synthetic(count: Int)
}

/// Why a deck cannot be shown: bad input from the command line (exit status 2). One line.
public struct DeckLoadError: Error, CustomStringConvertible, Equatable {
    public var description: String
}

/// Builds the viewer's deck: lists the pictures (names, sizes, modification times — nothing is
/// decoded, so a folder of any size starts at once), restores the saved state and reconciles it
/// with the pictures that exist now.
public enum DeckLoader {
    /// The catalog of `spec`, with one warning line per entry that cannot be a picture (a
    /// folder named like one, a dangling link).
    ///
    /// Folder pictures are titled with their file names, extension included. Files are only
    /// ever read, and only later, by the picture pipeline: a file that turns out unreadable keeps
    /// its card, shown as an unreadable placeholder with a warning. With no bundled picture at
    /// all (resources missing) the bundled deck is 30 generated cards.
    ///
    /// - Throws: `DeckLoadError` when the folder is missing, not a folder, or cannot be listed.
    /// - Complexity: a folder: one directory pass and a `stat` per picture-named entry, then a
    ///   sort (100,000 entries in well under a second).
    public static func catalog(for spec: DeckSpec) throws -> (catalog: DeckCatalog, warnings: [String]) {
        switch spec {
        case .synthetic(let count):
            var catalog = try catalog(for: .bundled).catalog
            catalog.origin = .synthetic(count: count)
            catalog.available = []
            return (catalog, [])
        case .bundled:
            var pictures: [PictureFile] = [], available: [(source: CardSource, title: String)] = []
            var pictureOfSource: [CardSource: Int32] = [:]
            for path in BundledDeck.imagePaths {
                let name = URL(fileURLWithPath: path).lastPathComponent
                let title = bundledTitle(path)
                let source = CardSource.bundled(index: available.count)
                pictureOfSource[source] = Int32(pictures.count)
                pictures.append(PictureFile(name: name, path: path, title: title, byteCount: 0, modifiedSeconds: 0))
                available.append((source, title))
            }
            if pictures.isEmpty {
                return (DeckCatalog(origin: .synthetic(count: 30), pictures: [], available: [], pictureOfSource: [:]), [])
            }
            return (DeckCatalog(origin: .bundled, pictures: pictures, available: available, pictureOfSource: pictureOfSource), [])
        case .folder(let path):
            return try folderCatalog(path)
        case .paths(let paths, let recursive):
            do {
                return try DeckPaths.catalog(paths, recursive: recursive)
            } catch let error as PicturePathError {
                throw DeckLoadError(description: error.description)
            } catch let error as ImageFolderError {
                throw DeckLoadError(description: error.description)
            }
        }
    }

    /// `DeckListing.start` with its errors as `DeckLoadError`s: the first folder listed, the
    /// rest going on in the background.
    public static func startListing(_ paths: [String], recursive: Bool) throws -> (catalog: DeckCatalog, warnings: [String], rest: DeckListing?) {
        do {
            return try DeckListing.start(paths, recursive: recursive)
        } catch let error as PicturePathError {
            throw DeckLoadError(description: error.description)
        } catch let error as ImageFolderError {
            throw DeckLoadError(description: error.description)
        }
    }

    private static func folderCatalog(_ directory: String) throws -> (catalog: DeckCatalog, warnings: [String]) {
        let listing: (files: [PictureFile], warnings: [String])
        do {
            listing = try PictureFolder.list(directory)
        } catch let error as ImageFolderError {
            throw DeckLoadError(description: error.description)
        }
        var available: [(source: CardSource, title: String)] = []
        var pictureOfSource: [CardSource: Int32] = [:]
        available.reserveCapacity(listing.files.count)
        pictureOfSource.reserveCapacity(listing.files.count)
        for (index, file) in listing.files.enumerated() {
            let source = CardSource.file(name: file.name)
            pictureOfSource[source] = Int32(index)
            available.append((source, file.title))
        }
        var catalog = DeckCatalog(origin: .folder(path: directory), pictures: listing.files, available: available,
                                  pictureOfSource: pictureOfSource)
        catalog.keyBase = CanonicalPath.of(directory)
        catalog.canonicalPaths = catalog.keyBase.map { [$0] } ?? []
        return (catalog, listing.warnings)
    }

    /// "01-sunset.png" → "sunset".
    static func bundledTitle(_ path: String) -> String {
        let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        let parts = name.split(separator: "-", maxSplits: 1)
        guard parts.count == 2, parts[0].allSatisfy(\.isNumber) else { return name }
        return String(parts[1])
    }

    /// What `load` found besides the deck.
    public struct Outcome: Sendable {
        public var deck: Deck
        /// One line each: skipped pictures, a corrupt state file moved aside.
        public var warnings: [String]
        /// True when the deck differs from the saved state (new or vanished pictures) or there
        /// was no usable state: save it.
        public var needsSave: Bool
        /// The layout the state file remembers, if it names one.
        public var layout: SavedLayout? = nil
        /// True when the deck is the state's (reconciled), false for a fresh one.
        public var restored = false
    }

    /// The deck to show: the saved state when there is one (reconciled with the pictures that
    /// exist now), else a fresh deck. A corrupt state file is moved aside with a warning.
    ///
    /// A synthetic deck (`--cards N`) is restored as saved; N only sizes a fresh deck.
    public static func deck(from catalog: DeckCatalog, store: DeckStore?) throws -> Outcome {
        var catalog = catalog
        return try restore(&catalog, store: store)
    }

    /// As `deck(from:store:)`; pictures the saved deck shows from outside the listed PATHs
    /// (dropped on the window) that still exist are added to `catalog` first, so they stay.
    public static func restore(_ catalog: inout DeckCatalog, store: DeckStore?) throws -> Outcome {
        guard let store else { return Outcome(deck: catalog.freshDeck(), warnings: [], needsSave: false) }
        switch try store.load() {
        case .missing:
            return Outcome(deck: catalog.freshDeck(), warnings: [], needsSave: true)
        case .corrupt(let reason, let movedTo):
            let warning = "state file '\(store.path)' is corrupt (\(reason)); moved it to '\(movedTo)' and started a fresh deck"
            return Outcome(deck: catalog.freshDeck(), warnings: [warning], needsSave: true)
        case .unusable(let reason, let movedTo):
            let warning = "state file '\(store.path)' cannot be used (\(reason)); moved it to '\(movedTo)' and started a fresh deck"
            return Outcome(deck: catalog.freshDeck(), warnings: [warning], needsSave: true)
        case .restored(var deck, let layout):
            if case .synthetic = catalog.origin { return Outcome(deck: deck, warnings: [], needsSave: false, layout: layout, restored: true) }
            catalog.addSavedPictures(deck.cards.map(\.source) + deck.deleted.map(\.source))
            let change = deck.reconcile(available: catalog.available)
            return Outcome(deck: deck, warnings: [], needsSave: !change.dropped.isEmpty || !change.added.isEmpty, layout: layout,
                           restored: true)
        }
    }
}
