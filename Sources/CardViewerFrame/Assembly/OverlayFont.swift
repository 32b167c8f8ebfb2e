import CardRendering
import CardText
import Foundation

/// The overlay's characters in the titles' font (FreeType through `TitleRasterizer`, any script
/// the system has fonts for, falling back like titles do), each drawn to fill one overlay cell:
/// the text keeps the pixel font's cell grid (`BitmapFont.cellColumns(of:)`), so panels keep
/// their sizes and the help's columns stay aligned.
///
/// The rasterizer is made on a background thread (finding fonts is file I/O, never for the
/// frame thread), once the window's first frame is drawn; until it is there, and for good when no font can be found, `glyph` answers
/// `nil` and the overlay draws in the pixel font. `isReady` tells when to lay the text out again.
///
/// Thread-safe: the rasterizer's state is behind a lock; `TitleRasterizer` serialises its calls.
public final class OverlayFont: OverlayGlyphSource, @unchecked Sendable {
    // @unchecked: `state` is only touched with `lock` held.
    private let lock = NSCondition()
    private enum State { case loading, ready(TitleRasterizer), failed(String) }
    private var state = State.loading

    /// Finds the titles' font (`family`, fontconfig's name) on a background thread, after
    /// `startSearch()` or `searchDelay` seconds, whichever comes first: the search takes CPU
    /// the window's first frame needs on a busy machine (shaders compile then).
    public init(family: String = "sans-serif") {
        Thread.detachNewThread { [self] in
            lock.lock()
            let deadline = Date(timeIntervalSinceNow: Self.searchDelay)
            while !searchAsked, lock.wait(until: deadline) {}
            // Adopted meanwhile (the titles' rasterizer, `adopt`): nothing to search for.
            guard case .loading = state else { return lock.unlock() }
            lock.unlock()
            let made: State
            do { made = .ready(try TitleRasterizer(family: family)) } catch { made = .failed("\(error)") }
            lock.lock()
            if case .loading = state { state = made }
            lock.broadcast()
            lock.unlock()
        }
    }

    /// The most seconds the search waits for `startSearch()`.
    public static let searchDelay = 1.0
    private var searchAsked = false

    /// Lets the search begin now (after the window's first frame).
    public func startSearch() {
        lock.lock()
        defer { lock.unlock() }
        guard !searchAsked else { return }
        searchAsked = true
        lock.broadcast()
    }

    /// Takes `rasterizer` (the titles', found while the window opened) when no font is there
    /// yet: the overlay then draws in it at once, and the search stops or its result is let go.
    public func adopt(_ rasterizer: TitleRasterizer) {
        lock.lock()
        defer { lock.unlock() }
        guard case .loading = state else { return }
        state = .ready(rasterizer)
        searchAsked = true
        lock.broadcast()
    }

    /// The least cell height, pixels, at which printable ASCII is drawn in the titles' font.
    public static let smallestHeight = 14

    /// A font that is ready at once (tests), or a failed one for `rasterizer == nil`.
    public init(rasterizer: TitleRasterizer?) {
        state = rasterizer.map { .ready($0) } ?? .failed("no font")
        searchAsked = true
    }

    /// True once the search ended, found or not.
    public var isSettled: Bool {
        lock.lock()
        defer { lock.unlock() }
        if case .loading = state { return false }
        return true
    }

    /// True when characters are drawn in the titles' font.
    public var isReady: Bool { rasterizer != nil }

    /// Why no font draws the overlay (it draws in the pixel font); `nil` while loading or ready.
    public var failure: String? {
        lock.lock()
        defer { lock.unlock() }
        if case .failed(let why) = state { return why }
        return nil
    }

    /// Waits until the search ends (a replay's frames are those of the font, from the first).
    public func waitUntilSettled() {
        startSearch()
        lock.lock()
        defer { lock.unlock() }
        while case .loading = state { lock.wait() }
    }

    private var rasterizer: TitleRasterizer? {
        lock.lock()
        defer { lock.unlock() }
        if case .ready(let rasterizer) = state { return rasterizer }
        return nil
    }

    /// `character` in the titles' font, `height` pixels from ascender to descender (the
    /// cell's height), centered across `width` (squeezed across to fit when wider).
    ///
    /// In cells under `smallestHeight` pixels (small windows, 1 point a font pixel) printable
    /// ASCII stays in the pixel font, drawn for that size: the titles' font would be 7 pixels
    /// an em there; other characters are drawn in the titles' font all the same (a glyph at any
    /// size over a box).
    public func glyph(for character: Character, width: Int, height: Int) -> OverlayGlyphImage? {
        guard width > 0, height > 0 else { return nil }
        if height < Self.smallestHeight, character.unicodeScalars.count == 1,
           let scalar = character.unicodeScalars.first, scalar.isASCII, scalar.value >= 32 { return nil }
        guard let rasterizer else { return nil }
        let bitmap = rasterizer.render(String(character), pixelHeight: height, maxWidth: 4 * max(width, height))
        return Self.fit(bitmap, width: width)
    }

    /// `bitmap` centered in `width` columns, or squeezed across into them (area-averaged
    /// columns) when wider.
    static func fit(_ bitmap: TitleBitmap, width: Int) -> OverlayGlyphImage? {
        let height = bitmap.height
        var coverage = [UInt8](repeating: 0, count: width * height)
        if bitmap.width <= width {
            let offset = (width - bitmap.width) / 2
            for y in 0..<height {
                for x in 0..<bitmap.width { coverage[y * width + offset + x] = bitmap[x, y] }
            }
        } else {
            // Destination column x covers source columns [x·s, (x+1)·s), s = source / width.
            let s = Double(bitmap.width) / Double(width)
            for x in 0..<width {
                let from = Double(x) * s, to = Double(x + 1) * s
                for y in 0..<height {
                    var sum = 0.0
                    var column = Int(from)
                    while Double(column) < to, column < bitmap.width {
                        let overlap = min(to, Double(column + 1)) - max(from, Double(column))
                        sum += overlap * Double(bitmap[column, y])
                        column += 1
                    }
                    coverage[y * width + x] = UInt8(min(255, (sum / s).rounded()))
                }
            }
        }
        return OverlayGlyphImage(width: width, height: height, coverage: coverage)
    }
}
