#if canImport(Glibc)
import Glibc
#endif
import CardFiles
import CardLayout
import CardLayoutFiles

/// Watches a layout file for the window's live reload (SPEC §9): the file's folder is watched
/// with inotify (editors save by writing a new file and renaming it over the old one, which a
/// watch on the file itself would lose), and `poll()` — called from the frame loop, never
/// blocking — reads and parses the file when it was written, renamed into place, or removed.
///
/// The frame loop polls each frame (or at least every few hundred milliseconds while idle): a
/// save is seen within one poll. Without inotify (not Linux) `poll()` compares the file's
/// modification time and size instead.
public final class LayoutFileWatcher {
    /// What a poll found.
    public enum Change {
        /// The file was saved and parses: the new layout (not yet registered; see `register`).
        case changed(LayoutFile)
        /// The file was saved but is broken, or was removed: the message (`FILE:LINE:COLUMN: …`);
        /// the last good layout should stay.
        case failed(LayoutFileError)
    }

    /// The file as given.
    public let path: String
    private let registry: LayoutRegistry
    private let warn: @Sendable (String) -> Void
    private let name: String
    private var descriptor: Int32 = -1
    private var lastBytes: [UInt8]?
    private var lastStamp: (Double, Int)?
    /// Why the file could not be read at the last poll that tried (`nil` when it was read).
    private var lastReadFailure: LayoutFileError?
    /// inotify's events are read into this, allocated once: a poll each frame allocates nothing.
    private var events = [UInt8](repeating: 0, count: LayoutFileWatcher.eventBufferSize)
    /// Room for hundreds of events (each 16 bytes and a name), more than a save makes.
    public static let eventBufferSize = 16 * 1024

    /// Starts watching `path`'s folder. The file need not exist yet.
    ///
    /// - Throws: `LayoutFileError` when the folder cannot be watched (it does not exist, or no
    ///   inotify watch is left).
    public init(path: String, registry: LayoutRegistry = .shared,
                warn: @escaping @Sendable (String) -> Void) throws(LayoutFileError) {
        self.path = path
        self.registry = registry
        self.warn = warn
        let slash = path.lastIndex(of: "/")
        name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        let folder = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        lastBytes = try? Self.bytes(path)
        lastStamp = Self.stamp(path)
        #if canImport(Glibc)
        let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fd >= 0 else {
            throw LayoutFileError(file: path, position: nil, message: "cannot watch the file's folder: \(String(cString: strerror(errno)))")
        }
        let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE | IN_CREATE)
        guard inotify_add_watch(fd, folder, mask) >= 0 else {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw LayoutFileError(file: path, position: nil, message: "cannot watch folder '\(folder)': \(reason)")
        }
        descriptor = fd
        #endif
    }

    deinit {
        #if canImport(Glibc)
        if descriptor >= 0 { close(descriptor) }
        #endif
    }

    /// What changed since the last poll; `nil` when the file was not touched, or was saved with
    /// the same bytes. Never blocks.
    ///
    /// - Complexity: O(events pending) without a change; a read and a parse of the file with one.
    public func poll() -> Change? {
        guard touched() else { return nil }
        let bytes: [UInt8]
        do {
            bytes = try Self.bytes(path)
        } catch {
            // Said once: a file still gone (or unreadable the same way) at a later event is no news.
            defer { lastBytes = nil; lastReadFailure = error }
            return lastBytes == nil && lastReadFailure == error ? nil : .failed(error)
        }
        lastReadFailure = nil
        guard bytes != lastBytes else { return nil }
        lastBytes = bytes
        do {
            return .changed(try LayoutFile(bytes: bytes, file: path, registry: registry, warn: warn))
        } catch {
            return .failed(error)
        }
    }

    /// Puts a reloaded layout in the registry in place of the old one (same name), or adds it
    /// (the name changed): after this, making the layout of its kind gives the new one.
    ///
    /// - Throws: `LayoutFileError` at the name when it is a built-in layout's.
    public func register(_ file: LayoutFile) throws(LayoutFileError) -> LayoutKind {
        do {
            try registry.replace(file.descriptor)
        } catch {
            throw LayoutFileError(file: path, position: file.definition.namePosition, message: "\(error); give the layout another name")
        }
        return file.descriptor.kind
    }

    /// True when an event since the last poll names the file.
    private func touched() -> Bool {
        #if canImport(Glibc)
        var found = false
        let size = events.count
        while true {
            let count = events.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, size) }
            guard count > 0 else { break }
            var at = 0
            while at + MemoryLayout<inotify_event>.size <= count {
                let (length, matches) = events.withUnsafeBytes { raw -> (Int, Bool) in
                    let event = raw.loadUnaligned(fromByteOffset: at, as: inotify_event.self)
                    let start = at + MemoryLayout<inotify_event>.size
                    let end = min(start + Int(event.len), count)
                    let eventName = raw[start..<end].prefix { $0 != 0 }
                    return (Int(event.len), eventName.elementsEqual(name.utf8))
                }
                if matches { found = true }
                at += MemoryLayout<inotify_event>.size + length
            }
        }
        return found
        #else
        let stamp = Self.stamp(path)
        defer { lastStamp = stamp }
        return stamp?.0 != lastStamp?.0 || stamp?.1 != lastStamp?.1
        #endif
    }

    private static func bytes(_ path: String) throws(LayoutFileError) -> [UInt8] {
        do {
            return try FileBytes.readAll(path, maximumSize: LayoutFileLimits.maximumFileSize)
        } catch {
            throw LayoutFileError(file: path, position: nil, message: error.isMissing ? "the file is gone" : error.reason)
        }
    }

    private static func stamp(_ path: String) -> (Double, Int)? {
        (try? FileInfo.at(path)).map { ($0.modificationTime, $0.size) }
    }
}
