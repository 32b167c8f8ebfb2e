/// The largest viewport the command line (`--size`) and a replay's `resize` may ask for
/// (SPEC §11; docs/LIMITS.md). No flag changes them.
public enum ViewportLimits {
    /// Points a side at most: a framebuffer (and its textures) stays within what GL drivers
    /// commonly allow at the default 1× scale.
    public static let maximumSide = 8192
    /// Points in all at most, 32 MP (32 × 1024 × 1024 = 8192 × 4096): with 4 bytes a pixel a
    /// frame is 128 MiB, so one wrong number cannot take gigabytes.
    public static let maximumArea = 32 * 1024 * 1024

    /// Why `width` × `height` points (whole, ≥ 1) is refused, naming the limit; nil when allowed.
    public static func refusal(width: Int, height: Int) -> String? {
        if width > maximumSide || height > maximumSide {
            return "\(width)x\(height) is over the limit of \(maximumSide) points a side"
        }
        if width * height > maximumArea {
            return "\(width)x\(height) is \(width * height) points, over the limit of 32 MP (\(maximumArea) points)"
        }
        return nil
    }
}
