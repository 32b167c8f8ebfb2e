#version 330 core
// Cards: one unit quad drawn once per instance (glDrawArraysInstanced).
//
// Per-instance record (64 bytes, see InstanceRecord.swift): the card's affine local → world
// matrix as three rows, with the card's width and height folded into its first two columns so
// that it maps the unit quad (corners ±0.5, +y down) to world points (viewport points after the
// scroll offset; +x right, +y down, +z toward the viewer); then alpha, depth, layer and id.

layout(location = 0) in vec2 aCorner;      // per vertex: quad corner, −0.5…0.5
layout(location = 1) in vec4 iRow0;        // per instance: matrix rows
layout(location = 2) in vec4 iRow1;
layout(location = 3) in vec4 iRow2;
layout(location = 4) in vec2 iAlphaDepth;  // alpha 0…1; eye distance of the center (sorting only)
layout(location = 5) in uvec2 iLayerId;    // texture layer, card id

uniform mat4 uViewProjection;              // world points → clip space (Camera.viewProjection)

out vec2 vUV;                              // 0…1 across the card, (0, 0) at its top-left corner
flat out vec2 vSize;                       // the card's size in world points (scale included)
flat out float vAlpha;
flat out uint vLayer;
flat out uint vId;

void main() {
    vec4 local = vec4(aCorner, 0.0, 1.0);
    vec3 world = vec3(dot(iRow0, local), dot(iRow1, local), dot(iRow2, local));
    gl_Position = uViewProjection * vec4(world, 1.0);
    vUV = aCorner + 0.5;
    vSize = vec2(length(vec3(iRow0.x, iRow1.x, iRow2.x)), length(vec3(iRow0.y, iRow1.y, iRow2.y)));
    vAlpha = iAlphaDepth.x;
    vLayer = iLayerId.x;
    vId = iLayerId.y;
}
