import CDeflate

/// The ICC profile a PNG file embeds: its `iCCP` chunk (a profile name of 1–79 bytes, a NUL,
/// compression method 0, then the profile zlib-compressed), inflated by libdeflate within a cap.
public enum PNGICCProfile {
    /// The profile of the PNG in `source`, read from the chunk headers before the image data
    /// (at most `maximumChunks` of them; the file is not read whole): nil when there is no
    /// `iCCP` chunk before the first IDAT, when it is malformed (no name, an unknown compression
    /// method, data that does not inflate) or declares more than `maximumBytes` compressed or
    /// inflated. Never throws: a profile that cannot be read leaves the picture as sRGB.
    /// - Complexity: O(chunks before IDAT + the profile's size).
    public static func profile(in source: some ByteSource, maximumBytes: Int, maximumChunks: Int = 1_000) -> [UInt8]? {
        var offset = 8
        var header = [UInt8](repeating: 0, count: 8)
        for _ in 0..<maximumChunks {
            guard offset <= source.count - 12,
                  (try? header.withUnsafeMutableBytes { try source.read(at: offset, into: $0) }) == 8
            else { return nil }
            let length = Int(header[0..<4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) })
            let type = String(decoding: header[4..<8], as: UTF8.self)
            guard length <= source.count - offset - 12 else { return nil }
            switch type {
            case "IDAT", "IEND": return nil
            case "iCCP":
                guard length <= maximumBytes else { return nil }
                var data = [UInt8](repeating: 0, count: length)
                guard (try? data.withUnsafeMutableBytes { try source.read(at: offset + 8, into: $0) }) == length else { return nil }
                return profile(inChunkData: data, maximumBytes: maximumBytes)
            default:
                offset += length + 12
            }
        }
        return nil
    }

    /// The profile in an `iCCP` chunk's data, inflated (at most `maximumBytes`), or nil.
    public static func profile(inChunkData data: [UInt8], maximumBytes: Int) -> [UInt8]? {
        guard let nul = data.prefix(80).firstIndex(of: 0), nul >= 1, nul + 1 < data.count, data[nul + 1] == 0 else {
            return nil
        }
        let compressed = data[(nul + 2)...]
        guard let decompressor = libdeflate_alloc_decompressor() else { return nil }
        defer { libdeflate_free_decompressor(decompressor) }
        // Most profiles are a few KB: a small buffer first, the cap only when that is too small.
        for capacity in [min(256 << 10, maximumBytes), maximumBytes] {
            var out = [UInt8](repeating: 0, count: capacity)
            var produced = 0
            let result = compressed.withUnsafeBytes { input in
                out.withUnsafeMutableBytes { output in
                    libdeflate_zlib_decompress(decompressor, input.baseAddress, input.count, output.baseAddress, output.count, &produced)
                }
            }
            if result == LIBDEFLATE_SUCCESS {
                out.removeSubrange(produced...)
                return out
            }
            guard result == LIBDEFLATE_INSUFFICIENT_SPACE else { return nil }
        }
        return nil
    }

    /// An `iCCP` chunk (whole: length, type, data, CRC) holding `profile` under `name`,
    /// zlib-compressed by libdeflate, for `PNGStructure.inserting` (tools and tests: the viewer
    /// only reads profiles). Nil if libdeflate cannot start.
    public static func chunk(profile: [UInt8], name: String = "ICC profile") -> [UInt8]? {
        guard let compressor = libdeflate_alloc_compressor(9) else { return nil }
        defer { libdeflate_free_compressor(compressor) }
        var compressed = [UInt8](repeating: 0, count: libdeflate_zlib_compress_bound(compressor, profile.count))
        let size = profile.withUnsafeBytes { input in
            compressed.withUnsafeMutableBytes { output in
                libdeflate_zlib_compress(compressor, input.baseAddress, input.count, output.baseAddress, output.count)
            }
        }
        guard size > 0 else { return nil }
        return PNGStructure.chunk(type: "iCCP", data: Array(name.utf8.prefix(79)) + [0, 0] + compressed.prefix(size))
    }
}
