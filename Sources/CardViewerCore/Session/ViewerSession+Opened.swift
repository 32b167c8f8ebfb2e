import CardLayout

extension ViewerSession {
    /// Shows card `id`, a picture opened from the desktop while the window runs (SPEC §14: a
    /// second `cardviewer FILE` on the same folder): in the photo view when it is open (at once,
    /// as next and previous step), else made current and scrolled into view, animated. False
    /// when `id` is not in the deck (nothing changes).
    @discardableResult
    public func showOpened(_ id: CardID) -> Bool {
        guard deck.index(of: id) != nil else { return false }
        if photo.isOpen {
            photo.show(id)
            return true
        }
        return makeCurrent(id, animated: true)
    }
}
