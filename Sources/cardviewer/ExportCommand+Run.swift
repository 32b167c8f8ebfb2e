import ArgumentParser
import CardFiles
import CardViewerCore
import Foundation

/// The actions of `cardviewer export`: messages on standard error (one summary line, one line
/// per problem), exit status 1 when a file failed.
extension ExportCommand {
    /// `--copy-to`, `--move-to`, `--link-to`: DIR checked (made when missing, its parent must be
    /// a folder), then `ExportRun`.
    func exportFiles(_ groups: [ExportGroup], kind: ExportAction, folder: String, option: String) throws {
        let shown = PathBytes.displayed(folder)
        if let info = try? FileInfo.at(folder) {
            guard info.kind == .folder else { throw ValidationError("\(option) '\(shown)': it is not a folder") }
        } else {
            let parent = folder.contains("/") ? String(folder[..<folder.lastIndex(of: "/")!]) : "."
            guard FileInfo.isFolder(parent.isEmpty ? "/" : parent) else {
                throw ValidationError("\(option) '\(shown)': its parent folder does not exist")
            }
            if let failure = Folder.make(folder, mode: 0o755) {
                throw RuntimeFailure("cannot make '\(shown)': \(failure)")
            }
        }
        if kind == .link, let folderDevice = try? FileInfo.at(folder).identity.device {
            let elsewhere = groups.flatMap(\.members).map(\.source).filter { (try? FileInfo.at($0))?.identity.device != folderDevice }
            if let first = elsewhere.first {
                throw RuntimeFailure("cannot hard-link '\(PathBytes.displayed(first))' into '\(shown)': they are on different "
                    + "file systems (\(elsewhere.count) file\(elsewhere.count == 1 ? "" : "s") so); use --copy-to")
            }
        }
        let report = ExportRun.run(groups, into: folder, action: kind)
        for failure in report.failures { printError("error: \(failure)") }
        let verb = ["copy": "exported", "move": "moved", "link": "linked"][kind.rawValue] ?? "exported"
        var summary = "\(verb) \(Self.counted(report.pictures, "picture")) (\(Self.counted(report.files, "file"))) "
            + (kind == .link ? "into" : "to") + " \(shown)"
        if report.alreadyThere > 0 { summary += "; \(Self.counted(report.alreadyThere, "file")) already there" }
        if !report.failures.isEmpty { summary += "; \(Self.counted(report.failures.count, "problem")) above" }
        printError(summary)
        if !report.failures.isEmpty { Foundation.exit(1) }
    }

    /// `--list`: every file of every selected card on standard output, its bytes as they are.
    func listFiles(_ groups: [ExportGroup]) {
        var out: [UInt8] = []
        let files = groups.flatMap(\.members).map(\.source)
        for path in files {
            out += PathBytes.bytes(path)
            out.append(nulSeparated ? 0 : UInt8(ascii: "\n"))
        }
        FileHandle.standardOutput.write(Data(out))
        printError("listed \(Self.counted(groups.count, "picture")) (\(Self.counted(files.count, "file")))")
    }

    /// `--trash`: after `--yes` or a yes at the prompt, each file of each card to the trash of
    /// its device (`FreedesktopTrash`), the picture's sidecars last.
    func trashFiles(_ groups: [ExportGroup]) throws {
        let fileCount = groups.reduce(0) { $0 + $1.members.count }
        let what = "\(Self.counted(groups.count, "picture")) (\(Self.counted(fileCount, "file")))"
        guard let trash = FreedesktopTrash.ofUser() else {
            throw RuntimeFailure("cannot find the trash: neither XDG_DATA_HOME nor HOME is an absolute path")
        }
        if !yes, !groups.isEmpty {
            FileHandle.standardError.write(Data("move \(what) to the trash? [y/N] ".utf8))
            let answer = (readLine() ?? "").trimmingCharacters(in: .whitespaces).lowercased()
            guard answer == "y" || answer == "yes" else {
                printError("nothing moved to the trash")
                return
            }
        }
        let report = ExportRun.trash(groups, into: trash)
        for failure in report.failures { printError("error: \(failure)") }
        var summary = "moved \(Self.counted(report.pictures, "picture")) (\(Self.counted(report.files, "file"))) to the trash"
        if !report.failures.isEmpty { summary += "; \(Self.counted(report.failures.count, "problem")) above" }
        printError(summary)
        if !report.failures.isEmpty { Foundation.exit(1) }
    }

    /// "1 picture", "3 pictures".
    static func counted(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }
}
