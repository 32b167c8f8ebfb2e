import CardImaging
import CardMath
import CardPictureDecoding
import CardPixels
import Foundation

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
                                         mimeType: format.map { $0 == .png ? "image/png" : "image/jpeg" })
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
    /// over `path`; missing folders from the cache root down are made with mode 0700. A failure
    /// removes the temporary file and stops all writing (one warning).
    func writeAtomically(_ bytes: [UInt8], to path: String) -> Bool {
        let folder = String(path[..<path.lastIndex(of: "/")!])
        if let failure = makeFolders(folder) {
            writeFailed(failure)
            return false
        }
        var template = Array("\(folder)/.\(path.split(separator: "/").last!).XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else {
            writeFailed(String(cString: strerror(errno)))
            return false
        }
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var failure: String?
        if fchmod(descriptor, 0o600) != 0 { failure = String(cString: strerror(errno)) }
        var written = 0
        while failure == nil, written < bytes.count {
            let count = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + written, bytes.count - written) }
            if count < 0, errno == EINTR { continue }
            if count <= 0 { failure = String(cString: strerror(errno)) } else { written += count }
        }
        if close(descriptor) != 0, failure == nil { failure = String(cString: strerror(errno)) }
        if failure == nil, rename(temporary, path) != 0 { failure = String(cString: strerror(errno)) }
        guard let failure else { return true }
        unlink(temporary)
        writeFailed(failure)
        return false
    }

    /// Makes `folder` and any missing parents below `/` with mode 0700; the reason on failure.
    private func makeFolders(_ folder: String) -> String? {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) {
            return isFolder.boolValue ? nil : "'\(folder)' is not a folder"
        }
        let parent = String(folder[..<(folder.lastIndex(of: "/") ?? folder.startIndex)])
        if !parent.isEmpty, let failure = makeFolders(parent) { return failure }
        if mkdir(folder, 0o700) != 0, errno != EEXIST { return String(cString: strerror(errno)) }
        return nil
    }
}
