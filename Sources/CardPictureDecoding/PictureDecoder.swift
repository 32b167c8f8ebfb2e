import CardImaging
import CardMath
import CardPixels

/// A picture decoded for the viewer: upright 8-bit straight-alpha RGBA at about the size asked
/// for, and the size of the whole picture.
public struct DecodedPicture: Sendable, Equatable {
    /// The pixels, upright (EXIF orientation applied), rows top to bottom.
    public var image: RGBAImage
    /// The picture's own size, upright, pixels (what a full-resolution decode would give).
    public var fullSize: PixelSize
    /// The file's format, from its first bytes.
    public var format: PictureFormat

    public init(image: RGBAImage, fullSize: PixelSize, format: PictureFormat) {
        self.image = image
        self.fullSize = fullSize
        self.format = format
    }
}

/// What a picture file's header says, read without decoding it.
public struct PictureInfo: Sendable, Equatable {
    /// The picture's size as shown (after EXIF orientation), pixels.
    public var size: PixelSize
    /// The file's format.
    public var format: PictureFormat
    /// How the stored pixels are turned to show upright (always `.up` for PNG).
    public var orientation: PictureOrientation
}

/// The one entry point for decoding picture files (PNG and JPEG, chosen by their first bytes),
/// called by the loader's worker threads.
///
/// Thread-safe: no shared mutable state; every call owns its buffers and decoder handles.
/// Errors are `PictureError`s, one line naming the file.
public enum PictureDecoder {
    /// Pictures wider or taller than this are refused as absurd, from their header (PNG's limit).
    public static let maximumDimension = PNGCodec.maximumDimension
    /// Pictures with more pixels than this are refused as absurd, from their header.
    public static let maximumPixelCount = PNGCodec.maximumPixelCount
    /// Files larger than this are refused unread.
    public static let maximumFileSize = PNGCodec.maximumFileSize

    /// Decodes the picture at `path` at about `target` (upright pixels; aspect kept; never
    /// larger than the picture).
    /// - Complexity: PNG: O(file pixels). JPEG: O(file size + decoded pixels), the decoded
    ///   pixels being about the target's thanks to DCT scaling.
    public static func decode(contentsOf path: String, target: PictureTarget = .fullSize) throws -> DecodedPicture {
        try decode(PictureBytes.readAll(path, maximumSize: maximumFileSize), name: path, target: target)
    }

    /// Decodes picture bytes; `name` labels errors.
    public static func decode(_ bytes: [UInt8], name: String = "<memory>", target: PictureTarget = .fullSize) throws -> DecodedPicture {
        switch PictureFormat(signature: bytes.prefix(8)) {
        case .png:
            try checkPNGWorkingMemory(bytes, name: name)
            let image: RGBAImage
            do {
                image = try PNGCodec.decode(bytes, name: name)
            } catch let error as PNGError {
                throw pictureError(error, name: name)
            }
            let full = PixelSize(width: image.width, height: image.height)
            return DecodedPicture(image: AreaDownscaler.downscale(image, to: target.size(for: full)), fullSize: full, format: .png)
        case .jpeg:
            let header = try jpegHeader(bytes, name: name, complete: true)
            try PictureLimits.check(header, bytes: bytes, name: name)
            let image = try JPEGDecoder.decode(bytes, header: header, target: target, name: name)
            return DecodedPicture(image: image, fullSize: header.uprightSize, format: .jpeg)
        case nil:
            throw bytes.isEmpty ? PictureError.truncated(path: name, reason: "the file is empty")
                : PictureError.unsupported(path: name, reason: "not a PNG or JPEG file")
        }
    }

    /// The size (upright) and format of the picture at `path`, from its first bytes only: PNG's
    /// IHDR; JPEG's frame header and EXIF orientation (reading on, 64 KiB at a time, only while
    /// the marker segments before the image data continue, up to 16 MiB).
    public static func probe(contentsOf path: String) throws -> PictureInfo {
        var limit = 64 << 10
        while true {
            let (bytes, fileSize) = try PictureBytes.read(path, upTo: limit)
            do {
                return try probe(bytes, name: path, complete: bytes.count >= fileSize)
            } catch PictureError.truncated where bytes.count < fileSize && limit < 16 << 20 {
                limit *= 4
            }
        }
    }

    /// The size and format from the first bytes of a picture; `complete` says whether `bytes`
    /// is the whole file (otherwise running out of bytes is reported as truncated all the same,
    /// for the caller to read more).
    public static func probe(_ bytes: [UInt8], name: String = "<memory>", complete: Bool = true) throws -> PictureInfo {
        switch PictureFormat(signature: bytes.prefix(8)) {
        case .png:
            // The first chunk must be a 13-byte IHDR: length, type, width, height at bytes 16–23.
            guard bytes.count >= 33 else { throw PictureError.truncated(path: name, reason: "the PNG header is cut short") }
            guard bytes[8..<16].elementsEqual([0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]) else {
                throw PictureError.corrupt(path: name, reason: "the first chunk is not a 13-byte IHDR")
            }
            let size = PixelSize(width: Int(bigEndian32(bytes, at: 16)), height: Int(bigEndian32(bytes, at: 20)))
            try checkSize(size, name: name)
            try checkPNGWorkingMemory(bytes, name: name)
            return PictureInfo(size: size, format: .png, orientation: .up)
        case .jpeg:
            let header = try jpegHeader(bytes, name: name, complete: complete)
            try PictureLimits.checkWorkingMemory(header.coefficientBytes, name: name)
            return PictureInfo(size: header.uprightSize, format: .jpeg, orientation: header.orientation)
        case nil:
            throw bytes.isEmpty ? PictureError.truncated(path: name, reason: "the file is empty")
                : PictureError.unsupported(path: name, reason: "not a PNG or JPEG file")
        }
    }

    /// The scanned JPEG header, its size checked against the limits.
    static func jpegHeader(_ bytes: [UInt8], name: String, complete: Bool) throws -> JPEGHeader {
        switch JPEGHeader.scan(bytes) {
        case let .header(header):
            try checkSize(header.size, name: name)
            return header
        case .needsMoreBytes:
            throw PictureError.truncated(path: name, reason: "the file ends inside the JPEG header")
        case let .malformed(reason):
            throw PictureError.corrupt(path: name, reason: reason)
        }
    }

    /// Refuses empty sizes and those over `maximumDimension` or `maximumPixelCount`.
    static func checkSize(_ size: PixelSize, name: String) throws {
        guard size.width > 0, size.height > 0 else {
            throw PictureError.corrupt(path: name, reason: "the header declares a \(size) picture")
        }
        guard size.width <= maximumDimension, size.height <= maximumDimension, size.pixelCount <= maximumPixelCount else {
            throw PictureError.tooLarge(path: name, width: size.width, height: size.height)
        }
    }

    /// Refuses a PNG whose IHDR (bytes 16–28) declares an image libpng must hold whole and that
    /// is over `PictureLimits.maximumWorkingMemory`. Files too short for an IHDR are left to the
    /// PNG reader to refuse.
    static func checkPNGWorkingMemory(_ bytes: [UInt8], name: String) throws {
        guard bytes.count >= 29 else { return }
        let width = Int(bigEndian32(bytes, at: 16)), height = Int(bigEndian32(bytes, at: 20))
        // Absurd sizes are refused as such by `checkSize` and the PNG reader (and would overflow).
        guard width <= maximumDimension, height <= maximumDimension else { return }
        let memory = PictureLimits.pngWorkingMemory(
            width: width, height: height,
            bitDepth: Int(bytes[24]), colorType: Int(bytes[25]), interlaced: bytes[28] != 0)
        try PictureLimits.checkWorkingMemory(memory, name: name)
    }

    static func pictureError(_ error: PNGError, name: String) -> PictureError {
        switch error {
        case let .tooLarge(_, width, height): .tooLarge(path: name, width: width, height: height)
        case let .unreadable(_, reason) where reason.hasPrefix("truncated"):
            .truncated(path: name, reason: String(reason.dropFirst("truncated: ".count)))
        case let .unreadable(_, reason), let .unwritable(_, reason): .corrupt(path: name, reason: reason)
        }
    }

    private static func bigEndian32(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        bytes[offset..<offset + 4].reduce(0) { $0 << 8 | UInt32($1) }
    }
}
