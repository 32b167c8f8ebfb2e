import CardMath
import CardPixels

/// The floor of a frame's cost: clearing the framebuffer (colour and depth, as a frame does) and
/// drawing one viewport-covering textured quad with a trivial shader (`quad.vert`, `floor.frag`:
/// one texture sample per pixel). A frame of cards costs at least about this much fill — one
/// screen of pixels — so the benchmark reports every frame as a ratio to it, measured in the same
/// process and run, into the same framebuffer.
public final class FloorRenderer {
    public let context: GraphicsContext
    private let gl = GL()
    private let program: ShaderProgram
    private let vertexArray: UInt32
    private let texture: UInt32
    private let pipeline: Pipeline

    /// Compiles the floor's shaders and uploads `picture` (any size; sampled bilinearly across
    /// the viewport, as a card's picture is); makes `context` current.
    public init(context: GraphicsContext, picture: RGBAImage) throws {
        self.context = context
        try context.makeCurrent()
        let gl = self.gl
        program = try ShaderProgram(gl: gl, interface: .floor)
        vertexArray = gl.makeVertexArray()
        texture = gl.makeTexture()
        gl.bindTexture(texture, unit: 0, array: false)
        let image = picture.width > 0 && picture.height > 0 ? picture : RGBAImage(width: 1, height: 1, fill: (128, 128, 128, 255))
        image.pixels.withUnsafeBytes { gl.texture2D(width: image.width, height: image.height, pixels: $0) }
        gl.textureFiltering(array: false, mipmaps: false)
        pipeline = Pipeline(program: program.program, depth: .off, blend: .off, vertexArray: vertexArray,
                            textures: [.init(unit: 0, texture: texture, kind: .twoD)])
        gl.useProgram(program.program)
        gl.uniform(program.location(FloorUniform.picture), int: 0)
        try gl.throwIfError("creating the floor renderer")
    }

    deinit {
        guard (try? context.makeCurrent()) != nil else { return }
        gl.deleteTexture(texture)
        gl.deleteVertexArray(vertexArray)
        program.delete()
    }

    /// Clears the framebuffer and draws the quad. Does not present (the caller's `present()`
    /// waits for it offscreen).
    public func draw() throws {
        try context.makeCurrent()
        let size = context.drawableSize
        guard !size.isEmpty else { return }
        gl.bindFramebuffer(context.framebuffer)
        gl.viewport(width: size.width, height: size.height)
        gl.clear(red: 0.1, green: 0.11, blue: 0.14, alpha: 1)
        gl.apply(pipeline)
        gl.uniform(program.location(FloorUniform.drawable), Float(size.width), Float(size.height))
        gl.drawFullscreenQuad()
        try gl.throwIfError("drawing the floor")
    }
}
