import CardMath

/// The layouts the program knows, by the names used on command lines and in files.
public enum LayoutKind: String, CaseIterable, Sendable, Codable {
    case pages
    case tasks
    case slidebox
    case grid
    case wheel

    /// A layout of this kind with its default parameters.
    public func makeLayout() -> any CardLayout {
        switch self {
        case .pages: PagesLayout()
        case .tasks: TasksLayout()
        case .slidebox: SlideBoxLayout()
        case .grid: GridLayout()
        case .wheel: WheelLayout()
        }
    }
}
