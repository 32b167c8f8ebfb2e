import CardMath
import CardPictureDecoding
import CardPixels
import Foundation

/// One decode of a picture shared by the tiers that ask for it, for formats whose decoders
/// decode whole whatever size is asked (HEIC/AVIF: HEVC and AV1 have no reduced decode, so a
/// 48 MP grid costs 4.5 s for a card as for the screen): the first request decodes the picture
/// at the screen's size (`box`, the framebuffer), keeps the result for the next ones, and each
/// request gets it reduced to its own target. Requests for the same file while it decodes wait
/// for it rather than decode it again. Without it, a picture opened as soon as its card showed
/// was decoded three times (the first screen's prefetch, the card, the full tier), two at a time
/// within the decode budget: 15 s and +320 MiB for a 48 MP grid (docs/BENCHMARKS.md, issue 32).
///
/// Only targets within the box are shared (`.fullSize` and larger ones decode on their own); the
/// last `kept` results are held (at most a few MB each, at the screen's size).
/// Thread-safe: the workers call it concurrently.
final class WholeDecodeShare: @unchecked Sendable {
    private let condition = NSCondition()
    private var box = PixelSize(width: 1920, height: 1080)
    private var decoding: Set<String> = []
    private var recent: [(path: String, picture: DecodedPicture)] = []

    /// Results kept.
    static let kept = 2

    /// The file extensions of the formats that decode whole (lowercased).
    static let wholeDecodingExtensions: Set<String> = ["heic", "heif", "hif", "avif"]

    /// Whether requests for `path` are shared (by its extension, as the folder lists formats).
    static func shares(_ path: String) -> Bool {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return false }
        return wholeDecodingExtensions.contains(path[path.index(after: dot)...].lowercased())
    }

    /// The size shared decodes are made at: the framebuffer's (`ViewerPictures.configure`).
    func setBox(_ size: PixelSize) {
        guard size.width > 0, size.height > 0 else { return }
        condition.lock()
        box = size
        condition.unlock()
    }

    /// `path` decoded for `target` from the shared decode, made by `decode` (called with the
    /// shared target) when it is not there; nil when the request is not shared (its format, or a
    /// target larger than the box): the caller decodes it itself.
    /// - Throws: what `decode` throws (the requests waiting for it then decode on their own).
    func decode(_ path: String, _ target: PictureTarget,
                _ decode: (PictureTarget) throws -> DecodedPicture) throws -> DecodedPicture? {
        guard Self.shares(path) else { return nil }
        condition.lock()
        let box = self.box
        let wanted: PixelSize
        switch target {
        case .fullSize, .cover: condition.unlock(); return nil
        case let .fit(size), let .stretch(size): wanted = size
        }
        guard wanted.width <= box.width, wanted.height <= box.height else { condition.unlock(); return nil }
        while decoding.contains(path) { condition.wait() }
        if let hit = recent.first(where: { $0.path == path })?.picture {
            condition.unlock()
            return Self.reduced(hit, to: target)
        }
        decoding.insert(path)
        condition.unlock()
        defer {
            condition.lock()
            decoding.remove(path)
            condition.broadcast()
            condition.unlock()
        }
        let shared = try decode(.fit(box))
        condition.lock()
        recent.removeAll { $0.path == path }
        recent.insert((path, shared), at: 0)
        if recent.count > Self.kept { recent.removeLast(recent.count - Self.kept) }
        condition.unlock()
        return Self.reduced(shared, to: target)
    }

    /// `shared` reduced to what `target` asks of its picture (never enlarged).
    static func reduced(_ shared: DecodedPicture, to target: PictureTarget) -> DecodedPicture {
        let image = shared.image
        let size = target.size(for: shared.fullSize)
        guard size.width < image.width || size.height < image.height else { return shared }
        let fitted = PixelSize(width: min(size.width, image.width), height: min(size.height, image.height))
        var picture = shared
        picture.image = AreaDownscaler.downscale(image, to: fitted)
        return picture
    }
}
