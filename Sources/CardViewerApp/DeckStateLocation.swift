import CardFiles
import CardThumbnails

/// Where a deck opened from PATHs keeps its state when `--state` is not given (SPEC §12):
/// `$XDG_STATE_HOME/cardviewer/MD5.json` (`$XDG_STATE_HOME` unset, empty or relative:
/// `~/.local/state`), one file per deck, named by the MD5 of its canonical paths
/// (`DeckCatalog.canonicalPaths`: absolute, links resolved; a single file's folder), joined
/// by newlines, with a last line `-r` for a deck listed with `-r` — so `cardviewer DIR` reopens
/// where it was left, from any working folder.
public enum DeckStateLocation {
    /// The folder of the per-deck states, or `nil` when neither `$XDG_STATE_HOME` nor `$HOME`
    /// gives one.
    public static func folder(environment: (String) -> String? = PathBytes.environment) -> String? {
        if let state = environment("XDG_STATE_HOME"), state.hasPrefix("/") { return state + "/cardviewer" }
        guard let home = environment("HOME"), home.hasPrefix("/") else { return nil }
        return (home.hasSuffix("/") ? home : home + "/") + ".local/state/cardviewer"
    }

    /// The state file's name for the deck of `canonicalPaths`: 32 hexadecimal digits and `.json`.
    public static func fileName(canonicalPaths: [String], recursive: Bool) -> String {
        var bytes: [UInt8] = []
        for (index, path) in canonicalPaths.enumerated() {
            if index > 0 { bytes.append(0x0A) }
            bytes += PathBytes.bytes(path)
        }
        if recursive { bytes += Array("\n-r".utf8) }
        let hex = Array("0123456789abcdef".utf8)
        let digits = MD5.digest(bytes).flatMap { [hex[Int($0 >> 4)], hex[Int($0 & 0x0F)]] }
        return String(decoding: digits, as: UTF8.self) + ".json"
    }

    /// The state file of the deck of `canonicalPaths`, its folder made (mode 0700) when missing.
    ///
    /// - Throws: `StateFolderError` when the folder cannot be made.
    static func path(canonicalPaths: [String], recursive: Bool) throws -> String? {
        guard let folder = folder() else { return nil }
        if let failure = Folder.make(folder, mode: 0o700) {
            throw StateFolderError(description: "cannot keep the deck's state in '\(folder)': \(failure)")
        }
        return folder + "/" + fileName(canonicalPaths: canonicalPaths, recursive: recursive)
    }
}

/// Why the per-deck state folder cannot be used. One line naming it.
struct StateFolderError: Error, CustomStringConvertible {
    var description: String
}
