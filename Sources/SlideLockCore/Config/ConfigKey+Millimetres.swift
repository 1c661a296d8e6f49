// The keys of a layout in millimetres: the thumb's size and the panel's, when it misreports.

extension ConfigKey {
    /// A fingertip is about 8 to 10 mm; past 40 mm the thumb is a palm.
    static let thumbMillimetres = ConfigKey.number(
        "layout", "thumb_mm", \.layout.thumbMillimetres, .closed(4...40))

    /// `auto` or `WIDTHxHEIGHT` in millimetres (the visible area: 108x65 for a 5" 800x480).
    static let physicalSize = ConfigKey(
        section: "display", name: "physical_size", accepts: "auto|none|WIDTHxHEIGHT (mm)",
        apply: { (settings, text) throws(ConfigValueError) in
            settings.display.ignoresReportedSize = text == "none"
            settings.display.physicalSize = text == "none" ? nil : try physicalSize(text)
        },
        format: { settings in
            if settings.display.ignoresReportedSize { return "none" }
            return settings.display.physicalSize.map {
                ConfigValue.format($0.width) + "x" + ConfigValue.format($0.height)
            } ?? "auto"
        })

    /// Millimetres no panel is larger than: a wall display is under 3 m wide.
    static let largestPanelMillimetres = 10_000.0

    /// `auto` (nil) or a size in millimetres, each side above 0 and at most 10 m.
    static func physicalSize(_ text: String) throws(ConfigValueError) -> Size? {
        if text == "auto" { return nil }
        let parts = text.split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let width = ConfigValue.decimal(String(parts[0])),
            let height = ConfigValue.decimal(String(parts[1])),
            width > 0, height > 0, width <= largestPanelMillimetres, height <= largestPanelMillimetres
        else {
            throw ConfigValueError(
                message: "bad size \"\(text)\" (expected auto, none or WIDTHxHEIGHT in millimetres, e.g. 108x65)")
        }
        return Size(width: width, height: height)
    }
}

extension DisplaySettings {
    /// `text` as `display.physical_size` takes it (`auto`: nil), or why it is not one:
    /// for `render --physical-size` and `play --physical-size`.
    public static func physicalSize(parsing text: String) -> Result<Size?, PhysicalSizeError> {
        do { return .success(try ConfigKey.physicalSize(text)) } catch {
            return .failure(PhysicalSizeError(message: error.message))
        }
    }
}

/// Why a physical size was refused.
public struct PhysicalSizeError: Error, Equatable, Sendable {
    public let message: String
}
