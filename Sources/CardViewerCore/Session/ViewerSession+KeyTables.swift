import CardInteraction

/// Every view's key table for the documentation (`cardviewer keys`, README's keys block): read
/// off a session's own list of views (`views`, the one list the help draws from), so a new view's
/// table is listed with no edit here and with no second copy of its keys.
extension ViewerSession {
    /// A view's name as the docs show it ("Photo view", "Options panel view") and its keys.
    public struct ViewKeyTable: Hashable, Sendable {
        /// The view's type name in words: `OptionsPanelView` is "Options panel view".
        public var name: String
        public var table: KeyTable
    }

    /// The key tables of every view of a session, bottom view first (the layouts, then the photo
    /// view…) up to the top one (the help). No table depends on the deck (a deck of pictures and
    /// one of generated cards show the same keys); the layout view's marks no layout current.
    public static var viewKeyTables: [ViewKeyTable] {
        let session = ViewerSession(deck: Deck(syntheticCount: 0))
        return session.views.reversed().map { view in
            let table = view is LayoutView ? LayoutView.keyTable(current: nil) : view.keyTable
            return ViewKeyTable(name: name(ofViewType: String(describing: type(of: view))), table: table)
        }
    }

    /// `typeName` in words, capitalised as in the type but for the words after the first:
    /// "OptionsPanelView" → "Options panel view", "HUDView" → "HUD view".
    static func name(ofViewType typeName: String) -> String {
        let characters = Array(typeName)
        var words: [String] = []
        var word = ""
        for (i, c) in characters.enumerated() {
            let next = i + 1 < characters.count ? characters[i + 1] : nil
            let startsWord = c.isUppercase && !word.isEmpty
                && (word.last?.isLowercase == true || next?.isLowercase == true)
            if startsWord { words.append(word); word = "" }
            word.append(c)
        }
        if !word.isEmpty { words.append(word) }
        return words.enumerated().map { i, word in
            i == 0 || word.allSatisfy(\.isUppercase) ? word : word.lowercased()
        }.joined(separator: " ")
    }
}
