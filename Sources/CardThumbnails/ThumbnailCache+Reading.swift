import CardImaging
import CardMath
import CardPictureDecoding
import CardPixels

/// A valid thumbnail found in the cache.
public struct CachedThumbnail: Sendable {
    /// The thumbnail's pixels as stored (upright, at most the folder's size on the longer side).
    public var image: RGBAImage
    /// The folder it came from.
    public var size: ThumbnailSize
    /// Its metadata (URI, modification time, …).
    public var metadata: ThumbnailMetadata
    /// Whether it holds the whole picture at the picture's own resolution (the picture was no
    /// larger than the folder's size, so nothing was scaled away).
    public var isWholePicture: Bool

    /// The picture's own size when known: recorded by the thumbnailer, or the thumbnail's when
    /// it is the whole picture.
    public var fullSize: PixelSize? {
        metadata.imageSize ?? (isWholePicture ? PixelSize(width: image.width, height: image.height) : nil)
    }
}

extension ThumbnailCache {
    /// Thumbnail files larger than this are not read (a 1024² RGBA PNG is at most about 4 MiB).
    public static let maximumThumbnailFileSize = 16 << 20

    /// The valid thumbnail of the picture at `picturePath` for `target`: the folders from the
    /// nearest at or above the target's longer side upwards, the first thumbnail that matches the
    /// picture (URI, modification time, size) and has the pixels the target needs. When the
    /// target is larger than every folder, the `xx-large` thumbnail is returned if valid (the
    /// largest there is). Nil for `.fullSize`, mode `off`, an unreadable picture, or no match.
    /// Thumbnails GNOME, KDE or any other program made are used as they are.
    public func lookup(picturePath: String, target: PictureTarget, stamp: FileStamp? = nil) -> CachedThumbnail? {
        guard serves(picturePath), let guess = ThumbnailSize.guess(for: target),
              let stamp = stamp ?? Self.stamp(of: picturePath) else { return nil }
        let uri = FileURI.uri(forPath: picturePath)
        let above = ThumbnailSize.allCases.filter { $0.pixels >= guess }
        for size in above.isEmpty ? [.xxLarge] : above {
            guard let thumbnail = readThumbnail(size: size, uri: uri, stamp: stamp) else { continue }
            if above.isEmpty || target.isCovered(by: PixelSize(width: thumbnail.image.width, height: thumbnail.image.height),
                                                 isWholePicture: thumbnail.isWholePicture) {
                return thumbnail
            }
        }
        return nil
    }

    /// The reason recorded when this program failed to decode the picture at `picturePath` as it
    /// is now (same URI and modification time), or nil.
    public func recordedFailure(picturePath: String, stamp: FileStamp? = nil) -> String? {
        guard serves(picturePath), let stamp = stamp ?? Self.stamp(of: picturePath) else { return nil }
        let uri = FileURI.uri(forPath: picturePath)
        guard let bytes = try? PictureBytes.readAll(failurePath(forURI: uri), maximumSize: 1 << 20),
              let metadata = try? ThumbnailMetadata(png: bytes), metadata.uri == uri,
              metadata.modificationTime == stamp.modificationTime else { return nil }
        return metadata.failureReason ?? "corrupt (it could not be decoded before)"
    }

    /// The failure recorded for the picture at `picturePath` as it is now
    /// (`recordedFailure`), as the error to throw again undecoded: `PictureError.remembered`
    /// with the first failure's reason (an older record's line rewritten,
    /// `PictureError.reason(ofRecord:)`).
    public func rememberedFailure(picturePath: String, stamp: FileStamp? = nil) -> PictureError? {
        recordedFailure(picturePath: picturePath, stamp: stamp)
            .map { PictureError.remembered(path: picturePath, reason: PictureError.reason(ofRecord: $0)) }
    }

    /// The thumbnail in `size`'s folder if it is a readable PNG describing the picture as it is
    /// now; anything else (missing, stale, corrupt, someone else's URI) is nil.
    func readThumbnail(size: ThumbnailSize, uri: String, stamp: FileStamp) -> CachedThumbnail? {
        let path = thumbnailPath(forURI: uri, size: size)
        guard let bytes = try? PictureBytes.readAll(path, maximumSize: Self.maximumThumbnailFileSize),
              let metadata = try? ThumbnailMetadata(png: bytes, name: path), metadata.matches(uri: uri, stamp: stamp),
              let stored = try? PictureDecoder.probe(bytes, name: path),
              Self.fits(stored.size, in: size, pictureSize: metadata.imageSize),
              let image = try? PNGCodec.decode(bytes, name: path), image.width > 0, image.height > 0 else { return nil }
        guard Self.fits(PixelSize(width: image.width, height: image.height), in: size, pictureSize: metadata.imageSize) else {
            return nil
        }
        let longer = max(image.width, image.height)
        let whole = longer < size.pixels || metadata.imageSize == PixelSize(width: image.width, height: image.height)
        return CachedThumbnail(image: image, size: size, metadata: metadata, isWholePicture: whole)
    }

    /// Whether a thumbnail of `thumbnail` pixels may be in `size`'s folder (the cache is
    /// untrusted, SPEC §11): its longer side at most the folder's, and, when the picture's own
    /// size is recorded, the size a fit of that picture in the folder's square gives (within a
    /// pixel a side for rounding; either way round, as some thumbnailers record the size before
    /// EXIF orientation). Checked on the IHDR before decoding, so an oversized or
    /// mismatched thumbnail is never decoded or shown; it is remade.
    static func fits(_ thumbnail: PixelSize, in size: ThumbnailSize, pictureSize: PixelSize?) -> Bool {
        guard thumbnail.width > 0, thumbnail.height > 0, thumbnail.longerSide <= size.pixels else { return false }
        guard let pictureSize, pictureSize.width > 0, pictureSize.height > 0 else { return true }
        let expected = PictureTarget.fit(PixelSize(width: size.pixels, height: size.pixels)).size(for: pictureSize)
        return [expected, expected.transposed].contains { abs($0.width - thumbnail.width) <= 1 && abs($0.height - thumbnail.height) <= 1 }
    }
}
