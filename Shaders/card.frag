#version 330 core
// Cards: the image layer with slightly rounded corners, a thin rim and the card's number in a
// label at the top-left corner; or, for tests and comparisons, one flat identity colour per card.

in vec2 vUV;
flat in vec2 vSize;
flat in float vAlpha;
flat in uint vLayer;
flat in uint vId;

uniform int uShading;            // 0: textured; 1: identity colours (exact, see IdentityColor.swift)
uniform sampler2DArray uImages;  // one image per layer
uniform int uImageLayers;        // 0: no images, a colour made from the id instead
uniform sampler2D uGlyphs;       // digits 0…9 side by side, coverage in alpha
uniform vec4 uGlyphCell;         // cell width, glyph width, glyph height, strip width (texels); 0: no labels
// Depth peeling (DepthPeeler.swift): 0 draws every fragment; 1 only those in front of the opaque
// cards; 2 only those also strictly behind the previous peeled layer. Depths are window z, one
// texel per pixel, in 32-bit float textures, so a fragment compares equal to its own earlier self.
uniform int uPeel;
uniform sampler2D uOpaqueDepth;
uniform sampler2D uPeelDepth;

out vec4 fragColor;

// Must match IdentityColor.multiplier: a bijection of 24-bit codes, so neighbours differ in colour.
const uint identityMultiplier = 0x9E3779u;

vec3 hsv(float h, float s, float v) {
    vec3 k = clamp(abs(mod(h * 6.0 + vec3(0.0, 4.0, 2.0), 6.0) - 3.0) - 1.0, 0.0, 1.0);
    return v * mix(vec3(1.0), k, s);
}

// Distance from p (points from the top-left corner) to the edge of the rounded card, inside > 0.
float insideDistance(vec2 p, float radius) {
    vec2 q = min(p, vSize - p);
    vec2 k = vec2(radius) - q;
    return (k.x > 0.0 && k.y > 0.0) ? radius - length(k) : min(q.x, q.y);
}

// Opacity of the label's dark pill behind the digits.
const float pillOpacity = 0.72;

// The card's number (id + 1) in white on a dark rounded pill at the card's top-left corner;
// returns (colour, coverage). The pill's edge is antialiased from its distance field; no early
// return before fwidth, which needs every fragment of the quad.
vec4 label(vec2 p, float unit) {
    if (uGlyphCell.w <= 0.0) return vec4(0.0);
    uint number = vId + 1u;
    int digits = 1;
    for (uint n = number; n >= 10u; n /= 10u) digits++;
    float glyphH = 0.075 * unit, glyphW = glyphH * uGlyphCell.y / uGlyphCell.z;
    float pad = 0.3 * glyphH, margin = 0.035 * unit;
    vec2 size = vec2(float(digits) * glyphW + 2.0 * pad, glyphH + 2.0 * pad);
    vec2 q = p - vec2(margin);
    vec2 k = abs(q - 0.5 * size) - (0.5 * size - vec2(pad));
    float outside = length(max(k, 0.0)) + min(max(k.x, k.y), 0.0) - pad;  // < 0 inside the pill
    float coverage = clamp(0.5 - outside / max(fwidth(outside), 1e-4), 0.0, 1.0);
    vec2 t = (q - vec2(pad)) / vec2(glyphW, glyphH);
    float ink = 0.0;
    if (t.x >= 0.0 && t.y >= 0.0 && t.x < float(digits) && t.y <= 1.0) {
        int slot = int(t.x);
        uint divisor = 1u;
        for (int i = slot + 1; i < digits; i++) divisor *= 10u;
        float digit = float((number / divisor) % 10u);
        float texel = digit * uGlyphCell.x + 0.5 * (uGlyphCell.x - uGlyphCell.y) + fract(t.x) * uGlyphCell.y;
        ink = textureLod(uGlyphs, vec2(texel / uGlyphCell.w, t.y), 0.0).a;
    }
    return vec4(vec3(ink), coverage * mix(pillOpacity, 1.0, ink));
}

// The card's colour (straight alpha) at this fragment.
vec4 shade() {
    if (uShading == 1) {
        uint code = ((vId + 1u) * identityMultiplier) & 0xFFFFFFu;
        return vec4(float(code & 255u), float((code >> 8) & 255u), float(code >> 16), 255.0 * vAlpha) / 255.0;
    }
    vec2 p = vUV * vSize;
    float unit = min(vSize.x, vSize.y);
    float inside = insideDistance(p, clamp(0.025 * unit, 2.0, 24.0));
    if (inside < 0.0) discard;
    vec3 color;
    if (uImageLayers > 0) {
        color = texture(uImages, vec3(vUV, float(vLayer))).rgb;
    } else {
        float hue = fract(float(vId) * 0.618034);
        color = mix(hsv(hue, 0.45, 0.92), hsv(hue + 0.08, 0.6, 0.7), vUV.y);
    }
    if (inside < clamp(0.004 * unit, 1.0, 3.0)) color = mix(color, vec3(1.0), 0.3);
    vec4 tag = label(p, unit);
    color = mix(color, tag.rgb, tag.a);
    return vec4(color, vAlpha);
}

void main() {
    vec4 color = shade();  // first: its derivatives need every fragment of the quad
    if (uPeel > 0) {
        ivec2 texel = ivec2(gl_FragCoord.xy);
        if (gl_FragCoord.z >= texelFetch(uOpaqueDepth, texel, 0).r) discard;
        if (uPeel == 2 && gl_FragCoord.z <= texelFetch(uPeelDepth, texel, 0).r) discard;
    }
    fragColor = color;
}
