#version 330 core
// Cards: the picture (a layer of the picture pool or of the full-resolution pictures) in its
// rectangle on the card's background — its transparent parts show the card's background, or in
// the photo view a checkerboard — faded in over the placeholder; a thin rim; the number
// badge, the title, an unreadable picture's mark and the culling mark (stars, pick flag, reject
// cross; a rejected card is dimmed) on their own small quads (card.vert); or,
// for tests and comparisons, one flat identity colour per card.
//
// One source, compiled into variants (CardPrograms.swift) by defines, because llvmpipe runs both
// sides of a branch whenever any fragment of a block needs either, so every piece of code a
// variant contains costs every fragment it shades:
//   BODY         the body: one texture sample, a rectangle test, the rim — the common path.
//   DECORATIONS  the badge, the title and the mark (their own small pass).
//   BODY + DECORATIONS  both, for the few translucent cards (and peeling), which must keep
//                their decorations in their own draw order.
//   IDENTITY     one flat colour per card.
//   FULL_RESOLUTION  the body may also sample the full-resolution pictures (a second sample;
//                only in frames that show such a card).
//   FADE         pictures fade in over the background (only in frames where one is fading).
//   TRANSLUCENT  pictures are composited over what shows through them (only in frames drawing
//                from a texture that held a translucent picture: opaque pictures need not).
//   PHOTO        with TRANSLUCENT, the photo view's picture shows a checkerboard through its
//                transparent parts (only in frames that draw the photo view).
//   NO_PICTURES  no picture pool: cards are coloured from their ids.
//   CLIPPING     the photo view's clipping warnings over its picture (only in frames that draw
//                it with them on: PhotoChecks).
//   PEAKING      the photo view's focus peaking over its picture (eight more samples a
//                fragment; only in frames that draw it with peaking on).
//   PEEL         depth peeling's fragment tests, which discard (DepthPeeler.swift): no other
//                variant discards or writes depth, so the depth test runs before shading.
//
// Declared in Swift and written after #version when the source is loaded (ShaderInterface.card,
// CardRendering), as in card.vert: among others the culling mark's proportions (CullMarkShape), cardBackground (the card's own background, for
// placeholders and around a fitted picture; also the picture textures' border colour,
// PictureTextureArray.background), the parts partBody…partCull, and uPeel's values peelOff,
// peelInFrontOfOpaque and peelBehindPreviousLayer (PeelMode).

in vec2 vUV;
in vec2 vPictureUV;
in float vLod;
in float vEdge;
in vec2 vLocal;
flat in vec2 vSize;
flat in float vAlpha;
flat in uint vId;
flat in float vLayer;
flat in int vSource;
flat in uint vTitle;
flat in vec4 vPictureRect;
flat in float vCover;
flat in float vRim;
flat in vec4 vRimColor;
flat in vec3 vTop;
flat in vec3 vBottom;
flat in vec4 vIdentity;
flat in int vPart;
flat in vec4 vDecoration;
flat in float vDim;
flat in float vPhoto;
flat in float vEllipsis;

// The picture textures hold alpha-premultiplied colour (RGBAImage.premultipliedMipChain), so that
// their filtering weighs each texel by its alpha.
uniform sampler2DArray uPictures;     // the picture pool: one picture per layer, stretched over it; its
                                      // border colour is the card's background, opaque (CLAMP_TO_BORDER)
uniform sampler2DArray uFullPictures; // the full-resolution pictures (opened card, front photo)
uniform sampler2DArray uZoomPicture;  // the photo view's tiles: one tile and its border per layer (TileView)
uniform vec4 uTileGrid;               // the tiles' level: width, height (its pixels), tile side, border (texels)
uniform ivec4 uTileWindow;            // the cells uTileLayers covers: first column, first row, columns, rows
uniform int uTileLayers[tileWindowCells]; // per cell, row by row: the tile's layer, −1 none
uniform float uTileFallback;          // the full-resolution layer drawn where a tile is missing; −1 none
uniform sampler2D uGlyphs;            // digits 0…9 side by side, coverage in alpha
uniform vec4 uGlyphCell;              // cell width, glyph width, glyph height, strip width (texels)
uniform sampler2DArray uTitles;       // the title atlas: one title per layer, coverage in red, 0 outside
uniform vec2 uTitleSlot;              // slot width, height (texels)
#ifdef PEEL
// Depth peeling: peelInFrontOfOpaque keeps only fragments in front of the opaque cards;
// peelBehindPreviousLayer only those also strictly behind the previous peeled layer. Depths are
// window z, one texel per pixel, in 32-bit float textures, so a fragment compares equal to its
// own earlier self.
uniform int uPeel;
uniform sampler2D uOpaqueDepth;
uniform sampler2D uPeelDepth;
#endif

out vec4 fragColor;

// Opacity of the dark pill behind the badge's digits and of the band behind a title.
const float pillOpacity = 0.72;
const float titleBandOpacity = 0.5;

// The photo view's checkerboard under a picture's transparent parts: squares of
// checkerSquarePixels window pixels (fixed to the window, so it does not swim while the picture
// pans or zooms), two neutral greys (sRGB values 0.40 and 0.60).
const float checkerSquarePixels = 8.0;
const vec3 checkerDark = vec3(0.40);
const vec3 checkerLight = vec3(0.60);

// `premultiplied` (colour × alpha, alpha) over the opaque colour `below`.
vec3 over(vec4 premultiplied, vec3 below) {
    return premultiplied.rgb + below * (1.0 - premultiplied.a);
}

// What shows through a picture's transparent parts: the card's background, or in the photo
// view the checkerboard (PHOTO: its few instructions cost every fragment of a variant that has
// them, about a tenth of a pages frame on llvmpipe).
vec3 underPicture() {
#ifdef PHOTO
    if (vPhoto > 0.5) {
        vec2 square = floor(gl_FragCoord.xy / checkerSquarePixels);
        return mod(square.x + square.y, 2.0) < 0.5 ? checkerDark : checkerLight;
    }
#endif
    return cardBackground;
}

#ifdef FULL_RESOLUTION
// The photo view's picture at `t` from the tiles of the level in view (SPEC §10): the cell's
// tile, sampled inside its border so that bilinear filtering across a seam reads the
// neighbour's pixels; where the tile is not there yet, the picture at the screen's size.
// Premultiplied, as every picture texture holds it.
vec4 tilePicture(vec2 t) {
    vec2 texel = clamp(t, 0.0, 1.0) * uTileGrid.xy;
    vec2 span = vec2(uTileGrid.z + 2.0 * uTileGrid.w);
    // Gradients of the continuous coordinate: the cell's seams must not make them jump.
    vec2 dx = dFdx(texel) / span, dy = dFdy(texel) / span;
    vec2 cellOrigin = min(floor(texel / uTileGrid.z), max(ceil(uTileGrid.xy / uTileGrid.z) - 1.0, 0.0));
    ivec2 cell = ivec2(cellOrigin) - uTileWindow.xy;
    int layer = -1;
    if (all(greaterThanEqual(cell, ivec2(0))) && all(lessThan(cell, uTileWindow.zw))) {
        layer = uTileLayers[cell.y * uTileWindow.z + cell.x];
    }
    if (layer < 0) return uTileFallback >= 0.0 ? texture(uFullPictures, vec3(t, uTileFallback)) : vec4(cardBackground, 1.0);
    vec2 local = (texel - cellOrigin * uTileGrid.z + vec2(uTileGrid.w)) / span;
    return textureGrad(uZoomPicture, vec3(local, float(layer)), dx, dy);
}
#endif

#if defined(CLIPPING) || defined(PEAKING)
// The photo view's picture at `t`, premultiplied, from where it is drawn: the tiles, the
// full-resolution pictures, or the picture pool at the body's level.
vec4 photoPicture(vec2 t) {
#ifdef FULL_RESOLUTION
    if (vSource == 4) return tilePicture(t);
    if (vSource == 1) return texture(uFullPictures, vec3(t, vLayer));
#endif
    return textureLod(uPictures, vec3(t, vLayer), vLod);
}

// One texel of the level in view, in picture coordinates (0…1 across the picture).
vec2 photoTexel() {
#ifdef FULL_RESOLUTION
    if (vSource == 4) return 1.0 / max(uTileGrid.xy, vec2(1.0));
    if (vSource == 1) return 1.0 / vec2(textureSize(uFullPictures, 0).xy);
#endif
    return exp2(floor(max(vLod, 0.0) + 0.5)) / vec2(textureSize(uPictures, 0).xy);
}

// Luminance (Rec. 709's weights on the encoded values) of the photo view's picture `k` texels
// `d` from `t`, the sample kept on the picture's edge texels: the border around the picture is no
// edge of it.
float photoLuminance(vec2 t, vec2 k, vec2 d) {
    return dot(photoPicture(clamp(t + k * d, 0.5 * d, 1.0 - 0.5 * d)).rgb, vec3(0.2126, 0.7152, 0.0722));
}

// SPEC §13's checks over the photo view's picture `picture` (its sample at `t`, premultiplied),
// whose colour is `color`: clipping warnings (blown: a channel at 255; crushed: every channel at
// 0, both judged on the straight colour), then focus peaking over them: Sobel's gradient of
// luminance from the eight texels of the level in view around `t` (the tiles' level, the
// full-resolution layer, or the pool's level), over 8 (luminance change per texel), above
// peakingThreshold. The same test at any zoom: the neighbours are the level's texels, not the
// screen's pixels.
vec3 photoChecks(vec2 t, vec4 picture, vec3 color) {
#ifdef CLIPPING
    if (picture.a > 0.0) {
        vec3 straight = picture.rgb / picture.a;
        if (any(greaterThanEqual(straight, vec3(blownLevel)))) color = blownColor;
        else if (all(lessThanEqual(straight, vec3(crushedLevel)))) color = crushedColor;
    }
#endif
#ifdef PEAKING
    vec2 d = photoTexel();
    float tl = photoLuminance(t, vec2(-1.0, -1.0), d), tc = photoLuminance(t, vec2(0.0, -1.0), d);
    float tr = photoLuminance(t, vec2(1.0, -1.0), d), ml = photoLuminance(t, vec2(-1.0, 0.0), d);
    float mr = photoLuminance(t, vec2(1.0, 0.0), d), bl = photoLuminance(t, vec2(-1.0, 1.0), d);
    float bc = photoLuminance(t, vec2(0.0, 1.0), d), br = photoLuminance(t, vec2(1.0, 1.0), d);
    vec2 g = vec2(tr + 2.0 * mr + br - tl - 2.0 * ml - bl, bl + 2.0 * bc + br - tl - 2.0 * tc - tr);
    if (length(g) / 8.0 > peakingThreshold) color = peakingColor;
#endif
    return color;
}
#endif

// The card's colour at picture coordinate `t` (0…1 across the picture's rectangle), given the
// pool's sample there (premultiplied). Outside the rectangle the texture's border is the card's
// background, opaque: a fitted picture needs no test, and a placeholder samples far outside
// (card.vert).
vec3 cardColor(vec2 t, vec4 pool) {
#ifdef NO_PICTURES
    vec4 picture = vec4(vSource == 2 ? cardBackground : mix(vTop, vBottom, t.y), 1.0);
#else
    vec4 picture = pool;
#endif
#ifdef FULL_RESOLUTION
    if (vSource == 1) picture = texture(uFullPictures, vec3(t, vLayer));
    if (vSource == 4) picture = tilePicture(t);
#endif
#ifdef TRANSLUCENT
    vec3 color = over(picture, underPicture());
#else
    vec3 color = picture.rgb;  // opaque: premultiplied is straight
#endif
#if defined(CLIPPING) || defined(PEAKING)
    if (vPhoto > 0.5 && (vSource == 0 || vSource == 1 || vSource == 4)) color = photoChecks(t, picture, color);
#endif
#ifdef FADE
    color = mix(cardBackground, color, vCover);
#endif
    return color;
}

// The card's body: its colour and a thin rim, whiter, along the (rounded) outline; the
// current card's focus ring is that rim, wider and in the accent colour (card.vert).
vec3 body() {
    // The mip level comes from the vertex shader: no derivatives per pixel.
    vec4 pool = textureLod(uPictures, vec3(vPictureUV, vLayer), vLod);
    return mix(cardColor(vPictureUV, pool), vRimColor.rgb, vEdge < vRim ? vRimColor.a : 0.0);
}

#ifdef DECORATIONS
// The card under a decoration (decorations stay clear of the rim; their coordinates are the
// card's, not the picture's).
vec3 bodyBelow() {
    vec4 r = vPictureRect;
    vec2 t = vSource == 2 ? vec2(-8.0) : (vUV - r.xy) / max(r.zw - r.xy, vec2(1e-6));
    return cardColor(t, texture(uPictures, vec3(t, vLayer)));
}

// Distance to a rounded box of `size` (top-left at 0) with corner radius `radius`; < 0 inside.
float roundedBox(vec2 p, vec2 size, float radius) {
    vec2 k = abs(p - 0.5 * size) - (0.5 * size - vec2(radius));
    return length(max(k, 0.0)) + min(max(k.x, k.y), 0.0) - radius;
}

// Coverage of a shape from its distance field, antialiased over a pixel.
float coverage(float distance) {
    return clamp(0.5 - distance / max(fwidth(distance), 1e-4), 0.0, 1.0);
}

// The number badge: the card's number (id + 1) in white on a dark rounded pill, over the card.
vec3 badge() {
    float digits = vDecoration.x, glyphH = vDecoration.y, slot = vDecoration.z, pad = vDecoration.w;
    vec2 size = vec2(digits * slot + 2.0 * pad, glyphH + 2.0 * pad);
    float pill = coverage(roundedBox(vLocal, size, pad));
    // Glyph coordinates: x in slots (one glyph cell each, its padding included), y 0…1 down.
    vec2 t = (vLocal - vec2(pad)) / vec2(slot, glyphH);
    vec2 cell = vec2(uGlyphCell.x / uGlyphCell.w, 1.0);
    // Gradients of the continuous coordinate: fract() would make them jump at every cell seam.
    vec2 dx = dFdx(t) * cell, dy = dFdy(t) * cell;
    float ink = 0.0;
    if (t.x >= 0.0 && t.y >= 0.0 && t.x < digits && t.y <= 1.0) {
        uint number = vId + 1u;
        int index = int(t.x);
        uint divisor = 1u;
        for (int i = index + 1; i < int(digits); i++) divisor *= 10u;
        float digit = float((number / divisor) % 10u);
        ink = textureGrad(uGlyphs, vec2((digit + fract(t.x)) * cell.x, t.y), dx, dy).a;
    }
    return mix(bodyBelow(), vec3(ink), pill * mix(pillOpacity, 1.0, ink));
}

// The title: the atlas slot's coverage in white, on a dark band over a picture (a placeholder's
// background is quiet enough without one). A title longer than its band (vEllipsis > 0, from
// card.vert's titleRunsOver) stops an ellipsis short of the band's end, where three dots stand
// for the rest.
vec3 title() {
    float textH = vDecoration.x, inset = vDecoration.y, stripH = vDecoration.z;
    vec2 band = vec2(vSize.x - 2.0 * vDecoration.w, stripH);
    float inBand = coverage(roundedBox(vLocal, band, 0.25 * stripH));
    float texelsPerPoint = uTitleSlot.y / textH;
    vec2 texel = (vLocal - vec2(inset, 0.5 * (stripH - textH))) * texelsPerPoint;
    // Cut at the band's inner width (less the ellipsis); beyond the slot, the atlas's border is 0.
    float width = (band.x - 2.0 * inset - vEllipsis) * texelsPerPoint;
    float ink = texture(uTitles, vec3(texel / uTitleSlot, float(vTitle))).r * step(texel.x, width);
    if (vEllipsis > 0.0) {
        // Three dots on the text's baseline (about 80 % down its height), across the ellipsis.
        float left = band.x - inset - vEllipsis, y = 0.5 * (stripH - textH) + 0.8 * textH, r = 0.09 * textH;
        for (int k = 0; k < 3; k++) {
            vec2 center = vec2(left + (float(k) + 0.5) * vEllipsis / 3.0, y);
            ink = max(ink, coverage(length(vLocal - center) - r));
        }
    }
    float dim = vSource == 2 ? 0.0 : titleBandOpacity * inBand;
    return mix(mix(bodyBelow(), vec3(0.0), dim), vec3(1.0), ink * inBand);
}

// An unreadable picture's mark: a ring with a slash (a "no picture" sign), muted red.
vec3 mark() {
    float side = vDecoration.x;
    vec2 q = vLocal - vec2(0.5 * side);
    float radius = 0.4 * side, width = max(0.06 * side, 1.5);
    float ring = abs(length(q) - radius) - 0.5 * width;
    float slash = max(abs(q.x + q.y) * 0.70710678 - 0.5 * width, length(q) - radius);
    return mix(bodyBelow(), vec3(0.62, 0.36, 0.36), coverage(min(ring, slash)));
}

// Distance to a five-pointed star of outer radius r (inner radius r · rf), point up in a +y-up
// frame (Inigo Quilez's sdStar5); < 0 inside.
float star5(vec2 p, float r, float rf) {
    const vec2 k1 = vec2(0.809016994375, -0.587785252292);
    const vec2 k2 = vec2(-k1.x, k1.y);
    p.x = abs(p.x);
    p -= 2.0 * max(dot(k1, p), 0.0) * k1;
    p -= 2.0 * max(dot(k2, p), 0.0) * k2;
    p.x = abs(p.x);
    p.y -= r;
    vec2 ba = rf * vec2(-k1.y, k1.x) - vec2(0.0, 1.0);
    float h = clamp(dot(p, ba) / dot(ba, ba), 0.0, r);
    return length(p - ba * h) * sign(p.y * ba.x - p.x * ba.y);
}

// Distance to an axis-aligned box of half-size b centred at the origin; < 0 inside.
float box(vec2 p, vec2 b) {
    vec2 d = abs(p) - b;
    return length(max(d, 0.0)) + min(max(d.x, d.y), 0.0);
}

// Colours of the culling mark: stars gold, the pick's disc green (its flag white), the reject
// cross red.
const vec3 starColor = vec3(1.0, 0.78, 0.15);
const vec3 pickColor = vec3(0.30, 0.85, 0.40);
const vec3 rejectColor = vec3(0.95, 0.25, 0.22);
// The colour labels' colours, darktable's order (red, yellow, green, blue, purple): saturated
// and light enough to read on the mark's dark pill.
const vec3 labelColors[5] = vec3[5](vec3(0.93, 0.22, 0.20), vec3(0.98, 0.88, 0.16), vec3(0.20, 0.74, 0.26),
                                     vec3(0.22, 0.50, 1.0), vec3(0.70, 0.38, 0.92));
// The pick's slot and disc and the labels' dots: pickSlot, pickRadius, labelDotRadius, in symbol
// heights (CullMarkShape, written in with the other constants).

// The culling mark (SPEC §10): shapes from distance fields in the decoration's points, so they
// scale with the card — a pick (a green disc with a white flag, taller than the stars), then
// the stars; or a cross for a rejected card — then a dot per colour label, in darktable's
// order, on a dark pill. Drawn undimmed over a dimmed card.
vec3 cullMark() {
    float marks = vDecoration.x, h = vDecoration.y, pad = vDecoration.z;
    float kind = mod(vDecoration.w, 4.0);
    uint labels = uint(vDecoration.w * 0.25);
    float labelsN = 0.0;
    for (int k = 0; k < 5; k++) labelsN += float((labels >> uint(k)) & 1u);
    bool picked = kind > 0.5 && kind < 1.5;
    float row = picked ? 2.0 * pickRadius * h : h;
    vec2 size = vec2((marks + labelsN) * h + 2.0 * pad, row + 2.0 * pad);
    float pill = coverage(roundedBox(vLocal, size, 0.5 * size.y));
    vec2 q = vLocal - vec2(pad, pad + 0.5 * (row - h));  // the symbols' row, h tall, centred
    float d;
    vec3 ink;
    float flag = h;  // the pick's flag, drawn over its disc: distance, points (elsewhere far)
    if (labels != 0u && (q.x >= marks * h || marks < 0.5)) {
        // The labels' dots: the n-th dot is the n-th label set. Labels alone: the pill's left
        // padding too, so that the distance does not jump there (fwidth would draw a seam).
        float n = clamp(floor((q.x - marks * h) / h), 0.0, labelsN - 1.0);
        vec2 l = q - vec2((marks + n + 0.5) * h, 0.5 * h);
        int index = 0;
        float seen = -1.0;
        for (int k = 0; k < 5; k++) {
            if (((labels >> uint(k)) & 1u) != 0u) {
                seen += 1.0;
                if (seen == n) index = k;
            }
        }
        d = length(l) - labelDotRadius * h;
        ink = labelColors[index];
    } else if (kind > 1.5) {
        vec2 l = q - vec2(0.5 * h);
        vec2 r = vec2(l.x + l.y, l.x - l.y) * 0.70710678;
        d = min(box(r, vec2(0.42 * h, 0.07 * h)), box(r, vec2(0.07 * h, 0.42 * h)));
        ink = rejectColor;
    } else if (picked && q.x < pickSlot * h) {
        // A flag, white, on a green disc.
        vec2 l = (q - vec2(0.5 * pickSlot * h, 0.5 * h)) / (pickRadius * h);  // disc radii
        float pole = box(l - vec2(-0.3, 0.06), vec2(0.07, 0.5));
        float cloth = box(l - vec2(0.05, -0.19), vec2(0.35, 0.25));
        d = (length(l) - 1.0) * pickRadius * h;
        flag = min(pole, cloth) * pickRadius * h;
        ink = pickColor;
    } else {
        float start = picked ? pickSlot * h : 0.0;
        float stars = marks - (picked ? pickSlot : 0.0);
        float slot = clamp(floor((q.x - start) / h), 0.0, max(stars - 1.0, 0.0));
        vec2 l = q - vec2(start + (slot + 0.5) * h, 0.5 * h);   // points from the symbol's centre, +y down
        // A pick without stars: the pill's right padding, no star there.
        d = stars < 0.5 ? h : star5(vec2(l.x, -l.y + 0.04 * h), 0.46 * h, 0.45);
        ink = starColor;
    }
    vec3 below = bodyBelow() * vDim;
    vec3 mark = mix(mix(below, vec3(0.0), pill * pillOpacity), ink, pill * coverage(d));
    return mix(mark, vec3(1.0), pill * coverage(flag));
}

vec3 decoration() {
    if (vPart == partCull) return cullMark();
    return (vPart == partBadge ? badge() : (vPart == partTitle ? title() : mark())) * vDim;
}
#endif

// The colour (straight alpha) of this fragment.
vec4 shade() {
#if defined(IDENTITY)
    return vIdentity;
#elif defined(BODY) && defined(DECORATIONS)
    return vec4(vPart >= partBadge ? decoration() : body() * vDim, vAlpha);
#elif defined(DECORATIONS)
    return vec4(decoration(), vAlpha);
#else
    return vec4(body() * vDim, vAlpha);
#endif
}

void main() {
    vec4 color = shade();  // first: its derivatives need every fragment of the quad
#ifdef PEEL
    if (uPeel != peelOff) {
        ivec2 texel = ivec2(gl_FragCoord.xy);
        if (gl_FragCoord.z >= texelFetch(uOpaqueDepth, texel, 0).r) discard;
        if (uPeel == peelBehindPreviousLayer && gl_FragCoord.z <= texelFetch(uPeelDepth, texel, 0).r) discard;
    }
#endif
    fragColor = color;
}
