/// The timed parts of a frame, in nanoseconds.
public enum Stage: String, CaseIterable, Sendable, Codable {
    /// The viewer's session: the frame's input events and the clock advanced to the frame
    /// (gestures, scroll physics, animations). 0 for the layout-throughput pipelines, which
    /// take the scripted offset as it is.
    case session
    /// Laying out the cards (on the bulk path: the layout writing their records, in draw order).
    case layout
    /// Packing the laid-out cards into instance records in draw order (sorting included), and
    /// giving bulk-written records their deck ids and pictures.
    case packing
    /// Copying the records into the GPU's instance buffer.
    case upload
    /// The draw calls' CPU side: clear, state, uniforms, one instanced draw per pass.
    case submit
    /// The GPU's time for the frame's commands (a `GL_TIME_ELAPSED` query), or, without a
    /// timer (or with one that always reads 0, as Mesa's llvmpipe's), the wall time from the
    /// draw calls until `glFinish` returns.
    case draw
    /// The whole frame: session to the end of `glFinish`.
    case frame
    /// The CPU's own work: session + layout + packing + upload + submit, without waiting for
    /// the GPU.
    case cpu
}
