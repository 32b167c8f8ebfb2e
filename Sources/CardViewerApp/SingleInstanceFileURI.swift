import CardFiles

/// A PATH given as a `file://` URI (a desktop's `Exec=cardviewer %U`, SPEC §14): the local path
/// it names. `file:///a/b%20c.jpg` and `file://localhost/a/b.jpg` are `/a/b c.jpg` and `/a/b.jpg`
/// (each `%XX` the byte XX, so names that are not UTF-8 keep their bytes: `PathBytes`); any other
/// argument — a plain path, another host's URI, a malformed escape — is kept as given (and is
/// then refused as a missing path, naming what was typed).
public enum FileURIArgument {
    /// The path `argument` names.
    public static func path(_ argument: String) -> String {
        guard argument.hasPrefix("file://") else { return argument }
        var rest = argument.dropFirst("file://".count)
        if rest.hasPrefix("localhost/") { rest = rest.dropFirst("localhost".count) }
        guard rest.hasPrefix("/"), let decoded = PathBytes.percentDecoded(String(rest)) else { return argument }
        return decoded
    }
}
