import CTIFF
import CardImaging
import CardMath
import CardPixels

/// What a TIFF's first directory says, read without decoding: the stored size, the Orientation
/// tag, how its pixels are laid out (strips or tiles, their sizes), for the cost, and whether
/// they are colour (for EXIF's colour space).
struct TIFFHeader: Equatable {
    /// The stored size, pixels.
    var size: PixelSize
    var orientation: PictureOrientation
    /// Rows libtiff decodes at once: a strip's rows, or a tile's height.
    var bandRows: Int
    /// libtiff's buffer for one strip or tile (all planes, for separate planes), bytes.
    var chunkBytes: Int
    var hasAlpha: Bool
    /// Whether the pixels are stored as colour (Photometric RGB or YCbCr), which EXIF's colour
    /// space applies to; greyscale, palette, CMYK and the rest are left as libtiff gives them.
    var isColour: Bool

    /// Reads the first directory of `file`.
    init(_ file: TIFFFile) throws {
        guard let width = file.uint32(TIFFTAG_IMAGEWIDTH), let height = file.uint32(TIFFTAG_IMAGELENGTH) else {
            throw PictureError.corrupt(path: file.name, reason: "the TIFF has no image width or length")
        }
        size = PixelSize(width: Int(width), height: Int(height))
        orientation = file.uint16(TIFFTAG_ORIENTATION, defaulted: true).flatMap { PictureOrientation(rawValue: Int($0)) } ?? .up
        let planes = file.uint16(TIFFTAG_PLANARCONFIG, defaulted: true) == UInt16(PLANARCONFIG_SEPARATE)
            ? Int(file.uint16(TIFFTAG_SAMPLESPERPIXEL, defaulted: true) ?? 1) : 1
        var extra: UInt16 = 0
        var kinds: UnsafeMutablePointer<UInt16>?
        let photometric = file.uint16(TIFFTAG_PHOTOMETRIC).map(Int32.init)
        isColour = photometric == PHOTOMETRIC_RGB || photometric == PHOTOMETRIC_YCBCR
        hasAlpha = cardviewer_tiff_get_extra_samples(file.handle, &extra, &kinds) != 0 && extra > 0
        if TIFFIsTiled(file.handle) != 0 {
            bandRows = Int(file.uint32(TIFFTAG_TILELENGTH) ?? 0)
            chunkBytes = Int(clamping: TIFFTileSize64(file.handle)) * planes
        } else {
            bandRows = Int(file.uint32(TIFFTAG_ROWSPERSTRIP) ?? height)
            chunkBytes = Int(clamping: TIFFStripSize64(file.handle)) * planes
        }
        bandRows = max(1, min(bandRows, Int(height)))
    }

    /// The working memory of a decode to `wanted` (stored pixels) beyond the output, bytes:
    /// libtiff's buffer for a strip or tile, one band of rows as RGBA, the downscaler's sums,
    /// and libtiff's conversion tables (under 1 MiB).
    func workingBytes(wanted: PixelSize) -> Int {
        chunkBytes.saturatingAdd(size.width * bandRows * 4).saturatingAdd(RowDownscaler.workingBytes(width: size.width, size: wanted))
            .saturatingAdd(1 << 20)
    }
}

private extension Int {
    func saturatingAdd(_ other: Int) -> Int {
        let (sum, overflow) = addingReportingOverflow(other)
        return overflow ? .max : sum
    }
}

/// TIFF decoding through libtiff's RGBA interface (`TIFFRGBAImage`: every photometric libtiff
/// converts — greyscale, palette, RGB, YCbCr, CMYK, 1 to 16 bits a sample, strips or tiles,
/// contiguous or separate planes, any compression it was built with), one band of rows at a
/// time (a strip's rows or a row of tiles), each row fed to a `RowDownscaler`: memory is the
/// output and one band, never the whole picture. The stored rows are read in stored order
/// (`req_orientation` = the file's own, so libtiff flips nothing) and the Orientation tag applied
/// afterwards; the ICC profile (tag 34675) is handed to `ColorConversion`, or, without one, an
/// RGB or YCbCr file whose EXIF says Adobe RGB (`ExifColorSpace`: InteropIndex "R03" in the
/// EXIF IFD's Interoperability IFD) is converted from Adobe RGB, in the whole decode and in
/// every region alike.
///
/// Thread-safe: each call opens its own libtiff handle over its own source.
enum TIFFDecoder {
    /// Decodes the first image of the TIFF in `source` at `upright` pixels: the whole stored
    /// picture as one region (`decodeRegion`), then turned upright.
    static func decode(_ source: some ByteSource, header: TIFFHeader, target upright: PixelSize, name: String,
                       limits: PictureLimits) throws -> RGBAImage {
        let wanted = header.orientation.swapsAxes ? upright.transposed : upright
        let whole = PixelRect(x: 0, y: 0, width: header.size.width, height: header.size.height)
        let image = try decodeRegion(source, header: header, area: whole, size: wanted, name: name, limits: limits)
        return header.orientation.upright(image)
    }

    /// The stored pixels `area` (level 0, stored orientation) of the first image of the TIFF in
    /// `source`, reduced to `size` (at most the area's), as straight RGBA in stored orientation,
    /// its ICC profile applied: the photo view's tiles (`PictureRegions`). Only the strips or
    /// rows of tiles that hold the area's rows are decoded, each a band at a time.
    static func decodeRegion(_ source: some ByteSource, header: TIFFHeader, area: PixelRect, size: PixelSize, name: String,
                             limits: PictureLimits) throws -> RGBAImage {
        let file = try TIFFFile(source, name: name, maximumAllocation: limits.maximumWorkingMemory)
        guard try TIFFHeader(file) == header else {
            throw PictureError.corrupt(path: name, reason: "the TIFF header changed while the file was read")
        }
        var reason = [CChar](repeating: 0, count: 1024)
        guard cardviewer_tiff_rgba_ok(file.handle, &reason) != 0 else {
            throw PictureError.unsupported(path: name, reason: TerminalText.escaped(String(cString: reason)))
        }
        var picture = TIFFRGBAImage()
        guard TIFFRGBAImageBegin(&picture, file.handle, 1, &reason) != 0 else {
            throw PictureError.unsupported(path: name, reason: TerminalText.escaped(String(cString: reason)))
        }
        defer { TIFFRGBAImageEnd(&picture) }
        picture.req_orientation = picture.orientation
        let stored = header.size
        let associated = picture.alpha != 0
        let reduced = size == area.size ? nil : RowDownscaler(width: area.width, height: area.height, to: size, premultiply: associated)
        // Without a reduction every row of the area is copied in (or the decode fails): not cleared first.
        var whole = reduced == nil ? [UInt8](unsafeUninitializedCapacity: area.width * area.height * 4) { $1 = $0.count } : []
        var band = [UInt32](repeating: 0, count: stored.width * header.bandRows)
        let rowBytes = stored.width * 4, areaBytes = area.width * 4
        for top in stride(from: area.y / header.bandRows * header.bandRows, to: area.maxY, by: header.bandRows) {
            let rows = min(header.bandRows, stored.height - top)
            picture.row_offset = Int32(top)
            picture.col_offset = 0
            let ok = band.withUnsafeMutableBufferPointer { TIFFRGBAImageGet(&picture, $0.baseAddress, UInt32(stored.width), UInt32(rows)) }
            guard ok != 0 else { throw file.failure("libtiff cannot decode rows \(top)–\(top + rows - 1)") }
            band.withUnsafeMutableBytes { band in
                for y in max(top, area.y)..<min(top + rows, area.maxY) {
                    let row = band.baseAddress!.advanced(by: (y - top) * rowBytes + area.x * 4).assumingMemoryBound(to: UInt8.self)
                    if associated { unpremultiply(row, count: area.width) }
                    if let reduced {
                        reduced.add(row)
                    } else {
                        whole.withUnsafeMutableBytes { $0.baseAddress!.advanced(by: (y - area.y) * areaBytes).copyMemory(from: row, byteCount: areaBytes) }
                    }
                }
            }
        }
        var image = reduced.map { RGBAImage(width: $0.size.width, height: $0.size.height, pixels: $0.finish()) }
            ?? RGBAImage(width: area.width, height: area.height, pixels: whole)
        if let profile = file.iccProfile {
            ColorConversion.convertToSRGB(&image, iccProfile: profile)
        } else if header.isColour, ExifColorSpace.isAdobeRGB(tiffFile: source) {
            ColorConversion.convertAdobeRGBToSRGB(&image)
        }
        return image
    }

    /// libtiff's RGBA is alpha-premultiplied (it multiplies unassociated alpha in); the viewer's
    /// pictures are straight: each colour divided by alpha, rounded (`RGBAImage.unpremultiply`).
    private static func unpremultiply(_ row: UnsafeMutablePointer<UInt8>, count: Int) {
        RGBAImage.unpremultiply(row, count: count)
    }
}
