#version 330 core
// Depth peeling's compositing (DepthPeeler.swift): copies one texel per pixel of a layer to the
// framebuffer, for the blend stage to put it under (front to back) or over what is there.

uniform sampler2D uLayer;   // same size as the framebuffer
uniform int uPremultiply;   // 1: the layer holds straight alpha (a peeled layer); 0: premultiplied

out vec4 fragColor;

void main() {
    vec4 color = texelFetch(uLayer, ivec2(gl_FragCoord.xy), 0);
    fragColor = uPremultiply == 1 ? vec4(color.rgb * color.a, color.a) : color;
}
