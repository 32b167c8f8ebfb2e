/// What one frame cost the GPU interface.
public struct RenderStats: Hashable, Sendable {
    /// Instanced draw calls issued: one per non-empty pass.
    public var drawCalls = 0
    /// Instances drawn (cards that survived packing).
    public var instances = 0
    /// Bytes written to the instance buffer.
    public var uploadedBytes = 0
    /// Layers of translucent fragments peeled (`Translucency.peeled`; 0 when the frame took the
    /// single sorted pass).
    public var peeledLayers = 0
    /// Samples that passed the depth test in the opaque pass, when the renderer counts them
    /// (`CardRenderer.countsOpaqueSamples`); 0 otherwise.
    public var samplesPassed = 0
    /// The decorations were left out: their program is still being compiled on another thread
    /// (`CompileAhead`); a frame after it lands draws them.
    public var deferredDecorations = false

    public init() {}
}

/// An RGB colour with components 0…1.
public struct ClearColor: Hashable, Sendable {
    public var red: Float, green: Float, blue: Float

    public init(red: Float, green: Float, blue: Float) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// The default background: a dark blue-grey that lets the cards stand out.
    public static let slate = ClearColor(red: 0.10, green: 0.11, blue: 0.14)
}
