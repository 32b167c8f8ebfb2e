/// `transform`: an array of steps, each an object with one key (SPEC §9), in Core Animation's
/// order: each step applies to the card before the step written before it.
extension LayoutFileParser {
    mutating func readSteps(at offset: Int, allowing allowed: Set<String>) throws -> [TransformStep] {
        scanner.seek(to: offset)
        guard try scanner.peek() == UInt8(ascii: "[") else { throw fail("transform must be an array of steps", at: offset) }
        var starts: [Int] = []
        var local = scanner
        try local.array { scanner, index in
            let start = try scanner.valueStart()
            guard index < LayoutFileLimits.maximumSteps else {
                throw self.fail("more than \(LayoutFileLimits.maximumSteps) transform steps", at: start)
            }
            starts.append(start)
            try scanner.skipValue()
        }
        return try starts.map { start throws -> TransformStep in try step(at: start, allowing: allowed) }
    }

    private mutating func step(at offset: Int, allowing allowed: Set<String>) throws -> TransformStep {
        let entries = try fields(at: offset, what: "a transform step")
        guard entries.count == 1, let (key, value) = entries.first else {
            throw fail("a transform step is an object with one key: \(Self.stepKeys.joined(separator: ", "))", at: offset)
        }
        switch key.name {
        case "translate":
            let v = try expressionList(at: value, count: 3, what: "translate [x, y, z]", allowing: allowed)
            return .translate(v[0], v[1], v[2])
        case "rotateX": return .rotateX(try expression(at: value, allowing: allowed))
        case "rotateY": return .rotateY(try expression(at: value, allowing: allowed))
        case "rotateZ": return .rotateZ(try expression(at: value, allowing: allowed))
        case "scale":
            scanner.seek(to: value)
            if try scanner.peek() == UInt8(ascii: "[") {
                let v = try expressionList(at: value, count: 3, what: "scale [x, y, z]", allowing: allowed)
                return .scale(v[0], v[1], v[2])
            }
            let factor = try expression(at: value, allowing: allowed)
            return .scale(factor, factor, factor)
        case "rotate":
            var axis: [SourceExpression]?, angle: SourceExpression?
            for (field, at) in try fields(at: value, what: "rotate") {
                switch field.name {
                case "axis": axis = try expressionList(at: at, count: 3, what: "axis [x, y, z]", allowing: allowed)
                case "angle": angle = try expression(at: at, allowing: allowed)
                default: throw fail("unknown key '\(field.name)' in rotate; known keys: axis, angle", at: field.offset)
                }
            }
            guard let axis, let angle else { throw fail("rotate needs \"axis\" [x, y, z] and \"angle\" (radians)", at: value) }
            return .rotate(axis: (axis[0], axis[1], axis[2]), angle: angle)
        default:
            throw fail("unknown transform step '\(key.name)'; steps: \(Self.stepKeys.joined(separator: ", "))", at: key.offset)
        }
    }
}
