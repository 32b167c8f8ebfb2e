import CardInteraction
import CardLayout

/// A layout that changes under the viewer (SPEC §9: a layout file saved while the window
/// shows it). The glue watches the file and registers each good version; the session shows it
/// with the animated transition, the options the user set kept where the new version still
/// has them (the others take the file's new defaults). A broken save keeps the last good
/// layout and puts the error on screen until a good one arrives.
extension ViewerSession {
    /// The error of the last layout file reload, shown at the bottom of the window until the
    /// next good reload; `nil` when there is none.
    public var layoutReloadError: String? { reloadError }

    /// Layout `kind` was (re)registered with a new descriptor — a layout file reloaded, under the
    /// name `previous` had (the same, or another when the file renamed its layout). If either
    /// is shown, the new version replaces it, animated; the options the user set for it carry
    /// over where the new version accepts them. Clears a reload error.
    public func layoutReloaded(_ kind: LayoutKind, replacing previous: LayoutKind? = nil) {
        let old = previous ?? kind
        var values = kind.descriptor.defaultValues
        for (name, value) in (layoutOptions[old]?.overrides ?? [:]).sorted(by: { $0.key < $1.key }) {
            try? values.set(name, to: value)
        }
        layoutOptions[old] = nil
        layoutOptions[kind] = values.overrides.isEmpty ? nil : values
        parked[old] = nil
        parked[kind] = nil
        reloadError = nil
        if controller.kind == old || controller.kind == kind, !isMinimised {
            rebuildLayout(kind, values: values, timing: Self.layoutSwitchTiming)
            if var panel = optionsPanel {
                panel.picked = min(panel.picked, max(0, kind.descriptor.options.count - 1))
                panel.drag = nil
                optionsPanel = panel
            }
        }
        refreshOverlay()
    }

    /// A reload failed (the file is broken or gone): the last good layout stays, and `message`
    /// (`FILE:LINE:COLUMN: …`) shows until the next good reload.
    public func layoutReloadFailed(_ message: String) {
        reloadError = message
        refreshOverlay()
    }
}
