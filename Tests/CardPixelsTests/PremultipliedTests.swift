import CardPixels
import Testing

/// The picture textures' chains (SPEC §10, "Transparency"): premultiplied, filtered in
/// premultiplied space, so the colour a file stores under alpha 0 never reaches a neighbour, and
/// an opaque picture's chain is what it was before (the same bytes).
@Suite("Premultiplied mip chains")
struct PremultipliedTests {
    /// `width × height`: the left half red under alpha 0 (what a PNG or WebP may store there),
    /// the right half opaque blue.
    static func redUnderClearBesideBlue(width: Int = 64, height: Int = 32) -> RGBAImage {
        var image = RGBAImage(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width { image[x, y] = x < width / 2 ? (255, 0, 0, 0) : (0, 0, 255, 255) }
        }
        return image
    }

    @Test("premultiplying rounds c·a/255 to the nearest step and clears the colour under alpha 0")
    func premultiplyRounds() {
        var image = RGBAImage(width: 5, height: 1)
        image[0, 0] = (255, 128, 7, 0)
        image[1, 0] = (255, 128, 7, 128)
        image[2, 0] = (255, 128, 7, 255)
        image[3, 0] = (200, 100, 50, 51)
        image[4, 0] = (1, 254, 3, 1)
        let out = image.premultiplied()
        for x in 0..<5 {
            let p = image[x, 0], q = out[x, 0]
            for (c, d) in [(p.r, q.r), (p.g, q.g), (p.b, q.b)] {
                #expect(Int(d) == Int((Double(c) * Double(p.a) / 255).rounded()), "pixel \(x): \(p) → \(q)")
            }
            #expect(q.a == p.a)
        }
        #expect(samePixel(out[0, 0], (0, 0, 0, 0)))
    }

    @Test("an opaque picture's chain is mipChain()'s, byte for byte, and premultiplying it changes nothing")
    func opaqueChainUnchanged() {
        var image = RGBAImage(width: 37, height: 23)
        for y in 0..<23 {
            for x in 0..<37 { image[x, y] = (UInt8((x * 7 + y * 3) % 256), UInt8((x * y) % 256), UInt8((x + 5 * y) % 256), 255) }
        }
        #expect(image.isOpaque)
        #expect(image.premultiplied() == image)
        #expect(image.premultipliedMipChain() == image.mipChain())
        #expect(image.premultipliedMipChain(levels: 1) == [image])
    }

    @Test("isOpaque sees one translucent pixel anywhere, an odd count of pixels included")
    func opacityScan() {
        for count in [1, 2, 3, 7, 8] {
            for translucent in 0..<count {
                var image = RGBAImage(width: count, height: 1, fill: (9, 9, 9, 255))
                #expect(image.isOpaque)
                image[translucent, 0].a = 254
                #expect(!image.isOpaque, "pixel \(translucent) of \(count)")
            }
        }
    }

    @Test("red under alpha 0 beside opaque blue: no level of the chain has any red, and the border texels are half-covered blue")
    func noRedFringes() {
        let chain = Self.redUnderClearBesideBlue().premultipliedMipChain()
        #expect(chain.count == 7)
        for (index, level) in chain.enumerated() {
            for y in 0..<level.height {
                for x in 0..<level.width {
                    let p = level[x, y]
                    #expect(p.r == 0 && p.g == 0, "level \(index) (\(x), \(y)): \(p)")
                    #expect(p.b <= p.a, "level \(index) (\(x), \(y)) is not premultiplied: \(p)")
                }
            }
        }
        // Level 5 is 2 × 1: transparent, then blue; level 6, 1 × 1, is blue at half coverage.
        #expect(samePixel(chain[5][0, 0], (0, 0, 0, 0)))
        #expect(samePixel(chain[5][1, 0], (0, 0, 255, 255)))
        #expect(nearPixel(chain[6][0, 0], (0, 0, 128, 128), tolerance: 1), "\(chain[6][0, 0])")
    }

    @Test("a translucent level is the box mean of the premultiplied level above it, every channel, within a rounding step")
    func boxMeanOfPremultiplied() {
        var image = RGBAImage(width: 3, height: 2)
        let pixels: [(UInt8, UInt8, UInt8, UInt8)] = [(255, 0, 0, 0), (10, 200, 30, 100), (90, 90, 90, 255),
                                                      (0, 0, 255, 255), (255, 255, 255, 51), (40, 80, 120, 200)]
        for (i, p) in pixels.enumerated() { image[i % 3, i / 3] = p }
        let top = image.premultiplied()
        let chain = image.premultipliedMipChain()
        #expect(chain.count == 2 && chain[0] == top)
        // 3 × 2 → 1 × 1: the odd edge takes all three columns, both rows: six texels.
        var sums = [0, 0, 0, 0]
        for y in 0..<2 {
            for x in 0..<3 {
                let p = top[x, y]
                for (c, v) in [p.r, p.g, p.b, p.a].enumerated() { sums[c] += Int(v) }
            }
        }
        let p = chain[1][0, 0]
        for (found, mean) in zip([p.r, p.g, p.b, p.a].map(Int.init), sums.map { Double($0) / 6 }) {
            #expect(abs(Double(found) - mean) <= 1, "\(p) against \(sums.map { Double($0) / 6 })")
        }
    }
}
