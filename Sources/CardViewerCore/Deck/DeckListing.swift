import CardFiles
import CardInteraction
import CardPictureFolders
import Foundation

/// A deck of PATHs listed as it is found (SPEC §12: "the listing streams"): the first folder's
/// own pictures are there before the first frame, the rest — its subfolders with `-r`, the other
/// PATHs — are listed on a background thread and handed over folder by folder (`take()`), to be
/// appended to the deck as they come.
///
/// Used for a deck without a saved state (a state is reconciled with the whole listing, so a
/// restored deck is listed first). The order of the cards is the order `DeckPaths.catalog`
/// gives; the saved names are the same.
///
/// Threading: `start` blocks until the first folder is listed; `take()` and `isFinished` may be
/// called from any thread (one lock, held for a few assignments).
public final class DeckListing: @unchecked Sendable {
    // @unchecked: the mutable state is touched only with `lock` held.
    private let lock = NSCondition()
    private var found: [(file: PictureFile, key: String)] = []
    private var warnings: [String] = []
    private var folders = 0
    private var finished = false
    private var failure: Error?

    private init() {}

    /// True once every PATH has been listed and everything found was taken.
    public var isFinished: Bool {
        lock.lock()
        defer { lock.unlock() }
        return finished && found.isEmpty && warnings.isEmpty
    }

    /// Waits until every PATH has been listed.
    public func waitUntilFinished() {
        lock.lock()
        while !finished { lock.wait() }
        lock.unlock()
    }

    /// The pictures found since the last call (in deck order, each with its saved name) and the
    /// warnings met on the way.
    public func take() -> (files: [(file: PictureFile, key: String)], warnings: [String]) {
        lock.lock()
        defer { lock.unlock() }
        let taken = (found, warnings)
        found.removeAll()
        warnings.removeAll()
        return taken
    }

    /// Starts listing `paths` (checked first: a bad PATH throws here, before anything is listed)
    /// and returns once the first folder is listed: the catalog with its pictures, and the
    /// listing that goes on (`nil` when it is already complete).
    ///
    /// - Throws: as `DeckPaths.catalog`.
    public static func start(_ paths: [String], recursive: Bool) throws -> (catalog: DeckCatalog, warnings: [String], rest: DeckListing?) {
        var checked = try PicturePath.checkedAll(paths)
        guard let first = checked.first else { throw PicturePathError.empty }
        var start: PicturePath?
        if checked.count == 1, !first.isFolder {
            start = first
            let folder = first.folder
            checked = [PicturePath(path: folder.path, canonical: folder.canonical, isFolder: true)]
        }
        var catalog = DeckCatalog(origin: .folder(path: checked[0].folder.path), pictures: [], available: [], pictureOfSource: [:])
        catalog.keyBase = checked[0].folder.canonical
        catalog.canonicalPaths = checked.map(\.canonical)
        let listing = DeckListing()
        let keys = catalog, roots = checked
        let thread = Thread { listing.run(roots, recursive: recursive, keys: keys) }
        thread.name = "deck-listing"
        thread.start()
        // The first folder (or the end, or a failure of the first PATH).
        listing.lock.lock()
        while listing.folders == 0, !listing.finished, listing.failure == nil { listing.lock.wait() }
        if let failure = listing.failure {
            listing.lock.unlock()
            throw failure
        }
        let firstFiles = listing.found, firstWarnings = listing.warnings
        listing.found.removeAll()
        listing.warnings.removeAll()
        let done = listing.finished
        listing.lock.unlock()
        for (file, key) in firstFiles { catalog.add(file, key: key) }
        if let start {
            // Either half of a RAW+JPEG pair starts at the pair's card (the JPEG's).
            let name = PicturePairs.card(for: start.path)?.name ?? String(start.path.split(separator: "/").last ?? Substring(start.path))
            let key = catalog.key(forCanonical: DeckPaths.join(start.folder.canonical, name))
            catalog.startPicture = catalog.pictureOfSource[.file(name: key)].map(Int.init)
        }
        return (catalog, firstWarnings, done ? nil : listing)
    }

    /// How many picture files given as PATHs are handed over together (after the first, handed
    /// over alone so the first frame need not wait): one lock and wake-up per batch, not per file.
    static let filesPerBatch = 1024

    /// The walk, on the listing thread: every PATH in order, each folder handed over as listed,
    /// files given as PATHs in batches (`filesPerBatch`).
    private func run(_ roots: [PicturePath], recursive: Bool, keys: DeckCatalog) {
        var visited = Set<FileIdentity>(), seen = Set<String>(), partners = PicturePairs.Partners()
        var files: [(file: PictureFile, key: String)] = []
        for (index, root) in roots.enumerated() {
            if root.isFolder {
                if !files.isEmpty { publish(files, []) }
                files.removeAll()
                do {
                    _ = try PictureTree.list(root.path, recursive: recursive, visited: &visited) { folder in
                        var batch: [(file: PictureFile, key: String)] = []
                        for file in folder.files {
                            let key = keys.key(forCanonical: DeckPaths.join(root.canonical, file.relativePath))
                            if seen.insert(key).inserted { batch.append((file, key)) }
                        }
                        publish(batch, folder.warnings)
                    }
                } catch {
                    lock.lock()
                    if index == 0, folders == 0 { failure = error } else { warnings.append("\(error) (skipped)") }
                    lock.broadcast()
                    lock.unlock()
                    if index == 0, folders == 0 { return }
                }
            } else if let file = DeckPaths.pictureFile(root.path, partners: &partners) {
                let key = keys.key(forCanonical: file.companionPaths.isEmpty ? root.canonical : DeckPaths.join(root.folder.canonical, file.name))
                if seen.insert(key).inserted { files.append((file, key)) }
                if index == 0 || files.count >= Self.filesPerBatch {
                    publish(files, [])
                    files.removeAll()
                }
            }
        }
        if !files.isEmpty { publish(files, []) }
        lock.lock()
        finished = true
        lock.broadcast()
        lock.unlock()
    }

    private func publish(_ files: [(file: PictureFile, key: String)], _ folderWarnings: [String]) {
        lock.lock()
        found += files
        warnings += folderWarnings
        folders += 1
        lock.broadcast()
        lock.unlock()
    }
}
