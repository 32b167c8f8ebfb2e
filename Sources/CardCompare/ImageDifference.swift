import CardPixels

/// How a rendered frame differs from the reference, over the pixels the mask counts.
public struct ImageDifference: Sendable {
    /// Pixels compared (not excluded).
    public let countedPixels: Int
    /// Counted pixels whose colour differs from the reference by more than the tolerance in
    /// some channel.
    public let wrongPixels: Int
    /// The largest channel difference (0…255, red, green or blue) over the counted pixels.
    public let maxChannelError: Int
    /// Per pixel, row-major: `true` where the pixel is counted and wrong.
    public let wrong: [Bool]

    /// `wrongPixels / countedPixels`, 0 when nothing is counted.
    public var wrongFraction: Double { countedPixels > 0 ? Double(wrongPixels) / Double(countedPixels) : 0 }

    /// The default tolerance, per channel: an 8-bit framebuffer blends each translucent layer
    /// with a rounding of up to one unit (and the blend factor itself in 8 bits); a wrong order
    /// of two translucent cards moves a channel by a quarter of their colours' difference.
    public static let defaultTolerance = 3

    /// Compares `image` with `reference` (red, green and blue; alpha is 255 in both), skipping
    /// the pixels `mask` excludes. Sizes must match; a different size counts every pixel wrong.
    ///
    /// - Complexity: O(pixels).
    public init(_ image: RGBAImage, reference: ReferenceImage, mask: ExclusionMask, tolerance: Int = defaultTolerance) {
        let w = reference.width, h = reference.height
        var wrong = [Bool](repeating: false, count: w * h)
        guard image.width == w, image.height == h else {
            countedPixels = mask.countedCount
            wrongPixels = mask.countedCount
            maxChannelError = 255
            for i in wrong.indices where !mask.excluded[i] { wrong[i] = true }
            self.wrong = wrong
            return
        }
        var counted = 0, wrongCount = 0, maxError = 0
        image.pixels.withUnsafeBufferPointer { got in
            reference.image.pixels.withUnsafeBufferPointer { want in
                for i in 0..<(w * h) where !mask.excluded[i] {
                    counted += 1
                    var error = 0
                    for c in 0..<3 { error = max(error, abs(Int(got[4 * i + c]) - Int(want[4 * i + c]))) }
                    maxError = max(maxError, error)
                    if error > tolerance {
                        wrongCount += 1
                        wrong[i] = true
                    }
                }
            }
        }
        countedPixels = counted
        wrongPixels = wrongCount
        maxChannelError = maxError
        self.wrong = wrong
    }
}
