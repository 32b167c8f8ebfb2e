import CardFiles

/// One picture file of a folder as listed, before anything is decoded.
public struct PictureFile: Hashable, Sendable {
    /// The file name, with its extension ("Beach.JPG").
    public var name: String
    /// The full path: the folder's path, "/", the name.
    public var path: String
    /// The name with its extension ("Beach.JPG"): the card's title, as people see it (bytes
    /// that are not UTF-8 shown as U+FFFD, `PathBytes.displayed`; `name` and `path` keep them).
    /// The extension stays so that `swap.jpg`, `swap.png` and `swap.tif` are told apart (issue 34).
    public var title: String
    /// The file's size in bytes.
    public var byteCount: Int
    /// The file's modification time, whole seconds since 1970 (what thumbnail caches compare).
    public var modifiedSeconds: Int
    /// The path below the listed folder ("sub/Beach.JPG" with `-r`; the name otherwise).
    public var relativePath: String
    /// Other files shown by this one card: the camera RAW of a RAW+JPEG pair (`IMG_1.CR2` beside
    /// `IMG_1.JPG`, one card showing the JPEG). Culling marks are written for each of them too.
    public var companionPaths: [String] = []

    public init(name: String, path: String, title: String, byteCount: Int, modifiedSeconds: Int, relativePath: String? = nil) {
        self.name = name
        self.path = path
        self.title = title
        self.byteCount = byteCount
        self.modifiedSeconds = modifiedSeconds
        self.relativePath = relativePath ?? name
    }

    /// The name of the folder holding the file ("Holidays" for "/home/me/Holidays/a.jpg"), as
    /// people see it (U+FFFD for bytes that are not UTF-8).
    public var folderName: String {
        let parts = path.split(separator: "/")
        guard parts.count >= 2 else { return path.hasPrefix("/") ? "/" : "." }
        return PathBytes.displayed(String(parts[parts.count - 2]))
    }
}

/// Lists a folder of pictures without decoding any: the files directly in it named with one of
/// `extensions` (PNG, JPEG, HEIF/AVIF, WebP, TIFF, GIF, camera RAW; any case, not in subfolders, not hidden
/// ones), in natural name order, with their sizes and modification times. A RAW and a JPEG of
/// the same name are one picture (`PicturePairs`).
///
/// Only ever reads: nothing in the folder is written, moved or deleted.
public enum PictureFolder {
    /// File name extensions (lowercased) of the pictures a folder lists (`PictureKinds`).
    public static let extensions: Set<String> = PictureKinds.extensions

    /// Camera RAW extensions (lowercased): CR2, CR3, NEF, NRW, ARW, DNG, ORF, RW2, RAF, PEF, SRW.
    public static let rawExtensions: Set<String> = PictureKinds.rawExtensions

    /// The pictures in `directory`, and one warning line per entry named like a picture that is
    /// not a readable file (a folder called "x.png", a dangling link).
    ///
    /// - Throws: `ImageFolderError` when the folder is missing, not a folder, or cannot be listed.
    /// - Complexity: one `readdir` pass (`Folder.names`) and one `stat` per picture-named entry, then a sort of
    ///   precomputed natural-order keys: O(n log n); 100,000 entries take well under a second.
    public static func list(_ directory: String) throws -> (files: [PictureFile], warnings: [String]) {
        let names: [String]
        do {
            guard try FileInfo.at(directory).kind == .folder else { throw ImageFolderError.notADirectory(path: directory) }
            names = try Folder.names(in: directory)
        } catch let error as FileReadError {
            if error.isMissing { throw ImageFolderError.missing(path: directory) }
            throw ImageFolderError.unreadable(path: directory, reason: error.reason)
        }
        let listed = pictures(named: names, in: directory, prefix: "")
        return (listed.files, listed.warnings)
    }

    /// The pictures among `names` (the entries of `directory`), in natural name order, each
    /// with `prefix` before its name as its relative path; and the entries that are not
    /// picture-named and not hidden (candidate subfolders), in natural order.
    static func pictures(named names: [String], in directory: String, prefix: String)
        -> (files: [PictureFile], warnings: [String], others: [String]) {
        let base = directory.hasSuffix("/") ? directory : directory + "/"
        var files: [PictureFile] = [], warnings: [String] = [], others: [String] = []
        for name in names {
            guard !name.hasPrefix(".") else { continue }
            guard let title = pictureTitle(name) else {
                others.append(name)
                continue
            }
            let path = base + name
            let info: FileInfo
            do {
                info = try FileInfo.at(path)
            } catch {
                warnings.append("cannot read '\(path)': \(error.reason) (skipped)")
                continue
            }
            guard info.kind == .regular else {
                if info.kind == .folder { others.append(name) }
                warnings.append("'\(path)' is \(info.kind == .folder ? "a folder" : "not a regular file"), not a picture (skipped)")
                continue
            }
            files.append(PictureFile(name: name, path: path, title: title, byteCount: info.size,
                                     modifiedSeconds: info.modifiedSeconds, relativePath: prefix + name))
        }
        files = PicturePairs.merged(files)
        let order = NaturalOrder.sorted(files.map(\.name))
        let byName = Dictionary(files.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        return (order.compactMap { byName[$0] }, warnings, NaturalOrder.sorted(others))
    }

    /// Whether `name` is a picture's file name (one of `extensions`, in any case).
    public static func isPictureName(_ name: String) -> Bool {
        pictureTitle(name) != nil
    }

    /// The title of a picture file: its name as people see it ("Beach.JPG" → "Beach.JPG", bytes
    /// that are not UTF-8 as U+FFFD), or `nil` when the name is not a picture's (wrong
    /// extension, or nothing before it).
    static func pictureTitle(_ name: String) -> String? {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        let suffix = name[name.index(after: dot)...]
        guard suffix.count <= 4, extensions.contains(suffix.lowercased()) else { return nil }
        return PathBytes.displayed(name)
    }
}
