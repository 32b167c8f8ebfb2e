import ArgumentParser
import CardFiles
import CardPictureFolders
import CardViewerApp
import CardViewerCore
import CardViewerFrame
import Foundation

/// `cardviewer list PATH…`: the deck as the viewer shows it, in order (SPEC §13) — one path a
/// line, NUL-separated with `-0`, or JSON for scripts and tests (docs/formats/list-json.md).
/// The deck's saved state is applied as `run` applies it (its order, its deletes, its sort;
/// `--state FILE` names another, `--no-state` lists it fresh). Only reads: no file is written,
/// no state kept, no state folder made (reading sidecars removes a killed viewer's temporaries
/// beside them, as every viewer start does).
struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "Print the deck of PATHs in the viewer's order: one path a line, or JSON.",
        discussion: """
            The deck as `cardviewer run PATH…` shows it: each card's picture file (the JPEG of a RAW+JPEG pair) in \
            the order of its saved state (its moves and deletes, its sort), or of --sort when given and different \
            (--no-state: fresh, in --sort's order). --json writes \
            {"sort","count","cards":[{"index","path","companions","sidecar","bytes","format","width","height",\
            "captureTime","captureTimeSource","marks":{"stars","picked","rejected","labels"},"readable"[,"reason"]}]} \
            (docs/formats/list-json.md).
            """
    )

    @OptionGroup var deck: DeckPathOptions

    @Option(help: ArgumentHelp("The deck's order: \(PictureSort.listed) (default: name).", valueName: "order"))
    var sort: PictureSort?

    @Flag(help: "Write JSON: each card's files, size, pixel size, capture time, marks and whether it can be read.")
    var json = false

    @Flag(name: [.customShort("0"), .customLong("null")], help: "End each path with a NUL byte instead of a newline.")
    var nul = false

    @Option(help: "The state file whose order to apply (default: the deck's own in $XDG_STATE_HOME/cardviewer/, if any).")
    var state: String?

    @Flag(name: .customLong("no-state"), help: "List the deck fresh: no state's order or deletes.")
    var noState = false

    func validate() throws {
        if json && nul { throw ValidationError("--json and -0: choose one") }
        if noState, state != nil { throw ValidationError("--state and --no-state cannot be combined") }
        if deck.deckPaths == nil { throw ValidationError("list needs a PATH (a folder or picture files)") }
    }

    func run() throws {
        let paths = deck.deckPaths ?? []
        var builder = ViewerBuilder(deck: .paths(paths, recursive: deck.recursive), layout: .grid)
        builder.sort = sort
        builder.store = try stateStore(paths)
        let loaded: ViewerBuilder.LoadedDeck
        do {
            loaded = try builder.loadDeck()
        } catch let error as DeckLoadError {
            throw ValidationError(error.description)
        } catch let error as DeckStoreError {
            throw RuntimeFailure(error.description)
        }
        loaded.warnings.forEach { printError("warning: \($0)") }
        let order = loaded.deck.cards.compactMap { loaded.catalog.picture(of: $0) }
        let cards = DeckList.cards(loaded.catalog.pictures, order: order, detailed: json)
        let output: [UInt8]
        if json {
            output = Array(DeckList.json(cards, sort: loaded.sort).utf8)
        } else {
            var bytes: [UInt8] = []
            for card in cards {
                bytes += PathBytes.bytes(card.file.path)
                bytes.append(nul ? 0 : 0x0A)
            }
            output = bytes
        }
        FileHandle.standardOutput.write(Data(output))
    }

    /// The state to apply: `--state FILE`; else the deck's own file where it exists (found as
    /// `run` finds it, without making its folder); nil with `--no-state` or none there.
    func stateStore(_ paths: [String]) throws -> DeckStore? {
        if noState { return nil }
        if let state { return DeckStore(path: state) }
        guard let folder = DeckStateLocation.folder() else { return nil }
        let canonical: [String]
        do {
            canonical = try DeckPaths.canonicalPaths(paths)
        } catch let error as DeckLoadError {
            throw ValidationError(error.description)
        }
        let path = folder + "/" + DeckStateLocation.fileName(canonicalPaths: canonical, recursive: deck.recursive)
        return FileInfo.exists(path) ? DeckStore(path: path) : nil
    }
}

extension PictureSort: ExpressibleByArgument {}
