import CardFiles
import CardImaging
import CardPixels
import CardTestSupport
@testable import CardViewerCore
import Foundation
import Testing

/// RAW+JPEG pairs as decks see them: a folder lists the pair as one card (the JPEG's), and
/// either file of the pair opened alone starts at that card, or dropped lands on it.
@Suite struct PairOpeningTests {
    /// A fresh folder holding a file of each of `names` (its name as its bytes).
    func folder(_ names: [String]) throws -> TemporaryFolder {
        let folder = try TemporaryFolder("cardviewer-pairs")
        for name in names { try folder.write(name, name) }
        return folder
    }

    @Test("either half of a pair opened alone starts at the pair's card", arguments: ["IMG_1.CR2", "IMG_1.JPG"])
    func openingEitherHalf(_ opened: String) throws {
        let root = try folder(["a.jpg", "IMG_1.CR2", "IMG_1.JPG", "z.png"])
        defer { root.remove() }
        let (catalog, _) = try DeckLoader.catalog(for: .paths([root.path(opened)], recursive: false))
        #expect(catalog.pictures.map(\.name) == ["a.jpg", "IMG_1.JPG", "z.png"])
        #expect(catalog.pictures[1].companionPaths == [root.path + "/IMG_1.CR2"])
        #expect(catalog.startPicture == 1)
    }

    @Test("dropping either half of a pair already in the deck adds nothing; a pair from elsewhere adds one card")
    func droppingEitherHalf() throws {
        let root = try folder(["a.jpg", "IMG_1.CR2", "IMG_1.JPG"])
        let other = try folder(["IMG_9.NEF", "IMG_9.jpg"])
        defer {
            root.remove()
            other.remove()
        }
        let (catalog, _) = try DeckLoader.catalog(for: .paths([root.path], recursive: false))
        for name in ["IMG_1.CR2", "IMG_1.JPG"] {
            #expect(DeckPaths.dropped([root.path(name)], recursive: false, into: catalog).files.isEmpty)
        }
        let found = DeckPaths.dropped([other.path("IMG_9.NEF"), other.path("IMG_9.jpg")],
                                      recursive: false, into: catalog)
        #expect(found.files.map(\.file.name) == ["IMG_9.jpg"])
        #expect(found.files.first?.file.companionPaths == [other.path + "/IMG_9.NEF"])
    }
}
