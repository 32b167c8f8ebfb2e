import ArgumentParser
import CardFiles

/// The checks of the file options (`--out`, `--json`, `--plot`, `--out-dir`, `--layout-file`)
/// made in `validate()`, before any work: a path that names the wrong thing (a folder where a
/// file is expected, a FIFO, a device, a link to nothing, a missing folder above it) is bad
/// input, one line naming the option (`OptionPath`), exit status 2.
enum FileOptions {
    /// Refuses `path` as the file `option` writes.
    static func checkOutput(_ option: String, _ path: String?) throws {
        try check(OptionPath.refusal(option, path, OptionPath.outputProblem))
    }

    /// Refuses `path` as the PNG file `option` writes: as `checkOutput`, and a name ending in
    /// another picture format's extension (`e.jpg`: the bytes would be PNG's under a JPEG name).
    /// A name without an extension, or ending in `.png` in any case, is taken.
    static func checkPNGOutput(_ option: String, _ path: String?) throws {
        try checkOutput(option, path)
        guard let path, let ext = extensionOf(path), ext != "png" else { return }
        throw ValidationError("\(option) '\(path)': only PNG is written; name the file .png")
    }

    /// The lowercased extension of `path`'s last component, nil without one.
    static func extensionOf(_ path: String) -> String? {
        let name = path.split(separator: "/", omittingEmptySubsequences: false).last ?? ""
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex, name.index(after: dot) != name.endIndex else { return nil }
        return name[name.index(after: dot)...].lowercased()
    }

    /// Refuses `path` as the file `option` reads.
    static func checkInput(_ option: String, _ path: String?) throws {
        try check(OptionPath.refusal(option, path, OptionPath.inputProblem))
    }

    /// Refuses `path` as the folder `option` writes into (made when missing).
    static func checkFolder(_ option: String, _ path: String) throws {
        try check(OptionPath.refusal(option, path, OptionPath.folderProblem, what: "a directory path"))
    }

    /// Fails before the work when the folder `path` goes into may not be written: a failure at
    /// run time (exit status 1), the file named as "cannot write WHAT 'path'".
    static func checkWritable(_ path: String, what: String) throws {
        if let problem = OutputPath.problem(path) {
            throw RuntimeFailure("cannot write \(what) '\(path)': \(OutputPath.reason(problem))")
        }
    }

    private static func check(_ refusal: String?) throws {
        if let refusal { throw ValidationError(refusal) }
    }
}
