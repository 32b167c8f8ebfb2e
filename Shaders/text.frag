#version 330 core
// Text overlay: glyph coverage from the pixel-font atlas (nearest texel, so the font's blocks
// stay crisp), or a solid panel; the instance colour with that coverage as alpha.

in vec2 vUV;
flat in float vSolid;
flat in vec4 vColor;

uniform sampler2D uAtlas;   // BitmapFont.atlas(): white ink, coverage in alpha

out vec4 fragColor;

void main() {
    float coverage = vSolid > 0.5 ? 1.0 : texture(uAtlas, vUV).a;
    if (coverage <= 0.0) discard;
    fragColor = vec4(vColor.rgb, vColor.a * coverage);
}
