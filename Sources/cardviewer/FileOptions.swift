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
