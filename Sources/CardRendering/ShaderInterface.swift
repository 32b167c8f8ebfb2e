import CardShaders

/// What one GLSL program shares with the Swift that feeds it, defined once, here in Swift: the
/// constants both sides use, the vertex attributes (where the vertex array reads each one and
/// how the vertex shader declares it) and the names of the uniforms Swift sets.
///
/// The constants and the attribute declarations are written into the GLSL when a stage is
/// loaded (`prepared(_:stage:defines:)`): a prelude right after the `#version` line — the
/// variant's `#define`s, a `const` per constant and, in the vertex stage,
/// `layout(location = N) in TYPE NAME;` per attribute — then a `#line` directive, so that the
/// driver's messages still count the file's own lines. The GLSL files use these names and
/// declare none of them. Uniforms are declared in the GLSL, next to what they mean; the tests
/// (`ShaderInterfaceTests`) check that each program declares exactly the uniforms named here.
struct ShaderInterface {
    /// A stage of the program.
    enum Stage { case vertex, fragment }

    /// The bundled sources (`ShaderLibrary` names).
    let vertexFile: String
    let fragmentFile: String
    /// Constants both stages see.
    var constants: [ShaderConstant] = []
    /// The vertex stage's inputs.
    var attributes: [VertexAttribute] = []
    /// The uniforms Swift sets, by their GLSL names.
    var uniforms: [String] = []

    /// The lines written after `#version` for `stage` (without the variant's defines).
    func prelude(for stage: Stage) -> [String] {
        var lines = constants.map(\.declaration)
        if stage == .vertex { lines += attributes.map(\.declaration) }
        return lines
    }

    /// `source` with `defines` and the stage's prelude after its `#version` line, reported
    /// under the source's own name; `source` itself when there is nothing to add.
    func prepared(_ source: ShaderSource, stage: Stage, defines: [String] = []) -> ShaderSource {
        let lines = defines.map { "#define \($0)" } + prelude(for: stage)
        return lines.isEmpty ? source : source.inserting(lines)
    }

    /// Both stages of the bundled sources, prepared (no defines).
    ///
    /// - Throws: `RenderError.shaderMissing` naming the folders searched.
    func bundledSources() throws -> (vertex: ShaderSource, fragment: ShaderSource) {
        (prepared(try .bundled(vertexFile), stage: .vertex), prepared(try .bundled(fragmentFile), stage: .fragment))
    }
}

/// A GLSL `const` written from a Swift value.
struct ShaderConstant: Hashable {
    /// The GLSL name.
    let name: String
    /// The GLSL type: `uint`, `int`, `float` or `vec3`.
    let type: String
    /// The value as a GLSL literal (or constructor) that reads back exactly.
    let value: String

    /// `const TYPE NAME = VALUE;`
    var declaration: String { "const \(type) \(name) = \(value);" }

    static func uint(_ name: String, _ value: some BinaryInteger) -> ShaderConstant {
        ShaderConstant(name: name, type: "uint", value: "\(UInt32(value))u")
    }

    static func int(_ name: String, _ value: Int) -> ShaderConstant {
        ShaderConstant(name: name, type: "int", value: "\(Int32(value))")
    }

    static func float(_ name: String, _ value: Float) -> ShaderConstant {
        ShaderConstant(name: name, type: "float", value: literal(value))
    }

    static func vec3(_ name: String, _ value: SIMD3<Float>) -> ShaderConstant {
        ShaderConstant(name: name, type: "vec3", value: "vec3(\(literal(value.x)), \(literal(value.y)), \(literal(value.z)))")
    }

    /// A GLSL float literal of `value` (finite): Swift's shortest digits that read back as
    /// exactly this Float ("0.2", "1e-07"), with a decimal point where they have none.
    static func literal(_ value: Float) -> String {
        precondition(value.isFinite, "GLSL has no literal for \(value)")
        let text = "\(value)"
        return text.contains(".") || text.contains("e") ? text : text + ".0"
    }
}

/// One vertex attribute: where the vertex array reads it in its buffer, and the vertex shader's
/// declaration of it.
struct VertexAttribute: Hashable {
    /// The attribute's location.
    let location: Int
    /// The GLSL name.
    let name: String
    /// Values per vertex (or instance), 1…4.
    let components: Int
    /// How each value is stored; integer types reach the shader as integers.
    let type: AttributeType
    /// Bytes from the start of the vertex (or record).
    let offset: Int

    /// The bytes one vertex (or record) of the attribute takes.
    var byteCount: Int {
        switch type {
        case .float, .uint32: 4 * components
        case .half, .uint16, .unorm16: 2 * components
        case .uint8: components
        }
    }

    /// The GLSL type the values arrive as: `uint`/`uvecN` for integer types, `float`/`vecN` else.
    var glslType: String {
        let integer = type == .uint32 || type == .uint16 || type == .uint8
        if components == 1 { return integer ? "uint" : "float" }
        return (integer ? "uvec" : "vec") + "\(components)"
    }

    /// `layout(location = N) in TYPE NAME;`
    var declaration: String { "layout(location = \(location)) in \(glslType) \(name);" }
}

extension ShaderProgram {
    /// Compiles and links the bundled sources of `interface`, prepared; call with a context current.
    ///
    /// - Throws: `RenderError.shaderMissing`, `.shaderCompile` or `.shaderLink`.
    convenience init(gl: GL, interface: ShaderInterface) throws {
        let sources = try interface.bundledSources()
        try self.init(gl: gl, vertex: sources.vertex, fragment: sources.fragment)
    }

    /// The location of uniform `name` (a program's uniform names: `CardUniform`, …), cached.
    func location<Name: RawRepresentable>(_ name: Name) -> Int where Name.RawValue == String {
        location(name.rawValue)
    }
}
