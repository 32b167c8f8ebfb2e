import ArgumentParser
import CardImaging
import Foundation

/// `cardviewer make-deck --out DIR`: paints the bundled default deck (`DeckArt`) and writes it as
/// `NN-name.png` files. For maintainers regenerating `Assets/Deck/`; hidden from help.
struct MakeDeckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "make-deck",
        abstract: "Paint the bundled default deck and write it as PNG files (maintainers only).",
        shouldDisplay: false
    )

    @Option(help: "Directory to write the NN-name.png files into; created when missing.")
    var out: String

    func validate() throws {
        guard !out.isEmpty else { throw ValidationError("--out needs a directory path") }
    }

    func run() throws {
        do {
            try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        } catch {
            throw RuntimeFailure("cannot create directory '\(out)': \((error as NSError).localizedDescription)")
        }
        for art in DeckArt.allCases {
            let path = (out as NSString).appendingPathComponent(art.fileName)
            do {
                try PNGCodec.write(art.render(), to: path)
            } catch let error as PNGError {
                throw RuntimeFailure(error.description)
            }
            print(path)
        }
    }
}
