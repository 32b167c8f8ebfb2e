import CardImaging

/// A TIFF file's own structure read from its `ByteSource` in bounded pieces, for the few
/// directory entries the viewer reads itself (`ExifColorSpace.isAdobeRGB(tiffFile:)`): the file
/// (up to the file-size cap, 1 GiB) is never read whole, only 4 KiB windows where entries are
/// asked for, each offset checked against the source's size first. A failed or short read means
/// nil, as an offset outside the file does.
///
/// Classic TIFF only: a BigTIFF ("II+\0", 8-byte offsets) is not read (`init` gives nil).
/// Not thread-safe (one window): one per decode.
final class TIFFSourceBytes: TIFFStructure {
    private let source: any ByteSource
    /// The file's size, bytes.
    let size: Int
    let littleEndian: Bool
    /// The bytes last read, and the offset (bytes from the file's start) they were read at.
    private var window: [UInt8] = []
    private var windowStart = 0

    /// Bytes read at once, at most: a directory of up to 340 entries in one read.
    static let windowBytes = 4096

    /// The structure of the TIFF in `source`: nil unless it begins with "II*\0" or "MM\0*".
    init?(_ source: some ByteSource) {
        self.source = source
        size = source.count
        var head = [UInt8](repeating: 0, count: 2)
        guard size >= 8, (try? head.withUnsafeMutableBytes { try source.read(at: 0, into: $0) }) == 2 else { return nil }
        switch (head[0], head[1]) {
        case (0x49, 0x49): littleEndian = true
        case (0x4D, 0x4D): littleEndian = false
        default: return nil
        }
        guard read(2, 2) == 42 else { return nil }
    }

    /// The unsigned integer of `width` bytes (1 to 4) at `offset` bytes from the file's start,
    /// if wholly inside the file and readable.
    func read(_ offset: Int, _ width: Int) -> Int? {
        guard (1...4).contains(width), offset >= 0, width <= size, offset <= size - width else { return nil }
        if offset < windowStart || offset - windowStart > window.count - width {
            var bytes = [UInt8](repeating: 0, count: min(Self.windowBytes, size - offset))
            guard let count = try? bytes.withUnsafeMutableBytes({ try source.read(at: offset, into: $0) }), count >= width else {
                return nil
            }
            bytes.removeSubrange(count...)
            window = bytes
            windowStart = offset
        }
        var value = 0
        for i in 0..<width {
            value = value << 8 | Int(window[offset - windowStart + (littleEndian ? width - 1 - i : i)])
        }
        return value
    }
}
