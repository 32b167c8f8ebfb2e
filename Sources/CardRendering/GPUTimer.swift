/// Measures how long the GPU spends on a run of commands, with a `GL_TIME_ELAPSED` timer query
/// (ARB_timer_query, core in OpenGL 3.3).
///
/// A driver may implement the query with a counter of 0 bits, which means it has no timer; then
/// `isAvailable` is false, `begin`/`end` do nothing and `elapsedNanoseconds()` is `nil`, and
/// callers time with the wall clock up to `glFinish` instead. On Mesa's llvmpipe the "GPU" is
/// the CPU's rasterizer threads, and the query measures their time.
///
/// One query in flight at a time: `begin`, the commands, `end`, then `elapsedNanoseconds()`.
/// Use it with its context current; it deletes its query with the context current.
public final class GPUTimer {
    private let context: GraphicsContext
    private let gl = GL()
    private var query: UInt32 = 0
    private var hasResult = false
    /// True when the driver's timer counts (its counter has more than 0 bits).
    public let isAvailable: Bool

    /// Creates the query object in `context` (made current).
    ///
    /// - Throws: a `RenderError` when the context cannot be made current or the query fails.
    public init(context: GraphicsContext) throws {
        self.context = context
        try context.makeCurrent()
        isAvailable = gl.timeElapsedCounterBits() > 0
        if isAvailable { query = gl.makeQuery() }
        try gl.throwIfError("creating a GPU timer query")
    }

    deinit {
        guard query != 0, (try? context.makeCurrent()) != nil else { return }
        gl.deleteQuery(query)
    }

    /// Starts timing the commands that follow.
    public func begin() {
        guard isAvailable else { return }
        gl.beginTimeElapsed(query)
    }

    /// Stops timing.
    public func end() {
        guard isAvailable else { return }
        gl.endTimeElapsed()
        hasResult = true
    }

    /// The GPU time between the last `begin` and `end`, nanoseconds, waiting for the GPU when
    /// the commands have not finished; `nil` without a timer or before the first `end`.
    public func elapsedNanoseconds() -> UInt64? {
        guard isAvailable, hasResult else { return nil }
        return gl.queryResult(query)
    }
}
