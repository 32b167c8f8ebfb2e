import CardMath
import CardShaders
import Foundation

/// Card programs compiled on another thread, in a context that shares objects with the
/// renderer's, while the renderer's thread starts the viewer and compiles the others.
///
/// On llvmpipe a program is compiled twice over: linked (GLSL to NIR) when created, then
/// translated by LLVM at its first draw, for the pipeline state of that draw (formats of the
/// framebuffer and of the textures sampled, blending, depth). A brand-new shader cache makes the
/// first frame wait for every program it draws (docs/BENCHMARKS.md: body, decorations and the
/// text overlay, about 0.45 s of one core). Two cores halve that wait when another context
/// links the decorations program and draws once with the first frame's state
/// (`CardRenderer.compileAhead`): the variant LLVM made is kept with the shared program, and
/// the renderer's first draw finds it. Until it is there, the renderer's frames leave the
/// decorations out (`RenderStats.deferredDecorations`) rather than wait: the window shows its
/// cards as soon as their own program is ready, and their badges and titles a frame later.
///
/// Thread-safe: the compiling thread publishes, the renderer's thread takes.
public final class CompileAhead: @unchecked Sendable {
    /// What the first frame's textures will look like, from the window's framebuffer and the
    /// picture options: the state the programs are compiled for.
    public struct Shapes: Hashable, Sendable {
        /// The picture pool's layer side, pixels (mipmapped, `ViewerPictures`' pool plan).
        public var cardSide: Int
        /// The title atlas's slot, pixels (mipmapped).
        public var titleSlot: PixelSize

        public init(cardSide: Int, titleSlot: PixelSize) {
            self.cardSide = cardSide
            self.titleSlot = titleSlot
        }
    }

    /// A digest of the card shaders' sources (FNV-1a, 64 bits, hexadecimal; the bundled
    /// `card.vert` and `card.frag`): the same in every run of one build, another when they
    /// change. What a record of compiled programs is keyed by.
    public static let sourceDigest: String = {
        let sources = [ShaderLibrary.cardVertex, ShaderLibrary.cardFragment].map { ShaderLibrary.source(named: $0) ?? "" }
        var digest: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in sources.joined(separator: "\u{0}").utf8 {
            digest = (digest ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        return String(digest, radix: 16)
    }()

    /// The shapes the programs are compiled for.
    public let shapes: Shapes
    /// The variants compiled ahead: the decorations of an opaque pass (the first frame's
    /// longest compile).
    let variants: [CardPrograms.Variant]
    private let condition = NSCondition()
    private var programs: [CardPrograms.Variant: UInt32] = [:]
    private var pending: Set<CardPrograms.Variant>
    /// Seconds the renderer's thread waited, in all.
    public private(set) var waited = 0.0

    public init(shapes: Shapes) {
        self.shapes = shapes
        variants = [CardPrograms.Variant(content: .decorations)]
        pending = Set(variants)
    }

    /// The program compiled ahead for `variant`, waiting at most `timeout` seconds while it is
    /// still being compiled; nil when it is not compiled ahead (or not in time, or failed).
    /// Each program is taken once: the caller owns it from then on.
    func take(_ variant: CardPrograms.Variant, timeout: Double) -> UInt32? {
        condition.lock()
        defer { condition.unlock() }
        let start = Date()
        let deadline = start.addingTimeInterval(timeout)
        while pending.contains(variant), programs[variant] == nil {
            if !condition.wait(until: deadline) { break }
        }
        waited += Date().timeIntervalSince(start)
        pending.remove(variant)
        return programs.removeValue(forKey: variant)
    }

    /// Whether `variant` is still being compiled: not published yet, not given up. Never waits.
    func isCompiling(_ variant: CardPrograms.Variant) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        return pending.contains(variant) && programs[variant] == nil
    }

    /// Hands over `program` for `variant` (called by the compiling thread), then calls
    /// `published`.
    func publish(_ variant: CardPrograms.Variant, program: UInt32) {
        condition.lock()
        if pending.contains(variant) {
            programs[variant] = program
            news = true
        }
        condition.broadcast()
        condition.unlock()
        published?()
    }

    /// Called on the compiling thread after each program is handed over (e.g. to wake the
    /// window's event loop); set before the compiling starts.
    public var published: (@Sendable () -> Void)?
    private var news = false

    /// Whether a program was handed over since the last call: a frame that left something
    /// out for it (`RenderStats.deferredDecorations`) can now be drawn whole.
    public func takeNews() -> Bool {
        condition.lock()
        defer { condition.unlock() }
        let had = news
        news = false
        return had
    }

    /// Waits (at most `timeout` seconds) until every variant is published or given up: before
    /// a frame that must be whole (a screenshot's).
    public func waitUntilDone(timeout: Double) {
        condition.lock()
        defer { condition.unlock() }
        let deadline = Date().addingTimeInterval(timeout)
        while pending.contains(where: { programs[$0] == nil }) {
            if !condition.wait(until: deadline) { break }
        }
    }

    /// Ends the work: whatever was not published will not be (the renderer compiles it).
    public func finish() {
        condition.lock()
        pending.removeAll()
        condition.broadcast()
        condition.unlock()
    }

    /// The programs published but never taken, handed back for deletion.
    func untaken() -> [UInt32] {
        condition.lock()
        defer { condition.unlock() }
        let left = Array(programs.values)
        programs.removeAll()
        return left
    }
}
