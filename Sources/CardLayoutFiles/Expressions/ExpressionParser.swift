/// Parses an expression's text into an `Expression` (SPEC §9), resolving every name against a
/// scope: an unknown name is an error at its position that names the known ones.
///
/// Grammar, loosest first (`ExpressionPrecedence`):
/// ```
/// conditional := or ('?' conditional ':' conditional)?
/// or          := and ('||' and)*            and := equality ('&&' equality)*
/// equality    := comparison (('=='|'!=') comparison)*
/// comparison  := sum (('<'|'<='|'>'|'>=') sum)*
/// sum         := product (('+'|'-') product)*   product := unary (('*'|'/') unary)*
/// unary       := ('-'|'!'|'+') unary | power
/// power       := primary ('^' unary)?       (right associative; tighter than unary minus)
/// primary     := number | name | function '(' conditional (',' conditional)* ')' | '(' conditional ')'
/// ```
public struct ExpressionParser {
    private var tokens: [ExpressionToken]
    private var position = 0
    private let scope: ExpressionScope
    private var depth = 0

    /// Parses `text` with the names of `scope`.
    ///
    /// - Throws: `ExpressionError` at the byte offset of the first problem.
    public static func parse(_ text: String, scope: ExpressionScope) throws(ExpressionError) -> Expression {
        guard text.utf8.count <= ExpressionLimits.maximumLength else {
            throw ExpressionError(offset: 0, "expression longer than \(ExpressionLimits.maximumLength) bytes")
        }
        var lexer = ExpressionLexer(text)
        var parser = ExpressionParser(tokens: try lexer.tokens(), scope: scope)
        guard parser.tokens.count > 1 else { throw ExpressionError(offset: 0, "empty expression") }
        let expression = try parser.conditional()
        let rest = parser.current
        guard rest.kind == .end else { throw ExpressionError(offset: rest.offset, "unexpected \(Self.describe(rest))") }
        // Long chains (`1+1+…`) parse without recursion but make deep trees.
        guard expression.depth <= ExpressionLimits.maximumTreeDepth else {
            throw ExpressionError(offset: 0, "expression nested deeper than \(ExpressionLimits.maximumTreeDepth) operations")
        }
        return expression
    }

    private init(tokens: [ExpressionToken], scope: ExpressionScope) {
        self.tokens = tokens
        self.scope = scope
    }

    private var current: ExpressionToken { tokens[position] }

    private mutating func take(_ symbol: String) -> Bool {
        guard current.kind == .symbol(symbol) else { return false }
        position += 1
        return true
    }

    private mutating func expect(_ symbol: String, _ what: String) throws(ExpressionError) {
        guard take(symbol) else {
            throw ExpressionError(offset: current.offset, "expected \(what), found \(Self.describe(current))")
        }
    }

    private mutating func nest() throws(ExpressionError) {
        depth += 1
        guard depth <= ExpressionLimits.maximumDepth else {
            throw ExpressionError(offset: current.offset, "expression nested deeper than \(ExpressionLimits.maximumDepth) levels")
        }
    }

    private mutating func conditional() throws(ExpressionError) -> Expression {
        try nest()
        defer { depth -= 1 }
        let condition = try binary(.or)
        guard take("?") else { return condition }
        let yes = try conditional()
        try expect(":", "':' of 'condition ? a : b'")
        let no = try conditional()
        return .conditional(condition, yes, no)
    }

    private static let levels: [ExpressionPrecedence: [BinaryOperator]] = [
        .or: [.or], .and: [.and], .equality: [.equal, .notEqual],
        .comparison: [.less, .lessOrEqual, .greater, .greaterOrEqual],
        .sum: [.add, .subtract], .product: [.multiply, .divide],
    ]

    /// A left-associative chain of the operators of `level`.
    private mutating func binary(_ level: ExpressionPrecedence) throws(ExpressionError) -> Expression {
        guard let operators = Self.levels[level], let tighter = ExpressionPrecedence(rawValue: level.rawValue + 1) else {
            return try unary()
        }
        var left = tighter == .unary ? try unary() : try binary(tighter)
        while case .symbol(let symbol) = current.kind, let op = operators.first(where: { $0.rawValue == symbol }) {
            position += 1
            try nest()
            let right = tighter == .unary ? try unary() : try binary(tighter)
            depth -= 1
            left = .binary(op, left, right)
        }
        return left
    }

    private mutating func unary() throws(ExpressionError) -> Expression {
        try nest()
        defer { depth -= 1 }
        if take("-") { return .unary(.negate, try unary()) }
        if take("!") { return .unary(.not, try unary()) }
        if take("+") { return try unary() }
        let base = try primary()
        guard take("^") else { return base }
        return .binary(.power, base, try unary())
    }

    private mutating func primary() throws(ExpressionError) -> Expression {
        let token = current
        switch token.kind {
        case .number(let value):
            position += 1
            return .number(value)
        case .identifier(let name):
            position += 1
            if let function = ExpressionFunction(rawValue: name) {
                return try call(function, at: token.offset)
            }
            if take("(") {
                throw ExpressionError(offset: token.offset, "unknown function '\(name)'; functions: \(ExpressionFunction.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            if name == "pi" { return .number(.pi) }
            if name == "inf" { return .number(.infinity) }
            guard let slot = scope.slot(of: name) else {
                throw ExpressionError(offset: token.offset, "unknown variable '\(name)'; known: \((scope.names + ["pi", "inf"]).joined(separator: ", "))")
            }
            return .variable(name, slot: slot)
        case .symbol("("):
            position += 1
            let inner = try conditional()
            try expect(")", "')'")
            return inner
        default:
            throw ExpressionError(offset: token.offset, "expected a number, a name or '(', found \(Self.describe(token))")
        }
    }

    private mutating func call(_ function: ExpressionFunction, at offset: Int) throws(ExpressionError) -> Expression {
        guard take("(") else {
            throw ExpressionError(offset: offset, "'\(function.rawValue)' is a function: write \(function.signature)")
        }
        var arguments: [Expression] = []
        if current.kind != .symbol(")") {
            repeat {
                arguments.append(try conditional())
            } while take(",")
        }
        try expect(")", "')' or ','")
        guard arguments.count == function.arity else {
            throw ExpressionError(offset: offset, "\(function.rawValue) takes \(function.arity) argument\(function.arity == 1 ? "" : "s"), got \(arguments.count): \(function.signature)")
        }
        return .call(function, arguments)
    }

    private static func describe(_ token: ExpressionToken) -> String {
        switch token.kind {
        case .number(let value): "the number \(value)"
        case .identifier(let name): "'\(name)'"
        case .symbol(let symbol): "'\(symbol)'"
        case .end: "the end"
        }
    }
}
