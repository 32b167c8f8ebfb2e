import CardPictureDecoding
import CardPixels

/// Synthetic photo-like pictures for measurements (`picture-tool make-photos`): smooth colour
/// fields (sums of waves with per-picture random phases), a few hard-edged shapes, and grain,
/// so that a JPEG of them is about as large and as costly to decode as a camera's.
struct PhotoMaker {
    var width: Int
    var height: Int
    /// Grain amplitude in 8-bit steps (± this much).
    var grain = 10

    /// Picture number `index` (deterministic).
    func picture(_ index: Int) -> RGBAImage {
        var random = Xorshift(seed: UInt64(index) &* 0x9E37_79B9_7F4A_7C15 &+ 1)
        let phases = (0..<9).map { _ in Double(random.next() % 6283) / 1000 }
        let frequencies = (0..<9).map { _ in 1 + Double(random.next() % 400) / 100 }
        // Per-row and per-column wave tables make the field separable: O(w + h) sin calls.
        func table(_ count: Int, _ f: Double, _ p: Double) -> [Int32] {
            (0..<count).map { Int32(60 * sin(Double($0) / Double(count) * f * 6.283 + p)) }
        }
        let columns = (0..<3).map { table(width, frequencies[$0], phases[$0]) }
        let rows = (0..<3).map { table(height, frequencies[$0 + 3], phases[$0 + 3]) }
        let shapes = (0..<6).map { _ in
            (x: Int(random.next() % UInt64(width)), y: Int(random.next() % UInt64(height)),
             w: width / 8 + Int(random.next() % UInt64(width / 4)), h: height / 8 + Int(random.next() % UInt64(height / 4)),
             shade: Int32(random.next() % 120) - 60)
        }
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        pixels.withUnsafeMutableBufferPointer { out in
            for y in 0..<height {
                var rowShade: Int32 = 0
                for shape in shapes where y >= shape.y && y < shape.y + shape.h { rowShade += shape.shade }
                for x in 0..<width {
                    var shade: Int32 = 0
                    if rowShade != 0 {
                        for shape in shapes where x >= shape.x && x < shape.x + shape.w && y >= shape.y && y < shape.y + shape.h {
                            shade += shape.shade
                        }
                    }
                    let noise = Int32(truncatingIfNeeded: random.next() % UInt64(2 * grain + 1)) - Int32(grain)
                    let base = (y * width + x) * 4
                    for channel in 0..<3 {
                        let value = 128 + columns[channel][x] + rows[channel][y] + shade + noise
                        out[base + channel] = UInt8(clamping: value)
                    }
                }
            }
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }
}

/// A small fast pseudo-random generator (xorshift64*), deterministic per seed.
struct Xorshift {
    var state: UInt64
    init(seed: UInt64) { state = seed == 0 ? 1 : seed }
    mutating func next() -> UInt64 {
        state ^= state >> 12
        state ^= state << 25
        state ^= state >> 27
        return state &* 0x2545_F491_4F6C_DD1D
    }
}

#if canImport(Glibc)
import Glibc
#endif
