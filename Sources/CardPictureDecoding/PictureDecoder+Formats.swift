import CardImaging
import CardMath

/// The plans of the formats beyond PNG and JPEG (SPEC §10 "Formats"), in the same order of
/// checks: the file's size for its reading, the declared size, the working memory, then the cost
/// that goes through the admission. [docs/formats/webp-tiff-gif.md](../../docs/formats/webp-tiff-gif.md)
extension PictureDecoder {
    /// WebP: read whole by libwebp (64 MB); the header and chunk headers read before that.
    static func planWebP(_ source: some ByteSource, name: String, target: PictureTarget, limits: PictureLimits) throws -> Plan {
        try limits.checkFileSize(source.count, streamed: false, name: name)
        let header = try WebPHeader.read(source, name: name)
        try limits.checkSize(header.size.width, header.size.height, name: name)
        try limits.checkWorkingMemory(header.workingBytes, name: name)
        let upright = header.orientation.swapsAxes ? header.size.transposed : header.size
        let wanted = target.size(for: upright)
        var output = wanted.pixelCount * 4
        if header.orientation != .up { output += wanted.pixelCount * 4 }
        let cost = PictureCost(input: source.count, working: header.workingBytes, output: output)
        return Plan(info: PictureInfo(size: upright, format: .webp, orientation: header.orientation), route: .webp(header),
                    wanted: wanted, cost: cost)
    }

    /// TIFF: read through libtiff's client I/O over the source (1 GiB, the streamed cap); the
    /// first directory read to plan, and again to decode.
    static func planTIFF(_ source: some ByteSource, name: String, target: PictureTarget, limits: PictureLimits) throws -> Plan {
        try limits.checkFileSize(source.count, streamed: true, name: name)
        let header = try TIFFHeader(TIFFFile(source, name: name, maximumAllocation: limits.maximumWorkingMemory))
        try limits.checkSize(header.size.width, header.size.height, name: name)
        let upright = header.orientation.swapsAxes ? header.size.transposed : header.size
        let wanted = target.size(for: upright)
        let stored = header.orientation.swapsAxes ? wanted.transposed : wanted
        let working = header.workingBytes(wanted: stored)
        try limits.checkWorkingMemory(working, name: name)
        var output = wanted.pixelCount * 4
        if header.orientation != .up { output += wanted.pixelCount * 4 }
        return Plan(info: PictureInfo(size: upright, format: .tiff, orientation: header.orientation), route: .tiff(header),
                    wanted: wanted, cost: PictureCost(input: 0, working: working, output: output))
    }

    /// GIF: read whole by giflib (64 MB); the canvas from the first 13 bytes.
    static func planGIF(_ source: some ByteSource, name: String, target: PictureTarget, limits: PictureLimits) throws -> Plan {
        try limits.checkFileSize(source.count, streamed: false, name: name)
        let header = try GIFHeader.read(prefix(of: source, count: 13), name: name)
        try limits.checkSize(header.size.width, header.size.height, name: name)
        let wanted = target.size(for: header.size)
        let working = header.workingBytes(wanted: wanted)
        try limits.checkWorkingMemory(working, name: name)
        return Plan(info: PictureInfo(size: header.size, format: .gif, orientation: .up), route: .gif(header),
                    wanted: wanted, cost: PictureCost(input: source.count, working: working, output: wanted.pixelCount * 4))
    }

    /// The bytes of `source` in `range` (fewer when it ends first).
    static func slice(of source: some ByteSource, _ range: Range<Int>) throws -> [UInt8] {
        let wanted = max(0, min(range.count, source.count - range.lowerBound))
        return try [UInt8](unsafeUninitializedCapacity: wanted) { buffer, filled in
            filled = 0
            guard wanted > 0 else { return }
            filled = try source.read(at: range.lowerBound, into: UnsafeMutableRawBufferPointer(buffer))
        }
    }
}
