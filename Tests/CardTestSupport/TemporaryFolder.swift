import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A fresh, empty folder under the system's temporary folder for one test's files.
///
/// Removed by `remove()` or when the value goes away, whichever comes first; a test that only
/// hands its `url` or `path` on keeps the value alive with `defer { folder.remove() }`. Every
/// folder in it (symbolic links not followed) is opened up before it is removed: a test may have
/// made one read-only or unreadable.
public final class TemporaryFolder: @unchecked Sendable {
    /// The folder, absolute.
    public let url: URL

    /// Makes the folder `label-UUID` in the system's temporary folder.
    public init(_ label: String = "cardviewer-test") throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("\(label)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { remove() }

    /// The folder's path.
    public var path: String { url.path }

    /// The path of `name` (any relative path) in the folder; nothing is made.
    public func path(_ name: String) -> String { path + "/" + name }

    /// The URL of `name` (any relative path) in the folder; nothing is made.
    public func url(_ name: String) -> URL { url.appendingPathComponent(name) }

    /// Makes the folder `name` (and the folders on its way) in the folder; returns its URL.
    @discardableResult
    public func folder(_ name: String) throws -> URL {
        let made = url(name)
        try FileManager.default.createDirectory(at: made, withIntermediateDirectories: true)
        return made
    }

    /// Writes `bytes` as the file `name`; returns its path.
    @discardableResult
    public func write(_ name: String, _ bytes: [UInt8]) throws -> String {
        try Data(bytes).write(to: url(name))
        return path(name)
    }

    /// Writes `text` (UTF-8) as the file `name`; returns its path.
    @discardableResult
    public func write(_ name: String, _ text: String) throws -> String { try write(name, Array(text.utf8)) }

    /// The bytes of the file `name`, or nil when it cannot be read.
    public func contents(_ name: String) -> [UInt8]? {
        FileManager.default.contents(atPath: path(name)).map { Array($0) }
    }

    /// The text of the file `name` (UTF-8), or "" when it cannot be read.
    public func text(_ name: String) -> String { contents(name).map { String(decoding: $0, as: UTF8.self) } ?? "" }

    /// The names of the folder's entries, sorted; [] when it cannot be listed.
    public func names() -> [String] { ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted() }

    /// Removes the folder and everything in it; later calls do nothing.
    public func remove() {
        Self.openUp(path)
        try? FileManager.default.removeItem(at: url)
    }

    /// Makes the folder at `path` and every folder under it readable, writable and searchable.
    private static func openUp(_ path: String) {
        guard chmod(path, 0o700) == 0, let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { return }
        for name in names {
            var info = stat()
            if lstat(path + "/" + name, &info) == 0, info.st_mode & S_IFMT == S_IFDIR { openUp(path + "/" + name) }
        }
    }
}
