import CardMath
import CardPacking

/// The pipeline of each kind of card pass (`InstancePass.Kind`), declared once per set of
/// textures: which GL state a pass needs is decided here, not in the code that draws it.
///
/// | pass | depth | blending | why |
/// | --- | --- | --- | --- |
/// | `opaque` | test, write | off | front to back: hidden fragments fail the early depth test |
/// | `translucent` | test, no write | straight alpha over | back to front, over the opaque cards |
/// | `backToFront` | off | straight alpha over | `zindex`: Core Animation's painter's order |
///
/// Every card pass uses the card program, the card vertex array and the card textures (picture
/// pool, label digits, full-resolution pictures, title atlas).
struct CardPipelines {
    let opaque: Pipeline
    let translucent: Pipeline
    let backToFront: Pipeline

    init(program: UInt32, vertexArray: UInt32, textures: [Pipeline.TextureBinding]) {
        opaque = Pipeline(program: program, depth: .test(write: true), blend: .off, vertexArray: vertexArray,
                          textures: textures)
        translucent = Pipeline(program: program, depth: .test(write: false), blend: .over, vertexArray: vertexArray,
                               textures: textures)
        backToFront = Pipeline(program: program, depth: .off, blend: .over, vertexArray: vertexArray, textures: textures)
    }

    subscript(kind: InstancePass.Kind) -> Pipeline {
        switch kind {
        case .opaque: opaque
        case .translucent: translucent
        case .backToFront: backToFront
        }
    }
}

extension Pipeline {
    /// The same state with another program (the peeling variant of the card program).
    func with(program: UInt32) -> Pipeline {
        var copy = self
        copy.program = program
        return copy
    }
}

/// The card programs' per-frame uniforms, set after a pass's pipeline is applied.
struct CardUniforms {
    let camera: Camera
    let drawable: PixelSize
    let shading: CardShading
    let viewProjection: SIMD16<Float>
    let pictureLayers: Int
    let glyphCell: SIMD4<Float>
    let titleSlot: SIMD2<Float>
    let legiblePixels: Float

    init(camera: Camera, drawable: PixelSize, shading: CardShading, renderer: CardRenderer) {
        self.camera = camera
        self.drawable = drawable
        self.shading = shading
        viewProjection = camera.viewProjection.floats
        pictureLayers = renderer.pictures.layerCount
        glyphCell = renderer.glyphCell
        titleSlot = renderer.titles.layerCount > 0
            ? SIMD2(Float(renderer.titles.size.width), Float(renderer.titles.size.height)) : .zero
        legiblePixels = renderer.legiblePixels
    }

    /// Sets the uniforms of `program`, which the applied pipeline made current.
    func set(on program: ShaderProgram, gl: GL) {
        let eye = camera.eye
        gl.uniformMatrix4(program.location("uViewProjection"), columnMajor: viewProjection)
        gl.uniform(program.location("uEye"), Float(eye.x), Float(eye.y), Float(eye.z))
        gl.uniform(program.location("uDrawable"), Float(drawable.width), Float(drawable.height))
        gl.uniform(program.location("uShading"), int: shading == .identity ? 1 : 0)
        gl.uniform(program.location("uPictureLayers"), int: pictureLayers)
        gl.uniform(program.location("uGlyphCell"), glyphCell.x, glyphCell.y, glyphCell.z, glyphCell.w)
        gl.uniform(program.location("uTitleSlot"), titleSlot.x, titleSlot.y)
        gl.uniform(program.location("uLegiblePixels"), legiblePixels)
    }
}
