import ArgumentParser
import CardPacking
import CardRendering

extension RenderOrdering: ExpressibleByArgument {}

/// How a frame is drawn: the visibility ordering. Shared by `render` and `run`.
struct RenderOptions: ParsableArguments {
    @Option(help: "Visibility ordering: depth (the depth buffer decides per pixel) or zindex (Core Animation's back-to-front zIndex order).")
    var order: RenderOrdering = .depth
}
