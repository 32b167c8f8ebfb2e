import CardImaging
import CardPictureFolders
import Foundation

/// The capture times of a deck's pictures (SPEC §13): EXIF's (`ExifCaptureTime`), else the
/// file's modification time on the same local wall-clock scale (`CaptureTime`). Read off the
/// frame thread, before a `--sort time` deck is ordered; `cardviewer list` reads them for its JSON.
public enum CaptureTimes {
    /// The capture time of `file`: its EXIF time when it has one, else its mtime.
    public static func of(_ file: PictureFile) -> CaptureTime {
        if let source = try? FileSource(opening: file.path), let seconds = ExifCaptureTime.seconds(source: source, name: file.name) {
            return CaptureTime(seconds: seconds, source: .exif)
        }
        return modified(file)
    }

    /// `file`'s modification time as local wall-clock seconds: the instant plus the local zone's
    /// offset from UTC at that instant (`TimeZone.current`, which follows `TZ`).
    public static func modified(_ file: PictureFile) -> CaptureTime {
        let instant = Date(timeIntervalSince1970: TimeInterval(file.modifiedSeconds))
        let offset = TimeZone.current.secondsFromGMT(for: instant)
        return CaptureTime(seconds: Double(file.modifiedSeconds + offset), source: .modified)
    }

    /// The capture times of `files`, in their order, read on up to `threads` threads at once
    /// (each file's reads are a few small ones: the time goes to opening files and waiting on
    /// the disk, which threads overlap).
    public static func of(_ files: [PictureFile], threads: Int = 8) -> [CaptureTime] {
        guard files.count > 1 else { return files.map(of) }
        let results = UnsafeMutableBufferPointer<CaptureTime>.allocate(capacity: files.count)
        defer { results.deallocate() }
        let chunks = max(1, min(threads, files.count))
        // Each iteration writes only its own indices (`chunk`, `chunk + chunks`, …): no overlap.
        nonisolated(unsafe) let base = results.baseAddress!
        DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
            var index = chunk
            while index < files.count {
                (base + index).initialize(to: of(files[index]))
                index += chunks
            }
        }
        return Array(results)
    }
}
