import CardPixels

extension CardRenderer {
    /// The frame in the context's framebuffer as an image, top row first, in drawable pixels:
    /// an offscreen context's (multisampling resolved), or a window's back buffer (read before
    /// `present()`, which swaps it away). Empty while the drawable is 0 × 0.
    public func readFrame() throws -> RGBAImage {
        if let offscreen = context as? EGLOffscreenContext { return try offscreen.readPixels() }
        try context.makeCurrent()
        let size = context.drawableSize
        guard !size.isEmpty else { return RGBAImage(width: 0, height: 0) }
        let gl = GL()
        let rowBytes = size.width * 4
        var bottomUp = [UInt8](repeating: 0, count: rowBytes * size.height)
        bottomUp.withUnsafeMutableBytes { gl.readPixels(framebuffer: context.framebuffer, width: size.width, height: size.height, into: $0) }
        gl.bindFramebuffer(context.framebuffer)
        try gl.throwIfError("reading back a \(size) frame")
        var topDown = [UInt8](repeating: 0, count: bottomUp.count)
        for row in 0..<size.height {
            let from = (size.height - 1 - row) * rowBytes
            topDown.replaceSubrange(row * rowBytes..<(row + 1) * rowBytes, with: bottomUp[from..<from + rowBytes])
        }
        return RGBAImage(width: size.width, height: size.height, pixels: topDown)
    }
}
