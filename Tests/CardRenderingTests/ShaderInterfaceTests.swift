import CardLayout
import CardMath
import CardPacking
@testable import CardRendering
import Testing

/// What Swift and the GLSL sources share (`ShaderInterface`): the constants and attribute
/// declarations written into the sources at load time, and the uniform names compared with the
/// GLSL's own declarations.
@Suite("Shader interface: what Swift and GLSL share", .serialized)
struct ShaderInterfaceTests {
    /// The names `text` declares with `uniform TYPE NAME;` or `uniform TYPE NAME[N];` (inside `#ifdef`s too).
    static func declaredUniforms(in text: String) -> Set<String> {
        var names: Set<String> = []
        for line in text.split(separator: "\n") {
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == ";" })
            guard words.count >= 3, words[0] == "uniform" else { continue }
            names.insert(String(words[2].prefix { $0 != "[" }))
        }
        return names
    }

    /// The two bundled stages of `interface`, as the files hold them.
    static func files(_ interface: ShaderInterface) throws -> (vertex: String, fragment: String) {
        (try ShaderSource.bundled(interface.vertexFile).text, try ShaderSource.bundled(interface.fragmentFile).text)
    }

    @Test("each program's GLSL declares exactly the uniforms Swift sets", arguments: ShaderInterface.all.indices)
    func uniforms(program: Int) throws {
        let interface = ShaderInterface.all[program]
        let (vertex, fragment) = try Self.files(interface)
        let declared = Self.declaredUniforms(in: vertex).union(Self.declaredUniforms(in: fragment))
        #expect(declared == Set(interface.uniforms), "\(interface.vertexFile) + \(interface.fragmentFile)")
        #expect(interface.uniforms.count == Set(interface.uniforms).count)
    }

    @Test("the GLSL files declare none of the constants and attributes the prelude writes", arguments: ShaderInterface.all.indices)
    func noSecondDefinition(program: Int) throws {
        let interface = ShaderInterface.all[program]
        let (vertex, fragment) = try Self.files(interface)
        for text in [vertex, fragment] {
            #expect(!text.contains("layout(location"))
            for constant in interface.constants {
                #expect(!text.contains("const \(constant.type) \(constant.name) "), "\(constant.name)")
            }
        }
    }

    @Test("the prelude goes after #version, the stage's attributes only in the vertex stage, then #line 2")
    func prelude() throws {
        let card = ShaderInterface.card
        let source = ShaderSource(name: "x.vert", text: "#version 330 core\nvoid main() {}\n")
        let vertex = card.prepared(source, stage: .vertex, defines: ["BODY"]).text
        let fragment = card.prepared(source, stage: .fragment).text
        #expect(vertex.hasPrefix("#version 330 core\n#define BODY\nconst uint noPicture = 65535u;\n"))
        #expect(vertex.hasSuffix("\nlayout(location = 12) in float iDepthOffset;\n#line 2\nvoid main() {}\n"))
        #expect(!fragment.contains("layout(location"))
        #expect(fragment.hasSuffix("\n#line 2\nvoid main() {}\n"))
        // Nothing to add: the source unchanged.
        #expect(ShaderInterface.floor.prepared(source, stage: .vertex) == source)
        // Without #version: at the top, counting from line 1.
        #expect(ShaderSource(name: "y", text: "void main() {}").inserting(["#define A"]).text == "#define A\n#line 1\nvoid main() {}")
    }

    @Test("constants are written from the Swift values, as literals that read back exactly")
    func constants() {
        let card = Dictionary(uniqueKeysWithValues: ShaderInterface.card.constants.map { ($0.name, $0.declaration) })
        #expect(card["noPicture"] == "const uint noPicture = \(PictureLayer.none)u;")
        #expect(card["zoomLayer"] == "const uint zoomLayer = \(PictureLayer.zoom)u;")
        #expect(card["identityMultiplier"] == "const uint identityMultiplier = \(IdentityColor.multiplier)u;")
        #expect(card["cullCodeMask"] == "const uint cullCodeMask = 15u;")
        #expect(card["partCull"] == "const int partCull = 5;")
        #expect(card["cornerRadiusFraction"] == "const float cornerRadiusFraction = 0.025;")
        #expect(card["maximumCornerRadius"] == "const float maximumCornerRadius = 24.0;")
        #expect(card["cardBackground"] == "const vec3 cardBackground = vec3(0.2, 0.21, 0.25);")
        #expect(card["peelBehindPreviousLayer"] == "const int peelBehindPreviousLayer = \(PeelMode.behindPreviousLayer.rawValue);")
        for value: Float in [0, 1, -1, 0.025, 0.21, 1e-7, 3.4e38, 123_456.79, .ulpOfOne, 0.1 + 0.2] {
            let literal = ShaderConstant.literal(value)
            #expect(Float(literal) == value, "\(literal)")
            #expect(literal.contains(".") || literal.contains("e"), "\(literal)")
        }
    }

    @Test("the card's instance attributes read every byte of the record once, each its own location")
    func instanceAttributes() {
        let attributes = ShaderInterface.cardInstanceAttributes.sorted { $0.offset < $1.offset }
        var end = 0
        for attribute in attributes {
            #expect(attribute.offset == end, "\(attribute.name)")
            end = attribute.offset + attribute.byteCount
        }
        #expect(end == InstanceRecord.stride)
        let locations = (CardMesh.attributes + attributes).map(\.location)
        #expect(Set(locations).count == locations.count)
        #expect(ShaderInterface.cardInstanceAttributes.first { $0.name == "iLayerTitle" }?.declaration
                == "layout(location = 8) in uvec2 iLayerTitle;")
        #expect(ShaderInterface.cardInstanceAttributes.first { $0.name == "iVisibleHeight" }?.glslType == "float")
        // The text overlay's quads likewise.
        let quads = OverlayQuad.attributes
        #expect(quads.map(\.offset) == [0, 16, 32])
        #expect(quads.reduce(0) { $0 + $1.byteCount } == OverlayQuad.stride)
        #expect(CardMesh.attributes.reduce(0) { $0 + $1.byteCount } == CardMesh.vertexFloats * 4)
    }

    @Test("the culling codes the shader decodes fit the flags' high bits")
    func cullCodes() {
        let codes = InstanceFlags.cullMask.rawValue >> InstanceFlags.cullShift
        #expect(codes << InstanceFlags.cullShift == InstanceFlags.cullMask.rawValue)
        #expect(InstanceFlags.cullMask.rawValue.trailingZeroBitCount == Int(InstanceFlags.cullShift))
        #expect(2 * InstanceFlags.cullPickedCode <= InstanceFlags.cullRejectedCode)
        #expect(InstanceFlags.cullBits(stars: 5, picked: true, rejected: false) >> InstanceFlags.cullShift == InstanceFlags.cullPickedCode + 5)
    }

    @Test("decorations lift less than a coplanar step and a stacking layer")
    func decorationLift() {
        #expect(Double(CardRenderer.decorationLift) < CoplanarOrder.depthPerStep)
        #expect(Double(CardRenderer.decorationLift) < CardStacking.layerSpacing)
    }

    @Test("a driver's message about a loaded stage counts the file's own lines")
    func lineNumbers() throws {
        let gpu = try Scenes.context()
        // The error is on line 3 of the file, after the prelude's many lines.
        let broken = ShaderSource(name: "broken.frag", text: "#version 330 core\nout vec4 c;\nvoid main() { c = undefinedThing; }\n")
        do {
            _ = try CardRenderer(context: gpu, fragmentShader: broken)
            Issue.record("a broken shader compiled")
        } catch let RenderError.shaderCompile(file, log) {
            #expect(file == "broken.frag")
            #expect(log.contains("0:3(") || log.contains("(3)"), "\(log)")
        }
    }
}
