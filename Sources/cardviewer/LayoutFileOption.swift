import ArgumentParser
import CardLayout
import CardLayoutFileLoading
import Foundation

/// `--layout-file FILE` (SPEC §9): a layout described by a JSON file, registered at start like
/// any layout (its options set with `--set`). Errors exit 2 with `FILE:LINE:COLUMN: message`.
enum LayoutFileArgument {
    /// The help shared by every command that takes it.
    static let help = ArgumentHelp(
        "A layout described by a JSON file (docs/LAYOUT-FILES.md); its options are set with --set.",
        valueName: "file")

    /// The file's layout, registered in the shared registry (once per path).
    ///
    /// - Throws: `ValidationError` (exit 2): `--layout-file 'FILE': reason` for a path that is
    ///   not a regular file (`FileOptions`), else `FILE:LINE:COLUMN: message`.
    static func kind(_ path: String) throws -> LayoutKind {
        try FileOptions.checkInput("--layout-file", path)
        do {
            return try LayoutFileLoader.register(path, warn: { printError("warning: \($0)") })
        } catch {
            throw ValidationError(error.description)
        }
    }

    /// `path` made absolute against the current folder (the state remembers it so).
    static func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    }
}
