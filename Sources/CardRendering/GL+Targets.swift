@preconcurrency import CEpoxy

// The second half of the GL wrapper (see GL.swift): textures, render targets, framebuffers,
// readback and the queries depth peeling needs. GL.swift and this file are the only places that call epoxy_gl.
extension GL {
    // MARK: Textures

    func makeTexture() -> GLuint {
        var name: GLuint = 0
        epoxy_glGenTextures!(1, &name); check("glGenTextures")
        return name
    }

    func deleteTexture(_ name: GLuint) {
        var name = name
        epoxy_glDeleteTextures!(1, &name); check("glDeleteTextures")
    }

    /// Binds `name` as a 2D array texture (or a plain 2D texture) on texture unit `unit`.
    func bindTexture(_ name: GLuint, unit: Int, array: Bool) {
        epoxy_glActiveTexture!(GLenum(GL_TEXTURE0 + Int32(unit)))
        epoxy_glBindTexture!(GLenum(array ? GL_TEXTURE_2D_ARRAY : GL_TEXTURE_2D), name); check("glBindTexture")
    }

    /// Allocates uninitialised storage for the bound 2D array texture: `levels` mip levels
    /// (each half the last, at least 1 × 1) of `layers` layers; sampling stops at the last level.
    func textureArrayStorage(width: Int, height: Int, layers: Int, levels: Int, format: PixelFormat) {
        let (internalFormat, layout) = format == .rgba8 ? (GL_RGBA8, GL_RGBA) : (GL_R8, GL_RED)
        if hasTextureStorage {
            // One allocation for the whole chain, immutable: a lower peak than one glTexImage3D
            // per level on llvmpipe (docs/BENCHMARKS.md, "Where the memory went").
            epoxy_glTexStorage3D!(GLenum(GL_TEXTURE_2D_ARRAY), GLsizei(max(1, levels)), GLenum(internalFormat),
                                  GLsizei(width), GLsizei(height), GLsizei(layers))
            check("glTexStorage3D")
            return
        }
        var w = width, h = height
        for level in 0..<max(1, levels) {
            epoxy_glTexImage3D!(GLenum(GL_TEXTURE_2D_ARRAY), GLint(level), internalFormat, GLsizei(w), GLsizei(h),
                                GLsizei(layers), 0, GLenum(layout), GLenum(GL_UNSIGNED_BYTE), nil)
            w = max(1, w / 2)
            h = max(1, h / 2)
        }
        epoxy_glTexParameteri!(GLenum(GL_TEXTURE_2D_ARRAY), GLenum(GL_TEXTURE_BASE_LEVEL), 0)
        epoxy_glTexParameteri!(GLenum(GL_TEXTURE_2D_ARRAY), GLenum(GL_TEXTURE_MAX_LEVEL), GLint(max(1, levels) - 1))
        check("glTexImage3D")
    }

    /// Uploads one mip level of one layer of the bound 2D array texture from tightly packed rows
    /// (4 bytes per pixel for `.rgba8`, 1 for `.r8`), first row at texture coordinate t = 0.
    /// True when the context has `GL_ARB_texture_storage` (core in 4.2): immutable storage,
    /// allocated once for the whole mip chain (`textureArrayStorage`).
    var hasTextureStorage: Bool { epoxy_gl_version() >= 42 || epoxy_has_gl_extension("GL_ARB_texture_storage") }

    /// True when the context can copy texels between textures on the GPU
    /// (`GL_ARB_copy_image`, core in 4.3): `copyTextureArrayLayers`.
    var hasCopyImage: Bool { epoxy_gl_version() >= 43 || epoxy_has_gl_extension("GL_ARB_copy_image") }

    /// Copies `count` layers starting at `sourceLayer` of 2D array texture `source` into
    /// `destination` from `destinationLayer` on, every one of `levels` mip levels (level 0 of
    /// `width × height` texels, each level half the last), on the GPU (`glCopyImageSubData`;
    /// needs `hasCopyImage`). Both textures must have the same format and level sizes.
    func copyTextureArrayLayers(from source: GLuint, _ sourceLayer: Int, to destination: GLuint, _ destinationLayer: Int,
                                count: Int, width: Int, height: Int, levels: Int) {
        var w = width, h = height
        for level in 0..<max(1, levels) {
            epoxy_glCopyImageSubData!(source, GLenum(GL_TEXTURE_2D_ARRAY), GLint(level), 0, 0, GLint(sourceLayer),
                                      destination, GLenum(GL_TEXTURE_2D_ARRAY), GLint(level), 0, 0, GLint(destinationLayer),
                                      GLsizei(w), GLsizei(h), GLsizei(count))
            w = max(1, w / 2)
            h = max(1, h / 2)
        }
        check("glCopyImageSubData")
    }

    func textureArrayLayer(_ layer: Int, level: Int = 0, width: Int, height: Int, format: PixelFormat,
                           pixels: UnsafeRawBufferPointer) {
        epoxy_glPixelStorei!(GLenum(GL_UNPACK_ALIGNMENT), 1)
        let layout = format == .rgba8 ? GL_RGBA : GL_RED
        epoxy_glTexSubImage3D!(GLenum(GL_TEXTURE_2D_ARRAY), GLint(level), 0, 0, GLint(layer), GLsizei(width), GLsizei(height), 1,
                               GLenum(layout), GLenum(GL_UNSIGNED_BYTE), pixels.baseAddress)
        check("glTexSubImage3D")
    }

    /// Uploads the bound plain 2D texture (RGBA8, no mipmaps), first row at t = 0.
    func texture2D(width: Int, height: Int, level: Int = 0, pixels: UnsafeRawBufferPointer) {
        epoxy_glPixelStorei!(GLenum(GL_UNPACK_ALIGNMENT), 1)
        epoxy_glTexImage2D!(GLenum(GL_TEXTURE_2D), GLint(level), GL_RGBA8, GLsizei(width), GLsizei(height), 0,
                            GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), pixels.baseAddress)
        check("glTexImage2D")
    }

    /// Linear filtering, clamped to the edge, for the bound texture; with mipmaps, bilinear from
    /// the nearest level (`GL_LINEAR_MIPMAP_NEAREST`): trilinear filtering fetches twice the
    /// texels, which made a grid frame markedly more expensive on llvmpipe (docs/BENCHMARKS.md,
    /// "Drawing a frame: the fill, step by step"), for a blend between levels nobody sees in
    /// pictures drawn near their own size.
    func textureFiltering(array: Bool, mipmaps: Bool) {
        let target = GLenum(array ? GL_TEXTURE_2D_ARRAY : GL_TEXTURE_2D)
        epoxy_glTexParameteri!(target, GLenum(GL_TEXTURE_MIN_FILTER), mipmaps ? GL_LINEAR_MIPMAP_NEAREST : GL_LINEAR)
        epoxy_glTexParameteri!(target, GLenum(GL_TEXTURE_MAG_FILTER), GL_LINEAR)
        epoxy_glTexParameteri!(target, GLenum(GL_TEXTURE_WRAP_S), GL_CLAMP_TO_EDGE)
        epoxy_glTexParameteri!(target, GLenum(GL_TEXTURE_WRAP_T), GL_CLAMP_TO_EDGE)
        check("glTexParameteri")
    }

    /// Sampling outside 0…1 of the bound 2D array texture returns `color` (`GL_CLAMP_TO_BORDER`),
    /// so a shader needs no test for coordinates past the edge.
    func textureBorder(_ color: SIMD4<Float>) {
        let target = GLenum(GL_TEXTURE_2D_ARRAY)
        epoxy_glTexParameteri!(target, GLenum(GL_TEXTURE_WRAP_S), GL_CLAMP_TO_BORDER)
        epoxy_glTexParameteri!(target, GLenum(GL_TEXTURE_WRAP_T), GL_CLAMP_TO_BORDER)
        withUnsafeBytes(of: color) { bytes in
            epoxy_glTexParameterfv!(target, GLenum(GL_TEXTURE_BORDER_COLOR), bytes.bindMemory(to: GLfloat.self).baseAddress)
        }
        check("glTexParameterfv")
    }

    func generateMipmaps(array: Bool) {
        epoxy_glGenerateMipmap!(GLenum(array ? GL_TEXTURE_2D_ARRAY : GL_TEXTURE_2D)); check("glGenerateMipmap")
    }

    /// Nearest-texel filtering, clamped to the edge, for the bound plain 2D texture: a pixel
    /// font drawn at whole multiples of its size stays crisp.
    func textureNearestFiltering() {
        let target = GLenum(GL_TEXTURE_2D)
        epoxy_glTexParameteri!(target, GLenum(GL_TEXTURE_MIN_FILTER), GL_NEAREST)
        epoxy_glTexParameteri!(target, GLenum(GL_TEXTURE_MAG_FILTER), GL_NEAREST)
        epoxy_glTexParameteri!(target, GLenum(GL_TEXTURE_WRAP_S), GL_CLAMP_TO_EDGE)
        epoxy_glTexParameteri!(target, GLenum(GL_TEXTURE_WRAP_T), GL_CLAMP_TO_EDGE)
        check("glTexParameteri")
    }

    // MARK: Depth peeling (DepthPeeler)

    /// Formats of the plain 2D textures frames are drawn into.
    enum TargetFormat { case rgba16f, depth32f }

    /// A 2D texture of uninitialised `format` storage, nearest filtering, clamped: read with
    /// `texelFetch`, one texel per pixel (a depth texture must not need mipmaps to be complete).
    func makeTargetTexture(width: Int, height: Int, format: TargetFormat) -> GLuint {
        let name = makeTexture()
        epoxy_glBindTexture!(GLenum(GL_TEXTURE_2D), name)
        let (storage, layout, type) = format == .rgba16f ? (GL_RGBA16F, GL_RGBA, GL_HALF_FLOAT)
                                                          : (GL_DEPTH_COMPONENT32F, GL_DEPTH_COMPONENT, GL_FLOAT)
        epoxy_glTexImage2D!(GLenum(GL_TEXTURE_2D), 0, storage, GLsizei(width), GLsizei(height), 0,
                            GLenum(layout), GLenum(type), nil)
        for (parameter, value) in [(GL_TEXTURE_MIN_FILTER, GL_NEAREST), (GL_TEXTURE_MAG_FILTER, GL_NEAREST),
                                   (GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE), (GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE)] {
            epoxy_glTexParameteri!(GLenum(GL_TEXTURE_2D), GLenum(parameter), value)
        }
        check("glTexImage2D")
        return name
    }

    /// Attaches a 2D texture to the bound framebuffer as its colour or depth attachment.
    func attachTexture(_ texture: GLuint, depth: Bool) {
        epoxy_glFramebufferTexture2D!(GLenum(GL_FRAMEBUFFER), GLenum(depth ? GL_DEPTH_ATTACHMENT : GL_COLOR_ATTACHMENT0),
                                      GLenum(GL_TEXTURE_2D), texture, 0)
        check("glFramebufferTexture2D")
    }

    /// Limits drawing and clearing to a rectangle of window pixels (origin bottom-left), or not.
    func scissor(_ rect: (x: Int, y: Int, width: Int, height: Int)?) {
        guard let rect else { epoxy_glDisable!(GLenum(GL_SCISSOR_TEST)); check("glDisable"); return }
        epoxy_glEnable!(GLenum(GL_SCISSOR_TEST))
        epoxy_glScissor!(GLint(rect.x), GLint(rect.y), GLsizei(rect.width), GLsizei(rect.height)); check("glScissor")
    }

    /// One triangle covering the viewport, its corners made from `gl_VertexID` (no attributes;
    /// a vertex array must be bound). Not an instanced draw: not counted in `drawCallCount`.
    func drawFullscreenTriangle() {
        epoxy_glDrawArrays!(GLenum(GL_TRIANGLES), 0, 3); check("glDrawArrays")
    }

    /// Two triangles as a strip covering the viewport, their corners made from `gl_VertexID`
    /// (no attributes; a vertex array must be bound): the benchmark's floor. Not an instanced
    /// draw: not counted in `drawCallCount`.
    func drawFullscreenQuad() {
        epoxy_glDrawArrays!(GLenum(GL_TRIANGLE_STRIP), 0, 4); check("glDrawArrays")
    }

    /// Starts (`true`) or ends an occlusion query: did any sample pass the depth test?
    func anySamplesPassed(_ query: GLuint, begin: Bool) {
        if begin { epoxy_glBeginQuery!(GLenum(GL_ANY_SAMPLES_PASSED), query) } else { epoxy_glEndQuery!(GLenum(GL_ANY_SAMPLES_PASSED)) }
        check("glBeginQuery/glEndQuery")
    }

    /// Starts (`true`) or ends a query counting the samples that pass the depth test.
    func samplesPassed(_ query: GLuint, begin: Bool) {
        if begin { epoxy_glBeginQuery!(GLenum(GL_SAMPLES_PASSED), query) } else { epoxy_glEndQuery!(GLenum(GL_SAMPLES_PASSED)) }
        check("glBeginQuery/glEndQuery")
    }

    /// The result of a finished occlusion query, waiting for the GPU to finish it.
    func occlusionResult(_ query: GLuint) -> Int {
        var value: GLuint = 0
        epoxy_glGetQueryObjectuiv!(query, GLenum(GL_QUERY_RESULT), &value); check("glGetQueryObjectuiv")
        return Int(value)
    }

    // MARK: Framebuffers

    func makeFramebuffer() -> GLuint {
        var name: GLuint = 0
        epoxy_glGenFramebuffers!(1, &name); check("glGenFramebuffers")
        return name
    }

    func deleteFramebuffer(_ name: GLuint) {
        var name = name
        epoxy_glDeleteFramebuffers!(1, &name); check("glDeleteFramebuffers")
    }

    /// Binds `name` for drawing and reading (0: the window's default framebuffer).
    func bindFramebuffer(_ name: GLuint) {
        epoxy_glBindFramebuffer!(GLenum(GL_FRAMEBUFFER), name); check("glBindFramebuffer")
    }

    /// A renderbuffer with `samples` samples per pixel (0 or 1: single-sampled).
    func makeRenderbuffer(depth: Bool, width: Int, height: Int, samples: Int) -> GLuint {
        var name: GLuint = 0
        epoxy_glGenRenderbuffers!(1, &name)
        epoxy_glBindRenderbuffer!(GLenum(GL_RENDERBUFFER), name)
        let format = GLenum(depth ? GL_DEPTH_COMPONENT24 : GL_RGBA8)
        if samples > 1 {
            epoxy_glRenderbufferStorageMultisample!(GLenum(GL_RENDERBUFFER), GLsizei(samples), format,
                                                    GLsizei(width), GLsizei(height))
        } else {
            epoxy_glRenderbufferStorage!(GLenum(GL_RENDERBUFFER), format, GLsizei(width), GLsizei(height))
        }
        check("glRenderbufferStorage")
        return name
    }

    func deleteRenderbuffer(_ name: GLuint) {
        var name = name
        epoxy_glDeleteRenderbuffers!(1, &name); check("glDeleteRenderbuffers")
    }

    /// Attaches a renderbuffer to the bound framebuffer as its colour or depth attachment.
    func attachRenderbuffer(_ renderbuffer: GLuint, depth: Bool) {
        epoxy_glFramebufferRenderbuffer!(GLenum(GL_FRAMEBUFFER),
                                         GLenum(depth ? GL_DEPTH_ATTACHMENT : GL_COLOR_ATTACHMENT0),
                                         GLenum(GL_RENDERBUFFER), renderbuffer)
        check("glFramebufferRenderbuffer")
    }

    /// `nil` when the bound framebuffer is complete, otherwise the status in hex.
    func framebufferIncompleteness() -> String? {
        let status = epoxy_glCheckFramebufferStatus!(GLenum(GL_FRAMEBUFFER))
        return status == GLenum(GL_FRAMEBUFFER_COMPLETE) ? nil : "status 0x\(String(status, radix: 16))"
    }

    /// Copies (and resolves, when the source is multisampled) the colour of `source` into `target`.
    func resolveColor(from source: GLuint, to target: GLuint, width: Int, height: Int) {
        epoxy_glBindFramebuffer!(GLenum(GL_READ_FRAMEBUFFER), source)
        epoxy_glBindFramebuffer!(GLenum(GL_DRAW_FRAMEBUFFER), target)
        epoxy_glBlitFramebuffer!(0, 0, GLint(width), GLint(height), 0, 0, GLint(width), GLint(height),
                                 GLbitfield(GL_COLOR_BUFFER_BIT), GLenum(GL_NEAREST))
        check("glBlitFramebuffer")
    }

    /// Reads RGBA8 pixels of the bound read framebuffer's colour buffer, bottom row first.
    func readPixels(framebuffer: GLuint, width: Int, height: Int, into out: UnsafeMutableRawBufferPointer) {
        epoxy_glBindFramebuffer!(GLenum(GL_READ_FRAMEBUFFER), framebuffer)
        epoxy_glPixelStorei!(GLenum(GL_PACK_ALIGNMENT), 1)
        epoxy_glReadPixels!(0, 0, GLsizei(width), GLsizei(height), GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE),
                            out.baseAddress)
        check("glReadPixels")
    }
}

extension GL {
    /// Attaches layer `layer` (level 0) of the array texture `texture` to the bound framebuffer
    /// as its colour attachment.
    func attachTextureLayer(_ texture: GLuint, layer: Int) {
        epoxy_glFramebufferTextureLayer!(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), texture, 0, GLint(layer))
        check("glFramebufferTextureLayer")
    }

    /// Reads one-byte (`GL_RED`) texels of the bound framebuffer's colour attachment, row 0 first.
    func readRedPixels(width: Int, height: Int, into out: UnsafeMutableRawBufferPointer) {
        epoxy_glPixelStorei!(GLenum(GL_PACK_ALIGNMENT), 1)
        epoxy_glReadPixels!(0, 0, GLsizei(width), GLsizei(height), GLenum(GL_RED), GLenum(GL_UNSIGNED_BYTE), out.baseAddress)
        check("glReadPixels")
    }
}
