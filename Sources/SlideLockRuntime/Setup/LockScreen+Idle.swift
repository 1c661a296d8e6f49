import SlideLockCore
import SlideLockPlatform

extension LockScreen {
    /// Idle dim and blank for the lit outputs: the backlight `display.backlight` names (a
    /// missing or unwritable one is a start-up error) and the optional idle hook.
    static func makeIdle(
        _ settings: Settings, display: PanelDisplay, touchIndex: Int, now: Double,
        log: Logger, sysfs: String = "/sys"
    ) throws -> IdleControl {
        let card = (display as? DRMDisplay).map { String($0.device.path.split(separator: "/").last ?? "") } ?? ""
        var connectors = display.panels.map(\.name)
        if connectors.indices.contains(touchIndex) { connectors.insert(connectors.remove(at: touchIndex), at: 0) }
        let selection = try BacklightSelection.resolve(
            settings.display.power.backlight, card: card,
            connectors: connectors, root: sysfs)
        let p = settings.display.power
        log.info(
            "panel power: dim after \(number(p.dimAfter)) s to \(number(p.dimLevel)), "
                + "blank after \(number(p.blankAfter)) s (0 = never); backlight: "
                + (selection.backlight.map { "\($0.name) (\(selection.reason)), max \($0.maxBrightness)" }
                    ?? "none (\(selection.reason)): dimming draws the frame darker"))
        return IdleControl(
            settings: settings, backlight: selection.backlight, hook: try idleHookCommand(settings.action),
            output: display.panels.indices.contains(touchIndex) ? display.panels[touchIndex].name : "",
            now: now, log: log)
    }

    /// `60`, `0.25`: whole numbers without a decimal point.
    static func number(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v)
    }

    /// `action.idle_hook` as an argument vector (empty when none).
    public static func idleHookCommand(_ a: ActionSettings) throws -> [String] {
        try splitHook("idle_hook", a.idleHook)
    }
}
