/// The program's version: the one source of truth. `cardviewer --version` prints
/// `cardviewer X.Y.Z`, and the packaging reads it from the built program (packaging/install.sh:
/// the metainfo's release and the man page; packaging/make-deb.sh: the package's version, with
/// Debian revision 1), so no other file holds a version number.
enum CardViewerVersion {
    /// `MAJOR.MINOR.PATCH`.
    static let number = "0.1.0"

    /// What `--version` prints.
    static var line: String { "cardviewer \(number)" }
}
