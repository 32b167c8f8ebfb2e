/// How many decode workers the viewer runs (SPEC §10: as many as cores).
///
/// The frame thread needs no core of its own: it sleeps between frames (at rest it sleeps in
/// the window's event wait), the workers take requests in priority order, and a frame's work is
/// O(cards in view). With `cores − 1` workers a 2-core machine decoded on one core while the
/// other idled through most of a cold first screen (issue 21: 3.82 s against gThumb's 2.65 s).
public enum PictureWorkers {
    /// The most workers: each holds one decode's working memory and its result
    /// (`PictureSizing`'s budget counts 7–8 of them), and past 8 the shared decode budget
    /// (`DecodeBudget`, 384 MB) and the frame thread's uploads bound the rate, not the cores.
    public static let maximum = 8

    /// Workers for a machine with `cores` active processors: one per core, 1…`maximum`.
    public static func count(cores: Int) -> Int {
        min(max(cores, 1), maximum)
    }
}
