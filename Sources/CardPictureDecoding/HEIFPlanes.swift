import CHeif

/// A decoded libheif image's planes, read a row at a time as 8-bit straight-alpha RGBA: YCbCr
/// at any chroma format (4:2:0, 4:2:2, 4:4:4; chroma upsampled by repeating samples, as libheif
/// 1.15 does), monochrome, or planar RGB; 8 to 16 bits a sample (`heif_image_get_bits_per_pixel_range`);
/// with the alpha plane when there is one.
///
/// YCbCr is converted with the image's nclx matrix coefficients and range (the decoded image's
/// nclx, else the file's `colr` nclx), else BT.601 full range, libheif's own defaults: the
/// values libheif's interleaved RGBA decode gives, within rounding.
struct HEIFPlanes {
    /// A plane: its first byte, its stride (bytes), its bits a sample (samples of more than 8
    /// bits take 2 bytes, little-endian as libheif stores them), its subsampling shifts.
    struct Plane {
        var base: UnsafePointer<UInt8>
        var stride: Int
        var bits: Int
        var shiftX = 0, shiftY = 0

        /// The sample at (`x`, `y`) of the picture, in the plane's own units.
        @inline(__always)
        func sample(_ x: Int, _ y: Int) -> Int {
            let row = base + (y >> shiftY) * stride
            if bits <= 8 { return Int(row[x >> shiftX]) }
            let at = (x >> shiftX) * 2
            return Int(row[at]) | Int(row[at + 1]) << 8
        }

        /// 255 / the largest sample.
        var toEightBits: Float { 255 / Float((1 << bits) - 1) }
    }

    /// How the colour planes become RGB.
    enum Kind {
        case yCbCr(y: Plane, cb: Plane, cr: Plane)
        case monochrome(Plane)
        case rgb(r: Plane, g: Plane, b: Plane)
    }

    /// The picture's size as read: after `orient`, upright.
    private(set) var width: Int, height: Int
    /// Where the picture's pixel (x, y) lies in the planes: x·a + y·b + c for each coordinate
    /// (`orient`; the identity until then).
    private var mapX = (1, 0, 0), mapY = (0, 1, 0)
    let kind: Kind
    let alpha: Plane?
    var hasAlpha: Bool { alpha != nil }
    /// R = Y + rCr·Cr; G = Y + gCb·Cb + gCr·Cr; B = Y + bCb·Cb (Y, Cb, Cr scaled to 0…255 and
    /// ±127.5); identity (GBR) when `identity`.
    let rCr: Float, gCb: Float, gCr: Float, bCb: Float
    let identity: Bool
    let fullRange: Bool

    /// Planes of a `width` × `height` picture (each covering it, as `kind` and `alpha` say),
    /// converted with H.273 matrix coefficients `matrix` (BT.601 for any this does not know) and
    /// `fullRange`.
    init(width: Int, height: Int, kind: Kind, alpha: Plane?, matrix: heif_matrix_coefficients, fullRange: Bool) {
        (self.width, self.height, self.kind, self.alpha, self.fullRange) = (width, height, kind, alpha, fullRange)
        identity = matrix == heif_matrix_coefficients_RGB_GBR
        let (kr, kb): (Float, Float) = switch matrix {
        case heif_matrix_coefficients_ITU_R_BT_709_5: (0.2126, 0.0722)
        case heif_matrix_coefficients_US_FCC_T47: (0.30, 0.11)
        case heif_matrix_coefficients_SMPTE_240M: (0.212, 0.087)
        case heif_matrix_coefficients_ITU_R_BT_2020_2_non_constant_luminance,
             heif_matrix_coefficients_ITU_R_BT_2020_2_constant_luminance: (0.2627, 0.0593)
        default: (0.299, 0.114)
        }
        let kg = 1 - kr - kb
        rCr = 2 * (1 - kr)
        bCb = 2 * (1 - kb)
        gCb = -2 * kb * (1 - kb) / kg
        gCr = -2 * kr * (1 - kr) / kg
    }

    /// Reads `image`, decoded from `handle` (whose `colr` nclx is the fallback; nil: none).
    init(_ image: OpaquePointer, handle: OpaquePointer?, name: String) throws {
        func plane(_ channel: heif_channel) -> Plane? {
            var stride: Int32 = 0
            let bits = Int(heif_image_get_bits_per_pixel_range(image, channel))
            guard heif_image_has_channel(image, channel) != 0, bits >= 1, bits <= 16,
                  let base = heif_image_get_plane_readonly(image, channel, &stride), stride > 0 else { return nil }
            return Plane(base: base, stride: Int(stride), bits: bits)
        }
        let width = Int(heif_image_get_primary_width(image)), height = Int(heif_image_get_primary_height(image))
        guard width > 0, height > 0 else { throw PictureError.corrupt(path: name, reason: "libheif decoded an empty image") }
        /// Whether `p`, subsampled by its shifts, covers the picture in rows of enough bytes.
        func covers(_ p: Plane, _ channel: heif_channel) -> Bool {
            let w = Int(heif_image_get_width(image, channel)), h = Int(heif_image_get_height(image, channel))
            return w >= (width + (1 << p.shiftX) - 1) >> p.shiftX && h >= (height + (1 << p.shiftY) - 1) >> p.shiftY
                && p.stride >= w * (p.bits > 8 ? 2 : 1)
        }
        let colorspace = heif_image_get_colorspace(image), chroma = heif_image_get_chroma_format(image)
        let kind: Kind
        switch (colorspace, chroma) {
        case (heif_colorspace_YCbCr, heif_chroma_420), (heif_colorspace_YCbCr, heif_chroma_422), (heif_colorspace_YCbCr, heif_chroma_444):
            guard let y = plane(heif_channel_Y), var cb = plane(heif_channel_Cb), var cr = plane(heif_channel_Cr) else {
                throw PictureError.corrupt(path: name, reason: "libheif decoded no YCbCr planes")
            }
            let shiftX = chroma == heif_chroma_444 ? 0 : 1, shiftY = chroma == heif_chroma_420 ? 1 : 0
            (cb.shiftX, cb.shiftY, cr.shiftX, cr.shiftY) = (shiftX, shiftY, shiftX, shiftY)
            guard covers(y, heif_channel_Y), covers(cb, heif_channel_Cb), covers(cr, heif_channel_Cr) else {
                throw PictureError.corrupt(path: name, reason: "libheif decoded planes smaller than the image")
            }
            kind = .yCbCr(y: y, cb: cb, cr: cr)
        case (heif_colorspace_monochrome, _), (heif_colorspace_YCbCr, heif_chroma_monochrome):
            guard let y = plane(heif_channel_Y), covers(y, heif_channel_Y) else {
                throw PictureError.corrupt(path: name, reason: "libheif decoded no grey plane")
            }
            kind = .monochrome(y)
        case (heif_colorspace_RGB, heif_chroma_444):
            guard let r = plane(heif_channel_R), let g = plane(heif_channel_G), let b = plane(heif_channel_B),
                  covers(r, heif_channel_R), covers(g, heif_channel_G), covers(b, heif_channel_B) else {
                throw PictureError.corrupt(path: name, reason: "libheif decoded no RGB planes")
            }
            kind = .rgb(r: r, g: g, b: b)
        default:
            throw PictureError.unsupported(path: name, reason: "libheif decoded colour space \(colorspace.rawValue), chroma \(chroma.rawValue)")
        }
        let alpha = plane(heif_channel_Alpha).flatMap { covers($0, heif_channel_Alpha) ? $0 : nil }
        // The matrix: the decoded image's nclx, else the file's, else BT.601 full range.
        var nclx: UnsafeMutablePointer<heif_color_profile_nclx>?
        if heif_image_get_nclx_color_profile(image, &nclx).code != heif_error_Ok || nclx == nil {
            nclx = nil
            if let handle, heif_image_handle_get_nclx_color_profile(handle, &nclx).code != heif_error_Ok { nclx = nil }
        }
        defer { if let nclx { heif_nclx_color_profile_free(nclx) } }
        let matrix = nclx?.pointee.matrix_coefficients ?? heif_matrix_coefficients_ITU_R_BT_601_6
        let fullRange = nclx.map { $0.pointee.full_range_flag != 0 } ?? true
        self.init(width: width, height: height, kind: kind, alpha: alpha, matrix: matrix, fullRange: fullRange)
    }

    /// Reads the planes turned and mirrored by `transforms`, in order (HEIF's irot: quarter
    /// turns counter-clockwise; imir as libheif 1.15 applies it — and writes it —, axis 0
    /// swapping top and bottom, 1 left and right), so that rows come out upright, the picture
    /// libheif itself would give; `width` and `height` become the upright size.
    mutating func orient(_ transforms: [HEIFCoding.Transform]) {
        guard !transforms.isEmpty else { return }
        // The map from the planes' pixel s to the current picture's: M·s + t, current size w × h.
        var m = ((1, 0), (0, 1)), t = (0, 0), w = width, h = height
        for transform in transforms {
            switch transform {
            case let .rotate(turns):
                for _ in 0..<turns {
                    // (x, y) → (y, w − 1 − x); the size turns.
                    (m, t) = ((m.1, (-m.0.0, -m.0.1)), (t.1, w - 1 - t.0))
                    (w, h) = (h, w)
                }
            case .mirror(axis: 0):
                (m.1, t.1) = ((-m.1.0, -m.1.1), h - 1 - t.1)
            case .mirror:
                (m.0, t.0) = ((-m.0.0, -m.0.1), w - 1 - t.0)
            }
        }
        // Inverted: M is a signed permutation, so M⁻¹ = Mᵀ; s = Mᵀ·(u − t).
        mapX = (m.0.0, m.1.0, -(m.0.0 * t.0 + m.1.0 * t.1))
        mapY = (m.0.1, m.1.1, -(m.0.1 * t.0 + m.1.1 * t.1))
        (width, height) = (w, h)
    }

    /// `convertRow` for turned or mirrored planes (`orient`): each pixel read where the map puts
    /// it, through the same arithmetic.
    private func convertRowTurned(_ y: Int, into out: UnsafeMutablePointer<UInt8>, clamp: (Float) -> UInt8) {
        for x in 0..<width {
            let sx = mapX.0 * x + mapX.1 * y + mapX.2, sy = mapY.0 * x + mapY.1 * y + mapY.2
            let pixel = out + x * 4
            switch kind {
            case let .yCbCr(yPlane, cb, cr):
                let unit = Float(1 << max(0, yPlane.bits - 8))
                let yScale = fullRange ? yPlane.toEightBits : 1.1689 * yPlane.toEightBits
                let yOffset: Float = fullRange ? 0 : 16 * unit
                let cScale = fullRange ? cb.toEightBits : 1.1429 * cb.toEightBits
                let cMid = Float(1 << (cb.bits - 1))
                let luma = (Float(yPlane.sample(sx, sy)) - yOffset) * yScale
                let u = (Float(cb.sample(sx, sy)) - cMid) * cScale, v = (Float(cr.sample(sx, sy)) - cMid) * cScale
                if identity {
                    pixel[0] = clamp(v + 127.5); pixel[1] = clamp(luma); pixel[2] = clamp(u + 127.5)
                } else {
                    pixel[0] = clamp(luma + rCr * v)
                    pixel[1] = clamp(luma + gCb * u + gCr * v)
                    pixel[2] = clamp(luma + bCb * u)
                }
            case let .monochrome(grey):
                pixel.update(repeating: clamp(Float(grey.sample(sx, sy)) * grey.toEightBits), count: 3)
            case let .rgb(r, g, b):
                pixel[0] = clamp(Float(r.sample(sx, sy)) * r.toEightBits)
                pixel[1] = clamp(Float(g.sample(sx, sy)) * g.toEightBits)
                pixel[2] = clamp(Float(b.sample(sx, sy)) * b.toEightBits)
            }
            pixel[3] = alpha.map { clamp(Float($0.sample(sx, sy)) * $0.toEightBits) } ?? 255
        }
    }

    /// Writes row `y` as `width` RGBA pixels (straight alpha; opaque without an alpha plane).
    func convertRow(_ y: Int, into out: UnsafeMutablePointer<UInt8>) {
        @inline(__always) func clamp(_ value: Float) -> UInt8 { UInt8(max(0, min(255, value + 0.5))) }
        if mapX != (1, 0, 0) || mapY != (0, 1, 0) {
            convertRowTurned(y, into: out, clamp: clamp)
            return
        }
        switch kind {
        case let .yCbCr(yPlane, cb, cr):
            // Scaled to 8-bit units: full range Y 0…255, C ±127.5; limited range Y from 16·k
            // (k = 2^(bits − 8)) and C stretched by libheif's own factors, 1.1689 and 1.1429
            // (256/219 and 256/224), so that the colours are libheif's.
            let unit = Float(1 << max(0, yPlane.bits - 8))
            let yScale = fullRange ? yPlane.toEightBits : 1.1689 * yPlane.toEightBits
            let yOffset: Float = fullRange ? 0 : 16 * unit
            let cScale = fullRange ? cb.toEightBits : 1.1429 * cb.toEightBits
            let cMid = Float(1 << (cb.bits - 1))
            for x in 0..<width {
                let luma = (Float(yPlane.sample(x, y)) - yOffset) * yScale
                let u = (Float(cb.sample(x, y)) - cMid) * cScale, v = (Float(cr.sample(x, y)) - cMid) * cScale
                let pixel = out + x * 4
                if identity {
                    pixel[0] = clamp(v + 127.5); pixel[1] = clamp(luma); pixel[2] = clamp(u + 127.5)
                } else {
                    pixel[0] = clamp(luma + rCr * v)
                    pixel[1] = clamp(luma + gCb * u + gCr * v)
                    pixel[2] = clamp(luma + bCb * u)
                }
            }
        case let .monochrome(grey):
            let scale = grey.toEightBits
            for x in 0..<width {
                let value = clamp(Float(grey.sample(x, y)) * scale)
                (out + x * 4).update(repeating: value, count: 3)
            }
        case let .rgb(r, g, b):
            let scale = r.toEightBits
            for x in 0..<width {
                out[x * 4] = clamp(Float(r.sample(x, y)) * scale)
                out[x * 4 + 1] = clamp(Float(g.sample(x, y)) * scale)
                out[x * 4 + 2] = clamp(Float(b.sample(x, y)) * scale)
            }
        }
        if let alpha {
            let scale = alpha.toEightBits
            for x in 0..<width { out[x * 4 + 3] = clamp(Float(alpha.sample(x, y)) * scale) }
        } else {
            for x in 0..<width { out[x * 4 + 3] = 255 }
        }
    }
}
