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
/// | `decorations` | test, no write | off | after the opaque bodies: a badge shows where its card does |
/// | `paintedBackToFront` | test, write | straight alpha over | `zindex` with decorations: each card's depth is its place in the painter's order, so cards still paint back to front |
/// | `paintedDecorations` | test, no write | straight alpha over | then the decorations, each half a step in front of its card: hidden where a later card covers it |
///
/// Every card pass uses the card vertex array and the card textures (picture pool, label digits,
/// full-resolution pictures, title atlas); the program (`CardPrograms`) is chosen per draw.
struct CardPipelines {
    let opaque: Pipeline
    let translucent: Pipeline
    let backToFront: Pipeline
    let decorations: Pipeline
    let paintedBackToFront: Pipeline
    let paintedDecorations: Pipeline

    init(vertexArray: UInt32, textures: [Pipeline.TextureBinding]) {
        func make(_ depth: Pipeline.Depth, _ blend: Pipeline.Blend) -> Pipeline {
            Pipeline(program: 0, depth: depth, blend: blend, vertexArray: vertexArray, textures: textures)
        }
        opaque = make(.test(write: true), .off)
        translucent = make(.test(write: false), .over)
        backToFront = make(.off, .over)
        decorations = make(.test(write: false), .off)
        paintedBackToFront = make(.test(write: true), .over)
        paintedDecorations = make(.test(write: false), .over)
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
    let pictureSize: SIMD2<Float>
    let glyphCell: SIMD4<Float>
    let titleSlot: SIMD2<Float>
    let legiblePixels: Float
    let tileView: TileView?

    init(camera: Camera, drawable: PixelSize, shading: CardShading, renderer: CardRenderer) {
        self.camera = camera
        self.drawable = drawable
        self.shading = shading
        viewProjection = camera.viewProjection.floats
        pictureLayers = renderer.pictures.layerCount
        pictureSize = SIMD2(Float(renderer.pictures.size.width), Float(renderer.pictures.size.height))
        glyphCell = renderer.glyphCell
        titleSlot = renderer.titles.layerCount > 0
            ? SIMD2(Float(renderer.titles.size.width), Float(renderer.titles.size.height)) : .zero
        legiblePixels = renderer.legiblePixels
        tileView = renderer.tileView
    }

    /// Sets the uniforms of `program`, which the applied pipeline made current.
    func set(on program: ShaderProgram, gl: GL) {
        let eye = camera.eye
        gl.uniformMatrix4(program.location(CardUniform.viewProjection), columnMajor: viewProjection)
        gl.uniform(program.location(CardUniform.eye), Float(eye.x), Float(eye.y), Float(eye.z))
        gl.uniform(program.location(CardUniform.drawable), Float(drawable.width), Float(drawable.height))
        gl.uniform(program.location(CardUniform.viewport), Float(camera.viewport.width), Float(camera.viewport.height))
        gl.uniform(program.location(CardUniform.pictureLayers), int: pictureLayers)
        gl.uniform(program.location(CardUniform.pictureSize), pictureSize.x, pictureSize.y)
        gl.uniform(program.location(CardUniform.glyphCell), glyphCell.x, glyphCell.y, glyphCell.z, glyphCell.w)
        gl.uniform(program.location(CardUniform.titleSlot), titleSlot.x, titleSlot.y)
        gl.uniform(program.location(CardUniform.legiblePixels), legiblePixels)
        gl.uniform(program.location(CardUniform.paintOrder), 0, 0, 0)
        if let tiles = tileView { tiles.set(on: program, gl: gl) }
    }

    /// Turns the painter's-order depth on for a `zindex` pass of `count` cards (after `set`).
    func setPaintOrder(on program: ShaderProgram, count: Int, gl: GL) {
        gl.uniform(program.location(CardUniform.paintOrder), 1, 0, Float(count))
    }
}
