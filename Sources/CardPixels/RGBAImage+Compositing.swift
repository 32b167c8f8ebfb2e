extension RGBAImage {
    /// Composites `color` over the pixel at column `x`, row `y` with straight-alpha "over":
    /// `a = aₛ + a_d(1 − aₛ)`, `c = (cₛaₛ + c_d a_d(1 − aₛ)) / a`, rounded to the nearest 8-bit value.
    ///
    /// An opaque colour replaces the pixel; a fully transparent one leaves it unchanged.
    /// Coordinates outside the image are ignored.
    @inlinable public mutating func blend(_ color: RGBAColor, x: Int, y: Int) {
        guard x >= 0, y >= 0, x < width, y < height else { return }
        blendUnchecked(color, at: (y * width + x) * 4)
    }

    /// Composites `color` over every pixel of the rectangle at (`x`, `y`) of `width × height`
    /// pixels, clipped to the image.
    public mutating func blend(_ color: RGBAColor, x: Int, y: Int, width rectWidth: Int, height rectHeight: Int) {
        guard color.a > 0, rectWidth > 0, rectHeight > 0, x < width, y < height else { return }
        let left = max(0, x), top = max(0, y)
        let right = min(width, x.addingReportingOverflow(rectWidth).overflow ? width : x + rectWidth)
        let bottom = min(height, y.addingReportingOverflow(rectHeight).overflow ? height : y + rectHeight)
        guard left < right, top < bottom else { return }
        for row in top..<bottom {
            var i = (row * width + left) * 4
            for _ in left..<right {
                blendUnchecked(color, at: i)
                i += 4
            }
        }
    }

    @usableFromInline mutating func blendUnchecked(_ color: RGBAColor, at i: Int) {
        let sa = Int(color.a)
        if sa == 255 {
            pixels[i] = color.r; pixels[i + 1] = color.g; pixels[i + 2] = color.b; pixels[i + 3] = 255
            return
        }
        if sa == 0 { return }
        let da = Int(pixels[i + 3])
        // Both numerator and denominator carry a factor 255 so the arithmetic stays in integers.
        let outAlpha255 = sa * 255 + da * (255 - sa)
        func channel(_ source: UInt8, _ destination: UInt8) -> UInt8 {
            let numerator = Int(source) * sa * 255 + Int(destination) * da * (255 - sa)
            return UInt8((numerator + outAlpha255 / 2) / outAlpha255)
        }
        pixels[i] = channel(color.r, pixels[i])
        pixels[i + 1] = channel(color.g, pixels[i + 1])
        pixels[i + 2] = channel(color.b, pixels[i + 2])
        pixels[i + 3] = UInt8((outAlpha255 + 127) / 255)
    }
}
