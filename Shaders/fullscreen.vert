#version 330 core
// One triangle that covers the whole viewport, made from gl_VertexID alone (no attributes):
// corners (−1, −1), (3, −1), (−1, 3) in clip space. Drawn with glDrawArrays(GL_TRIANGLES, 0, 3).

void main() {
    vec2 corner = vec2(float((gl_VertexID << 1) & 2), float(gl_VertexID & 2));  // (0,0) (2,0) (0,2)
    gl_Position = vec4(corner * 2.0 - 1.0, 0.0, 1.0);
}
