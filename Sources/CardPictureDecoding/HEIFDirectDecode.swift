import CHeif
import CardMath
import CardPixels

extension HEIFFile {
    /// The HEVC item to decode with libde265 directly for `handle` (`HEVCFrameDecoder`), or nil
    /// for libheif's path: a single 8-bit 4:2:0 `hvc1` image (the primary image when it is not a
    /// grid, or a thumbnail) without alpha, whose data lies in this file and that has no `clap`
    /// crop (`HEVCItem`).
    func directItem(_ handle: OpaquePointer) -> HEVCItem? {
        guard !(handle == primary && coding.isGrid), heif_image_handle_has_alpha_channel(handle) == 0,
              heif_image_handle_get_luma_bits_per_pixel(handle) == 8, heif_image_handle_get_chroma_bits_per_pixel(handle) == 8,
              let id = itemID(of: handle) else { return nil }
        return HEVCItem(contents, item: id)
    }
}

extension HEIFDecoder {
    /// The memory a decode of `handle` of `file` to `wanted` pixels takes beyond the file and the
    /// output, bytes: `directWorkingBytes` when libde265 decodes it directly
    /// (`HEIFFile.directItem`), else libheif's (`workingBytes(_:coding:isPrimary:wanted:)`).
    static func workingBytes(_ file: HEIFFile, handle: OpaquePointer, wanted: PixelSize) -> Int {
        guard let item = file.directItem(handle) else {
            return workingBytes(handle, coding: file.coding, isPrimary: handle == file.primary, wanted: wanted)
        }
        return directWorkingBytes(size: HEIFFile.size(of: handle), item: item, wanted: wanted)
    }

    /// The memory of a direct decode (`HEVCFrameDecoder`) of `item`, `size` pixels as shown, to
    /// `wanted` pixels, bytes: libde265's one frame — its 8-bit 4:2:0 planes (1.5 bytes a pixel)
    /// and its per-block maps (`decoderMapHalfBytes`: 1.5 bytes a pixel) —, the NAL units it
    /// copies (the item's coded bytes; twice when its extents are joined first), one RGBA row
    /// and the reduction's sums. No libheif image is made. Measured: an 8064 × 6048 (48 MP)
    /// single frame, 4:2:0, decoded for a 2560 × 1440 screen, peaks at 3.0 bytes a pixel
    /// (see the commit that added this path) against 3.0 bytes a pixel estimated.
    static func directWorkingBytes(size: PixelSize, item: HEVCItem, wanted: PixelSize) -> Int {
        let pixels = size.pixelCount
        let frame = planeBytes(pixels: pixels, chroma: .yuv420, sampleBytes: 1, alpha: false) + pixels * decoderMapHalfBytes / 2
        let coded = item.codedBytes * (item.extents.count > 1 ? 2 : 1)
        return frame + coded + size.width * 4 + RowDownscaler.workingBytes(width: size.width, size: wanted)
    }

    /// Decodes `item` (of `handle`) with libde265 directly and converts its planes a row at a
    /// time, turned by the item's irot/imir, as `decode` does libheif's.
    static func decodeDirect(_ file: HEIFFile, handle: OpaquePointer, item: HEVCItem, wanted: PixelSize, name: String) throws -> RGBAImage {
        let shown = HEIFFile.size(of: handle)
        let turns = item.transforms.reduce(0) { if case let .rotate(quarterTurns) = $1 { $0 + quarterTurns } else { $0 } }
        let coded = turns % 2 == 0 ? shown : PixelSize(width: shown.height, height: shown.width)
        let frame = try HEVCFrameDecoder(item, bytes: file.contents, size: coded, name: name)
        var planes = try frame.planes(handle: handle, name: name)
        planes.orient(item.transforms)
        return withExtendedLifetime(frame) { image(from: planes, premultiplied: false, wanted: wanted, file: file) }
    }
}
