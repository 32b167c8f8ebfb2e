import CHeif
import CardMath
import CardPixels
import Foundation

extension HEIFFile {
    /// The HEVC item to decode with libde265 directly for `handle` (`HEVCFrameDecoder`), or nil
    /// for libheif's path: a single 8-bit 4:2:0 `hvc1` image (the primary image when it is not a
    /// grid, or a thumbnail) without alpha, whose data lies in this file and that has no `clap`
    /// crop (`HEVCItem`), and whose SPS declares its size (as shown, before its irot) within
    /// `spsSlack` pixels a side — libde265 allocates what the SPS says, so a larger one is left to
    /// libheif's path as before.
    func directItem(_ handle: OpaquePointer) -> HEVCItem? {
        guard !(handle == primary && coding.isGrid), heif_image_handle_has_alpha_channel(handle) == 0,
              heif_image_handle_get_luma_bits_per_pixel(handle) == 8, heif_image_handle_get_chroma_bits_per_pixel(handle) == 8,
              let id = itemID(of: handle), let item = HEVCItem(contents, item: id) else { return nil }
        let coded = item.unturned(Self.size(of: handle))
        let (sps, slack) = (item.codedSize, Self.spsSlack)
        guard sps.width >= coded.width, sps.height >= coded.height, sps.width <= coded.width + slack,
              sps.height <= coded.height + slack else { return nil }
        return item
    }

    /// Pixels an SPS may code beyond the item's size, a side (its conformance window crops
    /// them): one 64-pixel coding tree block.
    static let spsSlack = 64

    /// Gives the file's bytes in `range` (of `contents`) back to the system when it spans at
    /// least `releaseMinimumBytes`: the whole pages within it (`madvise` MADV_DONTNEED), which
    /// read as zeros afterwards. Returns the bytes given back (0 for a shorter range). For a
    /// direct decode's coded bytes once libde265 holds its own copy of them
    /// (`HEVCFrameDecoder`), so that they are not held twice while it decodes: nothing reads
    /// them again (libheif parsed the boxes when the file was opened and reads only other items'
    /// data, EXIF; a plan is decoded once).
    @discardableResult
    func release(_ range: Range<Int>) -> Int {
        guard range.count >= Self.releaseMinimumBytes, range.lowerBound >= 0, range.upperBound <= contents.count,
              let base = contents.baseAddress else { return 0 }
        let page = Self.pageSize, address = Int(bitPattern: base)
        let start = (address + range.lowerBound + page - 1) / page * page, end = (address + range.upperBound) / page * page
        guard end > start, madvise(UnsafeMutableRawPointer(bitPattern: start), end - start, MADV_DONTNEED) == 0 else { return 0 }
        released.append(range)
        return end - start
    }

    /// The shortest range `release` gives back, bytes (1 MiB): below it the pages saved are few.
    static let releaseMinimumBytes = 1 << 20

    /// The memory page size, bytes: what `release` gives back in.
    static let pageSize = max(4096, sysconf(Int32(_SC_PAGESIZE)))

    /// The bytes `release` gives back from `range` at least, wherever the file's buffer lies
    /// (0 below `releaseMinimumBytes`): the pages wholly within it, of which there are at least
    /// ⌊(count − page + 1) / page⌋ at any offset — all but less than two pages.
    static func releasableBytes(_ range: Range<Int>) -> Int {
        range.count >= releaseMinimumBytes ? (range.count - pageSize + 1) / pageSize * pageSize : 0
    }
}

extension HEVCItem {
    /// `shown` (the size after the item's transformations) before them: sides swapped by an odd
    /// number of quarter turns.
    func unturned(_ shown: PixelSize) -> PixelSize {
        let turns = transforms.reduce(0) { if case let .rotate(quarterTurns) = $1 { $0 + quarterTurns } else { $0 } }
        return turns % 2 == 0 ? shown : PixelSize(width: shown.height, height: shown.width)
    }
}

extension HEIFDecoder {
    /// The memory a decode of `handle` of `file` to `wanted` pixels takes beyond the file and the
    /// output, bytes: `directWorkingBytes` when libde265 decodes it directly
    /// (`HEIFFile.directItem`) with `threads` worker threads, else libheif's
    /// (`workingBytes(_:coding:isPrimary:wanted:)`).
    static func workingBytes(_ file: HEIFFile, handle: OpaquePointer, wanted: PixelSize, threads: Int = 0) -> Int {
        guard let item = file.directItem(handle) else {
            return workingBytes(handle, coding: file.coding, isPrimary: handle == file.primary, wanted: wanted)
        }
        return directWorkingBytes(size: HEIFFile.size(of: handle), item: item, wanted: wanted, threads: threads)
    }

    /// The worker threads a decode of `handle` of `file` to `wanted` pixels gets under `limits`:
    /// `directThreads(size:item:wanted:limits:)` for a direct decode, else 0 (libheif's path
    /// sets its own: `gridThreads`).
    static func threads(_ file: HEIFFile, handle: OpaquePointer, wanted: PixelSize, limits: PictureLimits) -> Int {
        guard let item = file.directItem(handle) else { return 0 }
        return directThreads(size: HEIFFile.size(of: handle), item: item, wanted: wanted, limits: limits)
    }

    /// The memory of a direct decode (`HEVCFrameDecoder`) of `item`, `size` pixels as shown, to
    /// `wanted` pixels, bytes: libde265's one frame at the size its SPS codes — its 8-bit 4:2:0
    /// planes (1.5 bytes a pixel) and its per-block maps (`decoderMapHalfBytes`: 1.5 bytes a pixel) —, the NAL units it
    /// copies (the item's coded bytes; twice when its extents are joined first) less the file's
    /// pages of them given back once copied (`HEIFFile.releasableBytes`: the copy takes their
    /// place), one RGBA row and the reduction's sums. No libheif image is made. Before the file's
    /// pages were given back (session 38), measured: an 8064 × 6048 (48 MP)
    /// single frame, 4:2:0 (libheif 1.15's `heif-enc -q 80`, a 20.1 MB file), decoded for a
    /// 2560 × 1440 screen by `picture-tool decode --peak-memory`, peaks 189.5 MB (185,032 KiB)
    /// over a 64 × 48 HEIC's baseline — its file (20.1 MB) and output (11.1 MB) included —
    /// against an estimate of 197.9 MB (working 166.7 MB: frame 146.3 MB, coded 20.1 MB).
    /// libheif's path was estimated at 219.8 MB and refused. With `threads` worker threads
    /// (`directThreads`), `directThreadBytes` more.
    static func directWorkingBytes(size: PixelSize, item: HEVCItem, wanted: PixelSize, threads: Int = 0) -> Int {
        let pixels = max(size.pixelCount, item.codedSize.pixelCount)
        let frame = planeBytes(pixels: pixels, chroma: .yuv420, sampleBytes: 1, alpha: false) + pixels * decoderMapHalfBytes / 2
        let coded = item.codedBytes * (item.extents.count > 1 ? 2 : 1) - item.extents.reduce(0) { $0 + HEIFFile.releasableBytes($1) }
        let parallel = threads > 0 ? directThreadBytes(item.codedSize, threads: threads) : 0
        return frame + coded + parallel + size.width * 4 + RowDownscaler.workingBytes(width: size.width, size: wanted)
    }

    /// libde265's worker threads for a direct decode: 2 on a machine of more than one core, else
    /// none (the calling thread decodes alone). Measured: a 48 MP single frame (`heif-enc -q 80`)
    /// decodes in 4.2 s with two instead of 6.0 s alone on a quiet machine (docs/BENCHMARKS.md,
    /// issue 32). Under the 192 MB default cap a 48 MP frame takes them for screens up to
    /// 2560 × 1440 since the file's copy of its coded bytes is given back once libde265 holds
    /// its own (`HEIFFile.release`; before, 206 MB working with them, refused).
    static let directThreads = ProcessInfo.processInfo.activeProcessorCount > 1 ? 2 : 0

    /// Frames smaller than this, pixels, are decoded on the calling thread alone: their decode
    /// takes milliseconds, less than starting threads is worth (4 MP).
    static let directThreadsMinimumPixels = 4_000_000

    /// The memory libde265's worker threads add to a direct decode of a frame its SPS codes at
    /// `coded` pixels, bytes: its parallel filters write a second whole frame (1.5 bytes a pixel
    /// at 4:2:0) where the single-threaded filter copies one plane at a time (the luma, 1 byte a
    /// pixel, already within `decoderMapHalfBytes`): half a byte a pixel more; plus one decoding
    /// context for each row of 64-pixel coding tree blocks (`threadContextBytes`) and each
    /// thread's stack (8 MiB reserved; counted at `threadStackBytes`, what it touches).
    static func directThreadBytes(_ coded: PixelSize, threads: Int) -> Int {
        let rows = (coded.height + 63) / 64
        return coded.pixelCount / 2 + rows * threadContextBytes + threads * threadStackBytes
    }

    /// The memory of one of libde265's decoding contexts (a row of coding tree blocks decoded at
    /// once: its coefficient and residual buffers and CABAC state), bytes, rounded up: 64 KiB.
    static let threadContextBytes = 64 << 10

    /// The stack a worker thread touches, bytes, rounded up: 1 MiB.
    static let threadStackBytes = 1 << 20

    /// The worker threads for a direct decode of `item` (`size` pixels as shown) to `wanted`
    /// pixels under `limits`: `directThreads` when the frame is large enough
    /// (`directThreadsMinimumPixels`) and the estimate with them and the output fits
    /// `limits.maximumWorkingMemory`; else 0, as before (the decode then fits as it did).
    static func directThreads(size: PixelSize, item: HEVCItem, wanted: PixelSize, limits: PictureLimits) -> Int {
        guard directThreads > 0, item.codedSize.pixelCount >= directThreadsMinimumPixels else { return 0 }
        let working = directWorkingBytes(size: size, item: item, wanted: wanted, threads: directThreads)
        return working + wanted.pixelCount * 4 <= limits.maximumWorkingMemory ? directThreads : 0
    }

    /// Decodes `item` (of `handle`) with libde265 directly and converts its planes a row at a
    /// time, turned by the item's irot/imir, as `decode` does libheif's; with `threads` of
    /// libde265's worker threads. The file's pages of the item's coded bytes are given back
    /// once libde265 has copied them (`HEIFFile.release`): the file cannot decode the item again.
    static func decodeDirect(_ file: HEIFFile, handle: OpaquePointer, item: HEVCItem, wanted: PixelSize, threads: Int,
                             name: String) throws -> RGBAImage {
        guard !item.extents.contains(where: { extent in file.released.contains { $0.overlaps(extent) } }) else {
            throw PictureError.corrupt(path: name, reason: "the image's coded bytes were given back by an earlier decode")
        }
        let coded = item.unturned(HEIFFile.size(of: handle))
        let frame = try HEVCFrameDecoder(item, bytes: file.contents, size: coded, threads: threads, name: name) { file.release($0) }
        var planes = try frame.planes(handle: handle, name: name)
        planes.orient(item.transforms)
        return withExtendedLifetime(frame) { image(from: planes, premultiplied: false, wanted: wanted, file: file) }
    }
}
