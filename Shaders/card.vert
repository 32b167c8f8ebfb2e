#version 330 core
// Cards: one mesh drawn once per instance (glDrawElementsInstanced). Its parts (CardMesh.swift):
// partBody, the card's body, a rounded rectangle (a nine-patch whose corners are fans of arc
// segments: the corners are cut by geometry, so the fragment shader never discards); partPlain, a
// plain quad, for identity shading; partBadge the number badge, partTitle the title, partMark an
// unreadable picture's mark, partCull the culling mark and the colour labels — small quads only where those
// decorations are, drawn by their own small pass (CardRenderer), so their work is not on every
// fragment of every card. A decoration that would be too small on screen to read collapses to
// nothing.
//
// Per-instance record (80 bytes, the table in InstanceRecord.swift): the card's affine local →
// world matrix as three rows, with the card's width and height folded into its first two
// columns so that it maps the unit quad (corners ±0.5, +y down) to world points (viewport points
// after the scroll offset; +x right, +y down, +z toward the viewer); alpha, depth, id; the
// picture's layer, the title's slot (low 11 bits) and the colour labels (high 5 bits:
// TitleSlot+Labels), the picture's rectangle on the card (card units, half
// floats), its fade-in opacity and the card's flags; the depth offset that orders coplanar cards.
//
// Declared in Swift and written after #version when the source is loaded (ShaderInterface.card,
// CardRendering): the attributes — per vertex aVertex (anchor: unit card, or the decoration's
// rectangle 0…1; offset in corner radii) and aPart (part; distance to the outline in radii), per
// instance iRow0…iRow2, iAlphaDepth, iId, iLayerTitle, iPictureRect, iOpacityFlags,
// iVisibleHeight, iDepthOffset — and the constants the record's fields, the mesh's parts and the
// card's outline are read with (noPicture, fullResolutionBase, zoomLayer, noTitle, the flags,
// cullShift/cullCodeMask/cullRejected/cullPicked, titleSlotMask/titleLabelShift/colorLabelMask,
// pickSlot/pickRadius/labelDotRadius (CullMarkShape), identityMultiplier, partBody…partCull,
// cornerRadiusFraction…maximumRim, decorationLift).

uniform mat4 uViewProjection;   // world points → clip space (Camera.viewProjection)
uniform vec3 uEye;              // the camera's eye, world points
uniform vec2 uDrawable;         // the drawable, pixels
uniform vec2 uViewport;         // the viewport, points (uDrawable over the HiDPI scale; equal at 1:1)
uniform int uPictureLayers;     // layers in the picture pool
uniform vec2 uPictureSize;      // a pool layer's size, texels
uniform vec4 uGlyphCell;        // label digits: cell width, glyph width, glyph height, strip width (texels); 0: no labels
uniform vec2 uTitleSlot;        // title atlas slot width, height (texels); 0: no atlas
uniform sampler2DArray uTitles; // the title atlas (card.frag draws it; here only titleRunsOver reads it)
uniform float uLegiblePixels;   // decorations whose text would be shorter than this on screen (viewport points: pixels at 1:1) are left out
// zindex ordering: x = 1 gives instance k of the pass (plus y, the pass's first instance) the
// depth of its place in the painter's order, z = the pass's instance count, so that cards still
// paint back to front while a decoration, drawn in a later pass, shows only where its own card
// is on top. x = 0: the camera's depth.
uniform vec3 uPaintOrder;

// The focus ring's colour (an accent blue, drawn fully) and the plain rim's (white at 30 %).
const vec4 focusRim = vec4(0.22, 0.6, 1.0, 1.0);
const vec4 plainRim = vec4(1.0, 1.0, 1.0, 0.3);
// How bright a rejected card is drawn (SPEC §10: rejected cards dimmed); the photo view's
// picture less dimmed, so that it can still be judged.
const float rejectedDim = 0.35;
const float rejectedPhotoDim = 0.6;
// Decorations on a card wider than the screen stay this many viewport points inside the screen's sides.
const float screenInsetPoints = 6.0;

out vec2 vUV;                   // 0…1 across the card, (0, 0) at its top-left corner
out vec2 vPictureUV;            // 0…1 across the picture's rectangle (outside: the texture's border, the card's background)
out float vLod;                 // the pool's mip level for this point: log2 of texels per pixel, the larger way
out float vEdge;                // body: distance to the card's outline, points
out vec2 vLocal;                // decorations: position in the decoration's rectangle, points from its top-left
flat out vec2 vSize;            // the card's size in world points (scale included)
flat out float vAlpha;
flat out uint vId;
flat out float vLayer;          // the picture's layer in its texture
flat out int vSource;           // 0 the picture pool, 1 the full-resolution pictures, 2 no picture, 3 a colour from the id,
                                // 4 the photo view's tiles (card.frag's tilePicture)
flat out uint vTitle;
flat out vec4 vPictureRect;
flat out float vCover;          // how far the picture has faded in over the background
flat out float vRim;            // rim width, points
flat out vec4 vRimColor;        // the rim's colour (rgb) and how much it covers the card (a)
flat out vec3 vTop;             // source 3: the colour at the top and the bottom of the card
flat out vec3 vBottom;
flat out vec4 vIdentity;        // the identity colour (identity shading)
flat out int vPart;
flat out vec4 vDecoration;      // badge: digits, glyph height, slot width, padding; title: text height, inset, strip height, margin (points);
                                // culling mark: slots before the labels, symbol height, padding (points), kind (0 stars, 1 picked,
                                // 2 rejected) + 4 × the colour label bits
flat out float vDim;            // the card's brightness: 1, or dimmed when it is rejected
flat out float vPhoto;          // 1 for the photo view's picture (transparency over a checkerboard), else 0
flat out float vEllipsis;       // title: the ellipsis's width when the title runs past its band (points), else 0

vec3 hsv(float h, float s, float v) {
    vec3 k = clamp(abs(mod(h * 6.0 + vec3(0.0, 4.0, 2.0), 6.0) - 3.0) - 1.0, 0.0, 1.0);
    return v * mix(vec3(1.0), k, s);
}

// World point of card point p (points from the card's center, +y down).
vec3 world(vec2 p, vec2 size) {
    vec4 local = vec4(p / size, 0.0, 1.0);
    return vec3(dot(iRow0, local), dot(iRow1, local), dot(iRow2, local));
}

// Screen distance in viewport points between two world points (pixels at 1:1; at a HiDPI
// scale s the drawable shows it s times as many pixels): legibility is a size on the screen,
// the same in points at every scale.
float screenDistance(vec3 a, vec3 b) {
    vec4 ca = uViewProjection * vec4(a, 1.0), cb = uViewProjection * vec4(b, 1.0);
    if (ca.w <= 0.0 || cb.w <= 0.0) return 0.0;
    return length((ca.xy / ca.w - cb.xy / cb.w) * 0.5 * uViewport);
}

// The screen's x (normalized device coordinates, −1…1 across the drawable) of card point p;
// 0 behind the eye.
float screenX(vec2 p, vec2 size) {
    vec4 c = uViewProjection * vec4(world(p, size), 1.0);
    return c.w > 0.0 ? c.x / c.w : 0.0;
}

// The horizontal span x0…x1 (card points from the center) of a decoration whose top is at card
// height y and whose height is h, moved or trimmed to stay on screen, when the card itself is
// wider than the screen there (the tab overview's pages, tilted toward the eye, and cards
// opening over the window): `keepWidth` slides the span (the badge), otherwise its off-screen
// ends are cut (the title's band). Cards that only partly leave the screen (a carousel's side
// cards) keep their decorations where they are, so nothing slides along a moving card.
// Projection is not linear: two passes of a linear estimate land within a fraction of a pixel.
vec2 onScreenSpan(float x0, float x1, float y, float h, vec2 size, bool keepWidth) {
    float limit = 1.0 - 2.0 * screenInsetPoints / max(uViewport.x, 1.0);
    float left = min(screenX(vec2(-0.5 * size.x, y), size), screenX(vec2(-0.5 * size.x, y + h), size));
    float right = max(screenX(vec2(0.5 * size.x, y), size), screenX(vec2(0.5 * size.x, y + h), size));
    if (left > -limit || right < limit) return vec2(x0, x1);
    for (int pass = 0; pass < 2; pass++) {
        float a = max(screenX(vec2(x1, y), size), screenX(vec2(x1, y + h), size));
        float b = max(screenX(vec2(x0, y), size), screenX(vec2(x0, y + h), size));
        float perPoint = (a - b) / max(x1 - x0, 1e-3);
        if (a > limit && perPoint > 0.0) {
            float shift = (a - limit) / perPoint;
            x1 -= shift;
            if (keepWidth) x0 -= shift;
        }
        float c = min(screenX(vec2(x0, y), size), screenX(vec2(x0, y + h), size));
        if (!keepWidth && c < -limit && perPoint > 0.0) x0 += (-limit - c) / perPoint;
    }
    return vec2(x0, x1);
}

// The culling mark's symbols: a pick flag and the stars, or one cross for a rejected card. The
// code (InstanceFlags.cullBits): picked · cullPicked + stars, or cullRejected.
float cullSymbols(uint cull) {
    if (cull == cullRejected) return 1.0;
    if (cull >= 2u * cullPicked) return 0.0;
    return float(cull % cullPicked) + (cull >= cullPicked ? 1.0 : 0.0);
}

// The card's colour labels (SPEC §10): the high bits of the record's title field, none in the
// default field (TitleSlot+Labels); bit k is darktable's label k (red, yellow, green, blue, purple).
uint colorLabels(uint title) {
    return title == noTitle ? 0u : (title >> titleLabelShift) & colorLabelMask;
}

// How many colour labels `labels` holds (bitCount is GLSL 4.00).
float labelCount(uint labels) {
    float n = 0.0;
    for (int k = 0; k < 5; k++) n += float((labels >> uint(k)) & 1u);
    return n;
}

// Whether culling code `cull` is a pick.
bool cullIsPicked(uint cull) {
    return cull != cullRejected && cull >= cullPicked && cull < 2u * cullPicked;
}

// The width of the culling mark's row of symbols, in symbol heights: the pick (pickSlot wide:
// CullMarkShape), a slot per star or the cross, a slot per colour label; 0: nothing to draw.
float cullSlots(uint cull, uint labels) {
    return cullSymbols(cull) + (cullIsPicked(cull) ? pickSlot - 1.0 : 0.0) + labelCount(labels);
}

// A title's text is never drawn shorter on screen than this (viewport points; uLegiblePixels when that
// is less): where the card's own strip would be shorter, the strip grows in points instead, and
// the title is left out only when that strip no longer fits on the card.
const float titleMinimumPoints = 9.0;

// The width of a cut title's ellipsis, in text heights (card.frag draws its three dots).
const float titleEllipsisEms = 0.9;

// The title's strip height, points: 10 % of the card's shorter side within 16…44 points, its
// text 60 % of that. Where that text would be shorter on screen than uLegiblePixels it shrinks
// down to titleMinimumPoints and is held there (the strip grows); 1e6 (fits nowhere) behind
// the eye. `at`: the band's top-left corner for the nominal strip (card points), where the text
// height is measured, as the title's branch measured it before it could grow.
float titleStripHeight(float unit, vec2 size, vec2 at) {
    float stripH = clamp(0.1 * unit, 16.0, 44.0);
    float textPx = screenDistance(world(at, size), world(at + vec2(0.0, 0.6 * stripH), size));
    float floorPx = min(titleMinimumPoints, uLegiblePixels);
    if (textPx >= floorPx) return stripH;
    return textPx > 0.0 ? stripH * floorPx / textPx : 1e6;
}

// The title's strip height where only the cards' tops show (titleAtTopFlag): its top at the
// card's top, inside the margin.
float topTitleStripHeight(float unit, vec2 size, float margin) {
    return titleStripHeight(unit, size, vec2(-0.5 * size.x + margin, -0.5 * size.y + margin));
}

// The height of the culling mark's symbols, points: 8 % of the card's shorter side, or the
// title's text height where the mark sits in the title's strip at the top (pages, tasks:
// `topStripH`, topTitleStripHeight).
float cullSymbolHeight(float unit, bool atTop, float topStripH) {
    return atTop ? 0.6 * topStripH : clamp(0.08 * unit, 6.0, 64.0);
}

// Whether title slot `slot` holds ink past texel column `cut` (level 0): read from the mip level
// whose texels are about half the slot's height, three whole texels on from the cut, every row
// (texelFetch: no filtering, so a title that ends before the cut is never taken for a longer
// one). Ink inside the level's texel that the cut falls in is not seen: that title is cut
// without an ellipsis, as before. 3 × (2…3) fetches, per title vertex.
bool titleRunsOver(uint slot, float cut) {
    int level = max(int(floor(log2(max(uTitleSlot.y, 1.0)))) - 1, 0);
    ivec3 levelSize = textureSize(uTitles, level);
    float block = uTitleSlot.x / float(max(levelSize.x, 1));
    int first = int(ceil(cut / block));
    float ink = 0.0;
    for (int x = first; x < min(first + 3, levelSize.x); x++) {
        for (int row = 0; row < levelSize.y; row++) ink = max(ink, texelFetch(uTitles, ivec3(x, row, int(slot)), level).r);
    }
    return ink > 0.0;
}

// A vertex that draws nothing: outside the clip volume, like its three siblings.
const vec4 nowhere = vec4(2.0, 2.0, 2.0, 1.0);

void main() {
    vec2 size = vec2(length(vec3(iRow0.x, iRow1.x, iRow2.x)), length(vec3(iRow0.y, iRow1.y, iRow2.y)));
    float unit = min(size.x, size.y);
    bool photo = (iOpacityFlags.y & photoFlag) != 0u;
    // The photo view's picture has square corners (never cropped) and no rim.
    float radius = photo ? 0.0 : clamp(cornerRadiusFraction * unit, minimumCornerRadius, maximumCornerRadius);
    int part = int(aPart.x + 0.5);
    uint layer = iLayerTitle.x;
    vSize = size;
    vEllipsis = 0.0;
    vAlpha = iAlphaDepth.x;
    vId = iId;
    vTitle = iLayerTitle.y;
    vPictureRect = iPictureRect;
    vCover = float(iOpacityFlags.x) / 255.0;
    // The focus ring is the rim, wider and in the accent colour: the same fragment work as the
    // plain rim (no branch in the body), chosen here per card. Within the corner radius, where
    // the mesh's distance to the outline is exact.
    bool focused = (iOpacityFlags.y & focusedFlag) != 0u;
    vRim = photo ? -1.0 : focused ? min(clamp(0.02 * unit, 3.0, 8.0), 0.95 * radius) : clamp(rimFraction * unit, minimumRim, maximumRim);
    vRimColor = focused ? focusRim : plainRim;
    uint cull = (iOpacityFlags.y >> cullShift) & cullCodeMask;
    vDim = cull == cullRejected ? (photo ? rejectedPhotoDim : rejectedDim) : 1.0;
    vPhoto = photo ? 1.0 : 0.0;
    vPart = part;
    vEdge = 0.0;
    vLocal = vec2(0.0);
    vDecoration = vec4(0.0);
    if (layer == noPicture) {
        vSource = 2;
        vLayer = 0.0;
    } else if (layer == zoomLayer) {
        vSource = 4;
        vLayer = 0.0;
    } else if (layer >= fullResolutionBase) {
        vSource = 1;
        vLayer = float(layer - fullResolutionBase);
    } else {
        vSource = int(layer) < uPictureLayers ? 0 : 3;
        vLayer = float(layer);
    }
    // Only what the variant uses (CardPrograms): llvmpipe shades vertices four to eight at a
    // time, running every branch any of them takes.
#ifdef NO_PICTURES
    float hue = fract(float(iId) * 0.618034);
    vTop = hsv(hue, 0.45, 0.92);
    vBottom = hsv(hue + 0.08, 0.6, 0.7);
#else
    vTop = vec3(0.0);
    vBottom = vec3(0.0);
#endif
#ifdef IDENTITY
    uint code = ((iId + 1u) * identityMultiplier) & 0xFFFFFFu;
    vIdentity = vec4(float(code & 255u), float((code >> 8) & 255u), float(code >> 16), 255.0 * vAlpha) / 255.0;
#else
    vIdentity = vec4(0.0);
#endif

    vec2 p;                     // card point, from the center
    if (part <= partPlain) {
        // Body or plain quad: anchor × size + offset × corner radius. The body stops where the
        // card in front is known to hide the rest (OcclusionClip): fewer fragments to depth-test.
        p = aVertex.xy * size + aVertex.zw * radius;
        if (part == partBody) p.y = min(p.y, (iVisibleHeight - 0.5) * size.y);
        vEdge = aPart.y * radius;
#ifdef DECORATIONS
    } else if (part == partBadge) {
        // The number badge: a pill at the top-right corner, small enough to stay inside the
        // bundled web pages' title bar (their top 8 %), never less than 12 points of glyph.
        uint number = iId + 1u;
        int digits = 1;
        for (uint n = number; n >= 10u; n /= 10u) digits++;
        float glyphH = clamp(0.04 * unit, 12.0, 32.0);
        float slot = glyphH * uGlyphCell.x / max(uGlyphCell.z, 1.0);
        float pad = 0.25 * glyphH, margin = max(0.01 * unit, 2.0);
        vec2 pill = vec2(float(digits) * slot + 2.0 * pad, glyphH + 2.0 * pad);
        vec2 origin = vec2(0.5 * size.x - margin - pill.x, -0.5 * size.y + margin);
        origin.x = onScreenSpan(origin.x, origin.x + pill.x, origin.y, pill.y, size, true).x;
        p = origin + aVertex.xy * pill;
        vLocal = aVertex.xy * pill;
        vDecoration = vec4(float(digits), glyphH, slot, pad);
        float onScreen = screenDistance(world(origin, size), world(origin + vec2(0.0, glyphH), size));
        bool fits = glyphH <= 0.2 * unit && pill.x <= 0.6 * size.x;
        if (uGlyphCell.w <= 0.0 || !fits || onScreen < uLegiblePixels || photo) { gl_Position = nowhere; return; }
    } else if (part == partTitle) {
        // The title: a band across the bottom of a picture (the middle of a placeholder), inset
        // by the corner radius so that it never covers the rounded corners or the rim. Where
        // only the cards' tops show (titleAtTopFlag: pages, tasks), across the top instead, left
        // of the number badge, kept on screen like the badge.
        // Small on screen, the text shrinks to titleMinimumPoints before the title is left out
        // (titleStripHeight; measured where the nominal strip's band starts).
        float margin = max(radius, max(0.01 * unit, 2.0));
        bool atTop = (iOpacityFlags.y & titleAtTopFlag) != 0u;
        float nominalH = clamp(0.1 * unit, 16.0, 44.0);
        float nominalTop = atTop ? -0.5 * size.y + margin : (layer == noPicture ? -0.5 * nominalH : 0.5 * size.y - margin - nominalH);
        float stripH = titleStripHeight(unit, size, vec2(-0.5 * size.x + margin, nominalTop));
        float textH = 0.6 * stripH, inset = 0.35 * stripH;
        float top = layer == noPicture ? -0.5 * stripH : 0.5 * size.y - margin - stripH;
        vec2 span = vec2(-0.5 * size.x + margin, 0.5 * size.x - margin);
        if (atTop) {
            top = -0.5 * size.y + margin;
            // The badge's width (its branch above): a pill of up to 7 digits at the right.
            float glyphH = clamp(0.04 * unit, 12.0, 32.0);
            uint digits = 1u;
            for (uint n = iId + 1u; n >= 10u; n /= 10u) digits++;
            float badgeW = float(digits) * glyphH * uGlyphCell.x / max(uGlyphCell.z, 1.0) + 0.5 * glyphH;
            vec2 badgeSpan = onScreenSpan(span.y - badgeW, span.y, top, stripH, size, true);
            // The culling mark, when there is one, sits between the title and the badge.
            float slots = cullSlots(cull, colorLabels(iLayerTitle.y));
            float markW = slots > 0.5 ? slots * textH + 0.4 * textH + margin : 0.0;
            span = onScreenSpan(span.x, badgeSpan.x - margin - markW, top, stripH, size, false);
        }
        vec2 origin = vec2(span.x, top), box = vec2(max(span.y - span.x, 0.0), stripH);
        p = origin + aVertex.xy * box;
        vLocal = aVertex.xy * box;
        // The band's width reaches the fragment shader as vSize.x − 2·w (card.frag's title()).
        vDecoration = vec4(textH, inset, stripH, 0.5 * (size.x - box.x));
        float onScreen = screenDistance(world(origin, size), world(origin + vec2(0.0, textH), size));
        bool fits = stripH <= 0.4 * size.y && box.x >= 4.0 * stripH;
        // The field's slot bits (its high bits are the colour labels).
        vTitle = iLayerTitle.y & titleSlotMask;
        // Held at the minimum, the text measures about it here (perspective: a little either way).
        bool legible = onScreen >= 0.9 * min(titleMinimumPoints, uLegiblePixels);
        if (vTitle == titleSlotMask || uTitleSlot.y <= 0.0 || !fits || !legible) {
            gl_Position = nowhere;
            return;
        }
        // A title longer than its band ends in an ellipsis (card.frag's title()).
        float cut = (box.x - 2.0 * inset) * uTitleSlot.y / textH;
        if (titleRunsOver(vTitle, cut)) vEllipsis = titleEllipsisEms * textH;
    } else if (part == partCull) {
        // The culling mark (SPEC §10): a dark pill holding a pick (a green disc with a flag,
        // taller than the stars so that it reads at the grid's size) and the stars, or a
        // reject cross, then a dot per colour label; sized from the card so that it scales with
        // it: in the card's top-left corner; where only the cards' tops show (titleAtTopFlag:
        // pages, tasks), in the title's strip between the title and the badge.
        bool rejected = cull == cullRejected;
        bool picked = cullIsPicked(cull);
        uint labels = colorLabels(iLayerTitle.y);
        float slots = cullSlots(cull, labels);
        bool atTop = (iOpacityFlags.y & titleAtTopFlag) != 0u;
        float topMargin = max(radius, max(0.01 * unit, 2.0));
        float topStripH = atTop ? topTitleStripHeight(unit, size, topMargin) : 0.0;
        float h = cullSymbolHeight(unit, atTop, topStripH);
        float pad = 0.2 * h;
        // The row's height: the pick's disc (CullMarkShape.pickRadius) where there is one.
        float row = picked ? 2.0 * pickRadius * h : h;
        vec2 pill = vec2(slots * h + 2.0 * pad, row + 2.0 * pad);
        vec2 origin;
        if (atTop) {
            // The badge's span, as the title's branch computes it.
            float margin = topMargin, stripH = topStripH, top = -0.5 * size.y + margin;
            float glyphH = clamp(0.04 * unit, 12.0, 32.0);
            uint digits = 1u;
            for (uint n = iId + 1u; n >= 10u; n /= 10u) digits++;
            float badgeW = float(digits) * glyphH * uGlyphCell.x / max(uGlyphCell.z, 1.0) + 0.5 * glyphH;
            float right = 0.5 * size.x - margin;
            vec2 badgeSpan = onScreenSpan(right - badgeW, right, top, stripH, size, true);
            origin = vec2(badgeSpan.x - margin - pill.x, top + 0.5 * (stripH - pill.y));
        } else {
            float margin = max(0.025 * unit, 2.0) + (photo ? 0.0 : radius * 0.3);
            origin = vec2(-0.5 * size.x + margin, -0.5 * size.y + margin);
        }
        p = origin + aVertex.xy * pill;
        vLocal = aVertex.xy * pill;
        // x: the slots before the labels (the pick's, the stars' or the cross's); w: the kind
        // (0 stars, 1 picked, 2 rejected) plus 4 × the label bits.
        vDecoration = vec4(slots - labelCount(labels), h, pad, (rejected ? 2.0 : (picked ? 1.0 : 0.0)) + 4.0 * float(labels));
        bool fits = pill.x <= 0.95 * size.x && pill.y <= 0.5 * size.y;
        if (slots < 0.5 || !fits) { gl_Position = nowhere; return; }
    } else {
        // An unreadable picture's mark: a square around (0.5, 0.3) of the card, above the title.
        float side = 0.24 * unit;
        vec2 origin = vec2(-0.5 * side, -0.2 * size.y - 0.5 * side);
        p = origin + aVertex.xy * vec2(side);
        vLocal = aVertex.xy * vec2(side);
        vDecoration = vec4(side, 0.0, 0.0, 0.0);
        if (layer != noPicture || (iOpacityFlags.y & unreadableFlag) == 0u) { gl_Position = nowhere; return; }
#else
    } else {
        gl_Position = nowhere;
        return;
#endif
    }
    vec3 w = world(p, size);
    vLod = 0.0;
#if defined(BODY) && !defined(NO_PICTURES)
    // The mip level, per vertex, as the GPU would pick it per pixel (the larger footprint of the
    // two texture axes), so the fragment shader samples with textureLod and skips derivatives.
    if (part == partBody) {
        // Pixels per card width and height here: the screen-space derivative of the projection
        // along the card's two axes, d(xy / w) = (d(xy)·w − xy·dw) / w², in pixels.
        vec4 clip = uViewProjection * vec4(w, 1.0);
        vec4 alongU = uViewProjection * vec4(iRow0.x, iRow1.x, iRow2.x, 0.0);
        vec4 alongV = uViewProjection * vec4(iRow0.y, iRow1.y, iRow2.y, 0.0);
        vec2 scale = 0.5 * uDrawable / max(clip.w * clip.w, 1e-12);
        float pixelsU = length((alongU.xy * clip.w - clip.xy * alongU.w) * scale);
        float pixelsV = length((alongV.xy * clip.w - clip.xy * alongV.w) * scale);
        vec2 texels = uPictureSize / max(iPictureRect.zw - iPictureRect.xy, vec2(1e-6));
        vLod = log2(max(max(texels.x / max(pixelsU, 1e-6), texels.y / max(pixelsV, 1e-6)), 1e-6));
    }
#endif
#ifdef DECORATIONS
    if (part >= partBadge) {
        vec3 toEye = uEye - w;
        w += toEye * (decorationLift / max(length(toEye), 1e-3));
    }
#endif
    vUV = p / size + 0.5;
    // A placeholder samples far outside its texture: the border, the card's background.
    vPictureUV = vSource == 2 ? vec2(-8.0) : (vUV - iPictureRect.xy) / max(iPictureRect.zw - iPictureRect.xy, vec2(1e-6));
    gl_Position = uViewProjection * vec4(w, 1.0);
    // Coplanar cards (CoplanarOrder): the depth test sees the card iDepthOffset points nearer
    // the eye, x, y and w untouched, so it does not move on screen. With clip z = −a·D + b at a
    // distance D = clip w in front of the eye (uViewProjection's depth row), a distance D − δ
    // gives clip z = −a·D + b·D / (D − δ), i.e. z += b·δ / (D − δ): exact at every vertex, and
    // the same for the body and the decorations, so a card keeps its decorations on top.
    float depthB = uViewProjection[3][2] + uViewProjection[2][2] * uEye.z;
    gl_Position.z += depthB * iDepthOffset / max(gl_Position.w - iDepthOffset, 1.0);
    if (uPaintOrder.x > 0.0) {
        // Later in the painter's order is nearer; a decoration half a step in front of its card.
        float step = 2.0 / (uPaintOrder.z + 1.0);
        float z = 1.0 - step * (uPaintOrder.y + float(gl_InstanceID) + 1.0) - (part >= partBadge ? 0.5 * step : 0.0);
        gl_Position.z = z * gl_Position.w;
    }
}
