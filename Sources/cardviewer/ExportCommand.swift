import ArgumentParser
import CardCulling
import CardFiles
import CardPictureFolders
import CardViewerCore
import CardViewerFrame
import Foundation

/// `cardviewer export PATH… SELECTORS ACTION` (SPEC §13, "Acting on the result"; docs/EXPORT.md):
/// the deck of PATHs as `run` lists it, the cards whose marks match every selector, copied,
/// moved, hard-linked, listed or trashed with their sidecars and RAW+JPEG companions.
/// Parsing and wiring only: selection is `ExportSelector`, the files `ExportGroup` and
/// `ExportRun` (CardViewerCore), the trash `FreedesktopTrash` (CardFiles); `ExportCommand+Run`
/// carries the actions out.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Copy, move, hard-link, list or trash the pictures their marks select, with their sidecars and RAW+JPEG partners.",
        discussion: """
            Cards are selected by their marks as the viewer reads them (XMP sidecars); with several selectors a card \
            must match all. Nothing in DIR is overwritten: a name taken by another file gets -2, -3 before its \
            extension, the same for the whole card (picture, partner, sidecars). Each file is written to a \
            temporary, flushed, then linked into place; a run killed half-way finishes when run again (a file \
            already there with the same bytes counts as done). A move removes a card's files only once all of \
            them are safely in DIR. --list prints every file a copy would carry, one a line (-0: NUL after each). \
            --trash moves the files to the desktop's trash (freedesktop.org), restorable there. \
            Exit status: 0 done, 1 some files failed (one line each), 2 bad input.
            """
    )

    /// The flags that take no value: `--list -0` is never read as `--list=-0`
    /// (`CommandLineInput.joiningNegativeValues`).
    static let valuelessFlags: Set<String> = ["--list", "--picks", "--rejects", "--trash", "--yes", "--recursive"]

    @OptionGroup var deck: DeckPathOptions

    @Flag(help: "Select picked cards.")
    var picks = false

    @Flag(help: "Select rejected cards.")
    var rejects = false

    @Option(help: ArgumentHelp("Select cards with at least N stars (1-5; a rejected card has none).", valueName: "n"))
    var stars: Int?

    @Option(help: ArgumentHelp("Select cards with this colour label.", valueName: "colour"))
    var label: LabelColour?

    @Option(name: .customLong("copy-to"), help: ArgumentHelp("Copy the selected files into DIR (made if missing; its parent must exist).", valueName: "dir"))
    var copyTo: String?

    @Option(name: .customLong("move-to"), help: ArgumentHelp("Move them into DIR (a copy, then the source removed, across file systems).", valueName: "dir"))
    var moveTo: String?

    @Option(name: .customLong("link-to"), help: ArgumentHelp("Hard-link them into DIR (the same file system only).", valueName: "dir"))
    var linkTo: String?

    @Flag(help: "Print the selected files' paths, one a line (the picture, its partner, their sidecars).")
    var list = false

    @Flag(name: .customShort("0"), help: "With --list: end each path with a NUL byte instead of a newline.")
    var nulSeparated = false

    @Flag(help: "Move the selected files to the desktop's trash (asks first; --yes without a terminal).")
    var trash = false

    @Flag(help: "With --trash: do not ask.")
    var yes = false

    @Option(help: ArgumentHelp("The order the cards are acted on and listed in: \(PictureSort.listed) (default: name).",
                               valueName: "order"))
    var sort: PictureSort?

    /// A colour label a card can be selected by.
    enum LabelColour: String, ExpressibleByArgument, CaseIterable {
        case red, yellow, green, blue
        var labels: ColorLabels { ColorLabels(name: rawValue) ?? [] }
    }

    /// What to do with the selected files.
    enum Action {
        case files(ExportAction, folder: String, option: String)
        case list
        case trash
    }

    /// The selectors given.
    var selector: ExportSelector {
        ExportSelector(picks: picks, rejects: rejects, minimumStars: stars, label: label?.labels)
    }

    /// The one action given (`validate` makes sure there is exactly one).
    var action: Action {
        if let copyTo { return .files(.copy, folder: copyTo, option: "--copy-to") }
        if let moveTo { return .files(.move, folder: moveTo, option: "--move-to") }
        if let linkTo { return .files(.link, folder: linkTo, option: "--link-to") }
        return list ? .list : .trash
    }

    func validate() throws {
        guard deck.deckPaths != nil else { throw ValidationError("export needs at least one PATH (a folder or picture files)") }
        if selector.isEmpty {
            throw ValidationError("export needs a selector: --picks, --rejects, --stars N or --label COLOUR")
        }
        if let stars, !(1...CullMark.maximumStars).contains(stars) {
            throw ValidationError("--stars \(stars): expected 1 to \(CullMark.maximumStars) stars")
        }
        let actions = [copyTo.map { _ in "--copy-to" }, moveTo.map { _ in "--move-to" }, linkTo.map { _ in "--link-to" },
                       list ? "--list" : nil, trash ? "--trash" : nil].compactMap { $0 }
        if actions.isEmpty { throw ValidationError("export needs one action: --copy-to DIR, --move-to DIR, --link-to DIR, --list or --trash") }
        if actions.count > 1 { throw ValidationError("export takes one action, not \(actions.joined(separator: " and "))") }
        if nulSeparated, !list { throw ValidationError("-0 goes with --list") }
        if yes, !trash { throw ValidationError("--yes goes with --trash") }
        if trash, !yes, isatty(STDIN_FILENO) == 0 {
            throw ValidationError("--trash needs --yes when standard input is not a terminal")
        }
    }

    func run() throws {
        let paths = deck.deckPaths ?? []
        let catalog: DeckCatalog
        do {
            let listed = try DeckLoader.catalog(for: .paths(paths, recursive: deck.recursive))
            catalog = listed.catalog
            for warning in listed.warnings { printError("warning: \(warning)") }
        } catch let error as DeckLoadError {
            throw ValidationError(error.description)
        }
        let store = ViewerBuilder.makeCullMarkStore()
        let marks = catalog.pictures.map { store.mark(ofPicture: $0.path) }
        let chosen = Set(selector.selected(marks))
        // The selected cards in the sort's order (`DeckSorting`, as `run` and `list` order them).
        let order = DeckSorting.order(catalog.pictures, by: sort ?? .name) { marks[$0] }
        let groups = order.filter(chosen.contains).map { ExportGroup.of(catalog.pictures[$0]) { FileInfo.exists($0) } }
        switch action {
        case let .files(kind, folder, option):
            try exportFiles(groups, kind: kind, folder: folder, option: option)
        case .list:
            listFiles(groups)
        case .trash:
            try trashFiles(groups)
        }
    }
}
