import ArgumentParser
import CardPacking
import CardRendering

extension RenderOrdering: ExpressibleByArgument {}

/// How a frame is drawn: the visibility ordering and an offscreen frame's scale. Shared by
/// `render` and `run`.
struct RenderOptions: ParsableArguments {
    @Option(help: "Visibility ordering: depth (the depth buffer decides per pixel) or zindex (Core Animation's back-to-front zIndex order).")
    var order: RenderOrdering = .depth

    @Option(help: ArgumentHelp("""
        Pixels per point of a headless frame, \(PixelScale.range.lowerBound.formatted)…\(PixelScale.range.upperBound.formatted) \
        (a simulated HiDPI screen: the frame is --size × S pixels, the layout in --size points). A window takes its screen's.
        """, valueName: "S"))
    var scale = PixelScale(value: 1)
}

/// `--scale S`: pixels per point of an offscreen frame, within `range`.
///
/// An option rather than an environment variable: it is what the command draws (the PNG's size),
/// as `--size` is, and belongs on the command line next to it.
struct PixelScale: ExpressibleByArgument, Sendable {
    var value: Double

    /// The scales taken: a plain screen's to four times (a 2× screen's, 2.5, 3…).
    static let range = 1.0...4.0

    init(value: Double) { self.value = value }

    init?(argument: String) {
        guard let value = Double(argument), value.isFinite, Self.range.contains(value) else { return nil }
        self.value = value
    }

    var defaultValueDescription: String { value.formatted }
}

private extension Double {
    /// `2` for 2.0, `1.5` for 1.5.
    var formatted: String { self == rounded() ? String(Int(self)) : String(self) }
}
