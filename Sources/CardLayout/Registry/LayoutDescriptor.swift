import CardMath

/// Everything the program knows about one layout: its name, a one-line summary, its options,
/// its behaviour and how to make it. A layout's folder (`Layouts/<Name>/`) defines its
/// descriptor next to its math; `LayoutRegistry` lists the descriptors, and the command line,
/// the viewer's keys and help, `compare`, `bench` and README's table read them from there
/// (the model is swift-argument-parser's `CommandConfiguration`: one list of self-describing
/// entries).
public struct LayoutDescriptor: Sendable {
    /// The name on command lines, in state files and in reports.
    public var kind: LayoutKind
    /// What it is, one line ("Safari's tab overview (seed 000)").
    public var summary: String
    /// The options, in the order `cardviewer layouts` lists them.
    public var options: [LayoutOption]
    public var behavior: LayoutBehavior
    /// The camera's eye distance this layout is made to be seen from, points (the family's look):
    /// `Camera.defaultEyeDistance` (1500) for the seeds, 500 for iCarousel's types (Core
    /// Animation's m34 = −1/500). The viewer starts at it and animates to it on a switch unless
    /// `--camera-distance` (or a distance the user saved) fixes one for every layout; `render`
    /// and `compare` use it too.
    public var preferredEyeDistance: Double
    private let factory: @Sendable (LayoutOptionValues) -> any CardLayout

    /// - Parameter make: the layout for a set of option values (defaults where not set).
    public init(name: String, summary: String, options: [LayoutOption] = [], behavior: LayoutBehavior,
                preferredEyeDistance: Double = Camera.defaultEyeDistance,
                make: @escaping @Sendable (LayoutOptionValues) -> any CardLayout) {
        kind = LayoutKind(name)
        self.summary = summary
        self.options = options
        self.behavior = behavior
        self.preferredEyeDistance = preferredEyeDistance
        factory = make
    }

    /// The layout's name.
    public var name: String { kind.name }

    /// Every option at its default.
    public var defaultValues: LayoutOptionValues { LayoutOptionValues(options: options) }

    /// The option values for `NAME=VALUE` assignments (`--set`), on top of the defaults.
    public func values(setting assignments: [String]) throws(LayoutOptionError) -> LayoutOptionValues {
        var values = defaultValues
        try values.apply(assignments: assignments, layout: name)
        return values
    }

    /// The layout with `values` (the defaults when `nil`).
    public func makeLayout(_ values: LayoutOptionValues? = nil) -> any CardLayout {
        factory(values ?? defaultValues)
    }
}
