/// The photo view's checks drawn over its picture (SPEC §13): clipping warnings (`G`, with the
/// histogram) and focus peaking (`K`). Each is a variant of the card program (`CardPrograms`:
/// CLIPPING, PEAKING), compiled into a frame only when it is on and the frame draws the photo
/// view's picture, so frames without them shade exactly as before.
public struct PhotoChecks: Hashable, Sendable {
    /// Blown highlights (a channel at 255) in `blownColor`, crushed shadows (every channel at 0)
    /// in `crushedColor`, judged on the picture's straight colour as sampled.
    public var clipping: Bool
    /// Edges whose luminance gradient exceeds `peakingThreshold` in `peakingColor`.
    public var peaking: Bool

    public init(clipping: Bool = false, peaking: Bool = false) {
        self.clipping = clipping
        self.peaking = peaking
    }

    /// No check: the frame's variant is the one it would be without them.
    public static let none = PhotoChecks()

    /// What blown pixels are painted: a saturated red (sRGB, 0…1).
    public static let blownColor = SIMD3<Float>(1, 0, 0)
    /// What crushed pixels are painted: a saturated blue.
    public static let crushedColor = SIMD3<Float>(0, 0.25, 1)
    /// What edges are painted: a bright green, clear of both warnings' colours.
    public static let peakingColor = SIMD3<Float>(0.2, 1, 0.2)
    /// A channel at or above this (0…1) is blown: 255 less half a step, so filtering that
    /// rounds 1.0 a hair down still counts it, and 254 does not.
    public static let blownLevel: Float = 254.5 / 255
    /// Every channel at or below this is crushed: half a step above 0.
    public static let crushedLevel: Float = 0.5 / 255
    /// The edge threshold: Sobel's gradient of luminance (Rec. 709 weights on the encoded
    /// values) over 8, which is the luminance change per texel of the level in view; a step from
    /// black to white measures 0.5 beside it, a ramp over n texels 1/n.
    public static let peakingThreshold: Float = 0.15
}
