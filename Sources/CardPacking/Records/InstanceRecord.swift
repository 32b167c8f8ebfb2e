import CardLayout
import CardMath

/// One card as the GPU reads it: a fixed 80-byte record, one per instance. Defined once, here;
/// the packers, the bulk writers and the card shaders (`Shaders/card.vert`) read this table. The
/// vertex attributes that read it (location, GLSL type, offset) are declared once, in
/// CardRendering's `ShaderInterface.card`, which points them at these fields and writes their
/// GLSL declarations into `card.vert`.
///
/// | bytes | field | type | attribute in card.vert |
/// | --- | --- | --- | --- |
/// | 0–15  | `row0` | 4 × Float | `iRow0` |
/// | 16–31 | `row1` | 4 × Float | `iRow1` |
/// | 32–47 | `row2` | 4 × Float | `iRow2` |
/// | 48–51 | `alpha` | Float | `iAlphaDepth.x` |
/// | 52–55 | `depth` | Float | `iAlphaDepth.y` |
/// | 56–59 | `id` | UInt32 | `iId` |
/// | 60–61 | `layer` | UInt16 | `iLayerTitle.x` |
/// | 62–63 | `title` | UInt16 | `iLayerTitle.y`: bits 0–10 the title's slot, 11–15 colour labels (`TitleSlot+Labels`) |
/// | 64–71 | `pictureRectBits` | 4 × Float16 | `iPictureRect` (half floats) |
/// | 72    | `pictureOpacityLevel` | UInt8 | `iOpacityFlags.x` (0…255) |
/// | 73    | `flags` | UInt8 | `iOpacityFlags.y` (`InstanceFlags`) |
/// | 74–75 | `visibleHeightLevel` | UInt16 | `iVisibleHeight` (normalized) |
/// | 76–79 | `depthOffset` | Float | `iDepthOffset` |
///
/// The three rows are the card's affine local → world matrix (the fourth row is always
/// 0 0 0 1, so it is not sent), with the card's width and height folded into its first two
/// columns: it maps the unit quad (corners ±0.5, +y down) straight to world points. World
/// points are viewport points: the scroll offset is subtracted in Double before the conversion to
/// Float, so large offsets keep their precision. The third column (the card's z axis) is kept so
/// the record is the whole matrix.
///
/// The picture fields say what the card shows: `layer` picks a layer of the picture pool, the
/// full-resolution texture or no picture yet (`PictureLayer`); `pictureRect` places the picture
/// on the card; `pictureOpacity` fades it in over the placeholder; `flags` mark an unreadable
/// picture; `title` picks a slot of the title atlas (`TitleSlot.none`: no title) and, in its
/// high five bits, carries the card's colour labels (`titleSlot`, `colorLabelBits`). Packers and
/// bulk writers fill the defaults (`InstanceRecord.init`); a caller that streams pictures
/// overwrites them on the visible records after packing (`setPicture`), O(1) per record.
///
/// `depthOffset` orders coplanar cards (SPEC §8): points of depth toward the eye that the card
/// vertex shader adds to the depth the depth test sees — never to where the card is drawn. A
/// record is made holding its card's `depthBias` there (as a Float); the packers then rank the
/// frame's biases (`BiasRanking`; exact coplanar ties by zIndex, then index, in the frames that
/// may have them: `CardLayout.mayTieCoplanarCards`) and store
/// `CoplanarOrder.depthPerStep` points per rank, centred. 0 for every card of a frame whose
/// biases are all equal and in which no two cards overlap in one plane (every seed layout).
public struct InstanceRecord: Hashable, Sendable {
    /// Row 0 of the 3 × 4 affine matrix: world x = dot(row0, (u, v, 0, 1)).
    public var row0: SIMD4<Float>
    /// Row 1: world y.
    public var row1: SIMD4<Float>
    /// Row 2: world z.
    public var row2: SIMD4<Float>
    /// Opacity, 0 < alpha ≤ 1.
    public var alpha: Float
    /// Distance from the eye to the card's center, points; what translucent cards are sorted by.
    public var depth: Float
    /// The card's stable id (`CardID.rawValue`).
    public var id: UInt32
    /// What picture the card shows: a pool layer, the full-resolution texture, or none (`PictureLayer`).
    public var layer: UInt16
    /// The title atlas slot of the card's title, or `TitleSlot.none`.
    public var title: UInt16
    /// `pictureRect` as four IEEE half floats (minX, minY, maxX, maxY).
    public var pictureRectBits: SIMD4<UInt16>
    /// `pictureOpacity` in 1/255 steps.
    public var pictureOpacityLevel: UInt8
    /// `InstanceFlags` bits.
    public var flags: UInt8
    /// `visibleHeight` in 1/65,535 steps.
    public var visibleHeightLevel: UInt16
    /// Points of depth toward the eye the depth test sees the card moved by; it does not move the
    /// card on screen. Until the packer ranks the frame (`BiasRanking`): the card's `depthBias`.
    public var depthOffset: Float

    /// A record with the default picture fields: the full rectangle, fully faded in, no flags,
    /// no title.
    @inlinable
    public init(row0: SIMD4<Float>, row1: SIMD4<Float>, row2: SIMD4<Float>,
                alpha: Float, depth: Float, layer: UInt16, id: UInt32, depthOffset: Float = 0) {
        // depthOffset: the card's depthBias, ranked into an offset by the packer (BiasRanking).
        self.row0 = row0
        self.row1 = row1
        self.row2 = row2
        self.alpha = alpha
        self.depth = depth
        self.id = id
        self.layer = layer
        // Literals, not the static constants: bulk writers call this per card, and a lazily
        // initialised global costs a call per access.
        title = 0xFFFF  // TitleSlot.none
        pictureRectBits = SIMD4(0, 0, 0x3C00, 0x3C00)  // PictureRect.full: 0, 0, 1, 1 as half floats
        pictureOpacityLevel = 255
        flags = 0
        visibleHeightLevel = UInt16.max
        self.depthOffset = depthOffset
    }

    /// Bytes per record: the stride of the instance buffer.
    public static let stride = MemoryLayout<InstanceRecord>.stride

    /// Byte offsets of the attributes, as the vertex array reads them.
    public static let rowsOffset = MemoryLayout<InstanceRecord>.offset(of: \.row0) ?? 0
    public static let alphaDepthOffset = MemoryLayout<InstanceRecord>.offset(of: \.alpha) ?? 48
    public static let idOffset = MemoryLayout<InstanceRecord>.offset(of: \.id) ?? 56
    public static let layerTitleOffset = MemoryLayout<InstanceRecord>.offset(of: \.layer) ?? 60
    public static let pictureRectOffset = MemoryLayout<InstanceRecord>.offset(of: \.pictureRectBits) ?? 64
    public static let opacityFlagsOffset = MemoryLayout<InstanceRecord>.offset(of: \.pictureOpacityLevel) ?? 72
    public static let visibleHeightOffset = MemoryLayout<InstanceRecord>.offset(of: \.visibleHeightLevel) ?? 74
    public static let depthOffsetOffset = MemoryLayout<InstanceRecord>.offset(of: \.depthOffset) ?? 76

    /// The record of `card` with the scroll `offset` subtracted, or `nil` when it has nothing to
    /// draw (hidden, fully transparent) or a number that is not finite (NaN never reaches a buffer).
    /// The layer is the default choice, `id % layerCount` (`LayerChoice`).
    ///
    /// - Complexity: O(1), no allocation.
    public init?(_ card: CardAttributes, offset: Vec2, eye: Vec3, layerCount: Int) {
        self.init(card, offset: offset, eye: eye, layers: LayerChoice(count: layerCount))
    }

    /// The record of `card`, its layer chosen by `layers`.
    ///
    /// - Complexity: O(1), no allocation.
    public init?(_ card: CardAttributes, offset: Vec2, eye: Vec3, layers: LayerChoice) {
        guard !card.isHidden, card.alpha > 0, !card.alpha.isNaN else { return nil }
        let m = card.localToWorld(offset: offset)
        let w = card.size.width, h = card.size.height
        let x = SIMD4<Double>(m.c0.x * w, m.c1.x * h, m.c2.x, m.c3.x)
        let y = SIMD4<Double>(m.c0.y * w, m.c1.y * h, m.c2.y, m.c3.y)
        let z = SIMD4<Double>(m.c0.z * w, m.c1.z * h, m.c2.z, m.c3.z)
        let center = Vec3(m.c3.x, m.c3.y, m.c3.z)
        let depth = Float((center - eye).length)
        let id = card.id.rawValue
        self.init(row0: SIMD4<Float>(x), row1: SIMD4<Float>(y), row2: SIMD4<Float>(z),
                  alpha: Float(min(card.alpha, 1)), depth: depth, layer: layers.layer(forID: id), id: id,
                  depthOffset: Float(card.depthBias))
        // x·0 is 0 exactly for finite x and NaN for NaN or ±infinity (also after Float overflow).
        let probe = row0 * 0 + row1 * 0 + row2 * 0
        guard probe == .zero, depth.isFinite, depthOffset.isFinite else { return nil }
    }

    /// True when the card is fully opaque.
    @inlinable public var isOpaque: Bool { alpha >= 1 }

    /// The picture's rectangle on the card, in card units (see `PictureRect`).
    public var pictureRect: PictureRect {
        get { PictureRect(bits: pictureRectBits) }
        set { pictureRectBits = newValue.bits }
    }

    /// How far the picture has faded in over the placeholder, 0…1 (stored in 1/255 steps).
    public var pictureOpacity: Float {
        get { Float(pictureOpacityLevel) / 255 }
        set { pictureOpacityLevel = UInt8((min(max(newValue.isNaN ? 0 : newValue, 0), 1) * 255).rounded()) }
    }

    /// How much of the card, from its top edge, can be seen, 0…1 of its height; below, an opaque
    /// card in front is known to hide it, so the renderer need not draw it (`OcclusionClip`:
    /// pages at rest, where each page hides most of the one behind it). 1, the whole card, unless
    /// a packer knows better.
    public var visibleHeight: Float {
        get { Float(visibleHeightLevel) / Float(UInt16.max) }
        set { visibleHeightLevel = UInt16((min(max(newValue.isNaN ? 1 : newValue, 0), 1) * Float(UInt16.max)).rounded(.up)) }
    }

    /// The card's flags.
    public var instanceFlags: InstanceFlags {
        get { InstanceFlags(rawValue: flags) }
        set { flags = newValue.rawValue }
    }

    /// Sets every picture field at once: what the integration of streamed pictures does for each
    /// visible record after packing.
    ///
    /// - Complexity: O(1), no allocation.
    @inlinable
    public mutating func setPicture(layer: UInt16, rect: PictureRect, opacity: Float, unreadable: Bool = false) {
        self.layer = layer
        pictureRect = rect
        pictureOpacity = opacity
        var flags = instanceFlags
        if unreadable { flags.insert(.unreadable) } else { flags.remove(.unreadable) }
        instanceFlags = flags
    }
}

/// Values of `InstanceRecord.layer`.
public enum PictureLayer {
    /// No picture yet: the card shows its placeholder (background, rim, corners, title).
    public static let none: UInt16 = 0xFFFF
    /// `fullResolutionBase + k` is layer k of the full-resolution texture (the opened card,
    /// SlideBox's front photo).
    public static let fullResolutionBase: UInt16 = 0xFFF0
    /// The full-resolution texture's layers the record can name.
    public static let fullResolutionLayers = 15
    /// The photo view's zoomed picture (`CardRenderer.uploadZoomPicture`): one texture of its own,
    /// as large as the zoom needs (SPEC §10).
    public static let zoom: UInt16 = 0xFFEF
    /// Pool layers are `0..<poolLimit`.
    public static let poolLimit = Int(zoom)

    /// The record value for layer `k` of the full-resolution texture.
    public static func fullResolution(_ k: Int) -> UInt16 {
        fullResolutionBase + UInt16(clamping: min(max(k, 0), fullResolutionLayers - 1))
    }
}

/// Values of `InstanceRecord.title`: the title atlas slot and the card's colour labels, in one
/// field (the record has no other room; see `TitleSlot+Labels.swift` for the layout).
public enum TitleSlot {
    /// The card shows no title (and carries no colour labels): the record's default.
    public static let none: UInt16 = 0xFFFF
}

/// Flags of a card (`InstanceRecord.flags`).
public struct InstanceFlags: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// The card's picture cannot be read: its placeholder shows a broken-picture mark.
    public static let unreadable = InstanceFlags(rawValue: 1)
    /// The card is the current one and carries the focus ring (SPEC §10): the shader draws its rim
    /// wider and in the accent colour.
    public static let focused = InstanceFlags(rawValue: 2)
    /// The card is the photo view's picture (SPEC §10): square corners, no rim, no badge — the
    /// picture alone, whole.
    public static let photo = InstanceFlags(rawValue: 4)
    /// The card's title sits in a band across the card's top (`LayoutBehavior.titlesAtTop`:
    /// layouts whose cards show only their tops), not across the bottom of its picture.
    public static let titleAtTop = InstanceFlags(rawValue: 8)

    /// The culling mark (SPEC §10) in the high four bits, one code for what is drawn: 0…11 a
    /// card not rejected, `picked · cullPickedCode + stars` (0–5 stars, picked or not); 15
    /// rejected (the shader dims the card and draws a cross; its stars are kept, not shown);
    /// 12–14 unused. `card.vert` decodes it with these constants (generated into it:
    /// `ShaderInterface.card` in CardRendering).
    public static let cullMask = InstanceFlags(rawValue: 0xF0)
    /// Where the code sits in the flags: `flags >> cullShift` (the mask's lowest bit).
    public static let cullShift: UInt8 = 4
    /// The code of a rejected card (in the high four bits: 15 << 4).
    public static let cullRejectedCode: UInt8 = 15
    /// The code of a picked card without stars: picked codes are this plus the stars, and the
    /// codes from twice this up to the rejected code are unused.
    public static let cullPickedCode: UInt8 = 6

    /// The high bits of a card with `stars` (clamped to 0…5), picked or rejected.
    public static func cullBits(stars: Int, picked: Bool, rejected: Bool) -> UInt8 {
        let code = rejected ? cullRejectedCode : (picked ? cullPickedCode : 0) + UInt8(min(max(stars, 0), 5))
        return code << cullShift
    }
}
