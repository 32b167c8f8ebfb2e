import CardMath
import CardPacking
import CardPixels
@testable import CardRendering
import CardRenderingTestSupport
import Foundation
import Testing

/// Programs compiled ahead (issue 34: a brand-new shader cache's first frame): the hand-over
/// between the compiling thread and the renderer, and frames drawn with a program compiled
/// elsewhere, read back against the renderer's own.
@Suite("Programs compiled ahead", .serialized)
struct CompileAheadTests {
    static let viewport = Size(width: 320, height: 200)
    static let shapes = CompileAhead.Shapes(cardSide: 256, titleSlot: PixelSize(width: 0, height: 0))
    static let decorations = CardPrograms.Variant(content: .decorations)

    /// Three cards large enough for their number badges, over a solid picture.
    static func frame() -> RenderFrame {
        let cards = (0..<3).map { Scenes.card(UInt32($0), x: 60 + 100 * Double($0), y: 100, width: 90, height: 150) }
        return RenderFrame(cards: cards, camera: Camera(viewport: viewport))
    }

    /// Renders `frame()` with a renderer whose `compileAhead` is `ahead`; the image and stats.
    static func render(ahead: CompileAhead?, on gpu: EGLOffscreenContext) throws -> (RGBAImage, RenderStats) {
        let renderer = try CardRenderer(context: gpu)
        renderer.compileAhead = ahead
        try renderer.uploadPictures([Scenes.solid(40, 120, 200)], layerSize: PixelSize(width: 64, height: 64))
        let stats = try renderer.render(frame())
        return (try gpu.readPixels(), stats)
    }

    @Test("the renderer draws with the program compiled ahead, pixel for pixel as with its own, and takes it once")
    func adoptedProgram() throws {
        let gpu = try Scenes.context(Self.viewport)
        let (own, ownStats) = try Self.render(ahead: nil, on: gpu)
        let ahead = CompileAhead(shapes: Self.shapes)
        try CardRenderer.compileAhead(ahead, in: gpu)
        #expect(ahead.takeNews(), "the program is published")
        #expect(!ahead.takeNews(), "news is taken once")
        let (adopted, stats) = try Self.render(ahead: ahead, on: gpu)
        #expect(!stats.deferredDecorations && !ownStats.deferredDecorations)
        #expect(ahead.untaken().isEmpty, "the renderer took the program")
        #expect(adopted == own, "the frame drawn with the adopted program differs")
    }

    @Test("while the decorations are being compiled a frame leaves them out; once given up, it compiles them itself")
    func deferredWhileCompiling() throws {
        let gpu = try Scenes.context(Self.viewport)
        let (whole, _) = try Self.render(ahead: nil, on: gpu)
        let ahead = CompileAhead(shapes: Self.shapes)  // nothing compiles it: it stays pending
        let renderer = try CardRenderer(context: gpu)
        renderer.compileAhead = ahead
        try renderer.uploadPictures([Scenes.solid(40, 120, 200)], layerSize: PixelSize(width: 64, height: 64))
        let pending = try renderer.render(Self.frame())
        let bare = try gpu.readPixels()
        #expect(pending.deferredDecorations)
        #expect(bare != whole, "the decorations were left out")
        ahead.finish()
        let after = try renderer.render(Self.frame())
        #expect(!after.deferredDecorations)
        #expect(try gpu.readPixels() == whole)
    }

    @Test("take waits for the program being compiled, returns nil once given up or timed out, and never twice")
    func handOver() async throws {
        let ahead = CompileAhead(shapes: Self.shapes)
        #expect(ahead.isCompiling(Self.decorations))
        #expect(ahead.take(Self.decorations, timeout: 0.05) == nil, "nothing published in time")
        #expect(!ahead.isCompiling(Self.decorations), "a variant timed out is compiled by the renderer")

        let second = CompileAhead(shapes: Self.shapes)
        let woke = DispatchSemaphore(value: 0)
        second.published = { woke.signal() }
        let publisher = Thread {
            Thread.sleep(forTimeInterval: 0.05)
            second.publish(Self.decorations, program: 42)
            second.finish()
        }
        publisher.start()
        #expect(second.take(Self.decorations, timeout: 5) == 42)
        #expect(second.take(Self.decorations, timeout: 0.01) == nil, "taken once")
        #expect(second.waited >= 0.01)
        second.waitUntilDone(timeout: 5)
        #expect(woke.wait(timeout: .now() + 5) == .success, "published is called")

        let third = CompileAhead(shapes: Self.shapes)
        third.finish()
        #expect(third.take(Self.decorations, timeout: 5) == nil)
        #expect(third.waited < 1, "a finished hand-over never waits")
        third.publish(Self.decorations, program: 7)
        #expect(third.untaken().isEmpty, "a program published after the end is not kept")
    }
}
