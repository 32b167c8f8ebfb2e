#version 330 core
// Cards: the picture (a layer of the picture pool or of the full-resolution texture) in its
// rectangle on the card's background, faded in over the placeholder; a thin rim; the number
// badge and the title on their own small quads (card.vert); or, for tests and comparisons, one
// flat identity colour per card.
//
// The common path — the body of every card — is one texture sample, a rectangle test and a rim
// test: no loop, no discard (the corners are cut by the mesh), no depth write, so the depth test
// runs before the shader and hidden fragments cost no shading. Compiled a second time with
// `#define PEEL` for depth peeling, whose fragment tests discard (DepthPeeler.swift).

in vec2 vUV;
in float vEdge;
in vec2 vLocal;
flat in vec2 vSize;
flat in float vAlpha;
flat in uint vId;
flat in uint vLayer;
flat in uint vTitle;
flat in uint vFlags;
flat in vec4 vPictureRect;
flat in float vPictureOpacity;
flat in int vPart;
flat in vec4 vDecoration;

uniform int uShading;                 // 0: textured; 1: identity colours (exact, see IdentityColor.swift)
uniform sampler2DArray uPictures;     // the picture pool: one picture per layer, stretched over it
uniform int uPictureLayers;           // layers in the pool; 0: none (cards coloured by id)
uniform sampler2DArray uFullPictures; // the full-resolution pictures (opened card, front photo)
uniform sampler2D uGlyphs;            // digits 0…9 side by side, coverage in alpha
uniform vec4 uGlyphCell;              // cell width, glyph width, glyph height, strip width (texels)
uniform sampler2DArray uTitles;       // the title atlas: one title per layer, coverage in red
uniform vec2 uTitleSlot;              // slot width, height (texels)
#ifdef PEEL
// Depth peeling: 1 keeps only fragments in front of the opaque cards; 2 only those also strictly
// behind the previous peeled layer. Depths are window z, one texel per pixel, in 32-bit float
// textures, so a fragment compares equal to its own earlier self.
uniform int uPeel;
uniform sampler2D uOpaqueDepth;
uniform sampler2D uPeelDepth;
#endif

out vec4 fragColor;

// Must match IdentityColor.multiplier: a bijection of 24-bit codes, so neighbours differ in colour.
const uint identityMultiplier = 0x9E3779u;
const uint noPicture = 0xFFFFu;
const uint fullResolutionBase = 0xFFF0u;
const uint unreadableFlag = 1u;
// The card's own background: placeholders, and around a fitted picture.
const vec3 cardBackground = vec3(0.20, 0.21, 0.25);
// Opacity of the dark pill behind the badge's digits and of the band behind a title.
const float pillOpacity = 0.72;
const float titleBandOpacity = 0.5;

vec3 hsv(float h, float s, float v) {
    vec3 k = clamp(abs(mod(h * 6.0 + vec3(0.0, 4.0, 2.0), 6.0) - 3.0) - 1.0, 0.0, 1.0);
    return v * mix(vec3(1.0), k, s);
}

// Distance to a rounded box of `size` (top-left at 0) with corner radius `radius`; < 0 inside.
float roundedBox(vec2 p, vec2 size, float radius) {
    vec2 k = abs(p - 0.5 * size) - (0.5 * size - vec2(radius));
    return length(max(k, 0.0)) + min(max(k.x, k.y), 0.0) - radius;
}

// A placeholder: the card's background; an unreadable picture's adds a broken-picture mark (a
// ring with a slash) above the middle, where the title does not go.
vec3 placeholder(vec2 uv) {
    if ((vFlags & unreadableFlag) == 0u) return cardBackground;
    float unit = min(vSize.x, vSize.y);
    vec2 q = (uv - vec2(0.5, 0.3)) * vSize;
    float radius = 0.1 * unit, width = max(0.015 * unit, 1.5);
    float ring = abs(length(q) - radius) - 0.5 * width;
    float slash = max(abs(q.x + q.y) * 0.70710678 - 0.5 * width, length(q) - radius);
    float ink = clamp(0.5 - min(ring, slash), 0.0, 1.0);
    return mix(cardBackground, vec3(0.62, 0.36, 0.36), ink);
}

// The card's colour at `uv` (0…1 across the card): its picture within the picture's rectangle,
// faded in over the placeholder.
vec3 cardColor(vec2 uv) {
    if (vLayer == noPicture) return placeholder(uv);
    vec4 r = vPictureRect;
    vec2 t = (uv - r.xy) / max(r.zw - r.xy, vec2(1e-6));
    vec3 picture;
    if (vLayer >= fullResolutionBase) {
        picture = texture(uFullPictures, vec3(t, float(vLayer - fullResolutionBase))).rgb;
    } else if (int(vLayer) < uPictureLayers) {
        picture = texture(uPictures, vec3(t, float(vLayer))).rgb;
    } else {
        float hue = fract(float(vId) * 0.618034);
        picture = mix(hsv(hue, 0.45, 0.92), hsv(hue + 0.08, 0.6, 0.7), t.y);
    }
    vec2 inside = step(r.xy, uv) * step(uv, r.zw);
    float cover = inside.x * inside.y * vPictureOpacity;
    return cover >= 1.0 ? picture : mix(placeholder(uv), picture, cover);
}

// The card's body: its colour and a thin rim, whiter, along the (rounded) outline.
vec3 body() {
    float rim = clamp(0.004 * min(vSize.x, vSize.y), 1.0, 3.0);
    return mix(cardColor(vUV), vec3(1.0), vEdge < rim ? 0.3 : 0.0);
}

// The number badge: the card's number (id + 1) in white on a dark rounded pill, over the card.
vec3 badge() {
    float digits = vDecoration.x, glyphH = vDecoration.y, slot = vDecoration.z, pad = vDecoration.w;
    vec2 size = vec2(digits * slot + 2.0 * pad, glyphH + 2.0 * pad);
    float outside = roundedBox(vLocal, size, pad);
    float coverage = clamp(0.5 - outside / max(fwidth(outside), 1e-4), 0.0, 1.0);
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
    vec3 tag = vec3(ink);
    return mix(body(), tag, coverage * mix(pillOpacity, 1.0, ink));
}

// The title: the atlas slot's coverage in white, on a dark band over a picture (a placeholder's
// background is quiet enough without one).
vec3 title() {
    float textH = vDecoration.x, inset = vDecoration.y, stripH = vDecoration.z;
    vec2 band = vec2(vSize.x - 2.0 * vDecoration.w, stripH);
    float outside = roundedBox(vLocal, band, 0.25 * stripH);
    float bandCoverage = clamp(0.5 - outside / max(fwidth(outside), 1e-4), 0.0, 1.0);
    float texelsPerPoint = uTitleSlot.y / textH;
    vec2 texel = (vLocal - vec2(inset, 0.5 * (stripH - textH))) * texelsPerPoint;
    float width = min(uTitleSlot.x, (band.x - 2.0 * inset) * texelsPerPoint);
    vec2 inside = step(vec2(0.0), texel) * step(texel, vec2(width, uTitleSlot.y));
    float coverage = texture(uTitles, vec3(texel / uTitleSlot, float(vTitle))).r * inside.x * inside.y;
    float dim = vLayer == noPicture ? 0.0 : titleBandOpacity * bandCoverage;
    vec3 color = mix(body(), vec3(0.0), dim);
    return mix(color, vec3(1.0), coverage * bandCoverage);
}

// The card's colour (straight alpha) at this fragment.
vec4 shade() {
    if (uShading == 1) {
        uint code = ((vId + 1u) * identityMultiplier) & 0xFFFFFFu;
        return vec4(float(code & 255u), float((code >> 8) & 255u), float(code >> 16), 255.0 * vAlpha) / 255.0;
    }
    if (vPart == 2) return vec4(badge(), vAlpha);
    if (vPart == 3) return vec4(title(), vAlpha);
    return vec4(body(), vAlpha);
}

void main() {
    vec4 color = shade();  // first: its derivatives need every fragment of the quad
#ifdef PEEL
    if (uPeel > 0) {
        ivec2 texel = ivec2(gl_FragCoord.xy);
        if (gl_FragCoord.z >= texelFetch(uOpaqueDepth, texel, 0).r) discard;
        if (uPeel == 2 && gl_FragCoord.z <= texelFetch(uPeelDepth, texel, 0).r) discard;
    }
#endif
    fragColor = color;
}
