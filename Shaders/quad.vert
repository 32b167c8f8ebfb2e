#version 330 core
// A quad covering the viewport, as a triangle strip of four vertices made from gl_VertexID
// alone (no attributes): (−1, −1), (1, −1), (−1, 1), (1, 1). Drawn with glDrawArrays(GL_TRIANGLE_STRIP, 0, 4).

void main() {
    vec2 corner = vec2(float(gl_VertexID & 1), float((gl_VertexID >> 1) & 1));
    gl_Position = vec4(corner * 2.0 - 1.0, 0.0, 1.0);
}
