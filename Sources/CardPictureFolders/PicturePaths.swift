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
    static func parent(of path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return "." }
        return slash == trimmed.startIndex ? "/" : String(trimmed[..<slash])
    }

    /// Checks `path`: it must exist and be a folder or a PNG/JPEG file.
    ///
    /// - Throws: `PicturePathError`: missing, or neither a folder nor a picture.
    public static func checked(_ path: String) throws(PicturePathError) -> PicturePath {
        guard !path.isEmpty else { throw .empty }
        let info: FileInfo
        do {
            info = try FileInfo.at(path)
        } catch {
            if error.isMissing { throw .missing(path: path) }
            throw .unreadable(path: path, reason: error.reason)
        }
        guard let canonical = CanonicalPath.of(path) else { throw .missing(path: path) }
        switch info.kind {
        case .folder:
            return PicturePath(path: path, canonical: canonical, isFolder: true)
        case .regular where PictureFolder.isPictureName(Self.name(of: path)):
            return PicturePath(path: path, canonical: canonical, isFolder: false)
        default:
            throw .notAPicture(path: path)
        }
    }

    /// The last component of `path`.
    static func name(of path: String) -> String {
        String(path.split(separator: "/").last ?? Substring(path))
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
    /// The picture kinds listed, for messages.
    public static let kindsText = "PNG or JPEG"
}
