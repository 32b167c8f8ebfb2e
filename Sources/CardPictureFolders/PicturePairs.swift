import CardFiles

/// RAW+JPEG pairs shown as one card (SPEC §10, "Formats"): a camera RAW and a JPEG with the same
/// name before the extension, in the same folder, compared without regard to case
/// (`IMG_1.CR2` and `IMG_1.JPG`), are one `PictureFile`: the JPEG's, with the RAW in its
/// `companionPaths`. The card shows the JPEG (the camera's own rendering, fast to decode);
/// culling marks are written for both files.
///
/// Only ever reads.
public enum PicturePairs {
    /// The extensions (lowercased) of the JPEG half of a pair.
    public static let jpegExtensions: Set<String> = ["jpg", "jpeg"]

    /// The name before the extension, lowercased, and the extension, lowercased; nil without one.
    static func stemAndExtension(_ name: String) -> (stem: String, extension: String)? {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        return (name[..<dot].lowercased(), name[name.index(after: dot)...].lowercased())
    }

    /// `files` (one folder's pictures, any order) with each RAW that has a JPEG of the same
    /// stem folded into that JPEG's `companionPaths` (the first JPEG in natural order when a
    /// stem has several; its RAWs in natural order). Other files are kept as they are.
    /// - Complexity: O(n log n) for n files.
    public static func merged(_ files: [PictureFile]) -> [PictureFile] {
        var jpegOfStem: [String: Int] = [:], rawsOfStem: [String: [Int]] = [:]
        for (index, file) in files.enumerated() {
            guard let (stem, suffix) = stemAndExtension(file.name) else { continue }
            if jpegExtensions.contains(suffix) {
                if let other = jpegOfStem[stem], NaturalOrder.sorted([files[other].name, file.name]).first == files[other].name {
                    continue
                }
                jpegOfStem[stem] = index
            } else if PictureFolder.rawExtensions.contains(suffix) {
                rawsOfStem[stem, default: []].append(index)
            }
        }
        var result = files, folded = Set<Int>()
        for (stem, jpeg) in jpegOfStem {
            guard let raws = rawsOfStem[stem] else { continue }
            let names = NaturalOrder.sorted(raws.map { files[$0].name })
            let pathOfName = Dictionary(raws.map { (files[$0].name, files[$0].path) }, uniquingKeysWith: { first, _ in first })
            result[jpeg].companionPaths = names.compactMap { pathOfName[$0] }
            folded.formUnion(raws)
        }
        return result.enumerated().filter { !folded.contains($0.offset) }.map(\.element)
    }

    /// The card a single picture file opened or dropped by itself lands on: for a RAW or a
    /// JPEG with a partner in its folder, the pair's `PictureFile` (the JPEG's, with the RAW as
    /// its companion); for anything else, nil (the file is its own card). Lists the folder.
    public static func card(for path: String) -> PictureFile? {
        var partners = Partners()
        return card(for: path, partners: &partners)
    }

    /// As `card(for:)`, with each folder listed once for all the files asked about
    /// (`Partners`): n files given as PATHs from one folder of m entries cost O(n + m), not
    /// O(n × m).
    public static func card(for path: String, partners: inout Partners) -> PictureFile? {
        let name = PicturePath.name(of: path)
        guard let (stem, suffix) = stemAndExtension(name),
              jpegExtensions.contains(suffix) || PictureFolder.rawExtensions.contains(suffix) else { return nil }
        let folder = PicturePath.parent(of: path)
        let others = partners.names(withStem: stem, in: folder).filter { other in
            guard other != name, let (_, otherSuffix) = stemAndExtension(other) else { return false }
            return jpegExtensions.contains(suffix) ? PictureFolder.rawExtensions.contains(otherSuffix) : jpegExtensions.contains(otherSuffix)
        }
        guard !others.isEmpty else { return nil }
        let listed = PictureFolder.pictures(named: [name] + others, in: folder, prefix: "").files
        return listed.first { !$0.companionPaths.isEmpty }
    }

    /// The JPEG and RAW names of folders, by lowercased stem, each folder listed once when first
    /// asked about (hidden names left out). For one listing: it does not see later changes.
    public struct Partners {
        private var stemsOfFolder: [String: [String: [String]]] = [:]

        public init() {}

        /// The JPEG and RAW names in `folder` whose lowercased stem is `stem`; none when the
        /// folder cannot be listed.
        mutating func names(withStem stem: String, in folder: String) -> [String] {
            if let stems = stemsOfFolder[folder] { return stems[stem] ?? [] }
            var stems: [String: [String]] = [:]
            for name in (try? Folder.names(in: folder)) ?? [] where !name.hasPrefix(".") {
                guard let (nameStem, suffix) = stemAndExtension(name),
                      jpegExtensions.contains(suffix) || PictureFolder.rawExtensions.contains(suffix) else { continue }
                stems[nameStem, default: []].append(name)
            }
            stemsOfFolder[folder] = stems
            return stems[stem] ?? []
        }
    }
}
