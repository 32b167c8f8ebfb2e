/// Where a card's picture lies on the card, in card units: (0, 0) is the card's top-left corner,
/// (1, 1) its bottom-right (+y down, as the card's local space).
///
/// The picture texture (a pool layer holds a picture stretched to the whole layer) is mapped onto
/// this rectangle, so the rectangle restores the picture's aspect: a rectangle inside the card
/// (`fit`: the whole picture, centred, the card's background around it) or one larger than the
/// card (`fill`: the card covered, the picture cropped by the card's edges). The caller chooses
/// (see the picture pipeline's fitting); packers write `full`, the picture stretched over the
/// whole card, which is how the bundled deck's 16:10 pictures have always been drawn.
///
/// Stored in the record as four half floats (`InstanceRecord.pictureRectBits`): 11 significant
/// bits, so edges land within 1/2048 of the card's size near 0…1 — far below a pixel of any card
/// up to 2,000 pixels on screen.
public struct PictureRect: Hashable, Sendable {
    public var minX: Float
    public var minY: Float
    public var maxX: Float
    public var maxY: Float

    public init(minX: Float, minY: Float, maxX: Float, maxY: Float) {
        self.minX = minX
        self.minY = minY
        self.maxX = maxX
        self.maxY = maxY
    }

    /// The whole card.
    public static let full = PictureRect(minX: 0, minY: 0, maxX: 1, maxY: 1)

    /// `full` as half floats, what every packer writes.
    public static let fullBits = full.bits

    /// The rectangle as four IEEE half floats (round to nearest even).
    public var bits: SIMD4<UInt16> {
        SIMD4(HalfFloat.bits(minX), HalfFloat.bits(minY), HalfFloat.bits(maxX), HalfFloat.bits(maxY))
    }

    /// The rectangle stored as four half floats.
    public init(bits: SIMD4<UInt16>) {
        self.init(minX: HalfFloat.float(bits.x), minY: HalfFloat.float(bits.y),
                  maxX: HalfFloat.float(bits.z), maxY: HalfFloat.float(bits.w))
    }
}

/// IEEE 754 binary16 conversions by bit manipulation (Swift's `Float16` is unavailable on Intel
/// Macs, which the project does not break on purpose). What `GL_HALF_FLOAT` attributes read.
public enum HalfFloat {
    /// The half float nearest to `value` (ties to even); ±infinity beyond 65,504, NaN stays NaN.
    public static func bits(_ value: Float) -> UInt16 {
        let f = value.bitPattern
        let sign = UInt16(truncatingIfNeeded: (f >> 16) & 0x8000)
        let exponent = Int((f >> 23) & 0xFF)
        var mantissa = f & 0x7F_FFFF
        if exponent == 0xFF { return sign | 0x7C00 | (mantissa != 0 ? 0x200 : 0) }
        let e = exponent - 127 + 15
        if e >= 0x1F { return sign | 0x7C00 }
        if e <= 0 {
            // A subnormal half (or zero): the implicit bit joins the mantissa, shifted further.
            guard e >= -10 else { return sign }
            mantissa |= 0x80_0000
            let shift = UInt32(14 - e)
            var half = mantissa >> shift
            let remainder = mantissa & ((1 << shift) - 1), halfway = UInt32(1) << (shift - 1)
            if remainder > halfway || (remainder == halfway && half & 1 != 0) { half += 1 }
            return sign | UInt16(truncatingIfNeeded: half)
        }
        var half = UInt32(e) << 10 | mantissa >> 13
        let remainder = mantissa & 0x1FFF
        // A carry out of the mantissa correctly rounds up into the next exponent (or infinity).
        if remainder > 0x1000 || (remainder == 0x1000 && half & 1 != 0) { half += 1 }
        return sign | UInt16(truncatingIfNeeded: half)
    }

    /// The value of half float `bits`.
    public static func float(_ bits: UInt16) -> Float {
        let negative = bits & 0x8000 != 0
        let exponent = Int((bits >> 10) & 0x1F)
        let mantissa = UInt32(bits & 0x3FF)
        let magnitude: Float
        switch exponent {
        case 0: magnitude = Float(mantissa) * 0x1p-24
        case 0x1F: magnitude = mantissa == 0 ? .infinity : .nan
        default: magnitude = Float(bitPattern: UInt32(exponent - 15 + 127) << 23 | mantissa << 13)
        }
        return negative ? -magnitude : magnitude
    }
}
