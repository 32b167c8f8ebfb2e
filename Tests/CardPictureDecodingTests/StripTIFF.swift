import CardPictureDecoding
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Uncompressed-layout TIFFs written byte by byte (little-endian, 8-bit RGB): the header, one
/// directory, then the strips' data, in that order, so a strip can be as large as the picture
/// and its bytes can be left to `ftruncate` (a sparse file of zeros, no disk taken).
enum StripTIFF {
    /// The parts of a TIFF whose strips are described but not yet written.
    struct Layout {
        var width: Int
        var height: Int
        /// Rows in each strip (the height: one strip a plane).
        var rowsPerStrip: Int
        /// Planes stored apart (PlanarConfiguration 2: one strip list for each of R, G, B).
        var separatePlanes = false
        /// The Compression tag (1: none, 5: LZW, 8: Adobe deflate).
        var compression = 1
        /// Bytes of each strip as stored: nil for uncompressed rows.
        var stripBytes: [Int]? = nil

        /// Strips, all planes.
        var stripCount: Int { (height + rowsPerStrip - 1) / rowsPerStrip * (separatePlanes ? 3 : 1) }

        /// Each strip's uncompressed size, bytes.
        var rawStripBytes: [Int] {
            let rowBytes = width * (separatePlanes ? 1 : 3)
            let perPlane = (height + rowsPerStrip - 1) / rowsPerStrip
            return (0..<stripCount).map { index in
                let first = (index % perPlane) * rowsPerStrip
                return min(rowsPerStrip, height - first) * rowBytes
            }
        }
    }

    /// The header and directory of `layout`, and where its strips' data starts (the strips
    /// follow one another from there).
    static func header(_ layout: Layout) -> (bytes: [UInt8], dataOffset: Int) {
        let counts = layout.stripBytes ?? layout.rawStripBytes
        let entryCount = 10
        let directoryEnd = 8 + 2 + entryCount * 12 + 4
        // StripOffsets and StripByteCounts live after the directory when there are several.
        let arrays = counts.count > 1 ? 2 * 4 * counts.count : 0
        let dataOffset = directoryEnd + arrays
        var offsets: [Int] = []
        var next = dataOffset
        for count in counts {
            offsets.append(next)
            next += count
        }
        var bytes: [UInt8] = Array("II".utf8) + le(42, 2) + le(8, 4) + le(entryCount, 2)
        func entry(_ tag: Int, _ type: Int, _ count: Int, _ value: Int) {
            bytes += le(tag, 2) + le(type, 2) + le(count, 4) + (type == 3 ? le(value, 2) + [0, 0] : le(value, 4))
        }
        let single = counts.count == 1
        entry(256, 4, 1, layout.width)
        entry(257, 4, 1, layout.height)
        entry(258, 3, 1, 8)  // BitsPerSample: one value, as libtiff reads for every sample
        entry(259, 3, 1, layout.compression)
        entry(262, 3, 1, 2)  // RGB
        entry(273, 4, counts.count, single ? offsets[0] : directoryEnd)
        entry(277, 3, 1, 3)
        entry(278, 4, 1, layout.rowsPerStrip)
        entry(279, 4, counts.count, single ? counts[0] : directoryEnd + 4 * counts.count)
        entry(284, 3, 1, layout.separatePlanes ? 2 : 1)
        bytes += le(0, 4)  // no next directory
        if !single { bytes += offsets.flatMap { le($0, 4) } + counts.flatMap { le($0, 4) } }
        return (bytes, dataOffset)
    }

    /// Writes `layout` to `path`: the header, then `data`, then zeros up to the strips' end
    /// through `ftruncate` (sparse).
    static func write(_ layout: Layout, data: [UInt8] = [], to path: String) throws {
        let (header, dataOffset) = header(layout)
        let total = dataOffset + (layout.stripBytes ?? layout.rawStripBytes).reduce(0, +)
        try Data(header + data).write(to: URL(fileURLWithPath: path))
        try #require(truncate(path, off_t(max(total, header.count + data.count))) == 0, "cannot extend \(path)")
    }

    static func le(_ value: Int, _ width: Int) -> [UInt8] { WebPEncoder.littleEndian(value, width) }
}
