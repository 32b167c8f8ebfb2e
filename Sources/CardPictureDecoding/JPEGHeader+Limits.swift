/// What a JPEG costs to decode, from its header and a marker scan, before TurboJPEG sees it.
extension JPEGHeader {
    /// The bytes libjpeg keeps for the whole picture's DCT coefficients while decoding a
    /// progressive, multi-scan or arithmetic-coded file (`keepsAllCoefficients`): 64
    /// coefficients of 2 bytes per 8×8 block of every component, after subsampling, the blocks
    /// rounded up to whole MCUs as libjpeg allocates them. 0 for single-scan baseline
    /// Huffman-coded files, which stream row by row.
    public var coefficientBytes: Int {
        guard keepsAllCoefficients else { return 0 }
        let factors = samplingFactors.isEmpty ? [UInt8](repeating: 0x11, count: max(components, 1)) : samplingFactors
        // Factors are 1–4; broken ones (0) count as 1, so the estimate never comes out low.
        let h = factors.map { max(1, Int($0 >> 4)) }, v = factors.map { max(1, Int($0 & 0x0F)) }
        let hMax = h.max() ?? 1, vMax = v.max() ?? 1
        let mcuColumns = (size.width + 8 * hMax - 1) / (8 * hMax)
        let mcuRows = (size.height + 8 * vMax - 1) / (8 * vMax)
        let blocks = zip(h, v).reduce(0) { $0 + mcuColumns * $1.0 * mcuRows * $1.1 }
        return blocks * 64 * 2
    }

    /// The number of start-of-scan (SOS) markers in `bytes` from the first scan on, counting
    /// stops once it passes `limit`. Walks the entropy-coded data for markers (0xFF followed by
    /// anything but 0x00, a restart marker or fill) and skips the segments between scans by
    /// their lengths; stops at EOI or the end of the bytes.
    /// - Complexity: O(file size), no allocation.
    public func scanCount(in bytes: [UInt8], stoppingAfter limit: Int = .max) -> Int {
        bytes.withUnsafeBufferPointer { buffer in
            var count = 0
            var offset = scanOffset
            while offset + 1 < buffer.count, count <= limit {
                // At a marker: 0xFF then its code (fill bytes skipped).
                guard buffer[offset] == 0xFF else { offset += 1; continue }
                var code = offset + 1
                while code < buffer.count, buffer[code] == 0xFF { code += 1 }
                guard code < buffer.count else { break }
                let marker = buffer[code]
                if marker == 0xD9 { break }
                if marker == 0x00 || (0xD0...0xD7).contains(marker) || marker == 0x01 {
                    offset = code + 1  // stuffed byte, restart or TEM: still in the scan's data
                    continue
                }
                guard code + 2 < buffer.count else { break }
                let length = Int(buffer[code + 1]) << 8 | Int(buffer[code + 2])
                if marker == 0xDA { count += 1 }
                offset = code + 1 + max(length, 2)
                // After SOS the entropy-coded data runs to the next marker.
                if marker == 0xDA {
                    while offset < buffer.count, buffer[offset] != 0xFF { offset += 1 }
                }
            }
            return count
        }
    }
}
