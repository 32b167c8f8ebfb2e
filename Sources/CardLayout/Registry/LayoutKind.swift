/// A layout by name, as used on command lines, in state files and reports: the key into
/// `LayoutRegistry`. Each layout's folder names its own (`LayoutKind.pages`, …).
public struct LayoutKind: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The layout's name ("pages").
    public let name: String

    /// A kind by name, whether or not it is registered (use `init?(rawValue:)` for input).
    public init(_ name: String) {
        self.name = name
    }

    /// The registered layout called `rawValue`; `nil` when there is none.
    public init?(rawValue: String) {
        guard LayoutRegistry.shared.descriptor(named: rawValue) != nil else { return nil }
        name = rawValue
    }

    /// The name.
    public var rawValue: String { name }
    public var description: String { name }

    /// Every registered layout, in the registry's order.
    public static var allCases: [LayoutKind] { LayoutRegistry.shared.all.map(\.kind) }

    /// The built-in layouts (`LayoutRegistry.builtIn`), whatever was registered at run time.
    public static var builtIn: [LayoutKind] { LayoutRegistry.builtIn.map(\.kind) }

    /// The layout's descriptor in the shared registry. Asking for a kind that was never
    /// registered is a programming error.
    public var descriptor: LayoutDescriptor {
        guard let descriptor = LayoutRegistry.shared.descriptor(named: name) else {
            preconditionFailure("layout \(name) is not registered")
        }
        return descriptor
    }

    /// The layout with its default options.
    public func makeLayout() -> any CardLayout { descriptor.makeLayout() }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        name = try container.decode(String.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(name)
    }
}
