import CHeif
import CardPixels
import Foundation

/// HEIF files written for tests and fuzz seeds by libheif's own encoders (x265 for HEIC, aom
/// for AVIF; both built into Debian 12's libheif1), independent of the decoder under test except
/// for sharing libheif.
public enum HEIFSample {
    /// Which codec codes the image.
    public enum Codec: Sendable {
        case hevc, av1

        var compression: heif_compression_format { self == .hevc ? heif_compression_HEVC : heif_compression_AV1 }
    }

    /// `image` (RGBA; alpha dropped, or with `alpha` coded as libheif's alpha plane, an auxiliary
    /// image coded by the same encoder; with `premultipliedAlpha` too, its colour premultiplied
    /// and marked so, libheif's `prem` reference) as a HEIF file: coded with `codec` at `quality` (0–100),
    /// stored with an irot/imir transformation for EXIF-style `orientation` 1–8 (the image as
    /// shown is `image` turned that way), and with `thumbnail`, when given, scaled by libheif
    /// to fit a `thumbnailBox`-pixel square, as its thumbnail (`heif_context_encode_thumbnail`;
    /// a picture other than `image`, to tell them apart). x265 is not safe to run in several
    /// threads at once (parallel tests crashed in it): one encode at a time.
    /// `exif`, when given (a TIFF structure, "II*\0…"), is stored as the image's `Exif` item.
    public static func encode(_ image: RGBAImage, codec: Codec = .hevc, quality: Int32 = 90, orientation: Int = 1,
                              thumbnail: RGBAImage? = nil, thumbnailBox: Int = 160, alpha: Bool = false,
                              premultipliedAlpha: Bool = false, exif: [UInt8]? = nil) throws -> [UInt8] {
        lock.lock()
        defer { lock.unlock() }
        guard let context = heif_context_alloc() else { throw SampleError("libheif could not start") }
        defer { heif_context_free(context) }
        var encoder: OpaquePointer?
        try check(heif_context_get_encoder_for_format(context, codec.compression, &encoder))
        defer { heif_encoder_release(encoder) }
        try check(heif_encoder_set_lossy_quality(encoder, quality))
        let options = heif_encoding_options_alloc()!
        defer { heif_encoding_options_free(options) }
        options.pointee.image_orientation = heif_orientation(rawValue: UInt32(orientation))
        let main = try heifImage(premultipliedAlpha ? image.premultiplied() : image, alpha: alpha || premultipliedAlpha)
        if premultipliedAlpha { heif_image_set_premultiplied_alpha(main, 1) }
        defer { heif_image_release(main) }
        var handle: OpaquePointer?
        try check(heif_context_encode_image(context, main, encoder, options, &handle))
        defer { heif_image_handle_release(handle) }
        if let exif {
            try exif.withUnsafeBytes { try check(heif_context_add_exif_metadata(context, handle, $0.baseAddress, Int32($0.count))) }
        }
        if let thumbnail {
            let other = try heifImage(thumbnail)
            defer { heif_image_release(other) }
            var thumbHandle: OpaquePointer?
            try check(heif_context_encode_thumbnail(context, other, handle, encoder, options, Int32(thumbnailBox), &thumbHandle))
            guard thumbHandle != nil else { throw SampleError("the thumbnail picture already fits \(thumbnailBox) pixels") }
            heif_image_handle_release(thumbHandle)
        }
        let path = NSTemporaryDirectory() + "heif-sample-\(UUID().uuidString).heif"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try check(heif_context_write_to_file(context, path))
        return Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    /// Serialises the encodes.
    private static let lock = NSLock()

    /// A libheif image holding `image`'s RGB samples, or its RGBA samples (straight alpha) with
    /// `alpha` (interleaved, 8 bits).
    static func heifImage(_ image: RGBAImage, alpha: Bool = false) throws -> OpaquePointer {
        var made: OpaquePointer?
        let chroma = alpha ? heif_chroma_interleaved_RGBA : heif_chroma_interleaved_RGB, channels = alpha ? 4 : 3
        try check(heif_image_create(Int32(image.width), Int32(image.height), heif_colorspace_RGB, chroma, &made))
        guard let made else { throw SampleError("no image") }
        try check(heif_image_add_plane(made, heif_channel_interleaved, Int32(image.width), Int32(image.height), 8))
        var stride: Int32 = 0
        let plane = heif_image_get_plane(made, heif_channel_interleaved, &stride)!
        for y in 0..<image.height {
            for x in 0..<image.width {
                for c in 0..<channels { plane[y * Int(stride) + x * channels + c] = image.pixels[(y * image.width + x) * 4 + c] }
            }
        }
        return made
    }

    static func check(_ error: heif_error) throws {
        guard error.code != heif_error_Ok else { return }
        throw SampleError(error.message.map { String(cString: $0) } ?? "libheif error")
    }
}

/// Why a sample could not be made.
public struct SampleError: Error, CustomStringConvertible {
    public var description: String
    init(_ description: String) { self.description = description }
}

/// Test pictures whose parts are told apart after turning and scaling.
public enum SamplePictures {
    /// A `width`×`height` picture of four quadrants: red top left, green top right, blue bottom
    /// left, white bottom right (opaque).
    public static func quadrants(width: Int, height: Int) -> RGBAImage {
        var image = RGBAImage(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let right = x >= width / 2, bottom = y >= height / 2
                image[x, y] = switch (right, bottom) {
                case (false, false): (255, 0, 0, 255)
                case (true, false): (0, 255, 0, 255)
                case (false, true): (0, 0, 255, 255)
                case (true, true): (255, 255, 255, 255)
                }
            }
        }
        return image
    }
}

/// HEIF files coded from YCbCr (or grey) planes given sample by sample, and libheif's own RGBA
/// decode of a file: the references for the decoder's plane-to-RGB conversion.
extension HEIFSample {
    /// How the chroma planes are subsampled.
    public enum Chroma: Sendable, CaseIterable {
        case monochrome, yuv420, yuv422, yuv444

        var heif: heif_chroma {
            switch self {
            case .monochrome: heif_chroma_monochrome
            case .yuv420: heif_chroma_420
            case .yuv422: heif_chroma_422
            case .yuv444: heif_chroma_444
            }
        }
    }

    /// A `width` × `height` HEIC coded by x265 from planes: Y, Cb, Cr (and alpha, when `alpha`)
    /// of `bitDepth` bits at `chroma`, each sample `pattern(x, y)` of the plane's own pixel
    /// (`(y, cb, cr, alpha)`, in the planes' units; chroma samples taken at their top-left
    /// pixel), tagged with an nclx colour box of `matrix` (H.273 matrix coefficients) and
    /// `fullRange`. No thumbnail.
    public static func encodePlanes(width: Int, height: Int, chroma: Chroma = .yuv420, bitDepth: Int = 8, fullRange: Bool = true,
                                    matrix: UInt16 = 6, alpha: Bool = false, quality: Int32 = 90,
                                    pattern: (Int, Int) -> (Int, Int, Int, Int)) throws -> [UInt8] {
        lock.lock()
        defer { lock.unlock() }
        guard let context = heif_context_alloc() else { throw SampleError("libheif could not start") }
        defer { heif_context_free(context) }
        var encoder: OpaquePointer?
        try check(heif_context_get_encoder_for_format(context, heif_compression_HEVC, &encoder))
        defer { heif_encoder_release(encoder) }
        try check(heif_encoder_set_lossy_quality(encoder, quality))
        var made: OpaquePointer?
        try check(heif_image_create(Int32(width), Int32(height), chroma == .monochrome ? heif_colorspace_monochrome : heif_colorspace_YCbCr,
                                    chroma.heif, &made))
        guard let image = made else { throw SampleError("no image") }
        defer { heif_image_release(image) }
        let shiftX = chroma == .yuv420 || chroma == .yuv422 ? 1 : 0, shiftY = chroma == .yuv420 ? 1 : 0
        var channels: [(heif_channel, Int, Int, Int)] = [(heif_channel_Y, 0, 0, 0)]
        if chroma != .monochrome { channels += [(heif_channel_Cb, shiftX, shiftY, 1), (heif_channel_Cr, shiftX, shiftY, 2)] }
        if alpha { channels.append((heif_channel_Alpha, 0, 0, 3)) }
        for (channel, sx, sy, _) in channels {
            try check(heif_image_add_plane(image, channel, Int32((width + sx) >> sx), Int32((height + sy) >> sy), Int32(bitDepth)))
        }
        // Every plane filled in one pass over the pixels.
        var planes: [(UnsafeMutablePointer<UInt8>, Int, Int, Int, Int)] = []
        for (channel, sx, sy, index) in channels {
            var stride: Int32 = 0
            guard let plane = heif_image_get_plane(image, channel, &stride) else { throw SampleError("no plane") }
            planes.append((plane, Int(stride), sx, sy, index))
        }
        let wide = bitDepth > 8
        for y in 0..<height {
            for x in 0..<width {
                let value = pattern(x, y)
                for (plane, stride, sx, sy, index) in planes {
                    guard (x & ((1 << sx) - 1)) == 0, (y & ((1 << sy) - 1)) == 0 else { continue }
                    let sample = [value.0, value.1, value.2, value.3][index]
                    let at = (y >> sy) * stride + (x >> sx) * (wide ? 2 : 1)
                    plane[at] = UInt8(sample & 0xFF)
                    if wide { plane[at + 1] = UInt8(sample >> 8) }
                }
            }
        }
        let nclx = heif_nclx_color_profile_alloc()!
        defer { heif_nclx_color_profile_free(nclx) }
        _ = heif_nclx_color_profile_set_matrix_coefficients(nclx, matrix)
        _ = heif_nclx_color_profile_set_color_primaries(nclx, 1)
        _ = heif_nclx_color_profile_set_transfer_characteristics(nclx, 13)
        nclx.pointee.full_range_flag = fullRange ? 1 : 0
        try check(heif_image_set_nclx_color_profile(image, nclx))
        var handle: OpaquePointer?
        try check(heif_context_encode_image(context, image, encoder, nil, &handle))
        heif_image_handle_release(handle)
        let path = NSTemporaryDirectory() + "heif-planes-\(UUID().uuidString).heic"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try check(heif_context_write_to_file(context, path))
        return Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    /// A libheif image (not coded; the caller releases it with `release(_:)`) of 4:2:0 8-bit
    /// planes filled by `pattern(x, y)` → (y, cb, cr), carrying an nclx profile of `matrix` and
    /// `fullRange`: for the conversion's own tests, as libheif 1.15's encoder writes no nclx box
    /// for YCbCr input (so a coded file cannot carry limited range here).
    public static func planesImage(width: Int, height: Int, matrix: UInt16, fullRange: Bool,
                                   pattern: (Int, Int) -> (Int, Int, Int)) throws -> OpaquePointer {
        var made: OpaquePointer?
        try check(heif_image_create(Int32(width), Int32(height), heif_colorspace_YCbCr, heif_chroma_420, &made))
        guard let image = made else { throw SampleError("no image") }
        for (channel, divisor) in [(heif_channel_Y, 1), (heif_channel_Cb, 2), (heif_channel_Cr, 2)] {
            try check(heif_image_add_plane(image, channel, Int32((width + divisor - 1) / divisor), Int32((height + divisor - 1) / divisor), 8))
        }
        for (channel, divisor, index) in [(heif_channel_Y, 1, 0), (heif_channel_Cb, 2, 1), (heif_channel_Cr, 2, 2)] {
            var rowBytes: Int32 = 0
            let plane = heif_image_get_plane(image, channel, &rowBytes)!
            for y in stride(from: 0, to: height, by: divisor) {
                for x in stride(from: 0, to: width, by: divisor) {
                    let value = pattern(x, y)
                    plane[(y / divisor) * Int(rowBytes) + x / divisor] = UInt8([value.0, value.1, value.2][index])
                }
            }
        }
        let nclx = heif_nclx_color_profile_alloc()!
        defer { heif_nclx_color_profile_free(nclx) }
        _ = heif_nclx_color_profile_set_matrix_coefficients(nclx, matrix)
        nclx.pointee.full_range_flag = fullRange ? 1 : 0
        try check(heif_image_set_nclx_color_profile(image, nclx))
        return image
    }

    /// Releases an image from `planesImage`.
    public static func release(_ image: OpaquePointer) { heif_image_release(image) }

    /// `bytes`' primary image as libheif itself decodes it to 8-bit interleaved RGBA (its own
    /// YCbCr conversion, irot/imir applied).
    public static func libheifRGBA(_ bytes: [UInt8]) throws -> RGBAImage {
        guard let context = heif_context_alloc() else { throw SampleError("libheif could not start") }
        defer { heif_context_free(context) }
        try bytes.withUnsafeBytes { try check(heif_context_read_from_memory(context, $0.baseAddress, $0.count, nil)) }
        var handle: OpaquePointer?
        try check(heif_context_get_primary_image_handle(context, &handle))
        defer { heif_image_handle_release(handle) }
        var decoded: OpaquePointer?
        try check(heif_decode_image(handle, &decoded, heif_colorspace_RGB, heif_chroma_interleaved_RGBA, nil))
        defer { heif_image_release(decoded) }
        var stride: Int32 = 0
        let width = Int(heif_image_get_width(decoded, heif_channel_interleaved)), height = Int(heif_image_get_height(decoded, heif_channel_interleaved))
        guard let plane = heif_image_get_plane_readonly(decoded, heif_channel_interleaved, &stride) else { throw SampleError("no plane") }
        var image = RGBAImage(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let p = plane + y * Int(stride) + x * 4
                image[x, y] = (p[0], p[1], p[2], p[3])
            }
        }
        return image
    }
}

/// A grid HEIC (what phones write: the picture coded as tiles) put together from single-image
/// HEICs, one a tile, as libheif 1.15 has no grid encoder: each tile file's coded data (its
/// primary item's extent) and the first tile's `hvcC` carried over into a `grid` item
/// (ISO/IEC 23008-12 §6.6.2.3) whose tiles are hidden `hvc1` items.
extension HEIFSample {
    /// `tiles` (HEICs of `tileSize`, row-major, `columns` × `rows` of them, coded alike) as one
    /// grid picture of `size` (at most the tiles' extent; the rest is cropped), turned
    /// `quarterTurns` × 90° counter-clockwise by an `irot` on the grid when that is not 0.
    public static func grid(tiles: [[UInt8]], columns: Int, rows: Int, tileSize: (width: Int, height: Int),
                            size: (width: Int, height: Int), quarterTurns: Int = 0) throws -> [UInt8] {
        precondition(tiles.count == columns * rows && tiles.count < 127)
        var hvcC: [UInt8] = []
        var coded: [[UInt8]] = []
        for tile in tiles {
            let (config, data) = try primaryItem(of: tile)
            if hvcC.isEmpty { hvcC = config }
            coded.append(data)
        }
        func be(_ value: Int, _ count: Int) -> [UInt8] { (0..<count).reversed().map { UInt8(value >> (8 * $0) & 0xFF) } }
        func box(_ type: String, _ payload: [UInt8]) -> [UInt8] { be(payload.count + 8, 4) + Array(type.utf8) + payload }
        func fullBox(_ type: String, version: UInt8 = 0, flags: Int = 0, _ payload: [UInt8]) -> [UInt8] {
            box(type, [version] + be(flags, 3) + payload)
        }
        let ids = Array(2...(tiles.count + 1))
        let ftyp = box("ftyp", Array("heic".utf8) + be(0, 4) + Array("mif1heic".utf8))
        let hdlr = fullBox("hdlr", be(0, 4) + Array("pict".utf8) + be(0, 12) + [0])
        let pitm = fullBox("pitm", be(1, 2))
        var infes = fullBox("infe", version: 2, be(1, 2) + be(0, 2) + Array("grid".utf8) + [0])
        for id in ids { infes += fullBox("infe", version: 2, flags: 1, be(id, 2) + be(0, 2) + Array("hvc1".utf8) + [0]) }
        let iinf = fullBox("iinf", be(ids.count + 1, 2) + infes)
        let iref = fullBox("iref", box("dimg", be(1, 2) + be(ids.count, 2) + ids.flatMap { be($0, 2) }))
        let ipco = box("ipco", hvcC + fullBox("ispe", be(tileSize.width, 4) + be(tileSize.height, 4))
            + fullBox("ispe", be(size.width, 4) + be(size.height, 4)) + box("irot", [UInt8(quarterTurns & 3)]))
        var associations = be(1, 2) + (quarterTurns == 0 ? [1, 3] : [2, 3, 4])  // the grid: its ispe (and irot)
        for id in ids { associations += be(id, 2) + [2, 0x81, 2] }  // a tile: hvcC (essential), ispe
        let ipma = fullBox("ipma", be(ids.count + 1, 4) + associations)
        let iprp = box("iprp", ipco + ipma)
        let gridDescriptor: [UInt8] = [0, 0, UInt8(rows - 1), UInt8(columns - 1)] + be(size.width, 2) + be(size.height, 2)
        let idat = box("idat", gridDescriptor)
        // iloc version 1: offsets and lengths of 4 bytes; the grid in idat, the tiles in mdat.
        func iloc(mdatStart: Int) -> [UInt8] {
            var items = be(1, 2) + be(1, 2) + be(0, 2) + be(1, 2) + be(0, 4) + be(gridDescriptor.count, 4)
            var offset = mdatStart
            for (id, data) in zip(ids, coded) {
                items += be(id, 2) + be(0, 2) + be(0, 2) + be(1, 2) + be(offset, 4) + be(data.count, 4)
                offset += data.count
            }
            return fullBox("iloc", version: 1, [0x44, 0x00] + be(ids.count + 1, 2) + items)
        }
        let metaLength = fullBox("meta", hdlr + pitm + iloc(mdatStart: 0) + iinf + iref + iprp + idat).count
        let mdatStart = ftyp.count + metaLength + 8
        let meta = fullBox("meta", hdlr + pitm + iloc(mdatStart: mdatStart) + iinf + iref + iprp + idat)
        return ftyp + meta + box("mdat", coded.flatMap { $0 })
    }

    /// A single-image HEIC's `hvcC` box (whole) and its primary item's coded data.
    static func primaryItem(of file: [UInt8]) throws -> (hvcC: [UInt8], data: [UInt8]) {
        func int(_ at: Int, _ count: Int) -> Int { (0..<count).reduce(0) { $0 << 8 | Int(file[at + $1]) } }
        func children(_ range: Range<Int>) -> [(type: String, start: Int, payload: Range<Int>)] {
            var found: [(String, Int, Range<Int>)] = []
            var at = range.lowerBound
            while at + 8 <= range.upperBound {
                let size = int(at, 4)
                guard size >= 8, at + size <= range.upperBound else { break }
                found.append((String(decoding: file[(at + 4)..<(at + 8)], as: UTF8.self), at, (at + 8)..<(at + size)))
                at += size
            }
            return found
        }
        guard let meta = children(0..<file.count).first(where: { $0.type == "meta" }) else { throw SampleError("no meta") }
        let inMeta = children((meta.payload.lowerBound + 4)..<meta.payload.upperBound)
        guard let pitm = inMeta.first(where: { $0.type == "pitm" }), let iloc = inMeta.first(where: { $0.type == "iloc" }),
              let iprp = inMeta.first(where: { $0.type == "iprp" }),
              let ipco = children(iprp.payload).first(where: { $0.type == "ipco" }),
              let hvcC = children(ipco.payload).first(where: { $0.type == "hvcC" }) else { throw SampleError("not a single-image HEIC") }
        let primary = int(pitm.payload.lowerBound + 4, 2)
        var at = iloc.payload.lowerBound
        let version = Int(file[at])
        at += 4
        let offsetSize = Int(file[at] >> 4), lengthSize = Int(file[at] & 15), baseSize = Int(file[at + 1] >> 4)
        let indexSize = version >= 1 ? Int(file[at + 1] & 15) : 0
        at += 2
        let count = version < 2 ? int(at, 2) : int(at, 4)
        at += version < 2 ? 2 : 4
        for _ in 0..<count {
            let id = version < 2 ? int(at, 2) : int(at, 4)
            at += version < 2 ? 2 : 4
            if version >= 1 { at += 2 }
            at += 2
            let base = int(at, baseSize)
            at += baseSize
            let extents = int(at, 2)
            at += 2
            var data: [UInt8] = []
            for _ in 0..<extents {
                at += indexSize
                let offset = int(at, offsetSize), length = int(at + offsetSize, lengthSize)
                at += offsetSize + lengthSize
                data += file[(base + offset)..<(base + offset + length)]
            }
            if id == primary { return (Array(file[hvcC.start..<hvcC.payload.upperBound]), data) }
        }
        throw SampleError("the primary item has no extent")
    }
}
