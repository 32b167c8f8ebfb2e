#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Splitting and joining paths as bytes-in-strings, without Foundation's normalisation (which
/// would turn a relative path absolute or resolve `..`).
enum Paths {
    /// The folder holding `path` ("." for a bare name, "/" for a file at the root) and the name.
    static func split(_ path: String) -> (folder: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        let folder = String(path[..<slash])
        return (folder.isEmpty ? "/" : folder, String(path[path.index(after: slash)...]))
    }

    /// `folder` + "/" + `name`, without doubling a trailing slash.
    static func join(_ folder: String, _ name: String) -> String {
        folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }

    /// How many links `linkTarget(of:)` follows before it gives up (a loop).
    static let maximumLinkDepth = 40

    /// The path a chain of symbolic links at `path` ends at (the path itself when it is not a
    /// link, or nothing is there); a relative link is read against the folder holding it. Only
    /// the last component is followed: the folders on the way are the file system's business.
    ///
    /// - Throws: `FileWriteError` for a loop of links, or a link that cannot be read.
    static func linkTarget(of path: String) throws(FileWriteError) -> String {
        var current = path
        for _ in 0..<maximumLinkDepth {
            var status = stat()
            guard statPath(current, &status, followingLinks: false) == 0, status.st_mode & S_IFMT == S_IFLNK else { return current }
            guard let target = readLinkPath(current) else { throw FileWriteError("cannot read the link '\(current)'", code: errno) }
            current = target.hasPrefix("/") ? target : join(split(current).folder, target)
        }
        throw FileWriteError("cannot write '\(path)'", code: ELOOP)
    }
}

/// Paths as the file system resolves them.
public enum CanonicalPath {
    /// `path` absolute with every symbolic link, `.` and `..` resolved (`realpath`), its bytes
    /// kept (`PathBytes`); `nil` when nothing is there.
    public static func of(_ path: String) -> String? {
        resolvedPath(path)
    }

    /// The path a chain of symbolic links at `path` ends at (`path` itself when it is not a link;
    /// whether anything is there is not checked), relative links read against the folder that
    /// holds them; only the last component is followed.
    ///
    /// - Throws: `FileWriteError` for a loop of links, or a link that cannot be read.
    public static func linkTarget(of path: String) throws(FileWriteError) -> String {
        try Paths.linkTarget(of: path)
    }
}
