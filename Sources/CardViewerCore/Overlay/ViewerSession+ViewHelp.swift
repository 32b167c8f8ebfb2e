extension ViewerSession {
    /// The help (?) of the view that shows (SPEC §10: one key table per view): the photo view's,
    /// the options panel's, else the layout view's (`helpLines(current:)`).
    func currentViewHelpLines() -> [String] {
        if photoView != nil { return Self.photoViewHelpLines }
        if optionsPanel != nil { return Self.optionsPanelHelpLines }
        return Self.helpLines(current: controller.kind)
    }

    /// The photo view's keys and gestures (a picture opened whole).
    public static let photoViewHelpLines = [
        "Photo view (a picture opened whole)",
        "  Left, Right        previous / next picture (pan when zoomed in)",
        "  Up, Down           pan when zoomed in",
        "  Page Up, Page Down previous / next picture",
        "  Home, End          first / last picture",
        "  Space, Backspace   next / previous picture",
        "  + (=), -           zoom in / out (fit ... 1:1 ... 8x)",
        "  0, 1               fit / 100 % (one picture pixel per screen pixel)",
        "  Delete             remove the card from the deck (never the file)",
        "  P, X               pick / reject the picture (toggles)",
        "  Ctrl+1..5, Ctrl+0  stars / no stars",
        "  V                  filter: all / picks only / rejects hidden",
        "  Enter, Esc         back to the layout",
        "  S, H, ?, Q         screenshot, HUD, this help, quit",
        "Mouse",
        "  wheel              zoom about the pointer",
        "  drag               pan",
        "  click, double-click  back to the layout",
    ]

    /// The options panel's keys (O).
    public static let optionsPanelHelpLines = [
        "Options panel (O)",
        "  Up, Down           pick an option",
        "  Left, Right        change it (Shift: x10)",
        "  Backspace          reset it to its default",
        "  wheel              change the option under the pointer",
        "  drag               change the option under the pointer",
        "  O, Esc             close",
        "  ?                  this help",
    ]
}
