import CardPacking
import CardShaders

/// The card program's uniforms (`card.vert`, `card.frag`), by their GLSL names.
enum CardUniform: String, CaseIterable {
    case viewProjection = "uViewProjection"
    case eye = "uEye"
    case drawable = "uDrawable"
    /// The camera's viewport, points: `uDrawable` over the HiDPI scale, for sizes on screen
    /// that are the same in points at every scale (legibility, the screen's inset).
    case viewport = "uViewport"
    case pictureLayers = "uPictureLayers"
    case pictureSize = "uPictureSize"
    case glyphCell = "uGlyphCell"
    case titleSlot = "uTitleSlot"
    case legiblePixels = "uLegiblePixels"
    case paintOrder = "uPaintOrder"
    case pictures = "uPictures"
    case fullPictures = "uFullPictures"
    case zoomPicture = "uZoomPicture"
    /// The photo view's tiles (`TileView`): the level's size, tile side and border; the window
    /// of the grid the table covers; the table; the full-resolution layer shown where a tile is missing.
    case tileGrid = "uTileGrid"
    case tileWindow = "uTileWindow"
    case tileLayers = "uTileLayers"
    case tileFallback = "uTileFallback"
    case glyphs = "uGlyphs"
    case titles = "uTitles"
    /// Depth peeling's fragment tests (`PeelMode`) and the depths they read.
    case peel = "uPeel"
    case opaqueDepth = "uOpaqueDepth"
    case peelDepth = "uPeelDepth"
}

/// The values of the card program's `uPeel` (`card.frag`): which of depth peeling's fragment
/// tests run (`DepthPeeler`).
enum PeelMode: Int, CaseIterable {
    /// None: every fragment is kept (the opaque depth pass).
    case off = 0
    /// Keep only fragments in front of the opaque cards (the first layer).
    case inFrontOfOpaque = 1
    /// Keep only fragments in front of the opaque cards and strictly behind the previous layer.
    case behindPreviousLayer = 2
}

/// The text overlay's uniforms (`text.vert`, `text.frag`).
enum TextUniform: String, CaseIterable {
    case atlas = "uAtlas"
    case sizes = "uSizes"
}

/// The floor's uniforms (`quad.vert`, `floor.frag`).
enum FloorUniform: String, CaseIterable {
    case picture = "uPicture"
    case drawable = "uDrawable"
}

/// Depth peeling's compositing uniforms (`fullscreen.vert`, `composite.frag`).
enum CompositeUniform: String, CaseIterable {
    case layer = "uLayer"
    case premultiply = "uPremultiply"
}

extension ShaderInterface {
    /// The card program: the instance record's attributes (`InstanceRecord`), the mesh's
    /// (`CardMesh`), and the constants of the record's fields, the mesh's parts, the card's
    /// outline (`CardOutline`), its background, identity colours and depth peeling.
    static let card = ShaderInterface(
        vertexFile: ShaderLibrary.cardVertex, fragmentFile: ShaderLibrary.cardFragment,
        constants: cardConstants, attributes: CardMesh.attributes + cardInstanceAttributes,
        uniforms: CardUniform.allCases.map(\.rawValue))

    /// The text overlay: one `OverlayQuad` per instance over a unit quad's corners.
    static let text = ShaderInterface(
        vertexFile: ShaderLibrary.textVertex, fragmentFile: ShaderLibrary.textFragment,
        attributes: [OverlayQuad.cornerAttribute] + OverlayQuad.attributes,
        uniforms: TextUniform.allCases.map(\.rawValue))

    /// The benchmark's floor (no attributes: the quad comes from `gl_VertexID`).
    static let floor = ShaderInterface(
        vertexFile: ShaderLibrary.quadVertex, fragmentFile: ShaderLibrary.floorFragment,
        uniforms: FloorUniform.allCases.map(\.rawValue))

    /// Depth peeling's compositing (no attributes: the triangle comes from `gl_VertexID`).
    static let composite = ShaderInterface(
        vertexFile: ShaderLibrary.fullscreenVertex, fragmentFile: ShaderLibrary.compositeFragment,
        uniforms: CompositeUniform.allCases.map(\.rawValue))

    /// Every program the renderers compile.
    static let all = [card, text, floor, composite]

    /// The per-instance attributes of the card program, one per field of `InstanceRecord` (the
    /// three matrix rows, then pairs where two small fields travel together), in its table's order.
    static let cardInstanceAttributes: [VertexAttribute] = [
        VertexAttribute(location: 3, name: "iRow0", components: 4, type: .float, offset: InstanceRecord.rowsOffset),
        VertexAttribute(location: 4, name: "iRow1", components: 4, type: .float, offset: InstanceRecord.rowsOffset + 16),
        VertexAttribute(location: 5, name: "iRow2", components: 4, type: .float, offset: InstanceRecord.rowsOffset + 32),
        // Alpha 0…1; the center's distance from the eye (what translucent cards are sorted by).
        VertexAttribute(location: 6, name: "iAlphaDepth", components: 2, type: .float, offset: InstanceRecord.alphaDepthOffset),
        VertexAttribute(location: 7, name: "iId", components: 1, type: .uint32, offset: InstanceRecord.idOffset),
        // The picture's layer (`PictureLayer`), the title's slot (`TitleSlot`).
        VertexAttribute(location: 8, name: "iLayerTitle", components: 2, type: .uint16, offset: InstanceRecord.layerTitleOffset),
        // minX, minY, maxX, maxY in card units.
        VertexAttribute(location: 9, name: "iPictureRect", components: 4, type: .half, offset: InstanceRecord.pictureRectOffset),
        // The picture's opacity 0…255, the flags (`InstanceFlags`).
        VertexAttribute(location: 10, name: "iOpacityFlags", components: 2, type: .uint8, offset: InstanceRecord.opacityFlagsOffset),
        // The part of the card, from its top, not hidden by the card in front (`OcclusionClip`).
        VertexAttribute(location: 11, name: "iVisibleHeight", components: 1, type: .unorm16,
                        offset: InstanceRecord.visibleHeightOffset),
        // Points of depth toward the eye, for the depth test only (`CoplanarOrder`).
        VertexAttribute(location: 12, name: "iDepthOffset", components: 1, type: .float, offset: InstanceRecord.depthOffsetOffset),
    ]

    /// The card program's constants (both stages).
    static let cardConstants: [ShaderConstant] = [
        // InstanceRecord.layer and .title
        .uint("noPicture", PictureLayer.none),
        .uint("fullResolutionBase", PictureLayer.fullResolutionBase),
        .uint("zoomLayer", PictureLayer.zoom),
        .int("tileWindowCells", TileView.windowCells),
        .uint("noTitle", TitleSlot.none),
        // InstanceRecord.title's two parts (TitleSlot+Labels): the slot, the colour labels
        .uint("titleSlotMask", TitleSlot.slotMask),
        .uint("titleLabelShift", TitleSlot.labelShift),
        .uint("colorLabelMask", TitleSlot.labelMask),
        // InstanceRecord.flags
        .uint("unreadableFlag", InstanceFlags.unreadable.rawValue),
        .uint("focusedFlag", InstanceFlags.focused.rawValue),
        .uint("photoFlag", InstanceFlags.photo.rawValue),
        .uint("titleAtTopFlag", InstanceFlags.titleAtTop.rawValue),
        .uint("cullShift", InstanceFlags.cullShift),
        .uint("cullCodeMask", InstanceFlags.cullMask.rawValue >> InstanceFlags.cullShift),
        .uint("cullRejected", InstanceFlags.cullRejectedCode),
        .uint("cullPicked", InstanceFlags.cullPickedCode),
        // The culling mark's proportions (CullMarkShape)
        .float("pickSlot", CullMarkShape.pickSlot),
        .float("pickRadius", CullMarkShape.pickRadius),
        .float("labelDotRadius", CullMarkShape.labelDotRadius),
        // Identity shading (IdentityColor)
        .uint("identityMultiplier", IdentityColor.multiplier),
        // CardMesh.Part, as the mesh's aPart.x
        .int("partBody", Int(CardMesh.Part.body.rawValue)),
        .int("partPlain", Int(CardMesh.Part.plain.rawValue)),
        .int("partBadge", Int(CardMesh.Part.badge.rawValue)),
        .int("partTitle", Int(CardMesh.Part.title.rawValue)),
        .int("partMark", Int(CardMesh.Part.mark.rawValue)),
        .int("partCull", Int(CardMesh.Part.cull.rawValue)),
        // The card's outline (CardOutline)
        .float("cornerRadiusFraction", Float(CardOutline.cornerRadiusFraction)),
        .float("minimumCornerRadius", Float(CardOutline.minimumCornerRadius)),
        .float("maximumCornerRadius", Float(CardOutline.maximumCornerRadius)),
        .float("rimFraction", Float(CardOutline.rimFraction)),
        .float("minimumRim", Float(CardOutline.minimumRim)),
        .float("maximumRim", Float(CardOutline.maximumRim)),
        .float("decorationLift", CardRenderer.decorationLift),
        // The pictures' border (PictureTextureArray.background)
        .vec3("cardBackground", SIMD3(PictureTextureArray.background.x, PictureTextureArray.background.y,
                                      PictureTextureArray.background.z)),
        // The photo view's checks (PhotoChecks)
        .vec3("blownColor", PhotoChecks.blownColor),
        .vec3("crushedColor", PhotoChecks.crushedColor),
        .vec3("peakingColor", PhotoChecks.peakingColor),
        .float("blownLevel", PhotoChecks.blownLevel),
        .float("crushedLevel", PhotoChecks.crushedLevel),
        .float("peakingThreshold", PhotoChecks.peakingThreshold),
        // uPeel
        .int("peelOff", PeelMode.off.rawValue),
        .int("peelInFrontOfOpaque", PeelMode.inFrontOfOpaque.rawValue),
        .int("peelBehindPreviousLayer", PeelMode.behindPreviousLayer.rawValue),
    ]
}

extension CardMesh {
    /// The mesh's per-vertex attributes (`vertexFloats` floats a vertex): the anchor (unit card,
    /// or a decoration's rectangle 0…1) and the offset in corner radii; the part (`Part`) and
    /// the distance to the outline in corner radii.
    static let attributes = [
        VertexAttribute(location: 0, name: "aVertex", components: 4, type: .float, offset: 0),
        VertexAttribute(location: 1, name: "aPart", components: 2, type: .float, offset: 16),
    ]
}

extension OverlayQuad {
    /// The per-vertex attribute: a corner of the unit quad (2 floats a vertex, a triangle strip).
    static let cornerAttribute = VertexAttribute(location: 0, name: "aCorner", components: 2, type: .float, offset: 0)

    /// The per-instance attributes: the quad's rectangle (points), the glyph's rectangle in the
    /// atlas (texels; left < 0: a solid panel) and the colour.
    static let attributes = [
        VertexAttribute(location: 1, name: "iRect", components: 4, type: .float, offset: MemoryLayout<OverlayQuad>.offset(of: \.rect) ?? 0),
        VertexAttribute(location: 2, name: "iTexels", components: 4, type: .float,
                        offset: MemoryLayout<OverlayQuad>.offset(of: \.texels) ?? 16),
        VertexAttribute(location: 3, name: "iColor", components: 4, type: .float, offset: MemoryLayout<OverlayQuad>.offset(of: \.color) ?? 32),
    ]
}
