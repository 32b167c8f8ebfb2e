import CardFiles
import CardInteraction
import CardPictureFolders

/// The deck of `cardviewer PATH…` (SPEC §12): folders and picture files in the order given,
/// each folder's pictures in natural name order (with `-r` its subfolders after them), as one
/// deck; a single file opens its folder with that picture as the current card.
///
/// **Saved names.** A card's source is `.file(name:)`: the file's path relative to the deck's
/// first folder (`DeckCatalog.keyBase`: the first PATH, or the folder of the first file, with
/// links resolved) when it lies inside it — so a state saved by `--images DIR` (plain names)
/// reads alike —, else its absolute canonical path (a second folder, a dropped file).
public enum DeckPaths {
    /// The catalog of `paths`.
    ///
    /// - Throws: `PicturePathError` (a missing path, neither folder nor picture) or
    ///   `ImageFolderError` (a folder that cannot be listed): bad input, exit status 2.
    public static func catalog(_ paths: [String], recursive: Bool) throws -> (catalog: DeckCatalog, warnings: [String]) {
        var (catalog, warnings, rest) = try DeckListing.start(paths, recursive: recursive)
        if let rest {
            rest.waitUntilFinished()
            let taken = rest.take()
            for (file, key) in taken.files { catalog.add(file, key: key) }
            warnings += taken.warnings
        }
        return (catalog, warnings)
    }

    /// The deck's identity before it is listed: the canonical PATHs (a single file: its
    /// folder), as `DeckCatalog.canonicalPaths` will hold them.
    ///
    /// - Throws: `DeckLoadError` for a missing path or one neither folder nor picture.
    public static func canonicalPaths(_ paths: [String]) throws -> [String] {
        let checked: [PicturePath]
        do {
            checked = try PicturePath.checkedAll(paths)
        } catch {
            throw DeckLoadError(description: error.description)
        }
        if checked.count == 1, !checked[0].isFolder { return [checked[0].folder.canonical] }
        return checked.map(\.canonical)
    }

    /// The picture file at `path` (a checked picture), with its size and time; `nil` when it
    /// cannot be read now. Either half of a RAW+JPEG pair gives the pair's card: the JPEG,
    /// with the RAW as its companion (`PicturePairs.card(for:partners:)`; `partners` lists each
    /// folder once for all the files of a listing).
    public static func pictureFile(_ path: String, partners: inout PicturePairs.Partners) -> PictureFile? {
        if let pair = PicturePairs.card(for: path, partners: &partners) { return pair }
        guard let info = try? FileInfo.at(path), info.kind == .regular else { return nil }
        let name = String(path.split(separator: "/").last ?? Substring(path))
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        return PictureFile(name: name, path: path, title: PathBytes.displayed(name),
                           byteCount: info.size, modifiedSeconds: info.modifiedSeconds)
    }

    /// `folder` + "/" + `relative`.
    static func join(_ folder: String, _ relative: String) -> String {
        folder.hasSuffix("/") ? folder + relative : folder + "/" + relative
    }

    /// The pictures of dropped `paths` (files and folders, folders listed as a PATH is, without
    /// subfolders unless `recursive`), in order, leaving out those the catalog already has;
    /// and one line per path skipped (not a picture, missing).
    public static func dropped(_ paths: [String], recursive: Bool, into catalog: DeckCatalog)
        -> (files: [(file: PictureFile, key: String)], skipped: [String]) {
        var files: [(file: PictureFile, key: String)] = [], skipped: [String] = []
        var visited = Set<FileIdentity>(), seen = Set<String>(), partners = PicturePairs.Partners()
        for path in paths {
            let checked: PicturePath
            do {
                checked = try PicturePath.checked(path)
            } catch {
                skipped.append(error.description)
                continue
            }
            if checked.isFolder {
                guard let listing = try? PictureTree.list(path, recursive: recursive, visited: &visited) else {
                    skipped.append("cannot list '\(PathBytes.displayed(path))'")
                    continue
                }
                for file in listing.files {
                    let key = catalog.key(forCanonical: join(checked.canonical, file.relativePath))
                    if seen.insert(key).inserted, !catalog.has(key: key) { files.append((file, key)) }
                }
            } else if let file = pictureFile(path, partners: &partners) {
                let key = catalog.key(forCanonical: file.companionPaths.isEmpty ? checked.canonical : join(checked.folder.canonical, file.name))
                if seen.insert(key).inserted, !catalog.has(key: key) { files.append((file, key)) }
            }
        }
        return (files, skipped)
    }
}
