import ArgumentParser
import CardFiles
import CardPictureFolders
import CardViewerCore
import Foundation

/// `cardviewer list PATH…`: the deck as the viewer shows it, in order (SPEC §13) — one path a
/// line, NUL-separated with `-0`, or JSON for scripts and tests (docs/formats/list-json.md).
/// Only reads: no file is written, no state kept (reading sidecars removes a killed viewer's
/// temporaries beside them, as every viewer start does).
struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "Print the deck of PATHs in the viewer's order: one path a line, or JSON.",
        discussion: """
            The deck as `cardviewer run PATH…` shows it fresh (without a state's deletes and moves): each card's \
            picture file (the JPEG of a RAW+JPEG pair) in the order --sort gives. --json writes \
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

    func validate() throws {
        if json && nul { throw ValidationError("--json and -0: choose one") }
        if deck.deckPaths == nil { throw ValidationError("list needs a PATH (a folder or picture files)") }
    }

    func run() throws {
        let listed: (catalog: DeckCatalog, warnings: [String])
        do {
            listed = try DeckLoader.catalog(for: .paths(deck.deckPaths ?? [], recursive: deck.recursive))
        } catch let error as DeckLoadError {
            throw ValidationError(error.description)
        }
        listed.warnings.forEach { printError("warning: \($0)") }
        let cards = DeckList.cards(listed.catalog.pictures, sort: sort ?? .name, detailed: json)
        let output: [UInt8]
        if json {
            output = Array(DeckList.json(cards, sort: sort ?? .name).utf8)
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
}

extension PictureSort: ExpressibleByArgument {}
