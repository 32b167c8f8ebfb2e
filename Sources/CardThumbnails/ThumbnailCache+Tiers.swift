import CardMath
import CardPictureDecoding
import CardPixels

extension ThumbnailCache {
    /// The picture at `path` for a card that shows it in `size`'s folder's size (the folder its
    /// size on screen asks for, `ThumbnailSize.forCard`), through the cache:
    /// 1. a failure this program recorded for the file as it is now is thrown again, undecoded;
    /// 2. a valid thumbnail in that folder or a larger one is returned as it is stored;
    /// 3. otherwise the file is decoded to fit `size`'s square — a JPEG at the DCT scale that
    ///    still covers it (a 4000×3000 photo for `large` at 1/8, 500×375) — and, in mode
    ///    `readwrite`, saved into that folder at once (a `large` PNG takes a few milliseconds;
    ///    no second decode later, as `ThumbnailSaving.later` needed), then returned.
    ///
    /// Thread-safe; call it from worker threads. Errors are `PictureError`s naming `path`.
    public func loadPicture(at path: String, for size: ThumbnailSize,
                            decode: Decode = { try PictureDecoder.decode(contentsOf: $0, target: $1) }) throws -> LoadedPicture {
        let target = PictureTarget.fit(PixelSize(width: size.pixels, height: size.pixels))
        guard serves(path), let stamp = Self.stamp(of: path) else {
            let picture = try decode(path, target)
            return LoadedPicture(image: picture.image, fullSize: picture.fullSize, origin: .decoded)
        }
        if let remembered = rememberedFailure(picturePath: path, stamp: stamp) { throw remembered }
        if let thumbnail = lookup(picturePath: path, target: target, stamp: stamp) {
            return LoadedPicture(image: thumbnail.image, fullSize: thumbnail.fullSize, origin: .thumbnail(thumbnail.size))
        }
        let picture = try recordingFailure(of: path, stamp: stamp) { try decode(path, target) }
        store(picture.image, fullSize: picture.fullSize, format: picture.format, forPicture: path, stamp: stamp, size: size)
        return LoadedPicture(image: picture.image, fullSize: picture.fullSize, origin: .decoded)
    }

    /// Makes sure the picture at `path` has a thumbnail in `size`'s folder or a larger one (the
    /// background thumbnailing of a whole deck): nothing when a valid one is there (its header
    /// and text chunks are read, not its pixels), else the file is decoded at that size and the
    /// thumbnail saved. Returns true when one was made; false when it was there, or the cache
    /// does not serve the file or cannot be written.
    ///
    /// Thread-safe. - Throws: `PictureError` when the picture cannot be decoded (recorded under
    /// `fail/` as `loadPicture` does, and thrown again from the record on later calls).
    @discardableResult
    public func ensureThumbnail(at path: String, size: ThumbnailSize,
                                decode: Decode = { try PictureDecoder.decode(contentsOf: $0, target: $1) }) throws -> Bool {
        guard serves(path), let stamp = Self.stamp(of: path) else { return false }
        if let remembered = rememberedFailure(picturePath: path, stamp: stamp) { throw remembered }
        guard !hasThumbnail(picturePath: path, atLeast: size, stamp: stamp), isWritable else { return false }
        let target = PictureTarget.fit(PixelSize(width: size.pixels, height: size.pixels))
        let picture = try recordingFailure(of: path, stamp: stamp) { try decode(path, target) }
        return store(picture.image, fullSize: picture.fullSize, format: picture.format, forPicture: path, stamp: stamp, size: size)
    }

    /// Whether a valid thumbnail of the picture at `picturePath` (as `stamp` says it is now) is
    /// in `size`'s folder or a larger one: its text chunks match the picture and its header the
    /// folder (`fits`); its pixels are not decoded.
    public func hasThumbnail(picturePath: String, atLeast size: ThumbnailSize, stamp: FileStamp) -> Bool {
        guard serves(picturePath) else { return false }
        let uri = FileURI.uri(forPath: picturePath)
        for folder in ThumbnailSize.allCases where folder >= size {
            let path = thumbnailPath(forURI: uri, size: folder)
            guard let bytes = try? PictureBytes.readAll(path, maximumSize: Self.maximumThumbnailFileSize),
                  let metadata = try? ThumbnailMetadata(png: bytes, name: path), metadata.matches(uri: uri, stamp: stamp),
                  let stored = try? PictureDecoder.probe(bytes, name: path),
                  Self.fits(stored.size, in: folder, pictureSize: metadata.imageSize) else { continue }
            return true
        }
        return false
    }

    /// Runs `body` (a decode of the picture at `path`); a `PictureError` it throws is recorded
    /// under `fail/` (not one the limits gave, which another run may raise, nor a file that
    /// cannot be opened: the standard) and thrown on.
    func recordingFailure<Result>(of path: String, stamp: FileStamp, _ body: () throws -> Result) throws -> Result {
        do {
            return try body()
        } catch let error as PictureError {
            switch error {
            case .unreadable, .tooLarge, .tooMuchMemory, .tooMuchWork, .fileTooLarge: break
            default: recordFailure(forPicture: path, stamp: stamp, reason: error.reason)
            }
            throw error
        }
    }
}
