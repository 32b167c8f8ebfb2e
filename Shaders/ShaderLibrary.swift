import Foundation

/// The GLSL sources in this folder (`Shaders/`), shipped as resources of the `CardShaders` target.
///
/// Looked up in the resource bundle next to the running executable (where SwiftPM puts
/// `CardViewer_CardShaders.resources`, for the program and for test runners alike), then in the
/// installed copy (`BIN/../share/cardviewer/shaders`, where `make install` puts them beside
/// `PREFIX/bin/cardviewer`), then in this source folder, so a moved binary still runs from a checkout. Never traps: a missing file is
/// `nil`, and the caller reports where it looked.
public enum ShaderLibrary {
    /// The card vertex shader: the card mesh × per-instance affine matrix × view-projection.
    public static let cardVertex = "card.vert"
    /// The card fragment shader: picture or placeholder, rim, badge and title; or identity colours.
    public static let cardFragment = "card.frag"
    /// A viewport-covering triangle from `gl_VertexID` (depth peeling's compositing passes).
    public static let fullscreenVertex = "fullscreen.vert"
    /// Copies a peeled layer or the accumulated layers to the framebuffer, one texel per pixel.
    public static let compositeFragment = "composite.frag"
    /// A viewport-covering quad from `gl_VertexID` (the benchmark's floor).
    public static let quadVertex = "quad.vert"
    /// One texture sample per pixel: the benchmark's floor.
    public static let floorFragment = "floor.frag"
    /// The text overlay's shaders: glyph and panel quads in viewport points.
    public static let textVertex = "text.vert"
    public static let textFragment = "text.frag"

    /// The text of the shader file `name`, or `nil` when no location has it.
    public static func source(named name: String) -> String? {
        for folder in searchedFolders {
            let url = folder.appendingPathComponent(name)
            if let data = FileManager.default.contents(atPath: url.path) {
                return String(decoding: data, as: UTF8.self)
            }
        }
        return nil
    }

    /// The folders searched, in order.
    public static var searchedFolders: [URL] {
        var folders: [URL] = []
        if let executable = Bundle.main.executableURL?.resolvingSymlinksInPath() {
            let bin = executable.deletingLastPathComponent()
            folders.append(bin.appendingPathComponent("CardViewer_CardShaders.resources"))
            folders.append(bin.appendingPathComponent("../share/cardviewer/shaders", isDirectory: true).standardizedFileURL)
        }
        folders.append(URL(fileURLWithPath: #filePath).deletingLastPathComponent())
        return folders
    }
}
