import CTurboJPEG
import CardPictureDecoding
import CardPixels

/// JPEG files written for tests by the TurboJPEG encoder (independent of the decoder under
/// test except for sharing libjpeg-turbo), plus EXIF segments assembled byte by byte.
enum TestJPEG {
    /// `image` (RGBA; alpha ignored) as a JPEG: `subsampling` TJSAMP_444/422/420/GRAY, `flags`
    /// e.g. TJFLAG_PROGRESSIVE.
    static func encode(_ image: RGBAImage, quality: Int32 = 95, subsampling: TJSAMP = TJSAMP_444, flags: Int32 = 0) -> [UInt8] {
        compress(image.pixels, width: image.width, height: image.height, format: TJPF_RGBA, subsampling: subsampling,
                 quality: quality, flags: flags)
    }

    /// CMYK samples (4 bytes a pixel, libjpeg's convention: inverted, 255 = no ink) as a YCCK
    /// JPEG with Adobe's APP14 marker, as TurboJPEG (and Photoshop) write them.
    static func encodeCMYK(_ samples: [UInt8], width: Int, height: Int, quality: Int32 = 95) -> [UInt8] {
        compress(samples, width: width, height: height, format: TJPF_CMYK, subsampling: TJSAMP_444, quality: quality, flags: 0)
    }

    private static func compress(_ samples: [UInt8], width: Int, height: Int, format: TJPF, subsampling: TJSAMP,
                                 quality: Int32, flags: Int32) -> [UInt8] {
        let handle = tjInitCompress()!
        defer { tjDestroy(handle) }
        var output: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        let status = samples.withUnsafeBufferPointer { source in
            tjCompress2(handle, source.baseAddress, Int32(width), 0, Int32(height), Int32(format.rawValue), &output, &size,
                        Int32(subsampling.rawValue), quality, flags)
        }
        precondition(status == 0, String(cString: tjGetErrorStr2(handle)))
        defer { tjFree(output) }
        return Array(UnsafeBufferPointer(start: output, count: Int(size)))
    }

    /// `jpeg` with an APP1 Exif segment right after SOI whose IFD0 holds `entries` (tag, type,
    /// count, value) in the given byte order.
    static func withExif(_ jpeg: [UInt8], entries: [(tag: UInt16, type: UInt16, count: UInt32, value: UInt32)],
                         littleEndian: Bool, ifdOffset: UInt32 = 8) -> [UInt8] {
        func u16(_ v: UInt16) -> [UInt8] { littleEndian ? [UInt8(v & 0xFF), UInt8(v >> 8)] : [UInt8(v >> 8), UInt8(v & 0xFF)] }
        func u32(_ v: UInt32) -> [UInt8] {
            let big = [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)]
            return littleEndian ? big.reversed() : big
        }
        var tiff: [UInt8] = littleEndian ? [0x49, 0x49] : [0x4D, 0x4D]
        tiff += u16(42) + u32(ifdOffset)
        // Padding up to the IFD when it is near; a far offset (past the segment) is left dangling.
        tiff += [UInt8](repeating: 0, count: ifdOffset < 1024 ? max(0, Int(ifdOffset) - 8) : 0)
        tiff += u16(UInt16(entries.count))
        for entry in entries {
            // A SHORT value sits in the first two bytes of the value field, in the file's order.
            let value = entry.type == 3 ? u16(UInt16(truncatingIfNeeded: entry.value)) + [0, 0] : u32(entry.value)
            tiff += u16(entry.tag) + u16(entry.type) + u32(entry.count) + value
        }
        tiff += u32(0)  // no next IFD
        return withAPP1(jpeg, payload: Array("Exif".utf8) + [0, 0] + tiff)
    }

    /// `jpeg` with an EXIF block declaring `orientation` (1–8).
    static func withOrientation(_ jpeg: [UInt8], _ orientation: Int, littleEndian: Bool = true) -> [UInt8] {
        withExif(jpeg, entries: [(0x010F, 2, 4, 0x4142_4300), (0x0112, 3, 1, UInt32(orientation))], littleEndian: littleEndian)
    }

    /// `jpeg` with an APP1 segment carrying `payload` right after the SOI marker.
    static func withAPP1(_ jpeg: [UInt8], payload: [UInt8]) -> [UInt8] {
        let length = payload.count + 2
        return Array(jpeg[0..<2]) + [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload + jpeg[2...]
    }

    /// An image of four coloured quadrants (top-left red, top-right green, bottom-left blue,
    /// bottom-right white): asymmetric under every flip and turn.
    static func quadrants(width: Int, height: Int) -> RGBAImage {
        var image = RGBAImage(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                image[x, y] = quadrantColor(right: x >= width / 2, bottom: y >= height / 2)
            }
        }
        return image
    }

    static func quadrantColor(right: Bool, bottom: Bool) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        switch (right, bottom) {
        case (false, false): (255, 0, 0, 255)
        case (true, false): (0, 255, 0, 255)
        case (false, true): (0, 0, 255, 255)
        case (true, true): (255, 255, 255, 255)
        }
    }
}

/// True when every channel of two pixels differs by at most `tolerance`.
func near(_ a: (r: UInt8, g: UInt8, b: UInt8, a: UInt8), _ b: (r: UInt8, g: UInt8, b: UInt8, a: UInt8), _ tolerance: Int) -> Bool {
    abs(Int(a.r) - Int(b.r)) <= tolerance && abs(Int(a.g) - Int(b.g)) <= tolerance
        && abs(Int(a.b) - Int(b.b)) <= tolerance && abs(Int(a.a) - Int(b.a)) <= tolerance
}

/// The colour at the centre of each quadrant of `image`: top-left, top-right, bottom-left, bottom-right.
func quadrantCenters(_ image: RGBAImage) -> [(r: UInt8, g: UInt8, b: UInt8, a: UInt8)] {
    let (w, h) = (image.width, image.height)
    return [image[w / 4, h / 4], image[3 * w / 4, h / 4], image[w / 4, 3 * h / 4], image[3 * w / 4, 3 * h / 4]]
}

/// Elementary turns and flips of an image, written independently of the decoder's orientation code.
extension RGBAImage {
    func mapped(width: Int, height: Int, _ source: (Int, Int) -> (Int, Int)) -> RGBAImage {
        var out = RGBAImage(width: width, height: height)
        for y in 0..<height { for x in 0..<width { let (sx, sy) = source(x, y); out[x, y] = self[sx, sy] } }
        return out
    }
    var flippedLeftRight: RGBAImage { mapped(width: width, height: height) { (width - 1 - $0, $1) } }
    var flippedTopBottom: RGBAImage { mapped(width: width, height: height) { ($0, height - 1 - $1) } }
    var transposed: RGBAImage { mapped(width: height, height: width) { ($1, $0) } }
    /// Turned a quarter clockwise: the left column becomes the top row.
    var turnedClockwise: RGBAImage { mapped(width: height, height: width) { ($1, height - 1 - $0) } }
    var turnedAnticlockwise: RGBAImage { mapped(width: height, height: width) { (width - 1 - $1, $0) } }
}
