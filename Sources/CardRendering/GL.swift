// The GL wrapper (with GL+Targets.swift, the only files that call OpenGL). libepoxy's `glFoo` names are C macros Swift cannot see; the
// real entry points are the `epoxy_glFoo` function pointers, resolved by libepoxy on first use
// against the current context. `@preconcurrency`: those pointers are C globals that libepoxy
// rewrites once resolved, which Swift 6 would otherwise refuse as shared mutable state.
@preconcurrency import CEpoxy
import CardMath

/// Thin wrappers over the OpenGL 3.3 core calls the renderer uses, with a draw-call counter and,
/// in debug builds, a `glGetError` check after every call that remembers the first failure and
/// the call that caused it.
///
/// One instance per owner (renderer, offscreen target); it holds no GL object itself. Every call
/// needs a current context. Errors surface through `throwIfError(_:)`, which the owner calls
/// after allocating resources and after each frame, in every build configuration.
final class GL {
    /// How many instanced draw calls this instance issued since it was created.
    private(set) var drawCallCount = 0
    /// The first error seen by a debug-build check and the call that raised it.
    private var pendingError: (code: GLenum, call: String)?

    init() {}

    // MARK: Errors and queries

    /// Throws the first GL error since the last check, naming `activity` (and, in debug builds,
    /// the call that failed). Clears the error flags. `activity` is only built when there is an
    /// error, so a frame's check allocates nothing.
    func throwIfError(_ activity: @autoclosure () -> String) throws {
        var first = pendingError
        pendingError = nil
        for _ in 0..<16 {  // one flag per call; a context has only a few
            let code = epoxy_glGetError!()
            if code == GLenum(GL_NO_ERROR) { break }
            if first == nil { first = (code, "") }
        }
        guard let (code, call) = first else { return }
        throw RenderError.glError(activity: activity(), call: call, code: Self.name(of: code))
    }

    @inline(__always) func check(_ call: StaticString) {
        #if DEBUG
        let code = epoxy_glGetError!()
        if code != GLenum(GL_NO_ERROR), pendingError == nil { pendingError = (code, "\(call)") }
        #endif
    }

    /// `GL_OUT_OF_MEMORY` and friends by name, for messages.
    static func name(of code: GLenum) -> String {
        switch Int32(code) {
        case GL_INVALID_ENUM: "GL_INVALID_ENUM"
        case GL_INVALID_VALUE: "GL_INVALID_VALUE"
        case GL_INVALID_OPERATION: "GL_INVALID_OPERATION"
        case GL_INVALID_FRAMEBUFFER_OPERATION: "GL_INVALID_FRAMEBUFFER_OPERATION"
        case GL_OUT_OF_MEMORY: "GL_OUT_OF_MEMORY"
        default: "GL error 0x\(String(code, radix: 16))"
        }
    }

    /// `GL_VERSION`, `GL_RENDERER` and `GL_VENDOR`.
    func driverStrings() -> (version: String, renderer: String, vendor: String) {
        (string(GL_VERSION), string(GL_RENDERER), string(GL_VENDOR))
    }

    /// Limits that bound offscreen targets and textures.
    func limits() -> (maxRenderbufferSize: Int, maxSamples: Int, maxTextureSize: Int, maxArrayLayers: Int) {
        (integer(GL_MAX_RENDERBUFFER_SIZE), integer(GL_MAX_SAMPLES), integer(GL_MAX_TEXTURE_SIZE),
         integer(GL_MAX_ARRAY_TEXTURE_LAYERS))
    }

    /// `GL_MAX_VIEWPORT_DIMS`: the largest viewport's width and height.
    func maximumViewport() -> PixelSize {
        var dimensions: [GLint] = [0, 0]
        epoxy_glGetIntegerv!(GLenum(GL_MAX_VIEWPORT_DIMS), &dimensions)
        check("glGetIntegerv")
        return PixelSize(width: Int(dimensions[0]), height: Int(dimensions[1]))
    }

    /// A `glGetString` value, or "" when the driver has none.
    private func string(_ name: Int32) -> String {
        guard let text = epoxy_glGetString!(GLenum(name)) else { return "" }
        return String(cString: text)
    }

    /// A single `glGetIntegerv` value.
    private func integer(_ name: Int32) -> Int {
        var value: GLint = 0
        epoxy_glGetIntegerv!(GLenum(name), &value)
        check("glGetIntegerv")
        return Int(value)
    }

    // MARK: Pipeline state

    func viewport(width: Int, height: Int) {
        epoxy_glViewport!(0, 0, GLsizei(width), GLsizei(height)); check("glViewport")
    }

    func clear(red: Float, green: Float, blue: Float, alpha: Float) {
        epoxy_glClearColor!(red, green, blue, alpha)
        epoxy_glClearDepth!(1)
        // Masks would also mask the clear: a pass's pipeline sets its own again.
        epoxy_glDepthMask!(GLboolean(GL_TRUE))
        epoxy_glColorMask!(GLboolean(GL_TRUE), GLboolean(GL_TRUE), GLboolean(GL_TRUE), GLboolean(GL_TRUE))
        epoxy_glClear!(GLbitfield(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT)); check("glClear")
    }

    /// Sets every piece of state `pipeline` declares: program, depth test and writes, blending,
    /// colour writes, face culling (always off: cards are seen from both sides), vertex array
    /// and textures. A pass applies its pipeline whole, so nothing needs resetting after it.
    func apply(_ pipeline: Pipeline) {
        epoxy_glUseProgram!(pipeline.program)
        switch pipeline.depth {
        case .off:
            epoxy_glDisable!(GLenum(GL_DEPTH_TEST))
            epoxy_glDepthMask!(GLboolean(GL_FALSE))
        case .test(let write):
            epoxy_glEnable!(GLenum(GL_DEPTH_TEST))
            epoxy_glDepthFunc!(GLenum(GL_LESS))
            epoxy_glDepthMask!(GLboolean(write ? GL_TRUE : GL_FALSE))
        }
        applyBlend(pipeline.blend)
        let color = GLboolean(pipeline.colorWrites ? GL_TRUE : GL_FALSE)
        epoxy_glColorMask!(color, color, color, color)
        epoxy_glDisable!(GLenum(GL_CULL_FACE))
        epoxy_glBindVertexArray!(pipeline.vertexArray)
        for binding in pipeline.textures {
            epoxy_glActiveTexture!(GLenum(GL_TEXTURE0 + Int32(binding.unit)))
            epoxy_glBindTexture!(GLenum(binding.kind == .array ? GL_TEXTURE_2D_ARRAY : GL_TEXTURE_2D), binding.texture)
        }
        check("applying a pipeline")
    }

    private func applyBlend(_ blend: Pipeline.Blend) {
        func enable(_ source: Int32, _ destination: Int32, alphaSource: Int32, alphaDestination: Int32) {
            epoxy_glEnable!(GLenum(GL_BLEND))
            epoxy_glBlendEquation!(GLenum(GL_FUNC_ADD))
            epoxy_glBlendFuncSeparate!(GLenum(source), GLenum(destination), GLenum(alphaSource), GLenum(alphaDestination))
        }
        switch blend {
        case .off:
            epoxy_glDisable!(GLenum(GL_BLEND))
        case .over:
            // Straight alpha: colour by source alpha, destination alpha as coverage, so the
            // framebuffer's alpha stays exact (a + a_dst·(1 − a)).
            enable(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, alphaSource: GL_ONE, alphaDestination: GL_ONE_MINUS_SRC_ALPHA)
        case .premultipliedOver:
            enable(GL_ONE, GL_ONE_MINUS_SRC_ALPHA, alphaSource: GL_ONE, alphaDestination: GL_ONE_MINUS_SRC_ALPHA)
        case .premultipliedUnder:
            // Front-to-back accumulation: dst += (1 − dst.a)·src.
            enable(GL_ONE_MINUS_DST_ALPHA, GL_ONE, alphaSource: GL_ONE_MINUS_DST_ALPHA, alphaDestination: GL_ONE)
        }
    }

    /// Finishes every queued command (offscreen frames, before a read-back or a timing).
    func finish() { epoxy_glFinish!(); check("glFinish") }

    // MARK: Buffers and vertex arrays

    func makeVertexArray() -> GLuint {
        var name: GLuint = 0
        epoxy_glGenVertexArrays!(1, &name); check("glGenVertexArrays")
        return name
    }

    func bindVertexArray(_ name: GLuint) { epoxy_glBindVertexArray!(name); check("glBindVertexArray") }

    func deleteVertexArray(_ name: GLuint) {
        var name = name
        epoxy_glDeleteVertexArrays!(1, &name); check("glDeleteVertexArrays")
    }

    func makeBuffer() -> GLuint {
        var name: GLuint = 0
        epoxy_glGenBuffers!(1, &name); check("glGenBuffers")
        return name
    }

    func deleteBuffer(_ name: GLuint) {
        var name = name
        epoxy_glDeleteBuffers!(1, &name); check("glDeleteBuffers")
    }

    func bindArrayBuffer(_ name: GLuint) {
        epoxy_glBindBuffer!(GLenum(GL_ARRAY_BUFFER), name); check("glBindBuffer")
    }

    /// Replaces the bound array buffer's storage (`glBufferData`: the driver orphans the old
    /// storage, so a buffer still in use by the GPU is not waited for).
    func arrayBufferData(_ bytes: UnsafeRawBufferPointer, streaming: Bool) {
        epoxy_glBufferData!(GLenum(GL_ARRAY_BUFFER), GLsizeiptr(bytes.count), bytes.baseAddress,
                            GLenum(streaming ? GL_STREAM_DRAW : GL_STATIC_DRAW))
        check("glBufferData")
    }

    /// Allocates `byteCount` bytes of uninitialised streaming storage for the bound array buffer.
    func arrayBufferReserve(byteCount: Int) {
        epoxy_glBufferData!(GLenum(GL_ARRAY_BUFFER), GLsizeiptr(byteCount), nil, GLenum(GL_STREAM_DRAW))
        check("glBufferData")
    }

    /// Writes bytes at the start of the bound array buffer.
    func arrayBufferSubData(_ bytes: UnsafeRawBufferPointer) {
        epoxy_glBufferSubData!(GLenum(GL_ARRAY_BUFFER), 0, GLsizeiptr(bytes.count), bytes.baseAddress)
        check("glBufferSubData")
    }

    /// A vertex attribute read from the bound array buffer, `components` values of `type`
    /// each; integer types reach the shader as integers (`uint`, `uvec2`), not converted to
    /// float. `divisor` 1 advances per instance.
    func attribute(_ location: Int, components: Int, type: AttributeType, stride: Int, offset: Int, divisor: Int) {
        let index = GLuint(location)
        epoxy_glEnableVertexAttribArray!(index)
        let pointer = UnsafeRawPointer(bitPattern: offset)
        switch type {
        case .float:
            epoxy_glVertexAttribPointer!(index, GLint(components), GLenum(GL_FLOAT), GLboolean(GL_FALSE), GLsizei(stride), pointer)
        case .half:
            epoxy_glVertexAttribPointer!(index, GLint(components), GLenum(GL_HALF_FLOAT), GLboolean(GL_FALSE), GLsizei(stride), pointer)
        case .uint32:
            epoxy_glVertexAttribIPointer!(index, GLint(components), GLenum(GL_UNSIGNED_INT), GLsizei(stride), pointer)
        case .uint16:
            epoxy_glVertexAttribIPointer!(index, GLint(components), GLenum(GL_UNSIGNED_SHORT), GLsizei(stride), pointer)
        case .uint8:
            epoxy_glVertexAttribIPointer!(index, GLint(components), GLenum(GL_UNSIGNED_BYTE), GLsizei(stride), pointer)
        case .unorm16:
            epoxy_glVertexAttribPointer!(index, GLint(components), GLenum(GL_UNSIGNED_SHORT), GLboolean(GL_TRUE), GLsizei(stride), pointer)
        }
        epoxy_glVertexAttribDivisor!(index, GLuint(divisor)); check("glVertexAttribPointer")
    }

    /// Binds `name` as the bound vertex array's index buffer (part of the vertex array's state).
    func bindElementBuffer(_ name: GLuint) {
        epoxy_glBindBuffer!(GLenum(GL_ELEMENT_ARRAY_BUFFER), name); check("glBindBuffer")
    }

    /// Fills the bound index buffer with 16-bit indices.
    func elementBufferData(_ indices: UnsafeRawBufferPointer) {
        epoxy_glBufferData!(GLenum(GL_ELEMENT_ARRAY_BUFFER), GLsizeiptr(indices.count), indices.baseAddress,
                            GLenum(GL_STATIC_DRAW))
        check("glBufferData")
    }

    /// The one draw call of a pass: `indexCount` 16-bit indices of triangles from index
    /// `firstIndex` of the bound index buffer, `instanceCount` times.
    func drawTrianglesInstanced(indexCount: Int, firstIndex: Int, instanceCount: Int) {
        epoxy_glDrawElementsInstanced!(GLenum(GL_TRIANGLES), GLsizei(indexCount), GLenum(GL_UNSIGNED_SHORT),
                                       UnsafeRawPointer(bitPattern: 2 * firstIndex), GLsizei(instanceCount))
        drawCallCount += 1
        check("glDrawElementsInstanced")
    }

    /// The one draw call of a pass: `vertexCount` vertices of a triangle strip, `instanceCount` times.
    func drawTriangleStripInstanced(vertexCount: Int, instanceCount: Int) {
        epoxy_glDrawArraysInstanced!(GLenum(GL_TRIANGLE_STRIP), 0, GLsizei(vertexCount), GLsizei(instanceCount))
        drawCallCount += 1
        check("glDrawArraysInstanced")
    }

    // MARK: Shaders

    /// Compiles one shader stage; returns its name, or the driver's log on failure.
    func compileShader(fragment: Bool, source: String) -> Result<GLuint, ShaderLog> {
        let shader = epoxy_glCreateShader!(GLenum(fragment ? GL_FRAGMENT_SHADER : GL_VERTEX_SHADER))
        source.withCString { text in
            var pointer: UnsafePointer<GLchar>? = text
            epoxy_glShaderSource!(shader, 1, &pointer, nil)
        }
        epoxy_glCompileShader!(shader)
        var ok: GLint = 0
        epoxy_glGetShaderiv!(shader, GLenum(GL_COMPILE_STATUS), &ok)
        check("glCompileShader")
        guard ok != 0 else {
            let log = infoLog(shader, length: epoxy_glGetShaderiv!, read: epoxy_glGetShaderInfoLog!)
            epoxy_glDeleteShader!(shader)
            return .failure(ShaderLog(text: log))
        }
        return .success(shader)
    }

    /// Links a program from compiled stages (which it then deletes); the driver's log on failure.
    func linkProgram(_ shaders: [GLuint]) -> Result<GLuint, ShaderLog> {
        let program = epoxy_glCreateProgram!()
        for shader in shaders { epoxy_glAttachShader!(program, shader) }
        epoxy_glLinkProgram!(program)
        for shader in shaders { epoxy_glDeleteShader!(shader) }
        var ok: GLint = 0
        epoxy_glGetProgramiv!(program, GLenum(GL_LINK_STATUS), &ok)
        check("glLinkProgram")
        guard ok != 0 else {
            let log = infoLog(program, length: epoxy_glGetProgramiv!, read: epoxy_glGetProgramInfoLog!)
            epoxy_glDeleteProgram!(program)
            return .failure(ShaderLog(text: log))
        }
        return .success(program)
    }

    private func infoLog(_ object: GLuint,
                         length: (GLuint, GLenum, UnsafeMutablePointer<GLint>?) -> Void,
                         read: (GLuint, GLsizei, UnsafeMutablePointer<GLsizei>?, UnsafeMutablePointer<GLchar>?) -> Void) -> String {
        var size: GLint = 0
        length(object, GLenum(GL_INFO_LOG_LENGTH), &size)
        guard size > 1 else { return "" }
        var bytes = [GLchar](repeating: 0, count: Int(size))
        var written: GLsizei = 0
        read(object, GLsizei(size), &written, &bytes)
        return String(decoding: bytes.prefix(Int(max(0, written))).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    func deleteShader(_ shader: GLuint) { epoxy_glDeleteShader!(shader); check("glDeleteShader") }

    func deleteProgram(_ program: GLuint) { epoxy_glDeleteProgram!(program); check("glDeleteProgram") }

    func useProgram(_ program: GLuint) { epoxy_glUseProgram!(program); check("glUseProgram") }

    /// A uniform's location, or −1 when the program has no active uniform of that name.
    func uniformLocation(_ program: GLuint, _ name: String) -> Int {
        Int(epoxy_glGetUniformLocation!(program, name))
    }

    /// A 4×4 matrix uniform from 16 floats in column-major order.
    func uniformMatrix4(_ location: Int, columnMajor: [Float]) {
        guard location >= 0 else { return }
        epoxy_glUniformMatrix4fv!(GLint(location), 1, GLboolean(GL_FALSE), columnMajor); check("glUniformMatrix4fv")
    }

    /// A 4×4 matrix uniform from 16 floats in column-major order, without an array (a frame's
    /// uniforms then allocate nothing).
    func uniformMatrix4(_ location: Int, columnMajor: SIMD16<Float>) {
        guard location >= 0 else { return }
        withUnsafeBytes(of: columnMajor) { bytes in
            epoxy_glUniformMatrix4fv!(GLint(location), 1, GLboolean(GL_FALSE), bytes.bindMemory(to: GLfloat.self).baseAddress)
        }
        check("glUniformMatrix4fv")
    }

    func uniform(_ location: Int, int value: Int) {
        guard location >= 0 else { return }
        epoxy_glUniform1i!(GLint(location), GLint(value)); check("glUniform1i")
    }

    func uniform(_ location: Int, _ x: Float, _ y: Float, _ z: Float, _ w: Float) {
        guard location >= 0 else { return }
        epoxy_glUniform4f!(GLint(location), x, y, z, w); check("glUniform4f")
    }

    func uniform(_ location: Int, ints x: Int32, _ y: Int32, _ z: Int32, _ w: Int32) {
        guard location >= 0 else { return }
        epoxy_glUniform4i!(GLint(location), x, y, z, w); check("glUniform4i")
    }

    /// Sets `values.count` consecutive elements of an `int` array uniform from element 0.
    func uniform(_ location: Int, intArray values: UnsafeBufferPointer<Int32>) {
        guard location >= 0, values.count > 0 else { return }
        epoxy_glUniform1iv!(GLint(location), GLsizei(values.count), values.baseAddress); check("glUniform1iv")
    }

    func uniform(_ location: Int, _ x: Float) {
        guard location >= 0 else { return }
        epoxy_glUniform1f!(GLint(location), x); check("glUniform1f")
    }

    func uniform(_ location: Int, _ x: Float, _ y: Float) {
        guard location >= 0 else { return }
        epoxy_glUniform2f!(GLint(location), x, y); check("glUniform2f")
    }

    func uniform(_ location: Int, _ x: Float, _ y: Float, _ z: Float) {
        guard location >= 0 else { return }
        epoxy_glUniform3f!(GLint(location), x, y, z); check("glUniform3f")
    }

    // MARK: Timer queries (ARB_timer_query, core since 3.3)

    /// Bits of the driver's `GL_TIME_ELAPSED` counter; 0 when it has no timer.
    func timeElapsedCounterBits() -> Int {
        var bits: GLint = 0
        epoxy_glGetQueryiv!(GLenum(GL_TIME_ELAPSED), GLenum(GL_QUERY_COUNTER_BITS), &bits)
        check("glGetQueryiv")
        return Int(bits)
    }

    func makeQuery() -> GLuint {
        var name: GLuint = 0
        epoxy_glGenQueries!(1, &name); check("glGenQueries")
        return name
    }

    func deleteQuery(_ name: GLuint) {
        var name = name
        epoxy_glDeleteQueries!(1, &name); check("glDeleteQueries")
    }

    /// Starts timing the commands that follow on the GPU (one `GL_TIME_ELAPSED` query at a time).
    func beginTimeElapsed(_ query: GLuint) {
        epoxy_glBeginQuery!(GLenum(GL_TIME_ELAPSED), query); check("glBeginQuery")
    }

    func endTimeElapsed() { epoxy_glEndQuery!(GLenum(GL_TIME_ELAPSED)); check("glEndQuery") }

    /// The query's result in nanoseconds, waiting for the GPU when it is not ready yet.
    func queryResult(_ query: GLuint) -> UInt64 {
        var value: GLuint64 = 0
        epoxy_glGetQueryObjectui64v!(query, GLenum(GL_QUERY_RESULT), &value); check("glGetQueryObjectui64v")
        return value
    }
}

/// A shader compiler's or linker's log.
struct ShaderLog: Error {
    var text: String
}
