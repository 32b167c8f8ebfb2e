import CardMath
import CardRendering
import Testing

/// Shader loading and the errors of shaders that do not compile or link.
@Suite("Shaders", .serialized)
struct ShaderTests {
    @Test("the bundled shaders load and are GLSL 330 core")
    func bundled() throws {
        let vertex = try ShaderSource.bundled("card.vert")
        let fragment = try ShaderSource.bundled("card.frag")
        #expect(vertex.text.hasPrefix("#version 330 core"))
        #expect(fragment.text.hasPrefix("#version 330 core"))
    }

    @Test("a missing shader file is an error naming it")
    func missing() {
        #expect(throws: RenderError.self) { _ = try ShaderSource.bundled("nope.frag") }
        do {
            _ = try ShaderSource.bundled("nope.frag")
        } catch {
            #expect("\(error)".contains("nope.frag"))
        }
    }

    @Test("a fragment shader that does not compile: the error names the file and carries the driver's log")
    func brokenFragment() throws {
        let gpu = try Scenes.context()
        let broken = ShaderSource(name: "broken.frag", text: "#version 330 core\nout vec4 c;\nvoid main() { c = undefinedThing; }\n")
        do {
            _ = try CardRenderer(context: gpu, fragmentShader: broken)
            Issue.record("a broken shader compiled")
        } catch let error as RenderError {
            guard case let .shaderCompile(file, log) = error else {
                Issue.record("unexpected error \(error)")
                return
            }
            #expect(file == "broken.frag")
            #expect(log.contains("undefinedThing"))
            #expect(error.description.hasPrefix("shader 'broken.frag' does not compile: "))
            #expect(!error.description.contains("\n"))
        }
    }

    @Test("a vertex shader that does not compile is named too")
    func brokenVertex() throws {
        let gpu = try Scenes.context()
        let broken = ShaderSource(name: "broken.vert", text: "#version 330 core\nvoid main() { gl_Position = 1; }\n")
        do {
            _ = try CardRenderer(context: gpu, vertexShader: broken)
            Issue.record("a broken shader compiled")
        } catch let RenderError.shaderCompile(file, log) {
            #expect(file == "broken.vert")
            #expect(!log.isEmpty)
        }
    }

    @Test("stages that compile but do not link: the error names both files")
    func linkFailure() throws {
        let gpu = try Scenes.context()
        // A fragment stage without main() compiles, but a program needs one.
        let fragment = ShaderSource(name: "lonely.frag",
                                    text: "#version 330 core\nout vec4 c;\nvoid helper() { c = vec4(1.0); }\n")
        do {
            _ = try CardRenderer(context: gpu, fragmentShader: fragment)
            Issue.record("mismatched stages linked")
        } catch let error as RenderError {
            #expect(error.description.contains("lonely.frag"))
            #expect(error.description.contains("card.vert"))
        }
    }
}
