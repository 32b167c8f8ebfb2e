import CTurboJPEG

/// Large JPEGs with photo-like detail for memory measurements (issue 31), made by TurboJPEG in a
/// second or two without a pixel loop per picture: a horizontal colour gradient with ±`grain`
/// of pseudo-random grain, built as 61 distinct rows that the picture's rows take in turn (so
/// that the file is the size of a photo's, not of a flat picture's).
public enum PhotoJPEG {
    /// A 24 MP camera's size (6000 × 4000), pixels.
    public static let cameraSize = (width: 6000, height: 4000)

    /// A `width × height` JPEG, 4:4:4 (no chroma subsampling), `progressive` or baseline, of
    /// `quality` 1…100.
    public static func make(width: Int = cameraSize.width, height: Int = cameraSize.height, progressive: Bool = true,
                            quality: Int32 = 92, grain: Int = 12) -> [UInt8] {
        let rowBytes = width * 3
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> Int {  // xorshift64*
            state ^= state >> 12; state ^= state << 25; state ^= state >> 27
            return Int(truncatingIfNeeded: (state &* 0x2545_F491_4F6C_DD1D) >> 40)
        }
        let distinct = 61
        var rows = [UInt8](repeating: 0, count: distinct * rowBytes)
        for row in 0..<distinct {
            for x in 0..<width {
                let base = row * rowBytes + x * 3
                let ramp = x * 200 / max(width, 1)
                rows[base] = UInt8(clamping: 30 + ramp + next() % (grain + 1) - grain / 2)
                rows[base + 1] = UInt8(clamping: 120 + row + next() % (grain + 1) - grain / 2)
                rows[base + 2] = UInt8(clamping: 230 - ramp + next() % (grain + 1) - grain / 2)
            }
        }
        var pixels = [UInt8](repeating: 0, count: rowBytes * height)
        pixels.withUnsafeMutableBytes { out in
            rows.withUnsafeBytes { source in
                for y in 0..<height {
                    let from = (y * 7 % distinct) * rowBytes
                    out.baseAddress!.advanced(by: y * rowBytes).copyMemory(from: source.baseAddress!.advanced(by: from), byteCount: rowBytes)
                }
            }
        }
        let handle = tjInitCompress()!
        defer { tjDestroy(handle) }
        var output: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        let status = pixels.withUnsafeBufferPointer { source in
            tjCompress2(handle, source.baseAddress, Int32(width), 0, Int32(height), Int32(TJPF_RGB.rawValue), &output, &size,
                        Int32(TJSAMP_444.rawValue), quality, progressive ? Int32(TJFLAG_PROGRESSIVE) : 0)
        }
        precondition(status == 0, String(cString: tjGetErrorStr2(handle)))
        defer { tjFree(output) }
        return Array(UnsafeBufferPointer(start: output, count: Int(size)))
    }
}
