import CardMath

/// `AreaDownscaler` fed one source row at a time, top to bottom: each destination row is
/// finished as soon as its last source row arrives. Memory is the output and three rows of
/// sums, never the source, so a picture decoded row by row (`PNGRowReader`) costs its output.
///
/// Every destination row covers the source rows `AxisTaps` gives it; two neighbours share at
/// most one row (the scale is at least 1), so two rows of sums are kept: the row being
/// finished and the next.
final class RowDownscaler {
    let width: Int, height: Int
    let size: PixelSize
    let premultiply: Bool
    private let columns: AxisTaps
    private let rows: AxisTaps
    private var current: UnsafeMutableBufferPointer<SIMD4<Float>>
    private var next: UnsafeMutableBufferPointer<SIMD4<Float>>
    private let averaged: UnsafeMutableBufferPointer<SIMD4<Float>>
    private var output: [UInt8]
    /// Source rows added so far; the destination row being summed.
    private(set) var rowsAdded = 0
    private var destination = 0

    /// Bytes a downscaler of a `width`-pixel source to `size` holds besides its output.
    static func workingBytes(width: Int, size: PixelSize) -> Int { (2 * width + size.width) * 16 }

    /// A downscaler of a `width × height` source to `size` (each side clamped to 1…the
    /// source's). `premultiply: false` is exact only for opaque sources.
    init(width: Int, height: Int, to size: PixelSize, premultiply: Bool) {
        self.width = width
        self.height = height
        self.size = PixelSize(width: min(width, max(1, size.width)), height: min(height, max(1, size.height)))
        self.premultiply = premultiply
        columns = AxisTaps(source: width, destination: self.size.width)
        rows = AxisTaps(source: height, destination: self.size.height)
        current = .allocate(capacity: width)
        next = .allocate(capacity: width)
        averaged = .allocate(capacity: self.size.width)
        output = [UInt8](repeating: 0, count: self.size.pixelCount * 4)
    }

    deinit {
        current.deallocate()
        next.deallocate()
        averaged.deallocate()
    }

    /// Adds the next source row (`width × 4` RGBA bytes, straight alpha).
    func add(_ row: UnsafePointer<UInt8>) {
        let source = rowsAdded
        guard source < height else { return }
        rowsAdded += 1
        accumulate(row, source: source, into: destination, sums: current)
        accumulate(row, source: source, into: destination + 1, sums: next)
        if destination < size.height, source == rows.first[destination] + rows.count[destination] - 1 {
            AreaDownscaler.average(current, columns, into: averaged)
            output.withUnsafeMutableBufferPointer { out in
                AreaDownscaler.store(averaged, into: out.baseAddress! + destination * size.width * 4, premultiplied: premultiply)
            }
            swap(&current, &next)
            destination += 1
        }
    }

    /// Adds the next source row when it is wholly transparent black (every byte 0), without
    /// reading it: it adds nothing to the sums, which are only cleared when it is a destination
    /// row's first. O(1) but once per destination row, so a canvas mostly outside its picture (a
    /// GIF frame on a large screen) costs its output, not its area.
    func addTransparentRow() {
        let source = rowsAdded
        guard source < height else { return }
        rowsAdded += 1
        for (y, sums) in [(destination, current), (destination + 1, next)] where y < size.height && source == rows.first[y] {
            sums.update(repeating: SIMD4<Float>(repeating: 0))
        }
        if destination < size.height, source == rows.first[destination] + rows.count[destination] - 1 {
            AreaDownscaler.average(current, columns, into: averaged)
            output.withUnsafeMutableBufferPointer { out in
                AreaDownscaler.store(averaged, into: out.baseAddress! + destination * size.width * 4, premultiplied: premultiply)
            }
            swap(&current, &next)
            destination += 1
        }
    }

    /// Adds source row `source` into destination row `y`'s sums, when `y` covers it.
    @inline(__always)
    private func accumulate(_ row: UnsafePointer<UInt8>, source: Int, into y: Int, sums: UnsafeMutableBufferPointer<SIMD4<Float>>) {
        guard y < size.height else { return }
        let tap = source - rows.first[y]
        guard tap >= 0, tap < rows.count[y] else { return }
        let weight = rows.weights[y * rows.stride + tap]
        if premultiply {
            AreaDownscaler.sumPremultiplied(row, rowBytes: width * 4, weight: weight, first: tap == 0, into: sums)
        } else {
            AreaDownscaler.sumOpaque(row, rowBytes: width * 4, weight: weight, first: tap == 0, into: sums)
        }
    }

    /// The destination pixels (rows not finished, when fewer source rows came, stay zero).
    func finish() -> [UInt8] {
        let result = output
        output = []
        return result
    }
}
