import CJPEGRegion
import CardFiles
import CardImaging
import CardMath
import CardPixels

/// A picture opened for the photo view's tiles (SPEC §10, "Pictures of any size, whole"): any
/// rectangle of any level of its pyramid (level `l` is the picture at ⌈side / 2^l⌉) decoded on
/// its own, so that what the view holds follows the screen, not the picture.
///
/// How each format gives a rectangle:
/// - **baseline JPEG**: libjpeg's `jpeg_crop_scanline` and `jpeg_skip_scanlines` at the DCT
///   scale of the level (1/1…1/8; coarser levels reduced from 1/8), the file held in memory
///   (at most the whole-file cap, 64 MB) — only the rectangle's rows and columns are decoded;
/// - **PNG read as a stream** (8-bit or less, not interlaced): the rows down to the rectangle's
///   last, each cut to its columns and reduced to the level as it comes;
/// - **TIFF**: the strips or rows of tiles that hold the rectangle's rows, each cut to its
///   columns and reduced as it comes (libtiff's RGBA interface);
/// - **everything else** (progressive JPEG, which keeps every coefficient anyway, HEIF, WebP,
///   GIF, RAW, PNG read whole): decoded once, at the finest level whose RGBA fits
///   the hold limit, and held; rectangles are cut (and reduced) from it. `finestLevel` says which.
///
/// Colour: an embedded ICC profile is applied to every rectangle as to a whole decode.
/// Thread-safe: read-only after it is opened; every `region` call owns its decoder.
public final class PictureRegions: @unchecked Sendable {
    /// The picture's size, upright, pixels (level 0).
    public let size: PixelSize
    public let format: PictureFormat
    /// The finest level a rectangle can be decoded at: 0, or the level the picture is held at.
    public let finestLevel: Int
    /// What is held for the regions, bytes (the file, or the picture decoded whole).
    public let heldBytes: Int
    private let name: String
    private let limits: PictureLimits
    private let backing: Backing

    private enum Backing {
        case jpeg(bytes: [UInt8], header: JPEGHeader)
        case pngRows(path: String, hasAlpha: Bool)
        /// Rows from checkpoints (`PNGRowIndex`): 8-bit PNGs libpng passes through untouched.
        case pngIndex(PNGRowIndex, path: String)
        /// TIFF by the strips or tiles that hold the region's rows.
        case tiff(path: String, header: TIFFHeader)
        /// Decoded whole at `level`.
        case image(RGBAImage, level: Int)
    }

    /// The most a picture held whole for its regions may take by default: 128 MB (32 MP of RGBA).
    public static let defaultHeldBytes = 128_000_000

    /// Opens the picture at `path`: checks its header against `limits` as a decode does, and for
    /// the formats decoded whole, decodes it (through `admission`) at the finest level whose
    /// RGBA is at most `holdLimit` bytes.
    /// - Throws: `PictureError` naming the file.
    /// `streamingAbove`: PNGs of more pixels are read as a stream (`PictureDecoder.wholePNGPixels`,
    /// 4 MP: a smaller one is held whole; tests lower it).
    public init(path: String, limits: PictureLimits = .standard, admission: (any DecodeAdmission)? = nil,
                holdingAtMost holdLimit: Int = defaultHeldBytes, streamingAbove: Int = PictureDecoder.wholePNGPixels) throws {
        name = path
        self.limits = limits
        let source = try PictureDecoder.open(path)
        let plan = try PictureDecoder.plan(source, name: path, target: .fullSize, limits: limits, streamingAbove: streamingAbove)
        size = plan.info.size
        format = plan.info.format
        switch plan.route {
        case let .jpeg(header) where !header.keepsAllCoefficients && header.precision == 8 && !header.isLossless
            && [1, 3, 4].contains(header.components):
            let bytes = try PictureDecoder.wholeBytes(source)
            try limits.check(header, bytes: bytes, name: path)
            backing = .jpeg(bytes: bytes, header: header)
            finestLevel = 0
            heldBytes = bytes.count
        case let .tiff(header):
            backing = .tiff(path: path, header: header)
            finestLevel = 0
            heldBytes = 0
        case .pngRows:
            if let index = try PNGRowIndex.open(source: source, name: path) {
                // The first pass down the picture keeps its checkpoints: every region after it
                // starts within 256 rows of its top (`PNGRowIndex`).
                try index.indexAll()
                backing = .pngIndex(index, path: path)
            } else {
                let reader = try PNGRowReader(source: source, name: path)
                backing = .pngRows(path: path, hasAlpha: reader.hasAlpha)
            }
            finestLevel = 0
            heldBytes = 0
        default:
            let pyramid = TileLevels(size: plan.info.size)
            var level = 0
            while pyramid.size(ofLevel: level).pixelCount * 4 > max(holdLimit, 1), pyramid.size(ofLevel: level).pixelCount > 1 {
                level += 1
            }
            let wanted = pyramid.size(ofLevel: level)
            let decoded = try PictureDecoder.decode(source: source, name: path, target: .stretch(wanted), limits: limits,
                                                    admission: admission)
            var image = decoded.image
            if image.width != wanted.width || image.height != wanted.height {
                image = image.resized(width: wanted.width, height: wanted.height)
            }
            backing = .image(image, level: level)
            finestLevel = level
            heldBytes = image.pixels.count
        }
    }

    /// The rectangle `rect` of level `level` (its pixels, upright; clipped to the level), as
    /// 8-bit straight-alpha RGBA of the rectangle's size. A level finer than `finestLevel` is
    /// cut from `finestLevel` and enlarged.
    /// - Throws: `PictureError` naming the file.
    /// - Complexity: JPEG: O(file bytes before the rectangle's last row + rectangle's pixels ·
    ///   4^(level − 3) past level 3); PNG: O(the rows above its bottom); held: O(its pixels · 4^…).
    public func region(_ rect: PixelRect, level: Int) throws -> RGBAImage {
        let levels = TileLevels(size: size)
        let clipped = rect.intersection(PixelRect(x: 0, y: 0, width: levels.size(ofLevel: level).width,
                                                  height: levels.size(ofLevel: level).height))
        guard !clipped.isEmpty else { throw PictureError.unreadable(path: name, reason: "an empty region \(rect) at level \(level)") }
        switch backing {
        case let .jpeg(bytes, header):
            return try jpegRegion(clipped, level: level, bytes: bytes, header: header)
        case let .pngRows(path, hasAlpha):
            let source = try PictureDecoder.open(path)
            let reader = try PNGRowReader(source: source, name: path)
            guard reader.width == size.width, reader.height == size.height else {
                throw PictureError.corrupt(path: path, reason: "the header changed while the file was read")
            }
            let row = UnsafeMutableRawBufferPointer.allocate(byteCount: size.width * 4, alignment: 16)
            defer { row.deallocate() }
            var image = try pngRegion(clipped, level: level, hasAlpha: hasAlpha) { rows, body in
                for _ in 0..<rows.lowerBound { try reader.readRow(into: row) }
                for y in rows {
                    try reader.readRow(into: row)
                    try body(y, UnsafePointer(row.baseAddress!.assumingMemoryBound(to: UInt8.self)))
                }
            }
            PictureDecoder.convertToSRGB(&image, pngSource: source)
            return image
        case let .pngIndex(index, path):
            var image = try pngRegion(clipped, level: level, hasAlpha: index.hasAlpha) { rows, body in
                try index.readRows(rows, body)
            }
            PictureDecoder.convertToSRGB(&image, pngSource: try PictureDecoder.open(path))
            return image
        case let .tiff(path, header):
            return try tiffRegion(clipped, level: level, path: path, header: header)
        case let .image(image, held):
            return Self.cut(image, heldLevel: held, rect: clipped, level: level, levels: levels)
        }
    }

    // MARK: JPEG

    private func jpegRegion(_ rect: PixelRect, level: Int, bytes: [UInt8], header: JPEGHeader) throws -> RGBAImage {
        let orientation = header.orientation
        // libjpeg scales by at most 1/8: past level 3, decode at 1/8 and reduce.
        let dctLevel = min(level, 3), extra = level - dctLevel, factor = 1 << extra
        let stored = TileLevels(size: header.size)
        let storedLevel = stored.size(ofLevel: dctLevel)
        let uprightLevel = orientation.swapsAxes ? storedLevel.transposed : storedLevel
        // The rectangle at the DCT level, upright, then in stored pixels.
        let atDCT = PixelRect(x: rect.x * factor, y: rect.y * factor, width: rect.width * factor, height: rect.height * factor)
            .intersection(PixelRect(x: 0, y: 0, width: uprightLevel.width, height: uprightLevel.height))
        let storedRect = orientation.storedRect(of: atDCT, storedSize: storedLevel)
        var pixels = [UInt8](repeating: 0, count: storedRect.width * storedRect.height * 4)
        var message = [CChar](repeating: 0, count: 256)
        var cmyk: Int32 = 0
        let ok = bytes.withUnsafeBufferPointer { data in
            pixels.withUnsafeMutableBufferPointer { out in
                message.withUnsafeMutableBufferPointer { text in
                    cv_jpeg_region(data.baseAddress, data.count, UInt32(1 << dctLevel), UInt32(storedRect.x), UInt32(storedRect.y),
                                   UInt32(storedRect.width), UInt32(storedRect.height), out.baseAddress, &cmyk,
                                   text.baseAddress, text.count)
                }
            }
        }
        guard ok != 0 else {
            let reason = message.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
            throw PictureError.corrupt(path: name, reason: reason.isEmpty ? "libjpeg could not decode a region" : reason)
        }
        if cmyk != 0 { JPEGDecoder.convertCMYKToRGBA(&pixels, inverted: header.hasAdobeMarker) }
        var image = orientation.upright(RGBAImage(width: storedRect.width, height: storedRect.height, pixels: pixels))
        PictureDecoder.convertToSRGB(&image, jpeg: bytes, header: header)
        if extra > 0 { image = AreaDownscaler.downscale(image, to: rect.size) }
        return image
    }

    // MARK: TIFF

    private func tiffRegion(_ rect: PixelRect, level: Int, path: String, header: TIFFHeader) throws -> RGBAImage {
        let orientation = header.orientation, factor = 1 << level
        let storedLevel = TileLevels(size: header.size).size(ofLevel: level)
        let storedRect = orientation.storedRect(of: rect, storedSize: storedLevel)
        let area = PixelRect(x: storedRect.x * factor, y: storedRect.y * factor, width: storedRect.width * factor,
                             height: storedRect.height * factor).intersection(PixelRect(x: 0, y: 0, width: header.size.width, height: header.size.height))
        let image = try TIFFDecoder.decodeRegion(PictureDecoder.open(path), header: header, area: area, size: storedRect.size,
                                                 name: path, limits: limits)
        return orientation.upright(image)
    }

    // MARK: PNG

    /// `rect` of `level` from a PNG's rows: `rows(range, body)` calls `body` with each row of
    /// the range (index, RGBA of the whole width), top to bottom.
    private func pngRegion(_ rect: PixelRect, level: Int, hasAlpha: Bool,
                           rows: (Range<Int>, (Int, UnsafePointer<UInt8>) throws -> Void) throws -> Void) throws -> RGBAImage {
        let factor = 1 << level
        let area = PixelRect(x: rect.x * factor, y: rect.y * factor, width: rect.width * factor, height: rect.height * factor)
            .intersection(PixelRect(x: 0, y: 0, width: size.width, height: size.height))
        if level == 0 {
            var pixels = [UInt8](repeating: 0, count: area.width * area.height * 4)
            try pixels.withUnsafeMutableBytes { out in
                try rows(area.y..<area.maxY) { y, row in
                    let target = out.baseAddress! + (y - area.y) * area.width * 4
                    target.copyMemory(from: row + area.x * 4, byteCount: area.width * 4)
                }
            }
            return RGBAImage(width: area.width, height: area.height, pixels: pixels)
        }
        let reduced = RowDownscaler(width: area.width, height: area.height, to: rect.size, premultiply: hasAlpha)
        try rows(area.y..<area.maxY) { _, row in reduced.add(row + area.x * 4) }
        return RGBAImage(width: reduced.size.width, height: reduced.size.height, pixels: reduced.finish())
    }

    // MARK: Held whole

    /// `rect` of `level` cut from the picture held at `heldLevel`: reduced when the level is
    /// coarser, enlarged (bilinear) when finer.
    static func cut(_ image: RGBAImage, heldLevel: Int, rect: PixelRect, level: Int, levels: TileLevels) -> RGBAImage {
        if level == heldLevel { return image.cropped(to: rect) }
        if level > heldLevel {
            let factor = 1 << (level - heldLevel)
            let source = PixelRect(x: rect.x * factor, y: rect.y * factor, width: rect.width * factor, height: rect.height * factor)
                .intersection(PixelRect(x: 0, y: 0, width: image.width, height: image.height))
            return AreaDownscaler.downscale(image.cropped(to: source), to: rect.size)
        }
        // Finer than held: the covering rectangle of the held level, enlarged.
        let factor = 1 << (heldLevel - level)
        let x0 = rect.x / factor, y0 = rect.y / factor
        let x1 = min((rect.maxX + factor - 1) / factor, image.width), y1 = min((rect.maxY + factor - 1) / factor, image.height)
        let source = image.cropped(to: PixelRect(x: x0, y: y0, width: max(x1 - x0, 1), height: max(y1 - y0, 1)))
        let enlarged = source.resized(width: source.width * factor, height: source.height * factor)
        return enlarged.cropped(to: PixelRect(x: rect.x - x0 * factor, y: rect.y - y0 * factor, width: rect.width, height: rect.height))
    }
}

/// Level sizes by halves, each side ⌈side / 2^level⌉ (`TilePyramid`'s, without its tiles: the
/// decoding layer does not depend on the picture bookkeeping).
struct TileLevels {
    var size: PixelSize

    func size(ofLevel level: Int) -> PixelSize {
        let divisor = 1 << min(max(level, 0), 62)
        return PixelSize(width: (size.width + divisor - 1) / divisor, height: (size.height + divisor - 1) / divisor)
    }
}

extension PictureOrientation {
    /// The stored pixels (in a stored picture of `storedSize`) of upright rectangle `rect`.
    func storedRect(of rect: PixelRect, storedSize: PixelSize) -> PixelRect {
        let a = storedPixel(u: rect.x, v: rect.y, width: storedSize.width, height: storedSize.height)
        let b = storedPixel(u: rect.maxX - 1, v: rect.maxY - 1, width: storedSize.width, height: storedSize.height)
        let x = min(a.x, b.x), y = min(a.y, b.y)
        return PixelRect(x: x, y: y, width: max(a.x, b.x) - x + 1, height: max(a.y, b.y) - y + 1)
    }
}

extension RGBAImage {
    /// The pixels of `rect` (clipped to the image).
    func cropped(to rect: PixelRect) -> RGBAImage {
        let r = rect.intersection(PixelRect(x: 0, y: 0, width: width, height: height))
        if r.x == 0, r.y == 0, r.width == width, r.height == height { return self }
        var out = [UInt8](repeating: 0, count: r.width * r.height * 4)
        pixels.withUnsafeBytes { from in
            out.withUnsafeMutableBytes { to in
                for y in 0..<r.height {
                    let start = ((r.y + y) * width + r.x) * 4
                    UnsafeMutableRawBufferPointer(rebasing: to[(y * r.width * 4)..<((y + 1) * r.width * 4)])
                        .copyMemory(from: UnsafeRawBufferPointer(rebasing: from[start..<(start + r.width * 4)]))
                }
            }
        }
        return RGBAImage(width: r.width, height: r.height, pixels: out)
    }
}
