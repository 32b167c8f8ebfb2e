import CardFiles

/// One PATH of the command line (`cardviewer PATH…`, SPEC §12), checked: a folder, or a
/// picture file.
public struct PicturePath: Hashable, Sendable {
    /// The path as given (relative paths stay relative: messages show what the user typed).
    public var path: String
    /// `path` absolute with links resolved (`realpath`): the deck's identity (its state file's
    /// name) and the base of the cards' saved names.
    public var canonical: String
    /// True for a folder, false for a picture file.
    public var isFolder: Bool

    public init(path: String, canonical: String, isFolder: Bool) {
        self.path = path
        self.canonical = canonical
        self.isFolder = isFolder
    }

    /// The folder holding the file, or the folder itself (given and canonical forms).
    public var folder: (path: String, canonical: String) {
        guard !isFolder else { return (path, canonical) }
        return (Self.parent(of: path), Self.parent(of: canonical))
    }

    /// The folder part of `path` ("." for a bare name, "/" at the root).
    /// - Complexity: O(length), over UTF-8 bytes (no grapheme breaking: 20,000 PATHs).
    static func parent(of path: String) -> String {
        let trimmed = trimmingTrailingSlashes(path)
        guard let slash = trimmed.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "." }
        return slash == trimmed.startIndex ? "/" : String(trimmed[..<slash])
    }

    /// `path` without its trailing slashes, but at least one byte.
    private static func trimmingTrailingSlashes(_ path: String) -> Substring {
        var end = path.utf8.endIndex
        while path.utf8.distance(from: path.utf8.startIndex, to: end) > 1, path.utf8[path.utf8.index(before: end)] == UInt8(ascii: "/") {
            end = path.utf8.index(before: end)
        }
        return path[..<end]
    }

    /// Checks `path`: it must exist and be a folder or a picture file (`PictureFolder.isPictureName`).
    ///
    /// - Throws: `PicturePathError`: missing, or neither a folder nor a picture.
    public static func checked(_ path: String) throws(PicturePathError) -> PicturePath {
        var folders = CanonicalFolders()
        return try checked(path, folders: &folders)
    }

    /// Checks every PATH of a command line in order (`checked(_:)`), each folder holding files
    /// resolved once (`CanonicalFolders`): 20,000 files of one folder cost 20,000 `stat`s and
    /// `lstat`s, not 20,000 `realpath`s of every component.
    ///
    /// - Throws: `PicturePathError` for the first bad PATH.
    public static func checkedAll(_ paths: [String]) throws(PicturePathError) -> [PicturePath] {
        var folders = CanonicalFolders(), checked: [PicturePath] = []
        checked.reserveCapacity(paths.count)
        for path in paths { checked.append(try Self.checked(path, folders: &folders)) }
        return checked
    }

    private static func checked(_ path: String, folders: inout CanonicalFolders) throws(PicturePathError) -> PicturePath {
        guard !path.isEmpty else { throw .empty }
        let info: FileInfo
        do {
            info = try FileInfo.at(path)
        } catch {
            if error.isMissing { throw .missing(path: path) }
            throw .unreadable(path: path, reason: error.reason)
        }
        switch info.kind {
        case .folder:
            guard let canonical = CanonicalPath.of(path) else { throw .missing(path: path) }
            return PicturePath(path: path, canonical: canonical, isFolder: true)
        case .regular where PictureFolder.isPictureName(Self.name(of: path)):
            guard let canonical = folders.canonical(ofFile: path) else { throw .missing(path: path) }
            return PicturePath(path: path, canonical: canonical, isFolder: false)
        default:
            throw .notAPicture(path: path)
        }
    }

    /// The last component of `path` (the path itself when it is only slashes).
    /// - Complexity: O(length), over UTF-8 bytes.
    static func name(of path: String) -> String {
        let trimmed = trimmingTrailingSlashes(path)
        guard let slash = trimmed.utf8.lastIndex(of: UInt8(ascii: "/")) else { return String(trimmed) }
        let name = trimmed[trimmed.utf8.index(after: slash)...]
        return name.isEmpty ? path : String(name)
    }
}

/// The canonical paths (`realpath`) of files, each folder holding them resolved once: a file
/// that is not itself a symbolic link is its folder's canonical path, "/", its name.
struct CanonicalFolders {
    private var canonicalOfFolder: [String: String] = [:]

    /// `path` (a file's, not ending in "/") absolute with links resolved; nil when nothing is there.
    mutating func canonical(ofFile path: String) -> String? {
        let name = PicturePath.name(of: path)
        guard !path.hasSuffix("/"), name != ".", name != "..",
              let own = try? FileInfo.at(path, followingLinks: false), own.kind != .symbolicLink else { return CanonicalPath.of(path) }
        let folder = PicturePath.parent(of: path)
        if canonicalOfFolder[folder] == nil { canonicalOfFolder[folder] = CanonicalPath.of(folder) }
        guard let base = canonicalOfFolder[folder] else { return CanonicalPath.of(path) }
        return base.hasSuffix("/") ? base + name : base + "/" + name
    }
}

/// Why a PATH cannot be opened: bad command-line input (exit status 2). One line naming it.
public enum PicturePathError: Error, CustomStringConvertible, Equatable {
    case empty
    case missing(path: String)
    case notAPicture(path: String)
    case unreadable(path: String, reason: String)

    public var description: String {
        switch self {
        case .empty: "an empty PATH: give a folder or a picture file"
        case let .missing(path): "'\(PathBytes.displayed(path))' does not exist"
        case let .notAPicture(path): "'\(PathBytes.displayed(path))' is neither a folder nor a \(PictureFolder.kindsText) picture"
        case let .unreadable(path, reason): "cannot read '\(PathBytes.displayed(path))': \(reason)"
        }
    }
}

extension PictureFolder {
    /// The picture kinds read, for messages: "PNG, JPEG, …, AVIF or camera RAW" (`PictureKinds`).
    public static let kindsText = PictureKinds.listed()
}
