import CardPixels

/// An animation written a frame at a time (`cardviewer record`): frames of one size, each
/// shown from its start time until the next one's; `finish` gives the file's bytes. Frames are
/// encoded as they come (only the encoder's state is kept, not the frames).
public protocol AnimationWriter: AnyObject {
    /// Adds the next frame, shown from `startMilliseconds` (from the animation's start, rising).
    func add(_ frame: RGBAImage, startMilliseconds: Int) throws
    /// Ends the last frame at `endMilliseconds` and returns the whole file.
    func finish(endMilliseconds: Int) throws -> [UInt8]
}

/// Why an animation could not be written or read back: one line.
public struct AnimationError: Error, CustomStringConvertible, Equatable {
    public let description: String
    public init(_ description: String) { self.description = description }
}

/// The frame times of an animation at `fps` frames per second: frame k starts at
/// round(k · 1000 / fps) ms, so rounding never accumulates (30 fps: 0, 33, 67, 100, …).
public enum AnimationTiming {
    public static func milliseconds(frame: Int, fps: Int) -> Int {
        (frame * 2000 / fps + 1) / 2
    }

}
