import CardFiles
import CardImaging
import CardMath
import CardPictureDecoding
import CardPixels

extension ThumbnailCache {
    /// Saves `image` (upright; scaled down here to fit `size`) as the thumbnail of the picture at
    /// `picturePath` whose file had `stamp` when it was decoded, with `Thumb::URI`,
    /// `Thumb::MTime`, `Thumb::Size`, `Thumb::Mimetype`, `Thumb::Image::Width/Height` (when
    /// `fullSize` is known) and `Software`. Returns whether it was written; does nothing unless
    /// the mode is `readwrite` and writing has not failed before.
    @discardableResult
    public func store(_ image: RGBAImage, fullSize: PixelSize?, format: PictureFormat?, forPicture picturePath: String,
                      stamp: FileStamp, size: ThumbnailSize) -> Bool {
        guard isWritable, serves(picturePath), image.width > 0, image.height > 0 else { return false }
        let fitted = AreaDownscaler.downscale(image, to: PictureTarget.fit(PixelSize(width: size.pixels, height: size.pixels))
            .size(for: PixelSize(width: image.width, height: image.height)))
        let uri = FileURI.uri(forPath: picturePath)
        let metadata = ThumbnailMetadata(uri: uri, modificationTime: stamp.modificationTime, fileSize: stamp.size,
                                         imageSize: fullSize, software: software,
                                         mimeType: format?.mimeType)
        guard let png = try? PNGStructure.inserting(metadata.textChunks, into: PNGCodec.encode(fitted, fast: true)) else { return false }
        return writeAtomically(png, to: thumbnailPath(forURI: uri, size: size))
    }

    /// Records that the picture at `picturePath` (as of `stamp`) could not be decoded, under
    /// `fail/<application>-<version>/`: a 1×1 transparent PNG with `Thumb::URI`, `Thumb::MTime`,
    /// `Software` and the reason as `Description`. Returns whether it was written.
    @discardableResult
    public func recordFailure(forPicture picturePath: String, stamp: FileStamp, reason: String) -> Bool {
        guard isWritable, serves(picturePath) else { return false }
        let uri = FileURI.uri(forPath: picturePath)
        let metadata = ThumbnailMetadata(uri: uri, modificationTime: stamp.modificationTime, fileSize: stamp.size,
                                         software: software, failureReason: reason)
        guard let png = try? PNGStructure.inserting(metadata.textChunks, into: PNGCodec.encode(RGBAImage(width: 1, height: 1))) else {
            return false
        }
        return writeAtomically(png, to: failurePath(forURI: uri))
    }

    /// Writes `bytes` to `path` through a temporary file in the same folder (mode 0600), renamed
    /// over `path` (`AtomicFile`, atomic but not flushed to disk: the cache is untrusted and
    /// checked on every read, so the rare thumbnail a power cut leaves empty or short is ignored
    /// and remade — where two `fsync`s per thumbnail held each background thumbnail for the
    /// disk, tens of milliseconds each on a busy one); missing
    /// folders from the cache root down are made with mode 0700. A failure removes the temporary
    /// file and stops all writing (one warning).
    func writeAtomically(_ bytes: [UInt8], to path: String) -> Bool {
        let folder = String(path[..<path.lastIndex(of: "/")!])
        if let failure = Folder.make(folder, mode: 0o700) {
            writeFailed(failure)
            return false
        }
        if let link = linkedFolder(from: folder) {
            writeFailed("'\(link)' is a symbolic link or not a folder; the cache's folders must be real folders")
            return false
        }
        do {
            try AtomicFile.replace(path, with: bytes, options: AtomicFile.Options(permissions: .ownerOnly, durable: false))
            return true
        } catch {
            writeFailed((error as? FileWriteError)?.reason ?? "\(error)")
            return false
        }
    }

    /// The first of the folders from just below the cache root down to `folder` that is not a
    /// real folder (`lstat`: a symbolic link is not followed for writing, SPEC §11), or nil.
    /// The root itself was resolved when the cache was made.
    func linkedFolder(from folder: String) -> String? {
        guard folder.hasPrefix(root + "/") else { return nil }
        var path = root
        for name in folder.dropFirst(root.count + 1).split(separator: "/") {
            path += "/" + name
            if (try? FileInfo.at(path, followingLinks: false))?.kind != .folder { return path }
        }
        return nil
    }
}
