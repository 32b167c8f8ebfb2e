#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The checks of a path named on the command line, made before any work (SPEC §11: exit status 2
/// for every bad input on the command line, a folder where a file is expected included). Each
/// gives the reason as one phrase for `message(_:_:_:)`, or nil when the path can be used; the
/// reads and writes themselves still go through `ReadableFile` and `AtomicFile`, which check
/// again what they open.
///
/// Only what the user named wrongly is reported here: a folder that exists but may not be
/// written is found by the write (a failure at run time, exit status 1).
public enum OptionPath {
    /// The one line refusing the path `option` names, or nil when it can be used: `--option
    /// needs a file name` for an empty one (`what`: "a directory path" for a folder), else
    /// `--option 'path': reason` with the reason `problem` gives (`outputProblem`,
    /// `inputProblem`, `folderProblem`).
    public static func refusal(_ option: String, _ path: String?, _ problem: (String) -> String?,
                               what: String = "a file name") -> String? {
        guard let path else { return nil }
        guard !path.isEmpty else { return "\(option) needs \(what)" }
        return problem(path).map { "\(option) '\(path)': \($0)" }
    }

    /// Why a file cannot be written at `path`: a folder, a FIFO or a device there, a symbolic
    /// link to nothing (the output would replace the link, not write where it points) or a loop
    /// of links, a folder above it missing or not a folder.
    public static func outputProblem(_ path: String) -> String? {
        if let reason = linkProblem(path) { return reason }
        return fileProblem(path)
    }

    /// `outputProblem` for a state, which is written through a symbolic link (SPEC §11): a link
    /// to a file not made yet is fine when the folder it would be made in exists.
    public static func stateProblem(_ path: String) -> String? {
        if let reason = linkProblem(path) {
            guard let target = try? Paths.linkTarget(of: path), !FileInfo.exists(target) else { return reason }
            if FileInfo.isFolder(Paths.split(target).folder) { return nil }
            return "it is a symbolic link to '\(target)', whose folder does not exist"
        }
        return fileProblem(path)
    }

    /// A folder, FIFO or device at `path` (links followed), or no folder to make it in.
    private static func fileProblem(_ path: String) -> String? {
        switch OutputPath.problem(path, checkingWritable: false) {
        case .isFolder?: return OutputPath.reason(.isFolder)
        case .notAFile?: return OutputPath.reason(.notAFile)
        case let .noFolder(folder)?: return OutputPath.reason(.noFolder(folder))
        case .folderNotWritable?, nil: return nil
        }
    }

    /// Why the file at `path` cannot be read as a regular file: nothing there, a folder, a FIFO
    /// or a device, a symbolic link to nothing or a loop of links. Nothing is opened.
    public static func inputProblem(_ path: String) -> String? {
        if let reason = linkProblem(path) { return reason }
        do {
            let info = try FileInfo.at(path)
            switch info.kind {
            case .regular: return nil
            case .folder: return OutputPath.reason(.isFolder)
            case .symbolicLink, .other: return OutputPath.reason(.notAFile)
            }
        } catch {
            return error.isMissing ? "no such file" : error.reason
        }
    }

    /// Why `path` cannot be a folder that is made when missing (`--out-dir`): something other
    /// than a folder there or above it, a symbolic link to nothing or a loop of links.
    public static func folderProblem(_ path: String) -> String? {
        if let reason = linkProblem(path) { return reason }
        var current = path
        while !current.isEmpty {
            if let info = try? FileInfo.at(current) {
                guard info.kind == .folder else {
                    return current == path ? "it is not a folder" : "'\(current)' is not a folder"
                }
                return nil
            }
            if current == "/" || !current.contains("/") { return nil }
            current = Paths.split(current).folder
        }
        return nil
    }

    /// A symbolic link at `path` that leads nowhere: to nothing ("it is a symbolic link to
    /// 'TARGET', which does not exist") or round a loop.
    static func linkProblem(_ path: String) -> String? {
        guard (try? FileInfo.at(path, followingLinks: false))?.kind == .symbolicLink else { return nil }
        do {
            _ = try FileInfo.at(path)
            return nil
        } catch {
            if case let .failed(_, code) = error, code == ELOOP { return "it is a loop of symbolic links" }
            guard error.isMissing else { return nil }
            let target = readLinkPath(path).map { " to '\($0)'" } ?? ""
            return "it is a symbolic link\(target), which does not exist"
        }
    }
}
