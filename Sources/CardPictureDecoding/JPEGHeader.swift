import CardMath

/// What a JPEG file's marker segments say before its first scan, read in pure Swift with every
/// length checked against the bytes really there: the frame header (size, components, coding),
/// the EXIF orientation (APP1) and Adobe's colour transform (APP14).
public struct JPEGHeader: Equatable, Sendable {
    /// The stored size (before EXIF orientation), pixels.
    public var size: PixelSize
    /// Colour components: 1 (greyscale), 3 (YCbCr/RGB) or 4 (CMYK/YCCK).
    public var components: Int
    /// Bits per sample (8 for nearly every JPEG; 12 exists but is not decoded here).
    public var precision: Int
    /// The start-of-frame marker (0xC0 baseline, 0xC1 extended, 0xC2 progressive, 0xC3
    /// lossless, 0xC9… arithmetic).
    public var frameMarker: UInt8
    /// The EXIF orientation (1 when there is none or it is invalid).
    public var orientation: PictureOrientation = .up
    /// Whether an Adobe APP14 segment is present: 4-component files with it store inverted CMYK.
    public var hasAdobeMarker = false
    /// Where the first start-of-scan marker is in the file, bytes: the entropy-coded data follows.
    public var scanOffset = 0
    /// Each component's sampling factors from the frame header, as stored: horizontal in the high
    /// nibble, vertical in the low one (empty when the frame header lists no components).
    public var samplingFactors: [UInt8] = []
    /// How many components the first scan codes (its SOS header's count). Fewer than
    /// `components` in a sequential file means one scan per component or group, which libjpeg
    /// decodes through a whole-image coefficient buffer, as it does progressive files.
    public var firstScanComponents = 0

    /// Whether libjpeg keeps every DCT coefficient of the picture while decoding it: progressive
    /// files, sequential files of several scans, and (counted too, to be safe) arithmetic coding.
    public var keepsAllCoefficients: Bool {
        isProgressive || isArithmetic || firstScanComponents < components
    }

    /// The size as shown, after the EXIF orientation.
    public var uprightSize: PixelSize { orientation.swapsAxes ? size.transposed : size }

    /// Whether the frame is progressive (0xC2, 0xC6, 0xCA, 0xCE).
    public var isProgressive: Bool { [0xC2, 0xC6, 0xCA, 0xCE].contains(frameMarker) }

    /// Whether the entropy coding is arithmetic (0xC9–0xCB, 0xCD–0xCF) rather than Huffman.
    public var isArithmetic: Bool { frameMarker >= 0xC9 }

    /// The fewest bytes from the first scan to the end of the file that a Huffman-coded file of
    /// this size can have: every 8×8 block of the full-resolution component codes its DC
    /// coefficient in at least one bit. Nil for arithmetic coding, which has no such floor.
    public var minimumScanBytes: Int? {
        isArithmetic ? nil : ((size.width + 7) / 8) * ((size.height + 7) / 8) / 8
    }

    /// Whether the frame is lossless (0xC3, 0xC7, 0xCB, 0xCF), which the decoder does not handle.
    public var isLossless: Bool { [0xC3, 0xC7, 0xCB, 0xCF].contains(frameMarker) }

    /// The outcome of scanning a prefix of a file.
    public enum Scan: Equatable, Sendable {
        /// The header, complete: the first scan (SOS) was reached.
        case header(JPEGHeader)
        /// The bytes end inside the header segments; more of the file is needed.
        case needsMoreBytes
        /// The bytes break JPEG's marker syntax (the reason, one line).
        case malformed(String)
    }

    /// Start-of-frame markers: C0–C3, C5–C7, C9–CB, CD–CF (C4 is DHT, C8 reserved, CC is DAC).
    static let frameMarkers: Set<UInt8> = [0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF]

    /// Scans the marker segments of `bytes` (a whole file or its first bytes) up to the first
    /// start-of-scan. Fill bytes (FF FF …) are skipped, as are stray bytes between segments
    /// (libjpeg warns about them but decodes). Only the first EXIF block is read.
    /// - Complexity: O(number of segments) plus the EXIF block's IFD0 entries.
    public static func scan(_ bytes: [UInt8]) -> Scan {
        guard bytes.count >= 2 else { return .needsMoreBytes }
        guard bytes[0] == 0xFF, bytes[1] == 0xD8 else { return .malformed("no JPEG start-of-image marker") }
        var frame: JPEGHeader?
        var orientation: PictureOrientation?
        var adobe = false
        var offset = 2
        while true {
            // Stray bytes before a marker, then fill bytes.
            while offset < bytes.count, bytes[offset] != 0xFF { offset += 1 }
            while offset < bytes.count, bytes[offset] == 0xFF { offset += 1 }
            guard offset < bytes.count else { return .needsMoreBytes }
            let marker = bytes[offset]
            offset += 1
            switch marker {
            case 0x01, 0xD0...0xD7: continue  // markers without a segment
            case 0xD8: return .malformed("a second start-of-image marker at byte \(offset - 2)")
            case 0xD9: return .malformed("the file ends (EOI) before any image data")
            default: break
            }
            guard bytes.count - offset >= 2 else { return .needsMoreBytes }
            let length = Int(bytes[offset]) << 8 | Int(bytes[offset + 1])
            guard length >= 2 else { return .malformed("marker 0x\(hex(marker)) at byte \(offset - 2) has length \(length)") }
            guard bytes.count - offset >= length else { return .needsMoreBytes }
            let data = (offset + 2)..<(offset + length)
            if frameMarkers.contains(marker) {
                guard frame == nil else { return .malformed("a second frame header at byte \(offset - 2)") }
                guard data.count >= 6 else { return .malformed("a frame header of \(data.count) bytes") }
                let base = data.lowerBound
                let height = Int(bytes[base + 1]) << 8 | Int(bytes[base + 2])
                let width = Int(bytes[base + 3]) << 8 | Int(bytes[base + 4])
                frame = JPEGHeader(size: PixelSize(width: width, height: height), components: Int(bytes[base + 5]),
                                   precision: Int(bytes[base]), frameMarker: marker)
                // Component specifications: id, sampling factors, quantisation table; 3 bytes each.
                let listed = min(Int(bytes[base + 5]), (data.count - 6) / 3)
                frame?.samplingFactors = (0..<listed).map { bytes[base + 7 + 3 * $0] }
            } else if marker == 0xE1, orientation == nil, let exif = ExifOrientation.orientation(inAPP1: bytes, data) {
                orientation = exif
            } else if marker == 0xEE, data.count >= 12, bytes.starts(with: Array("Adobe".utf8), at: data.lowerBound) {
                adobe = true
            } else if marker == 0xDA {
                guard var header = frame else { return .malformed("image data before the frame header") }
                header.orientation = orientation ?? .up
                header.hasAdobeMarker = adobe
                header.scanOffset = offset - 2
                header.firstScanComponents = length >= 3 ? Int(bytes[offset + 2]) : 0
                return .header(header)
            }
            offset += length
        }
    }

    private static func hex(_ byte: UInt8) -> String {
        String(byte, radix: 16, uppercase: true)
    }
}

extension Array where Element == UInt8 {
    /// Whether the bytes at `offset` begin with `prefix` (false when they run out first).
    func starts(with prefix: [UInt8], at offset: Int) -> Bool {
        offset >= 0 && count - offset >= prefix.count && self[offset..<offset + prefix.count].elementsEqual(prefix)
    }
}
