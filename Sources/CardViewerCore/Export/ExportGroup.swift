import CardPictureFolders

/// The files that travel together when a card is exported (SPEC §13): the card's picture, its
/// RAW+JPEG companions (`PictureFile.companionPaths`), and each one's XMP sidecars —
/// `NAME.EXT.xmp` (darktable's, digiKam's, ours) and `NAME.xmp` (Adobe's) — where they exist.
///
/// In the destination the whole group takes one suffix (`names(attempt:)`): `IMG_1.JPG`,
/// `IMG_1.CR2`, `IMG_1.JPG.xmp` become `IMG_1-2.JPG`, `IMG_1-2.CR2`, `IMG_1-2.JPG.xmp`, so each
/// sidecar still names its picture. Pure: existence is asked of a closure.
public struct ExportGroup: Equatable, Sendable {
    /// What a member is to the card.
    public enum Role: Equatable, Sendable {
        /// The card's picture (the JPEG of a pair).
        case picture
        /// A companion (the RAW of a pair).
        case companion
        /// `NAME.EXT.xmp` of member `of`.
        case sidecar(of: Int)
        /// `NAME.xmp` of member `of`.
        case adobeSidecar(of: Int)
    }

    /// One file of the group.
    public struct Member: Equatable, Sendable {
        /// Its path, as listed.
        public var source: String
        public var role: Role
    }

    /// The picture first, then its companions, then the sidecars (each path once).
    public var members: [Member]

    public init(members: [Member]) { self.members = members }

    /// The group of `file`: the picture, its companions, and the sidecars for which `exists` is
    /// true (the viewer's naming: `XMPSidecarStore.sidecarPath` / `adobeSidecarPath`).
    public static func of(_ file: PictureFile, exists: (String) -> Bool) -> ExportGroup {
        of(paths: [file.path] + file.companionPaths, exists: exists)
    }

    /// The group of a card whose picture is `paths[0]` and whose companions are the rest (as the
    /// viewer's culling knows a card: `SessionCulling.picturePaths`). `paths` is not empty.
    public static func of(paths: [String], exists: (String) -> Bool) -> ExportGroup {
        var members = [Member(source: paths[0], role: .picture)]
        members += paths.dropFirst().map { Member(source: $0, role: .companion) }
        var seen = Set(members.map(\.source))
        for index in members.indices {
            let path = members[index].source
            let sidecar = sidecarPath(of: path)
            if exists(sidecar), seen.insert(sidecar).inserted {
                members.append(Member(source: sidecar, role: .sidecar(of: index)))
            }
            if let adobe = adobeSidecarPath(of: path), exists(adobe), seen.insert(adobe).inserted {
                members.append(Member(source: adobe, role: .adobeSidecar(of: index)))
            }
        }
        return ExportGroup(members: members)
    }

    /// `NAME.EXT.xmp` of a picture.
    public static func sidecarPath(of path: String) -> String { path + ".xmp" }

    /// `NAME.xmp` of a picture; nil when its name has no extension.
    public static func adobeSidecarPath(of path: String) -> String? {
        let (_, stem, _) = parts(of: name(of: path))
        guard let stem else { return nil }
        return String(path.dropLast(name(of: path).count)) + stem + ".xmp"
    }

    /// The members' names in the destination for `attempt` (1: the names as they are; n ≥ 2:
    /// `-n` before each picture's and companion's extension, the sidecars following them).
    public func names(attempt: Int) -> [String] {
        var names = [String](repeating: "", count: members.count)
        for (index, member) in members.enumerated() {
            switch member.role {
            case .picture, .companion:
                names[index] = Self.suffixed(Self.name(of: member.source), attempt)
            case .sidecar(let of):
                names[index] = names[of] + ".xmp"
            case .adobeSidecar(let of):
                names[index] = (Self.parts(of: names[of]).stem ?? names[of]) + ".xmp"
            }
        }
        return names
    }

    /// The order a move removes its sources in, once every member is placed: the companions'
    /// sidecars and the companions, then the picture, then its sidecars — so that a move killed
    /// half-way leaves a card that still reads as marked (and is finished by the same command
    /// again), never a marked picture without its sidecar.
    public var removalOrder: [Int] {
        func rank(_ index: Int) -> Int {
            switch members[index].role {
            case .sidecar(let of), .adobeSidecar(let of): return members[of].role == .companion ? 0 : 3
            case .companion: return 1
            case .picture: return 2
            }
        }
        return members.indices.sorted { (rank($0), $0) < (rank($1), $1) }
    }

    /// `name` with `-attempt` before its extension (`a.jpg` → `a-2.jpg`); `name` for attempt 1.
    public static func suffixed(_ name: String, _ attempt: Int) -> String {
        guard attempt > 1 else { return name }
        let (_, stem, suffix) = parts(of: name)
        guard let stem else { return name + "-\(attempt)" }
        return stem + "-\(attempt)" + suffix
    }

    /// The last path component.
    static func name(of path: String) -> String {
        path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
    }

    /// `name` split at its last dot: the stem (nil without an extension, or for a name that
    /// only starts with a dot) and the extension with its dot.
    static func parts(of name: String) -> (name: String, stem: String?, suffix: String) {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return (name, nil, "") }
        return (name, String(name[..<dot]), String(name[dot...]))
    }
}
