import CardPictureDecoding
import CardPictureFolders
import Foundation

/// The info panel's camera settings (SPEC §13, `I`), read from the pictures' files on one serial
/// background queue, never on the frame thread: the frame thread asks (`settings(of:path:name:)`,
/// a lookup under a lock) and gets what is read already; a picture not read yet is queued and
/// shows without its settings until the read is done. Kept for the last `capacity` pictures
/// asked for (a panel stepping through a shoot holds 64 entries, a few hundred bytes each).
///
/// A read costs a few small reads of the file (`ExifCameraSettings`: 16 KiB of a JPEG, a few
/// 4 KiB windows of a TIFF or RAW). Reads of pictures dropped from the cache before their turn
/// are skipped, so stepping fast through a folder does not queue a read per picture stepped past.
///
/// Thread-safe: the frame thread asks and polls, the queue reads; all state under `lock`.
final class CameraSettingsReads: @unchecked Sendable {
    /// Entries kept, at most.
    let capacity: Int
    private let read: @Sendable (_ path: String, _ name: String) -> CameraSettings?
    private let queue = DispatchQueue(label: "cardviewer.camera-settings", qos: .utility)
    private let lock = NSLock()
    /// By picture index: the file read (a picture's file can change with the catalog), whether
    /// the read is done, and what it found (nil: none).
    private var entries: [Int: (path: String, done: Bool, settings: CameraSettings?)] = [:]
    /// The pictures of `entries`, the first asked for first (the first dropped).
    private var order: [Int] = []
    /// Reads queued or running.
    private var pending = 0
    /// True when a read finished since the last `poll()`.
    private var finished = false

    /// - Parameter read: the settings of the file at `path` named `name` (tests inject a slow or counting one).
    init(capacity: Int = 64,
         read: @escaping @Sendable (_ path: String, _ name: String) -> CameraSettings? = { ExifCameraSettings.read(path: $0, name: $1) }) {
        self.capacity = max(1, capacity)
        self.read = read
    }

    /// The settings of picture `picture` (its file at `path`, named `name`) once read; nil while
    /// the read is queued or running, and when the file has none. The first ask queues the read.
    /// - Complexity: O(1) when known; O(`capacity`) when a new entry drops the oldest. No file is read.
    func settings(of picture: Int, path: String, name: String) -> CameraSettings? {
        lock.lock()
        defer { lock.unlock() }
        if let entry = entries[picture], entry.path == path { return entry.settings }
        if entries[picture] == nil {
            order.append(picture)
            if order.count > capacity { entries[order.removeFirst()] = nil }
        }
        entries[picture] = (path, false, nil)
        pending += 1
        queue.async { [self] in finish(picture, path: path, name: name) }
        return nil
    }

    /// Whether picture `picture`'s file at `path` has been read (its settings, or that it has
    /// none, are known): a picture without EXIF owes no more wakes once read.
    /// - Complexity: O(1).
    func isRead(_ picture: Int, path: String) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return entries[picture].map { $0.path == path && $0.done } ?? false
    }

    /// On the queue: reads picture `picture`'s settings unless it was dropped (or its file
    /// changed) before its turn, and keeps them.
    private func finish(_ picture: Int, path: String, name: String) {
        lock.lock()
        let wanted = entries[picture].map { $0.path == path && !$0.done } ?? false
        lock.unlock()
        let settings = wanted ? read(path, name) : nil
        lock.lock()
        if wanted, let entry = entries[picture], entry.path == path { entries[picture] = (path, true, settings) }
        pending -= 1
        finished = true
        lock.unlock()
    }

    /// In one look: whether a read finished since the last poll (what it found may change the
    /// panel's lines), and whether reads are still queued or running. A read that finishes after
    /// this look is seen by the next one.
    /// - Complexity: O(1).
    func poll() -> (finished: Bool, reading: Bool) {
        lock.lock()
        defer { lock.unlock() }
        let result = (finished, pending > 0)
        finished = false
        return result
    }

    /// Blocks until the reads queued so far are done (tests).
    func waitForReads() {
        queue.sync {}
    }
}
