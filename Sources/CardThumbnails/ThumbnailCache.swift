import CardFiles
import CardPictureDecoding
import Foundation

/// How the viewer uses the thumbnail cache (`--thumbnail-cache`).
public enum ThumbnailCacheMode: String, CaseIterable, Sendable {
    /// Read thumbnails and write the ones the viewer makes (the default).
    case readwrite
    /// Read thumbnails (the desktop's and earlier runs'), never write.
    case read
    /// Neither read nor write: every picture is decoded from its file.
    case off
}

/// The freedesktop.org thumbnail cache (Thumbnail Managing Standard 0.9) shared with GNOME, KDE
/// and every other program that follows it: `$XDG_CACHE_HOME/thumbnails/` (default
/// `~/.cache/thumbnails/`), folders `normal`, `large`, `x-large`, `xx-large`, each thumbnail a
/// PNG named by the MD5 of the picture's `file://` URI, valid while its `Thumb::MTime` (and
/// `Thumb::Size`, when recorded) match the picture and its `Thumb::URI` is the picture's.
///
/// Writes go only under the cache root — never beside the pictures — atomically (a temporary
/// file in the same folder, then a rename), files 0600 and folders 0700. Pictures that fail to
/// decode are recorded under `fail/<application>-<version>/` so they are not retried every start.
/// A cache folder that cannot be written (read-only, full) is read all the same; the first
/// failed write gives one warning and writing stops for the life of this object.
///
/// Thread-safe: the configuration is immutable; the write-failure state is behind a lock; file
/// operations on different pictures are independent, and concurrent writes of one thumbnail
/// end with one whole file (each writer renames its own temporary file).
public final class ThumbnailCache: @unchecked Sendable {
    /// The cache root, e.g. `/home/ann/.cache/thumbnails`.
    public let root: String
    public let mode: ThumbnailCacheMode
    /// Written as `Software` into thumbnails, e.g. "cardviewer 1.0".
    public let software: String
    /// The failure folder's name under `fail/`, e.g. "cardviewer-1.0".
    public let failureFolderName: String

    private let warn: @Sendable (String) -> Void
    private let lock = NSLock()
    private var writingStopped = false

    /// A cache at `root` (default: `defaultRoot(environment:)`; none found means mode `off`).
    /// `warn` receives the one warning about an unwritable cache.
    public init(root: String? = nil, mode: ThumbnailCacheMode = .readwrite, application: String = "cardviewer",
                version: String = "1.0", environment: [String: String] = ThumbnailCache.environment(),
                warn: @escaping @Sendable (String) -> Void = { _ in }) {
        let resolved = root ?? Self.defaultRoot(environment: environment)
        self.root = resolved.map { FileURI.canonicalPath($0) } ?? ""
        self.mode = resolved == nil ? .off : mode
        software = "\(application) \(version)"
        failureFolderName = "\(application)-\(version)"
        self.warn = warn
    }

    /// The variables `defaultRoot(environment:)` reads, their bytes kept (`PathBytes`: a home
    /// folder whose name is not UTF-8 is still found).
    public static func environment() -> [String: String] {
        ["XDG_CACHE_HOME", "HOME"].reduce(into: [:]) { found, name in found[name] = PathBytes.environment(name) }
    }

    /// `$XDG_CACHE_HOME/thumbnails` when that variable is set to an absolute path, else
    /// `$HOME/.cache/thumbnails`; nil when neither is usable.
    public static func defaultRoot(environment: [String: String]) -> String? {
        CacheHome.folder(environment: environment).map { $0 + "/thumbnails" }
    }

    /// The thumbnail file for the picture with `uri` in `size`'s folder.
    public func thumbnailPath(forURI uri: String, size: ThumbnailSize) -> String {
        "\(root)/\(size.folderName)/\(MD5.hex(uri)).png"
    }

    /// The failure record for the picture with `uri`.
    public func failurePath(forURI uri: String) -> String {
        "\(root)/fail/\(failureFolderName)/\(MD5.hex(uri)).png"
    }

    /// Whether the cache may be used for `path` at all: the mode is not `off` and the picture
    /// is not itself inside the cache (the standard forbids thumbnailing thumbnails).
    func serves(_ path: String) -> Bool {
        mode != .off && !FileURI.canonicalPath(path).hasPrefix(root + "/")
    }

    /// Whether writes are allowed now (mode `readwrite`, no earlier write failure).
    var isWritable: Bool {
        guard mode == .readwrite else { return false }
        lock.lock()
        defer { lock.unlock() }
        return !writingStopped
    }

    /// Records that a write failed: the first time, one warning, and no more writes.
    func writeFailed(_ reason: String) {
        lock.lock()
        let first = !writingStopped
        writingStopped = true
        lock.unlock()
        if first { warn("thumbnail cache '\(root)' cannot be written (\(reason)); thumbnails are read but not saved") }
    }

    /// The modification time and size of the file at `path`, or nil when it cannot be read
    /// (the standard: no thumbnail is read or written for a picture the user cannot read).
    public static func stamp(of path: String) -> FileStamp? {
        guard let info = try? FileInfo.at(path), FileInfo.isReadable(path), info.kind == .regular else { return nil }
        return FileStamp(modificationTime: info.modifiedSeconds, size: info.size)
    }
}
