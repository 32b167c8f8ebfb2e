#version 330 core
// The benchmark's floor: the cheapest way to fill the framebuffer with a picture — one texture
// sample per pixel, nothing else (FloorRenderer.swift).

uniform sampler2D uPicture;
uniform vec2 uDrawable;     // pixels

out vec4 fragColor;

void main() {
    fragColor = vec4(texture(uPicture, gl_FragCoord.xy / uDrawable).rgb, 1.0);
}
