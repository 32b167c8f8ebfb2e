import CHeif
import CardMath

/// How a HEIF file's images are coded, read from its `meta` box before libheif decodes
/// anything: what the decode's memory estimate (`HEIFDecoder.workingBytes`) needs and libheif
/// 1.15 does not say before decoding — the chroma format of the coded images (hvcC, av1C),
/// whether the primary image is a `grid` of tiles, the largest image size any `ispe` declares
/// below the picture's (a grid's tiles), and whether a transformation (irot, imir) is declared.
///
/// Every length and offset is checked against the bytes; a box structure that does not read
/// leaves the defaults, which make the estimate the largest (4:4:4, one coded image the size of
/// the picture, a transformation).
struct HEIFCoding {
    /// Chroma planes as libheif stores them, from the most demanding coded image in the file.
    enum Chroma: Int, Comparable {
        case monochrome = 0, yuv420, yuv422, yuv444
        static func < (a: Chroma, b: Chroma) -> Bool { a.rawValue < b.rawValue }

        /// Samples a pixel in all planes together, doubled (4:2:0 = 3 half-samples).
        var halfSamplesPerPixel: Int { [2, 3, 4, 6][rawValue] }
    }

    /// The most demanding chroma format of the coded images (nil: none found).
    var chroma: Chroma?
    /// Whether the primary item is a `grid` (coded as tiles).
    var isGrid = false
    /// The `ispe` sizes the file declares (every item's: tiles, thumbnails, the picture).
    var sizes: [PixelSize] = []
    /// Whether an irot or imir box is declared (libheif makes a turned copy of the planes).
    var transforms = true
    /// The primary image's rotations and mirrorings in the order libheif applies them (its
    /// `ipma` associations), when they are known and it has no `clap` crop (nil otherwise):
    /// the decoder applies them itself while converting rows (libheif 1.15 would make a turned
    /// copy of the whole image first).
    var primaryTransforms: [Transform]?

    /// A geometric transformation property.
    enum Transform: Equatable {
        /// `irot`: quarter turns counter-clockwise (0…3).
        case rotate(quarterTurns: Int)
        /// `imir`: its axis field (0 or 1; `HEIFPlanes.orient` applies it as libheif 1.15 does).
        case mirror(axis: Int)
    }

    /// Whether the file's item references loop (`HEIFReferences`): such a file is refused
    /// before libheif decodes anything.
    var referencesLoop = false

    /// The colour chroma formats found (monochrome ones, alpha and depth images, left out).
    var colorFormats: Set<Chroma> = []

    /// Whether libheif may make a second copy of the decoded planes: turned (irot, imir), or
    /// converted because the file's images are coded in more than one colour chroma format (or
    /// in none this reader knows).
    var needsSecondCopy: Bool { transforms || chroma == nil || colorFormats.count > 1 }

    /// Whether libheif turns the primary image itself (a turned copy of its planes): the file
    /// has irot/imir boxes, but the primary image's own are not known (`primaryTransforms`).
    var libheifTurnsPrimary: Bool { transforms && primaryTransforms == nil }

    /// What `heif_decode_image` is asked for, for the primary image when `grid`: what libheif
    /// hands over unconverted. libheif 1.15 assembles a grid's tiles in planar RGB (4:4:4), so a
    /// grid is asked for that (asking it for YCbCr converts the whole RGB image once more:
    /// measured 215 MB for a 48 MP grid against 164 MB); a single image for its coded chroma
    /// format (YCbCr 4:4:4 when unknown; monochrome when every image is grey).
    func request(grid: Bool) -> (heif_colorspace, heif_chroma) {
        if grid { return (heif_colorspace_RGB, heif_chroma_444) }
        if let best = colorFormats.max() {
            return (heif_colorspace_YCbCr, [heif_chroma_monochrome, heif_chroma_420, heif_chroma_422, heif_chroma_444][best.rawValue])
        }
        return chroma == .monochrome ? (heif_colorspace_monochrome, heif_chroma_monochrome) : (heif_colorspace_YCbCr, heif_chroma_444)
    }

    /// The estimate's worst case: nothing known.
    static let unknown = HEIFCoding()

    /// The pixels of the largest image a decoder codes at once for a primary image of `full`
    /// pixels: a grid's largest tile (the largest `ispe` below the picture's), else the picture.
    /// An `ispe` declares each side in 32 bits, so a hostile one's product can pass `Int`'s
    /// range: sizes are multiplied with overflow reported (an overflowing one is no tile).
    func codedPixels(full: PixelSize) -> Int {
        guard isGrid else { return full.pixelCount }
        let tiles = sizes.compactMap { size -> Int? in
            let (pixels, overflow) = size.width.multipliedReportingOverflow(by: size.height)
            return overflow ? nil : pixels
        }.filter { $0 < full.pixelCount }
        return tiles.max() ?? full.pixelCount
    }

    /// Pixels a decoded image may exceed its `ispe` by, a side: an HEVC SPS codes whole 64-pixel
    /// coding tree blocks and its conformance window may crop fewer.
    static let decodedSlack = 64

    /// The largest side any image of this file may decode to, pixels: the largest `ispe` side
    /// plus `decodedSlack` (nil when the file declares no `ispe`). A grid's output size comes
    /// from its own data, not its `ispe`: libheif 1.15 makes an image of that size (a 566-byte
    /// file found by fuzz-heif declared a 24 × 12 grid of 61693 × 60928 pixels), so its limit is
    /// set to this before anything is decoded.
    var largestDecodedSide: Int? {
        sizes.map { max($0.width, $0.height) }.max().map { $0 + Self.decodedSlack }
    }

    /// Whether an image decoded to `size` lies within what the file declares: every side within
    /// `largestDecodedSide`, and its pixels within the largest `ispe`'s, each side grown by
    /// `decodedSlack` (always true when the file declares no `ispe`).
    func declares(decoded size: PixelSize) -> Bool {
        guard let side = largestDecodedSide else { return true }
        let pixels = sizes.map { size -> Int in
            let (area, overflow) = (size.width + Self.decodedSlack).multipliedReportingOverflow(by: size.height + Self.decodedSlack)
            return overflow ? .max : area
        }.max() ?? 0
        return size.width <= side && size.height <= side && size.pixelCount <= pixels
    }

    /// Reads `bytes` (a whole HEIF file).
    /// - Complexity: O(boxes in `meta`), each box header read once.
    init(_ bytes: UnsafeRawBufferPointer) {
        guard let meta = Self.children(bytes, 0..<bytes.count).first(where: { $0.type == "meta" }),
              meta.payload.count >= 4 else { return }
        let inMeta = Self.children(bytes, (meta.payload.lowerBound + 4)..<meta.payload.upperBound)
        var primary: Int?
        if let pitm = inMeta.first(where: { $0.type == "pitm" }), pitm.payload.count >= 6 {
            let version = bytes[pitm.payload.lowerBound]
            primary = Self.integer(bytes, pitm.payload.lowerBound + 4, version == 0 ? 2 : 4)
        }
        if let iinf = inMeta.first(where: { $0.type == "iinf" }), iinf.payload.count >= 6 {
            let start = iinf.payload.lowerBound + 4 + (bytes[iinf.payload.lowerBound] == 0 ? 2 : 4)
            for infe in Self.children(bytes, start..<iinf.payload.upperBound) where infe.type == "infe" && infe.payload.count >= 4 {
                let version = bytes[infe.payload.lowerBound]
                guard version >= 2 else { continue }
                let idBytes = version == 2 ? 2 : 4
                let at = infe.payload.lowerBound + 4
                guard at + idBytes + 2 + 4 <= infe.payload.upperBound, let id = Self.integer(bytes, at, idBytes) else { continue }
                if id == primary { isGrid = Self.fourCC(bytes, at + idBytes + 2) == "grid" }
            }
        }
        if let iref = inMeta.first(where: { $0.type == "iref" }) {
            referencesLoop = HEIFReferences.loop(iref: iref.payload, in: bytes)
        }
        guard let iprp = inMeta.first(where: { $0.type == "iprp" }),
              let ipco = Self.children(bytes, iprp.payload).first(where: { $0.type == "ipco" }) else { return }
        var transforms = false
        let properties = Self.children(bytes, ipco.payload)
        if let primary, let ipma = Self.children(bytes, iprp.payload).first(where: { $0.type == "ipma" }) {
            primaryTransforms = Self.transforms(of: primary, ipma: ipma.payload, properties: properties, in: bytes)
        }
        for property in properties {
            let p = property.payload
            switch property.type {
            case "hvcC" where p.count >= 17:
                let format: Chroma = [.monochrome, .yuv420, .yuv422, .yuv444][Int(bytes[p.lowerBound + 16] & 0x03)]
                chroma = max(chroma ?? format, format)
                if format != .monochrome { colorFormats.insert(format) }
            case "av1C" where p.count >= 3:
                let flags = bytes[p.lowerBound + 2]
                let format: Chroma = flags & 0x10 != 0 ? .monochrome
                    : flags & 0x08 == 0 ? .yuv444 : flags & 0x04 == 0 ? .yuv422 : .yuv420
                chroma = max(chroma ?? format, format)
                if format != .monochrome { colorFormats.insert(format) }
            case "ispe" where p.count >= 12:
                if let width = Self.integer(bytes, p.lowerBound + 4, 4), let height = Self.integer(bytes, p.lowerBound + 8, 4) {
                    sizes.append(PixelSize(width: width, height: height))
                }
            case "irot", "imir":
                transforms = true
            default:
                break
            }
        }
        self.transforms = transforms
    }

    private init() {}

    /// The transformations associated with `item` in `ipma`, in order; nil when the box does not
    /// read, or a `clap` (crop) or a transformation that does not read is among them.
    static func transforms(of item: Int, ipma: Range<Int>, properties: [(type: String, payload: Range<Int>)],
                           in bytes: UnsafeRawBufferPointer) -> [Transform]? {
        guard let associated = associations(of: item, ipma: ipma, in: bytes) else { return nil }
        var found: [Transform] = []
        for index in associated where index >= 1 && index <= properties.count {
            switch geometry(of: properties[index - 1], in: bytes) {
            case .transform(let transform): found.append(transform)
            case .crop, .unreadable: return nil
            case .other: break
            }
        }
        return found
    }

    /// What a property box says of an image's geometry.
    enum Geometry {
        /// `irot` or `imir`.
        case transform(Transform)
        /// `clap`: a crop (left to libheif).
        case crop
        /// An `irot` or `imir` too short to read.
        case unreadable
        /// Any other property.
        case other
    }

    /// What `box` (a property of `ipco`) says of an image's geometry.
    static func geometry(of box: (type: String, payload: Range<Int>), in bytes: UnsafeRawBufferPointer) -> Geometry {
        switch box.type {
        case "irot":
            guard box.payload.count >= 1 else { return .unreadable }
            return .transform(.rotate(quarterTurns: Int(bytes[box.payload.lowerBound] & 3)))
        case "imir":
            guard box.payload.count >= 1 else { return .unreadable }
            return .transform(.mirror(axis: Int(bytes[box.payload.lowerBound] & 1)))
        case "clap":
            return .crop
        default:
            return .other
        }
    }

    /// The property indices (1-based into `ipco`) that `ipma` associates with `item`, in order
    /// (empty when it does not list the item); nil when the box does not read.
    static func associations(of item: Int, ipma: Range<Int>, in bytes: UnsafeRawBufferPointer) -> [Int]? {
        guard ipma.count >= 8 else { return nil }
        let version = bytes[ipma.lowerBound], wide = bytes[ipma.lowerBound + 3] & 1 != 0
        guard let count = integer(bytes, ipma.lowerBound + 4, 4) else { return nil }
        let idBytes = version < 1 ? 2 : 4, entryBytes = wide ? 2 : 1
        var at = ipma.lowerBound + 8
        for _ in 0..<min(count, 1 << 16) {
            guard at + idBytes + 1 <= ipma.upperBound, let id = integer(bytes, at, idBytes) else { return nil }
            let associations = Int(bytes[at + idBytes])
            at += idBytes + 1
            guard at + associations * entryBytes <= ipma.upperBound else { return nil }
            defer { at += associations * entryBytes }
            guard id == item else { continue }
            var found: [Int] = []
            for index in 0..<associations {
                guard let entry = integer(bytes, at + index * entryBytes, entryBytes) else { return nil }
                found.append(entry & (wide ? 0x7FFF : 0x7F))
            }
            return found
        }
        return []
    }

    /// The boxes directly inside `range`: their type and payload (after the header), in order;
    /// stops at the first header that does not fit (a size of 0 runs to the end).
    static func children(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>) -> [(type: String, payload: Range<Int>)] {
        var found: [(type: String, payload: Range<Int>)] = []
        var at = range.lowerBound
        while at + 8 <= range.upperBound, found.count < 4096 {
            guard var size = integer(bytes, at, 4), let type = fourCC(bytes, at + 4) else { break }
            var header = 8
            if size == 1 {
                guard at + 16 <= range.upperBound, let large = integer(bytes, at + 8, 8) else { break }
                size = large
                header = 16
            } else if size == 0 {
                size = range.upperBound - at
            }
            guard size >= header, size <= range.upperBound - at else { break }
            found.append((type, (at + header)..<(at + size)))
            at += size
        }
        return found
    }

    /// The big-endian unsigned integer of `count` bytes at `offset` (nil past the end, or over 2⁶²).
    static func integer(_ bytes: UnsafeRawBufferPointer, _ offset: Int, _ count: Int) -> Int? {
        guard offset >= 0, count <= bytes.count, offset <= bytes.count - count else { return nil }
        var value = 0
        for index in 0..<count {
            guard value < 1 << 54 else { return nil }
            value = value << 8 | Int(bytes[offset + index])
        }
        return value
    }

    /// The four ASCII letters at `offset`, or nil.
    static func fourCC(_ bytes: UnsafeRawBufferPointer, _ offset: Int) -> String? {
        guard offset >= 0, offset + 4 <= bytes.count else { return nil }
        return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + 4]), as: UTF8.self)
    }
}
