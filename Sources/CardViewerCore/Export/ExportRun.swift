import CardFiles

/// What `cardviewer export` does with the selected cards' files.
public enum ExportAction: String, Sendable {
    /// `--copy-to DIR`.
    case copy
    /// `--move-to DIR`: placed (a hard link on the same file system, else a copy), then the
    /// sources removed once every file of the card is durable there.
    case move
    /// `--link-to DIR`: hard links (the same file system only).
    case link
}

/// How an export went.
public struct ExportReport: Equatable, Sendable {
    /// Cards whose every file is in the destination (placed now or already there).
    public var pictures = 0
    /// Files in the destination for those cards and the others (placed now or already there).
    public var files = 0
    /// Of `files`, those already there with the same bytes (a resumed run).
    public var alreadyThere = 0
    /// One line per problem, naming the file.
    public var failures: [String] = []

    public init() {}
}

/// Carries out an export (SPEC §13): each group into `folder` under the first set of names
/// (`ExportGroup.names(attempt:)`) where every name is free or already holds the same bytes —
/// **never overwriting** and resuming a killed run — one file at a time, atomically
/// (`FileTransfer`). A move removes a card's sources only after all its files are placed and
/// flushed (`ExportGroup.removalOrder`); a card with a failure keeps all its sources.
public enum ExportRun {
    /// The most suffixes tried for one card (`-2` … `-9999`).
    public static let maximumAttempts = 9_999

    /// Exports `groups` into the existing folder `folder`; first removes the temporaries a
    /// killed run left there (`StaleTemporaries`). `cardDone` is told the position of each
    /// group whose every file is in place (and, for a move, whose sources are removed): the
    /// viewer takes the cards a move took away out of its deck.
    public static func run(_ groups: [ExportGroup], into folder: String, action: ExportAction,
                           cardDone: (Int) -> Void = { _ in }) -> ExportReport {
        StaleTemporaries.remove(inFolder: folder, ofNamesEndingWith: "")
        var report = ExportReport()
        var done = Set<String>()  // sources already exported by this run (a shared NAME.xmp)
        for (position, group) in groups.enumerated() {
            let pending = group.members.indices.filter { !done.contains(group.members[$0].source) }
            guard let names = freeNames(for: group, pending: pending, in: folder) else {
                report.failures.append("cannot export '\(group.members[0].source)': no free name in '\(folder)'")
                continue
            }
            var complete = true
            for index in pending {
                let source = group.members[index].source
                let destination = join(folder, names[index])
                do {
                    let placement: FileTransfer.Placement
                    switch action {
                    case .copy: placement = try FileTransfer.copy(source, to: destination)
                    case .link: placement = try FileTransfer.link(source, to: destination)
                    case .move: placement = try FileTransfer.placeForMove(source, at: destination)
                    }
                    switch placement {
                    case .placed: report.files += 1
                    case .alreadyThere: report.files += 1; report.alreadyThere += 1
                    case .taken:
                        report.failures.append("cannot export '\(source)': '\(destination)' was taken meanwhile")
                        complete = false
                    }
                } catch {
                    report.failures.append("\(error)")
                    complete = false
                }
                if !complete { break }
                done.insert(source)
            }
            guard complete else { continue }
            if action == .move {
                complete = takeAway(group, only: Set(pending), into: &report) { try FileTransfer.remove($0) }
            }
            if complete {
                report.pictures += 1
                cardDone(position)
            }
        }
        return report
    }

    /// Moves each file of each group to `trash` (the freedesktop Trash of its volume), a card's
    /// companions' sidecars first and its picture's sidecars last (`ExportGroup.removalOrder`);
    /// a card stops at its first failure, keeping its remaining files (its sidecars with its
    /// picture). `alreadyThere` stays 0; `cardDone` is told the position of each group trashed whole.
    public static func trash(_ groups: [ExportGroup], into trash: FreedesktopTrash, cardDone: (Int) -> Void = { _ in }) -> ExportReport {
        var report = ExportReport()
        for (position, group) in groups.enumerated() {
            var trashed = 0
            let complete = takeAway(group, into: &report) { path in
                _ = try trash.trash(path)
                trashed += 1
            }
            report.files += trashed
            if complete {
                report.pictures += 1
                cardDone(position)
            }
        }
        return report
    }

    /// Applies `remove` (removing or trashing a source) to `group`'s members in
    /// `ExportGroup.removalOrder` (those in `only`, when given), stopping at the first failure,
    /// which goes to `report`; true when every one was taken away.
    private static func takeAway(_ group: ExportGroup, only: Set<Int>? = nil, into report: inout ExportReport,
                                 _ remove: (String) throws -> Void) -> Bool {
        for index in group.removalOrder where only?.contains(index) ?? true {
            do {
                try remove(group.members[index].source)
            } catch {
                report.failures.append("\(error)")
                return false
            }
        }
        return true
    }

    /// The names of the first attempt where every pending member's name is free or holds the
    /// same bytes as its source; nil when none is found.
    static func freeNames(for group: ExportGroup, pending: [Int], in folder: String) -> [String]? {
        for attempt in 1...maximumAttempts {
            let names = group.names(attempt: attempt)
            let fits = pending.allSatisfy { index in
                let destination = join(folder, names[index])
                guard (try? FileInfo.at(destination, followingLinks: false)) != nil else { return true }
                return !FileTransfer.isSameEntry(group.members[index].source, destination) && FileTransfer.sameContents(group.members[index].source, destination)
            }
            if fits { return names }
        }
        return nil
    }

    /// `folder` + "/" + `name`.
    static func join(_ folder: String, _ name: String) -> String {
        folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }
}
