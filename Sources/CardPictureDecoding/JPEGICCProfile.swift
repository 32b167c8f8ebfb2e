/// The ICC profile a JPEG file embeds: APP2 segments that start with "ICC_PROFILE\0", a sequence
/// number (1-based) and the number of chunks, the profile's bytes split across them in sequence
/// order (a profile over 65,519 bytes takes several segments).
enum JPEGICCProfile {
    /// "ICC_PROFILE\0".
    static let signature: [UInt8] = Array("ICC_PROFILE".utf8) + [0]

    /// The profile in `bytes` (a whole JPEG file or its header) before `end` (the first scan's
    /// offset): the chunks put together in sequence order, whatever order the segments come in.
    /// Nil when there is none, or when the chunks disagree on their count, repeat or miss a
    /// sequence number (a profile missing a piece is ignored, not guessed at), or together pass
    /// `ColorConversion.maximumProfileBytes`.
    /// - Complexity: O(segments + profile size).
    static func profile(in bytes: [UInt8], before end: Int) -> [UInt8]? {
        var chunks: [Int: Range<Int>] = [:]
        var declaredCount: Int?
        var total = 0
        var broken = false
        JPEGSegments.forEach(in: bytes, before: end) { marker, data in
            guard marker == 0xE2, data.count >= signature.count + 2, bytes.starts(with: signature, at: data.lowerBound) else {
                return true
            }
            let sequence = Int(bytes[data.lowerBound + 12]), count = Int(bytes[data.lowerBound + 13])
            let payload = (data.lowerBound + 14)..<data.upperBound
            total += payload.count
            if count == 0 || sequence == 0 || sequence > count || (declaredCount.map { $0 != count } ?? false)
                || chunks[sequence] != nil || total > ColorConversion.maximumProfileBytes {
                broken = true
                return false
            }
            declaredCount = count
            chunks[sequence] = payload
            return true
        }
        guard !broken, let count = declaredCount, chunks.count == count else { return nil }
        var profile: [UInt8] = []
        profile.reserveCapacity(total)
        for sequence in 1...count {
            guard let range = chunks[sequence] else { return nil }
            profile += bytes[range]
        }
        return profile
    }
}
