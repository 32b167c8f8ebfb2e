import ArgumentParser
import CardDeckArt
import CardImaging
import Foundation

/// `swift run make-deck --out DIR`: paints the bundled default deck (`DeckArt`) and writes it as
/// `NN-name.png` files. A maintainers' tool for regenerating `Assets/Deck/`, kept out of the
/// `cardviewer` executable so the viewer does not link the generator.
@main
struct MakeDeck: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "make-deck",
        abstract: "Paint CardViewer's bundled default deck and write it as PNG files (maintainers only)."
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
            throw Failure("cannot create directory '\(out)': \((error as NSError).localizedDescription)")
        }
        for art in DeckArt.allCases {
            let path = (out as NSString).appendingPathComponent(art.fileName)
            do {
                try PNGCodec.write(art.render(), to: path)
            } catch let error as PNGError {
                throw Failure(error.description)
            }
            print(path)
        }
    }

    /// A failure at run time, reported as one line with exit status 1.
    struct Failure: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }
}
