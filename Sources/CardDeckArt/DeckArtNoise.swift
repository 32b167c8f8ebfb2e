/// Deterministic pseudo-random numbers for procedural art: the same seed paints the same picture
/// on every machine and every run.
struct ArtRandom {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    /// The next 64 random bits (SplitMix64).
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        return Self.mix(state)
    }

    /// A number in `range`, uniformly.
    mutating func uniform(_ range: ClosedRange<Double>) -> Double {
        range.lowerBound + (range.upperBound - range.lowerBound) * Double(next() >> 11) / Double(1 << 53)
    }

    /// SplitMix64's finaliser: a well-mixed hash of `z`.
    static func mix(_ z: UInt64) -> UInt64 {
        var z = z
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Smooth value noise in 0…1 over the plane: random values on the integer lattice, blended with
/// smoothstep; `fbm` sums octaves of it for clouds, ridges and grain.
struct ValueNoise {
    let seed: UInt64

    /// The lattice value at integer point (i, j), in 0…1.
    private func lattice(_ i: Int, _ j: Int) -> Double {
        let key = UInt64(bitPattern: Int64(i)) &* 0x8CB9_2BA7_2F3D_8DD7 ^ UInt64(bitPattern: Int64(j)) &* 0x9E37_79B9_7F4A_7C15
        return Double(ArtRandom.mix(key ^ seed) >> 11) / Double(1 << 53)
    }

    /// Noise at (x, y), in 0…1, with features about one unit apart.
    func value(_ x: Double, _ y: Double) -> Double {
        guard x.isFinite, y.isFinite, abs(x) < 1e15, abs(y) < 1e15 else { return 0.5 }
        let fx = x.rounded(.down), fy = y.rounded(.down)
        let i = Int(fx), j = Int(fy)
        let tx = x - fx, ty = y - fy
        let sx = tx * tx * (3 - 2 * tx), sy = ty * ty * (3 - 2 * ty)
        let top = lattice(i, j) + (lattice(i + 1, j) - lattice(i, j)) * sx
        let bottom = lattice(i, j + 1) + (lattice(i + 1, j + 1) - lattice(i, j + 1)) * sx
        return top + (bottom - top) * sy
    }

    /// Fractal sum of `octaves` noise layers, each twice the frequency and half the amplitude of
    /// the last, normalised to 0…1.
    func fbm(_ x: Double, _ y: Double, octaves: Int = 4) -> Double {
        var sum = 0.0, amplitude = 1.0, total = 0.0, frequency = 1.0
        for octave in 0..<max(1, octaves) {
            sum += amplitude * ValueNoise(seed: seed &+ UInt64(octave)).value(x * frequency, y * frequency)
            total += amplitude
            amplitude /= 2
            frequency *= 2
        }
        return sum / total
    }
}
