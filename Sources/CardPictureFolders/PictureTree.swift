import CardFiles

/// Lists a folder with its subfolders (`-r`, SPEC §12): the folder's own pictures in natural
/// name order, then each subfolder's the same way, depth first, subfolders in natural order.
///
/// - Symbolic links to folders are followed, each folder listed at most once: folders are
///   known by device and inode (`FileIdentity`), so a loop of links ends at the first repeat.
/// - At most `maximumDepth` folders deep below the one named.
/// - Hidden folders (".name") are skipped; a hidden folder named on the command line is listed
///   (it is the root here).
///
/// Only ever reads.
public enum PictureTree {
    /// How deep below the named folder `-r` goes: 32 folders (deeper trees are rare and a
    /// deeper walk is likely a runaway structure).
    public static let maximumDepth = 32

    /// What a walk found: the pictures, and one warning line per entry skipped.
    public struct Listing: Sendable {
        public var files: [PictureFile] = []
        public var warnings: [String] = []
    }

    /// The pictures of `directory` and, when `recursive`, of its subfolders; `visited` holds the
    /// folders already listed (shared across the PATHs of one deck, so a folder named twice or
    /// reached twice is listed once). `folderListed` is called after each folder with what it
    /// added (for a deck that grows while the walk goes on).
    ///
    /// - Throws: `ImageFolderError` when `directory` itself cannot be listed.
    public static func list(_ directory: String, recursive: Bool, visited: inout Set<FileIdentity>,
                            folderListed: (Listing) -> Void = { _ in }) throws -> Listing {
        var listing = Listing()
        let rootInfo: FileInfo
        do {
            rootInfo = try FileInfo.at(directory)
        } catch {
            if error.isMissing { throw ImageFolderError.missing(path: directory) }
            throw ImageFolderError.unreadable(path: directory, reason: error.reason)
        }
        guard rootInfo.kind == .folder else { throw ImageFolderError.notADirectory(path: directory) }
        guard visited.insert(rootInfo.identity).inserted else { return listing }
        try walk(directory, prefix: "", depth: 0, recursive: recursive, visited: &visited, into: &listing,
                 folderListed: folderListed, isRoot: true)
        return listing
    }

    private static func walk(_ directory: String, prefix: String, depth: Int, recursive: Bool,
                             visited: inout Set<FileIdentity>, into listing: inout Listing,
                             folderListed: (Listing) -> Void, isRoot: Bool) throws {
        let names: [String]
        do {
            names = try Folder.names(in: directory)
        } catch {
            if isRoot {
                if error.isMissing { throw ImageFolderError.missing(path: directory) }
                throw ImageFolderError.unreadable(path: directory, reason: error.reason)
            }
            let warning = "cannot read folder '\(PathBytes.displayed(directory))': \(error.reason) (skipped)"
            listing.warnings.append(warning)
            folderListed(Listing(files: [], warnings: [warning]))
            return
        }
        let found = PictureFolder.pictures(named: names, in: directory, prefix: prefix)
        // With -r a folder named like a picture is walked, not warned about.
        let warnings = recursive ? found.warnings.filter { !$0.hasSuffix("is a folder, not a picture (skipped)") } : found.warnings
        listing.files += found.files
        listing.warnings += warnings
        folderListed(Listing(files: found.files, warnings: warnings))
        guard recursive else { return }
        let base = directory.hasSuffix("/") ? directory : directory + "/"
        for name in found.others {
            let path = base + name
            guard let info = try? FileInfo.at(path), info.kind == .folder else { continue }
            guard depth + 1 <= maximumDepth else {
                let warning = "'\(PathBytes.displayed(path))' is more than \(maximumDepth) folders deep (skipped)"
                listing.warnings.append(warning)
                folderListed(Listing(files: [], warnings: [warning]))
                continue
            }
            // A folder reached again (a link back up, or a second link to it) is listed once.
            guard visited.insert(info.identity).inserted else { continue }
            try walk(path, prefix: prefix + name + "/", depth: depth + 1, recursive: true, visited: &visited,
                     into: &listing, folderListed: folderListed, isRoot: false)
        }
    }
}
