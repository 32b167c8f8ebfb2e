#version 330 core
// Text overlay (HUD, key help): one quad per glyph or background panel, drawn once per
// instance (glDrawArraysInstanced), in viewport points over the finished frame.
//
// Per-instance record (48 bytes, OverlayQuad in OverlayText.swift): the quad's rectangle in viewport
// points (top-left origin, +y down), the glyph's rectangle in the font atlas in texels (a
// negative left edge means a solid panel), and a straight-alpha colour.

// The attributes are declared in Swift and written after #version when the source is loaded
// (ShaderInterface.text, from OverlayQuad): per vertex aCorner (the quad's corner, 0…1); per
// instance iRect (x, y, width, height, points), iTexels (atlas left, top, right, bottom, texels;
// left < 0: solid) and iColor (RGBA, 0…1, straight alpha).

uniform vec4 uSizes;                    // viewport width, height (points); atlas width, height (texels)

out vec2 vUV;
flat out float vSolid;
flat out vec4 vColor;

void main() {
    vec2 p = iRect.xy + aCorner * iRect.zw;
    gl_Position = vec4(2.0 * p.x / uSizes.x - 1.0, 1.0 - 2.0 * p.y / uSizes.y, 0.0, 1.0);
    vUV = mix(iTexels.xy, iTexels.zw, aCorner) / uSizes.zw;
    vSolid = iTexels.x < 0.0 ? 1.0 : 0.0;
    vColor = iColor;
}
