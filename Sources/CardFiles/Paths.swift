/// Splitting and joining paths as bytes-in-strings, without Foundation's normalisation (which
/// would turn a relative path absolute or resolve `..`).
enum Paths {
    /// The folder holding `path` ("." for a bare name, "/" for a file at the root) and the name.
    static func split(_ path: String) -> (folder: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        let folder = String(path[..<slash])
        return (folder.isEmpty ? "/" : folder, String(path[path.index(after: slash)...]))
    }

    /// `folder` + "/" + `name`, without doubling a trailing slash.
    static func join(_ folder: String, _ name: String) -> String {
        folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }
}
