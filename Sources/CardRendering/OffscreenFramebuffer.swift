import CardMath
import CardPixels

/// A framebuffer object to render into without a window: RGBA8 colour and a 24-bit depth buffer,
/// optionally multisampled and then resolved into a single-sampled copy before read-back.
///
/// An empty size (0 × 0) holds no GL objects at all: nothing is drawn into it and reading it gives
/// an empty image, as a minimised window would.
final class OffscreenFramebuffer {
    /// Size in device pixels.
    let size: PixelSize
    /// Samples per pixel: 1 means no multisampling.
    let samples: Int
    /// The framebuffer frames are drawn into.
    private(set) var drawFramebuffer: UInt32 = 0
    private var renderbuffers: [UInt32] = []
    /// The single-sampled copy read back when `samples > 1`; `drawFramebuffer` otherwise.
    private var readFramebuffer: UInt32 = 0
    private let gl = GL()

    /// Creates the attachments; `samples` is clamped to what the driver supports.
    ///
    /// - Throws: `RenderError.beyondDriverLimit` beyond `GL_MAX_RENDERBUFFER_SIZE`,
    ///   `GL_MAX_VIEWPORT_DIMS` or `GL_MAX_TEXTURE_SIZE`,
    ///   `RenderError.framebufferIncomplete` when the driver refuses the combination, or the
    ///   GL error (e.g. `GL_OUT_OF_MEMORY`) raised while allocating.
    init(size: PixelSize, samples requested: Int) throws {
        self.size = size
        guard !size.isEmpty else { samples = 1; return }
        try GLInfo.requireFrame(size, offscreen: true)
        let limits = gl.limits()
        samples = max(1, min(requested, limits.maxSamples))
        do {
            // Depth is needed only where frames are drawn; the resolve target holds colour only.
            drawFramebuffer = try makeFramebuffer(samples: samples, depth: true)
            readFramebuffer = samples > 1 ? try makeFramebuffer(samples: 1, depth: false) : drawFramebuffer
            gl.bindFramebuffer(0)
            try gl.throwIfError("creating a \(size) offscreen framebuffer")
        } catch {
            delete()
            throw error
        }
    }

    private func makeFramebuffer(samples: Int, depth: Bool) throws -> UInt32 {
        let framebuffer = gl.makeFramebuffer()
        gl.bindFramebuffer(framebuffer)
        let color = gl.makeRenderbuffer(depth: false, width: size.width, height: size.height, samples: samples)
        renderbuffers.append(color)
        gl.attachRenderbuffer(color, depth: false)
        if depth {
            let buffer = gl.makeRenderbuffer(depth: true, width: size.width, height: size.height, samples: samples)
            renderbuffers.append(buffer)
            gl.attachRenderbuffer(buffer, depth: true)
        }
        if let status = gl.framebufferIncompleteness() {
            gl.deleteFramebuffer(framebuffer)
            throw RenderError.framebufferIncomplete("\(size), \(samples) sample(s): \(status)")
        }
        return framebuffer
    }

    /// The colour buffer as an image, top row first (OpenGL reads bottom row first).
    ///
    /// Resolves multisampling first. Call with the owning context current.
    func readPixels() throws -> RGBAImage {
        guard !size.isEmpty else { return RGBAImage(width: 0, height: 0) }
        let w = size.width, h = size.height
        if readFramebuffer != drawFramebuffer {
            gl.resolveColor(from: drawFramebuffer, to: readFramebuffer, width: w, height: h)
        }
        // One frame-sized array, its rows swapped in place (GL's rows go bottom-up): a second
        // copy would be another 128 MiB at the largest `--size`.
        var pixels = [UInt8](repeating: 0, count: w * h * 4)
        pixels.withUnsafeMutableBytes { gl.readPixels(framebuffer: readFramebuffer, width: w, height: h, into: $0) }
        gl.bindFramebuffer(drawFramebuffer)
        try gl.throwIfError("reading back a \(size) frame")
        Self.flipRows(&pixels, rowBytes: w * 4, rows: h)
        return RGBAImage(width: w, height: h, pixels: pixels)
    }

    /// Reverses the order of `rows` rows of `rowBytes` bytes each, in place.
    static func flipRows(_ pixels: inout [UInt8], rowBytes: Int, rows: Int) {
        var spare = [UInt8](repeating: 0, count: rowBytes)
        pixels.withUnsafeMutableBytes { all in
            spare.withUnsafeMutableBytes { spare in
                for top in 0..<rows / 2 {
                    let upper = all.baseAddress! + top * rowBytes
                    let lower = all.baseAddress! + (rows - 1 - top) * rowBytes
                    spare.baseAddress!.copyMemory(from: upper, byteCount: rowBytes)
                    upper.copyMemory(from: lower, byteCount: rowBytes)
                    lower.copyMemory(from: spare.baseAddress!, byteCount: rowBytes)
                }
            }
        }
    }

    /// Waits until every queued command has finished.
    func finish() { gl.finish() }

    /// Deletes the GL objects; call with the owning context current.
    func delete() {
        gl.bindFramebuffer(0)
        if readFramebuffer != 0, readFramebuffer != drawFramebuffer { gl.deleteFramebuffer(readFramebuffer) }
        if drawFramebuffer != 0 { gl.deleteFramebuffer(drawFramebuffer) }
        for renderbuffer in renderbuffers { gl.deleteRenderbuffer(renderbuffer) }
        renderbuffers = []
        drawFramebuffer = 0
        readFramebuffer = 0
    }
}
