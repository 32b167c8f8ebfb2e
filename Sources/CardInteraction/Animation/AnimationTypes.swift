import CardLayout

/// How long an animation takes, how it eases, and how long it waits before it starts.
public struct AnimationTiming: Hashable, Sendable {
    /// Seconds from start to end; 0 or less jumps to the end when the delay is over.
    public var duration: Double
    public var curve: TimingCurve
    /// Seconds between the call and the start; the card holds its start attributes meanwhile.
    public var delay: Double

    public init(duration: Double, curve: TimingCurve = .easeOut, delay: Double = 0) {
        self.duration = duration.isFinite ? duration : 0
        self.curve = curve
        self.delay = delay.isFinite ? max(0, delay) : 0
    }

    /// The seeds' 0.3 s ease-out.
    public static let standard = AnimationTiming(duration: 0.3, curve: .easeOut)
}

/// Names one call to the animator (a transition names all the cards it animates), so a
/// controller can wait for it before the next step.
public struct AnimationTag: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var rawValue: UInt64
    public init(rawValue: UInt64) { self.rawValue = rawValue }
    public static func < (a: AnimationTag, b: AnimationTag) -> Bool { a.rawValue < b.rawValue }
    public var description: String { "animation \(rawValue)" }
}

/// What an animation does to its card.
public enum AnimationKind: Hashable, Sendable {
    /// Moves from one set of attributes to another.
    case move
    /// Appears: from its appearing attributes to its place.
    case insert
    /// Disappears: to its disappearing attributes, after which the animator drops it.
    case delete
}

/// One card's animation came to an end.
public struct AnimationCompletion: Hashable, Sendable {
    public var id: CardID
    public var tag: AnimationTag
    public var kind: AnimationKind
    /// True when it ran to the end; false when a newer animation of the card took over
    /// (UIKit's `completion(false)`) or it was cancelled.
    public var finished: Bool

    public init(id: CardID, tag: AnimationTag, kind: AnimationKind, finished: Bool) {
        self.id = id
        self.tag = tag
        self.kind = kind
        self.finished = finished
    }
}

/// One card's running animation: decomposed once, evaluated every frame.
struct CardAnimation: Sendable {
    var from: DecomposedAttributes
    var to: DecomposedAttributes
    /// When the interpolation starts (call time plus delay), seconds.
    var start: Double
    var timing: AnimationTiming
    var tag: AnimationTag
    var kind: AnimationKind

    var end: Double { start + max(0, timing.duration) }

    func isFinished(at time: Double) -> Bool { time >= end }

    /// The attributes shown at `time`: the start attributes before `start`, exactly the end
    /// attributes from `end` on.
    func attributes(at time: Double) -> CardAttributes {
        if time >= end { return to.attributes }
        if time <= start { return from.attributes }
        let u = (time - start) / timing.duration
        return CardAttributes.interpolate(from, to, timing.curve.progress(u))
    }
}
