import CardLayout

/// The controllers by interaction (`LayoutBehavior.Interaction`, a layout descriptor's
/// behaviour): the one place that pairs a layout type with the controller of its gestures. A
/// layout whose descriptor asks for no interaction of its own — every layout added as a folder
/// and a registry line, and every layout file — gets the standard controller (drag, fling,
/// rubber band, the layout's resting places).
enum ControllerTable {
    /// Makes the controller of one interaction over a layout made by its descriptor; `nil` when
    /// the layout is not of the type the controller needs.
    typealias Maker = @Sendable (_ layout: any CardLayout, _ kind: LayoutKind) -> (any LayoutController)?

    /// The interactions with controllers of their own.
    static let makers: [LayoutBehavior.Interaction: Maker] = [
        .tabOverview: { layout, kind in (layout as? PagesLayout).map { PagesController(base: $0, kind: kind) } },
        .taskSwitcher: { layout, kind in (layout as? TasksLayout).map { TasksController(base: $0, kind: kind) } },
        .photoDeck: { layout, kind in (layout as? SlideBoxLayout).map { SlideBoxController(base: $0, kind: kind) } },
        .reorderableGrid: { layout, kind in (layout as? GridLayout).map { GridController(base: $0, kind: kind) } },
        .spinningWheel: { layout, kind in (layout as? WheelLayout).map { WheelController(base: $0, kind: kind) } },
        .carousel: { layout, kind in (layout as? CarouselLayout).map { CarouselController(base: $0, kind: kind) } },
    ]

    /// The controller of registered layout `kind` with `options` (its defaults when `nil`): the
    /// controller of its behaviour's interaction over the layout its descriptor makes, else the
    /// standard controller (an interaction whose controller needs a layout type the descriptor
    /// does not make falls back to it too).
    static func controller(for kind: LayoutKind, options: LayoutOptionValues? = nil) -> any LayoutController {
        let descriptor = kind.descriptor
        let layout = descriptor.makeLayout(options)
        if let make = makers[descriptor.behavior.interaction], let controller = make(layout, kind) { return controller }
        return StandardController(kind: kind, layout: layout, resting: descriptor.behavior.resting)
    }
}
