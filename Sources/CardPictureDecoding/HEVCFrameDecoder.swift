import CDe265
import CHeif
import CardMath

/// A single HEVC image (`HEVCItem`) decoded by libde265 directly, on the calling thread or
/// with libde265's worker threads (`threads`; they decode rows of coding tree blocks at once
/// when the stream allows it, and filter the frame in parallel into a second frame of the same
/// size: `HEIFDecoder.directThreadBytes`), its planes read in place through `HEIFPlanes`. The
/// decoder's memory is its one frame — planes and per-block maps — and the NAL units it copies. libheif 1.15 would
/// copy the decoded frame into an image of its own before freeing the decoder; this never
/// makes that copy.
///
/// Owns the decoder: the planes live as long as this object. Not thread-safe (one decode).
final class HEVCFrameDecoder {
    /// libde265's decoder context.
    private let context: UnsafeMutableRawPointer
    /// The decoded frame, owned by `context`.
    private let frame: OpaquePointer

    /// Decodes `item` of `bytes` (the whole file) and checks that the frame is 8-bit 4:2:0 of
    /// `size` pixels (the item's `ispe`, before its transformations), with `threads` worker
    /// threads (0: on the calling thread alone). `pushed` is called with each of the item's
    /// extents once libde265 holds its own copy of the coded bytes, before it decodes them (the
    /// file's pages of them can be given back: `HEIFFile.release`). Throws a `PictureError`
    /// naming `name` for anything that does not decode.
    init(_ item: HEVCItem, bytes: UnsafeRawBufferPointer, size: PixelSize, threads: Int = 0, name: String,
         pushed: (Range<Int>) -> Void = { _ in }) throws {
        guard let context = de265_new_decoder() else { throw PictureError.unreadable(path: name, reason: "libde265 could not start") }
        do {
            if threads > 0 { try Self.check(de265_start_worker_threads(context, Int32(clamping: threads)), name: name) }
            try Self.push(item, bytes: bytes, into: context, name: name)
            item.extents.forEach(pushed)
            let frame = try Self.decode(context, name: name)
            let width = Int(de265_get_image_width(frame, 0)), height = Int(de265_get_image_height(frame, 0))
            guard de265_get_chroma_format(frame) == de265_chroma_420, (0..<3).allSatisfy({ de265_get_bits_per_pixel(frame, $0) == 8 }) else {
                throw PictureError.corrupt(path: name, reason: "the HEVC frame is not 8-bit 4:2:0 as its hvcC says")
            }
            guard width == size.width, height == size.height else {
                throw PictureError.corrupt(path: name, reason: "the HEVC frame is \(width)×\(height), its item says \(size.width)×\(size.height)")
            }
            self.frame = frame
        } catch {
            de265_free_decoder(context)
            throw error
        }
        self.context = context
    }

    deinit { de265_free_decoder(context) }

    /// The frame's planes as `HEIFPlanes` (valid while this object lives), converted with the
    /// matrix and range of `handle`'s `colr` nclx when the file has one, else of the frame's
    /// SPS VUI (as libheif's libde265 plugin reads them).
    func planes(handle: OpaquePointer, name: String) throws -> HEIFPlanes {
        let width = Int(de265_get_image_width(frame, 0)), height = Int(de265_get_image_height(frame, 0))
        func plane(_ channel: Int32, shift: Int) throws -> HEIFPlanes.Plane {
            var stride: Int32 = 0
            let w = Int(de265_get_image_width(frame, channel)), h = Int(de265_get_image_height(frame, channel))
            guard let base = de265_get_image_plane(frame, channel, &stride), Int(stride) >= w,
                  w >= (width + shift) >> shift, h >= (height + shift) >> shift else {
                throw PictureError.corrupt(path: name, reason: "libde265 decoded planes smaller than the image")
            }
            return HEIFPlanes.Plane(base: base, stride: Int(stride), bits: 8, shiftX: shift, shiftY: shift)
        }
        let kind = HEIFPlanes.Kind.yCbCr(y: try plane(0, shift: 0), cb: try plane(1, shift: 1), cr: try plane(2, shift: 1))
        var nclx: UnsafeMutablePointer<heif_color_profile_nclx>?
        if heif_image_handle_get_nclx_color_profile(handle, &nclx).code != heif_error_Ok { nclx = nil }
        defer { if let nclx { heif_nclx_color_profile_free(nclx) } }
        let matrix = nclx?.pointee.matrix_coefficients ?? heif_matrix_coefficients(rawValue: UInt32(clamping: de265_get_image_matrix_coefficients(frame)))
        let fullRange = nclx.map { $0.pointee.full_range_flag != 0 } ?? (de265_get_image_full_range_flag(frame) != 0)
        return HEIFPlanes(width: width, height: height, kind: kind, alpha: nil, matrix: matrix, fullRange: fullRange)
    }

    /// Pushes `item`'s parameter sets, then its coded bytes split into NAL units at their length
    /// prefixes (the extents joined first when there are several), and flushes.
    private static func push(_ item: HEVCItem, bytes: UnsafeRawBufferPointer, into context: UnsafeMutableRawPointer, name: String) throws {
        for unit in item.parameterSets {
            try check(de265_push_NAL(context, bytes.baseAddress! + unit.lowerBound, Int32(unit.count), 0, nil), name: name)
        }
        func pushUnits(_ data: UnsafeRawBufferPointer) throws {
            var at = 0
            while at < data.count {
                guard let length = HEIFCoding.integer(data, at, item.lengthSize), length <= data.count - at - item.lengthSize,
                      length <= Int(Int32.max) else {
                    throw PictureError.corrupt(path: name, reason: "an HEVC NAL unit runs past the item's data")
                }
                at += item.lengthSize
                if length > 0 { try check(de265_push_NAL(context, data.baseAddress! + at, Int32(length), 0, nil), name: name) }
                at += length
            }
        }
        if item.extents.count == 1, let extent = item.extents.first {
            try pushUnits(UnsafeRawBufferPointer(rebasing: bytes[extent]))
        } else {
            let joined = item.extents.flatMap { bytes[$0] }
            try joined.withUnsafeBytes { try pushUnits($0) }
        }
        try check(de265_flush_data(context), name: name)
    }

    /// Decodes what was pushed until the first picture comes out (libde265 decodes one NAL unit a
    /// call); throws when the data ends without one.
    private static func decode(_ context: UnsafeMutableRawPointer, name: String) throws -> OpaquePointer {
        var more: Int32 = 1
        while more != 0, de265_peek_next_picture(context) == nil {
            more = 0
            let error = de265_decode(context, &more)
            if error == DE265_ERROR_WAITING_FOR_INPUT_DATA { break }
            try check(error, name: name)
        }
        guard let frame = de265_get_next_picture(context) else {
            throw PictureError.corrupt(path: name, reason: "libde265 decoded no picture")
        }
        return frame
    }

    /// Throws the `PictureError` for a libde265 error (nothing for success and warnings).
    private static func check(_ error: de265_error, name: String) throws {
        guard de265_isOK(error) == 0 else { return }
        let text = de265_get_error_text(error).map { String(cString: $0) } ?? "libde265 error \(error.rawValue)"
        throw PictureError.corrupt(path: name, reason: text)
    }
}
