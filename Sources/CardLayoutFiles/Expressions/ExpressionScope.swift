/// The names an expression may use, each with its register: the layout's variables (`o`, `i`,
/// `n`, `s`, `w`, `h`, `W`, `H`, `v`), then the file's own options in the order declared. `pi`
/// is a constant, not a register.
public struct ExpressionScope: Sendable, Hashable {
    /// The names in register order.
    public private(set) var names: [String]
    private var slots: [String: Int]

    public init(_ names: [String]) {
        self.names = []
        slots = [:]
        for name in names { add(name) }
    }

    /// The register of `name`, if it is known.
    public func slot(of name: String) -> Int? { slots[name] }

    /// Adds `name` at the next register (a name already there keeps its register).
    @discardableResult public mutating func add(_ name: String) -> Int {
        if let slot = slots[name] { return slot }
        let slot = count
        slots[name] = slot
        names.append(name)
        return slot
    }

    /// The number of registers (one past the highest).
    public var count: Int { (slots.values.max() ?? -1) + 1 }

    /// The same registers with only the names in `allowed` usable (the others are unknown to
    /// expressions parsed with it, and not listed in the error).
    public func restricted(to allowed: Set<String>) -> ExpressionScope {
        var copy = self
        copy.names = names.filter(allowed.contains)
        copy.slots = slots.filter { allowed.contains($0.key) }
        return copy
    }

}
