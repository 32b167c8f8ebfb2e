import CardPixels

/// The bounding box of every pixel with alpha > 0, or nil when the image is fully transparent.
func inkBounds(of image: RGBAImage) -> (minX: Int, minY: Int, maxX: Int, maxY: Int)? {
    var bounds: (minX: Int, minY: Int, maxX: Int, maxY: Int)?
    for y in 0..<image.height {
        for x in 0..<image.width where image[x, y].a > 0 {
            if let b = bounds {
                bounds = (min(b.minX, x), min(b.minY, y), max(b.maxX, x), max(b.maxY, y))
            } else {
                bounds = (x, y, x, y)
            }
        }
    }
    return bounds
}

/// True when two pixels are equal channel by channel.
func samePixel(_ a: (r: UInt8, g: UInt8, b: UInt8, a: UInt8), _ b: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> Bool {
    a.r == b.r && a.g == b.g && a.b == b.b && a.a == b.a
}

/// True when every channel of two pixels differs by at most `tolerance`.
func nearPixel(_ a: (r: UInt8, g: UInt8, b: UInt8, a: UInt8), _ b: (r: UInt8, g: UInt8, b: UInt8, a: UInt8), tolerance: Int) -> Bool {
    abs(Int(a.r) - Int(b.r)) <= tolerance && abs(Int(a.g) - Int(b.g)) <= tolerance
        && abs(Int(a.b) - Int(b.b)) <= tolerance && abs(Int(a.a) - Int(b.a)) <= tolerance
}
