import CardJSON

/// An expression as written in a layout file: the tree, its text and where it is (for the
/// once-per-layout warning when it gives NaN or ±∞).
public struct SourceExpression: Sendable, Hashable {
    public var expression: Expression
    /// The text as written (a JSON number's digits, or the string's content).
    public var text: String
    /// Where the value starts in the file.
    public var position: TextPosition

    public init(_ expression: Expression, text: String, position: TextPosition) {
        self.expression = expression
        self.text = text
        self.position = position
    }
}

/// One transform step of a layout file, in Core Animation's order (SPEC §9).
public enum TransformStep: Sendable, Hashable {
    case translate(SourceExpression, SourceExpression, SourceExpression)
    case rotateX(SourceExpression)
    case rotateY(SourceExpression)
    case rotateZ(SourceExpression)
    /// A rotation by `angle` radians about the axis (x, y, z) (normalised; a zero axis leaves the card).
    case rotate(axis: (SourceExpression, SourceExpression, SourceExpression), angle: SourceExpression)
    case scale(SourceExpression, SourceExpression, SourceExpression)

    public static func == (a: Self, b: Self) -> Bool { a.expressions == b.expressions && a.keyword == b.keyword }
    public func hash(into hasher: inout Hasher) {
        hasher.combine(keyword)
        hasher.combine(expressions)
    }

    /// The step's key in the file.
    public var keyword: String {
        switch self {
        case .translate: "translate"
        case .rotateX: "rotateX"
        case .rotateY: "rotateY"
        case .rotateZ: "rotateZ"
        case .rotate: "rotate"
        case .scale: "scale"
        }
    }

    /// The step's values in order (the rotate step's axis, then its angle).
    public var expressions: [SourceExpression] {
        switch self {
        case let .translate(x, y, z), let .scale(x, y, z): [x, y, z]
        case let .rotateX(a), let .rotateY(a), let .rotateZ(a): [a]
        case let .rotate(axis, angle): [axis.0, axis.1, axis.2, angle]
        }
    }
}

/// An option a layout file declares: its default (an expression of `W`, `H`, `n`, `w`, `h` and
/// the options before it), the values it may take, its kind and help.
public struct FileOptionDeclaration: Sendable, Hashable {
    public var name: String
    public var defaultValue: SourceExpression
    public var range: ClosedRange<Double>
    /// `true`/`false` defaults make a flag.
    public var isFlag: Bool
    public var help: String
}

/// A layout file as parsed (SPEC §9): every key, with its expressions resolved against the
/// file's scope (`LayoutFileScope`). `LayoutFileCompiler` turns it into a descriptor.
public struct LayoutFileDefinition: Sendable, Hashable {
    /// The file's name for messages.
    public var file: String
    public var name: String
    /// Where the name's value is (a name already taken is reported there).
    public var namePosition = TextPosition(line: 1, column: 1)
    public var summary: String
    /// The built-in (or registered) layout it starts from, with its options overridden.
    public var base: String?
    /// Values given to the base's options (constants), by name.
    public var baseOptionValues: [String: Double] = [:]
    /// The file's own options, in the order declared.
    public var options: [FileOptionDeclaration] = []
    public var itemWidth: SourceExpression?
    public var slotHeight: SourceExpression?
    public var steps: [TransformStep] = []
    public var hidden: SourceExpression?
    public var alpha: SourceExpression?
    public var visible: (SourceExpression, SourceExpression)?
    public var zIndex: SourceExpression?
    public var depthBias: SourceExpression?
    public var backfaces = true
    public var wraps = false
    public var vertical = false
    /// Cards a released scroll snaps to (1: whole cards, 0: free).
    public var snap = 1.0
    /// Scales drags (a drag of Δ points moves `s` by Δ·offsetMultiplier/w); never the transforms.
    /// `nil` when the file does not say: its base's (a carousel's own), else 1.
    public var offsetMultiplier: Double?

    public static func == (a: Self, b: Self) -> Bool {
        a.file == b.file && a.name == b.name && a.summary == b.summary && a.base == b.base
            && a.baseOptionValues == b.baseOptionValues && a.options == b.options && a.itemWidth == b.itemWidth
            && a.slotHeight == b.slotHeight && a.steps == b.steps && a.hidden == b.hidden && a.alpha == b.alpha
            && a.visible?.0 == b.visible?.0 && a.visible?.1 == b.visible?.1 && a.zIndex == b.zIndex
            && a.depthBias == b.depthBias && a.backfaces == b.backfaces && a.wraps == b.wraps
            && a.vertical == b.vertical && a.snap == b.snap && a.offsetMultiplier == b.offsetMultiplier
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(file)
        hasher.combine(name)
        hasher.combine(steps)
    }
}

/// The registers every file layout has, in order, then the file's options.
public enum LayoutFileScope {
    /// `o` offset in cards, `i` index, `n` count, `s` scroll position in cards, `w`/`h` the
    /// slot (points), `W`/`H` the viewport (points), `v` scroll velocity (cards per second).
    public static let variables = ["o", "i", "n", "s", "w", "h", "W", "H", "v"]
    /// What an item width may use: the viewport and the count.
    public static let itemWidthVariables: Set<String> = ["n", "W", "H"]
    /// What a slot height may use: those and `w`.
    public static let slotHeightVariables: Set<String> = ["n", "W", "H", "w"]
    /// What option defaults and the `visible` range may use, besides earlier options.
    public static let frameVariables: Set<String> = ["n", "s", "w", "h", "W", "H", "v"]
    public static let o = 0, i = 1, n = 2, s = 3, w = 4, h = 5, W = 6, H = 7, v = 8
}
