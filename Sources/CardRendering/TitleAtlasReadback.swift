import CardMath

extension CardRenderer {
    /// The coverage in slot `slot` of the title atlas, level 0: `titleAtlas.slotSize` bytes
    /// (0 transparent … 255 ink), rows in the order `uploadTitle` took them (top first) — what a
    /// card whose record names the slot draws in its title band. For tests and checks (a soak
    /// compares every shown slot with its card's title); a GPU round trip, never per frame in
    /// the viewer.
    ///
    /// - Throws: `RenderError.invalidUpload` for a slot outside the atlas; the GL error raised
    ///   while reading; `RenderError.framebufferIncomplete` where the slot cannot be attached.
    public func readTitleSlot(_ slot: Int) throws -> [UInt8] {
        try context.makeCurrent()
        let size = titles.size
        guard slot >= 0, slot < titles.layerCount, !size.isEmpty else {
            throw RenderError.invalidUpload("title slot \(slot) of an atlas of \(titles.layerCount)")
        }
        let gl = GL()
        let framebuffer = gl.makeFramebuffer()
        defer {
            gl.bindFramebuffer(context.framebuffer)
            gl.deleteFramebuffer(framebuffer)
        }
        gl.bindFramebuffer(framebuffer)
        gl.attachTextureLayer(titles.texture, layer: slot)
        if let incomplete = gl.framebufferIncompleteness() {
            throw RenderError.framebufferIncomplete("title slot \(slot) read back: \(incomplete)")
        }
        var coverage = [UInt8](repeating: 0, count: size.width * size.height)
        coverage.withUnsafeMutableBytes { gl.readRedPixels(width: size.width, height: size.height, into: $0) }
        try gl.throwIfError("reading back title slot \(slot)")
        return coverage
    }
}
