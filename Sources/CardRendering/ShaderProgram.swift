import CardShaders

/// A GLSL source and the file name it is reported under.
public struct ShaderSource: Hashable, Sendable {
    /// The file name used in error messages, e.g. "card.frag".
    public var name: String
    /// GLSL 330 core text.
    public var text: String

    public init(name: String, text: String) {
        self.name = name
        self.text = text
    }

    /// The same source with `#define NAME` after its `#version` line (a variant of one file,
    /// reported under the file's name).
    public func defining(_ macro: String) -> ShaderSource {
        inserting(["#define \(macro)"])
    }

    /// The same source with `lines` after its `#version` line (at the top when it has none),
    /// then a `#line` directive, so that the driver's messages still count the file's own lines.
    public func inserting(_ lines: [String]) -> ShaderSource {
        var rest = Substring(text)
        var head = ""
        if rest.hasPrefix("#version") {
            let end = rest.firstIndex(of: "\n").map { rest.index(after: $0) } ?? rest.endIndex
            head = String(rest[..<end])
            rest = rest[end...]
            if !head.hasSuffix("\n") { head += "\n" }
        }
        let next = head.isEmpty ? 1 : 2
        return ShaderSource(name: name, text: head + lines.joined(separator: "\n") + "\n#line \(next)\n" + rest)
    }

    /// The shader file `name` from the `Shaders/` resources.
    ///
    /// - Throws: `RenderError.shaderMissing` naming the folders searched.
    public static func bundled(_ name: String) throws -> ShaderSource {
        guard let text = ShaderLibrary.source(named: name) else {
            throw RenderError.shaderMissing(file: name, searched: ShaderLibrary.searchedFolders.map(\.path))
        }
        return ShaderSource(name: name, text: text)
    }
}

/// A linked vertex + fragment program and the locations of its uniforms.
final class ShaderProgram {
    let program: UInt32
    private let gl: GL
    private var locations: [String: Int] = [:]

    /// Compiles both stages and links them; call with a context current.
    ///
    /// - Throws: `RenderError.shaderCompile` naming the file that failed with the driver's log,
    ///   or `RenderError.shaderLink`.
    init(gl: GL, vertex: ShaderSource, fragment: ShaderSource) throws {
        self.gl = gl
        let vertexShader: UInt32
        switch gl.compileShader(fragment: false, source: vertex.text) {
        case let .success(shader): vertexShader = shader
        case let .failure(log): throw RenderError.shaderCompile(file: vertex.name, log: log.text)
        }
        let fragmentShader: UInt32
        switch gl.compileShader(fragment: true, source: fragment.text) {
        case let .success(shader): fragmentShader = shader
        case let .failure(log):
            gl.deleteShader(vertexShader)
            throw RenderError.shaderCompile(file: fragment.name, log: log.text)
        }
        switch gl.linkProgram([vertexShader, fragmentShader]) {
        case let .success(program): self.program = program
        case let .failure(log): throw RenderError.shaderLink(files: [vertex.name, fragment.name], log: log.text)
        }
    }

    /// A program linked elsewhere (another context of the share group: `CompileAhead`), owned
    /// from now on.
    init(gl: GL, adopting program: UInt32) {
        self.gl = gl
        self.program = program
    }

    /// The location of uniform `name` (−1 when the program does not use it), cached.
    func location(_ name: String) -> Int {
        if let cached = locations[name] { return cached }
        let location = gl.uniformLocation(program, name)
        locations[name] = location
        return location
    }

    /// Deletes the program; call with its context current.
    func delete() { gl.deleteProgram(program) }
}
