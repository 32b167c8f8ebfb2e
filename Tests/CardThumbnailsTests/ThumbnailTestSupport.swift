import CardImaging
import CardPictureDecoding
import CardPixels
import CardTestSupport
import Foundation
@testable import CardThumbnails

/// A picture folder and a cache root in a fresh temporary folder, removed at the end.
final class ThumbnailFixture {
    /// Removed (folders made read-only by a test opened again) with the fixture.
    let folder: TemporaryFolder
    let base: String
    let pictures: String
    let root: String
    /// Warnings the cache gave.
    let warnings = Box<[String]>([])
    /// Decodes the cache asked for, by path.
    let decodes = Box<[String]>([])

    init() throws {
        folder = try TemporaryFolder("thumbnail-tests")
        base = folder.path
        pictures = base + "/Pictures"
        root = base + "/cache/thumbnails"
        try FileManager.default.createDirectory(atPath: pictures, withIntermediateDirectories: true)
    }

    func cache(_ mode: ThumbnailCacheMode = .readwrite) -> ThumbnailCache {
        let warnings = warnings
        return ThumbnailCache(root: root, mode: mode, warn: { message in warnings.update { $0.append(message) } })
    }

    /// The decoder, counting its calls.
    var countingDecode: ThumbnailCache.Decode {
        let decodes = decodes
        return { path, target in
            decodes.update { $0.append(path) }
            return try PictureDecoder.decode(contentsOf: path, target: target)
        }
    }

    /// Writes a PNG picture of `size` in one colour into the picture folder; returns its path.
    @discardableResult
    func writePicture(_ name: String, width: Int, height: Int, color: (UInt8, UInt8, UInt8) = (200, 40, 10)) throws -> String {
        let path = pictures + "/" + name
        let image = RGBAImage(width: width, height: height, fill: (color.0, color.1, color.2, 255))
        try Data(PNGCodec.encode(image, fast: true)).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Sets a file's modification time, seconds since 1970.
    func setModificationTime(_ path: String, _ seconds: Int) {
        var times = [timeval(tv_sec: seconds, tv_usec: 0), timeval(tv_sec: seconds, tv_usec: 0)]
        utimes(path, &times)
    }

    /// Every file under `folder` with its bytes' MD5 and modification time: what a test compares
    /// to show that nothing there changed.
    func snapshot(of folder: String) -> [String: String] {
        var result: [String: String] = [:]
        for case let name as String in FileManager.default.enumerator(atPath: folder) ?? FileManager.DirectoryEnumerator() {
            let path = folder + "/" + name
            let bytes = FileManager.default.contents(atPath: path).map { [UInt8]($0) } ?? []
            let stamp = ThumbnailCache.stamp(of: path).map { "\($0.modificationTime)/\($0.size)" } ?? "folder"
            result[name] = MD5.digest(bytes).map { String($0, radix: 16) }.joined() + " " + stamp
        }
        return result
    }

    /// The permission bits of `path`.
    func mode(of path: String) -> Int {
        var status = stat()
        stat(path, &status)
        return Int(status.st_mode & 0o777)
    }
}

/// A value shared with @Sendable closures (the cache's warning and decode hooks).
final class Box<Value>: @unchecked Sendable {
    private var value: Value
    private let lock = NSLock()
    init(_ value: Value) { self.value = value }
    var current: Value { lock.lock(); defer { lock.unlock() }; return value }
    func update(_ change: (inout Value) -> Void) { lock.lock(); change(&value); lock.unlock() }
}
