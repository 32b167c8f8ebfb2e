import CardMath
import CardPictureDecoding
import CardPixels

/// A picture for a card, from the thumbnail cache or decoded from its file.
public struct LoadedPicture: Sendable {
    /// Where the pixels came from.
    public enum Origin: Equatable, Sendable {
        /// A valid thumbnail in this folder (the picture file was not decoded).
        case thumbnail(ThumbnailSize)
        /// The picture file, decoded.
        case decoded
    }

    /// Upright 8-bit straight-alpha RGBA at about the size asked for (aspect kept, never
    /// larger than the source it came from).
    public var image: RGBAImage
    /// The picture's own upright size, when known (always after decoding; from a thumbnail only
    /// when its writer recorded it or the thumbnail is the whole picture).
    public var fullSize: PixelSize?
    public var origin: Origin
    /// With `ThumbnailSaving.later`: the thumbnail still to be made for this picture, for the
    /// caller to `save()` when its workers have nothing more urgent to do.
    public var pendingThumbnail: PendingThumbnail?
}

/// When the loader writes the thumbnail of a picture it had to decode.
public enum ThumbnailSaving: Sendable {
    /// Decode at the thumbnail folder's size, save, then scale down for the caller: one decode,
    /// but the caller waits for the PNG encoding (tens of milliseconds for a 1024-pixel one).
    case now
    /// Decode at the target's size only and return a `PendingThumbnail` to save later (which
    /// decodes the file again at the folder's size): the picture comes back as fast as without
    /// a cache.
    case later
    /// Never write (the picture is still read from valid thumbnails).
    case never
}

/// A thumbnail the loader did not make yet (`ThumbnailSaving.later`).
public struct PendingThumbnail: Sendable {
    /// The picture it is for.
    public let picturePath: String
    /// The folder it goes to.
    public let size: ThumbnailSize
    let stamp: FileStamp
    let cache: ThumbnailCache

    /// Decodes the picture at the folder's size and saves the thumbnail (unless the file changed
    /// since it was loaded, or the cache cannot be written). Returns whether it was written.
    @discardableResult
    public func save(decode: ThumbnailCache.Decode = { try PictureDecoder.decode(contentsOf: $0, target: $1) }) -> Bool {
        guard ThumbnailCache.stamp(of: picturePath) == stamp,
              let picture = try? decode(picturePath, .fit(PixelSize(width: size.pixels, height: size.pixels))) else { return false }
        return cache.store(picture.image, fullSize: picture.fullSize, format: picture.format, forPicture: picturePath,
                           stamp: stamp, size: size)
    }
}

extension ThumbnailCache {
    /// Decodes pictures for the cache's loader: `PictureDecoder.decode(contentsOf:target:)`,
    /// replaceable in tests to count or refuse decodes.
    public typealias Decode = @Sendable (_ path: String, _ target: PictureTarget) throws -> DecodedPicture

    /// The picture at `path` at about `target`, through the cache:
    /// 1. a failure this program recorded for the file as it is now is thrown again, undecoded;
    /// 2. a valid thumbnail with the pixels the target needs is used as it is (scaled down to
    ///    the target), whoever made it;
    /// 3. otherwise the file is decoded. In mode `readwrite`, when a thumbnail folder is large
    ///    enough for the target, its thumbnail is made as `saving` says (see `ThumbnailSaving`;
    ///    `.later` suits a viewer: pictures first, thumbnails when idle); a file that cannot be
    ///    decoded is recorded under `fail/` (not one refused by the limits of `decode`, which
    ///    another run may raise).
    ///
    /// Thread-safe; call it from worker threads. Errors are `PictureError`s naming `path`.
    public func loadPicture(at path: String, target: PictureTarget, saving: ThumbnailSaving = .now,
                            decode: Decode = { try PictureDecoder.decode(contentsOf: $0, target: $1) }) throws -> LoadedPicture {
        guard serves(path), let stamp = Self.stamp(of: path) else {
            let picture = try decode(path, target)
            return LoadedPicture(image: picture.image, fullSize: picture.fullSize, origin: .decoded)
        }
        if let remembered = rememberedFailure(picturePath: path, stamp: stamp) { throw remembered }
        if let thumbnail = lookup(picturePath: path, target: target, stamp: stamp) {
            let stored = PixelSize(width: thumbnail.image.width, height: thumbnail.image.height)
            return LoadedPicture(image: AreaDownscaler.downscale(thumbnail.image, to: target.size(for: stored)),
                                 fullSize: thumbnail.fullSize, origin: .thumbnail(thumbnail.size))
        }
        let folder = ThumbnailSize.guess(for: target).flatMap(ThumbnailSize.nearestAbove)
        do {
            guard isWritable, let folder, saving == .now else {
                let picture = try decode(path, target)
                // Decoded, the picture's aspect is known: the folder that really holds what the
                // target needs (a cover target of a square box needs more than the box's side).
                let needed = ThumbnailSize.nearestCovering(target, pictureSize: picture.fullSize)
                let pending = isWritable && saving == .later
                    ? needed.map { PendingThumbnail(picturePath: path, size: $0, stamp: stamp, cache: self) } : nil
                return LoadedPicture(image: picture.image, fullSize: picture.fullSize, origin: .decoded, pendingThumbnail: pending)
            }
            var picture = try decode(path, .fit(PixelSize(width: folder.pixels, height: folder.pixels)))
            store(picture.image, fullSize: picture.fullSize, format: picture.format, forPicture: path, stamp: stamp, size: folder)
            let wanted = target.size(for: picture.fullSize)
            if wanted.width > picture.image.width || wanted.height > picture.image.height {
                picture = try decode(path, target)  // a cover target wider than the folder (panoramas)
            }
            return LoadedPicture(image: AreaDownscaler.downscale(picture.image, to: wanted), fullSize: picture.fullSize,
                                 origin: .decoded)
        } catch let error as PictureError {
            switch error {
            case .unreadable: break  // the standard: nothing is recorded for files that cannot be read
            case .tooLarge, .tooMuchMemory, .tooMuchWork, .fileTooLarge:
                break  // over this run's limits (`--max-pixels` …), which another run may raise
            default: recordFailure(forPicture: path, stamp: stamp, reason: error.reason)
            }
            throw error
        }
    }
}
