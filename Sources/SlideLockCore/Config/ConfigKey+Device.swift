// The device keys: which screen and touch panel, how they are mounted, and the
// ghost-touch defences.

extension ConfigKey {
    static let displayKeys: [ConfigKey] =
        [
            rotate,
            .text("display", "device", \.display.device),
            .text("display", "connector", \.display.connector),
            mode,
            .text("display", "fbdev", \.display.fbdev),
            .number("display", "master_wait", \.display.masterWait, .closed(0...600)),
            .text("display", "touch_output", \.display.touchOutput),
            format,
            .choice("display", "on_exit", \.display.onExit),
        ] + powerKeys + screenTextKeys + [physicalSize]

    static let inputKeys: [ConfigKey] = [
        .text("input", "device", \.input.device),
        .bool("input", "grab", \.input.grab),
        .bool("input", "keyboard_lockout", \.input.keyboardLockout),
        .bool("input", "mouse", \.input.touch.mouse),
        .bool("input", "tablet", \.input.tablet),
        .bool("input", "ghost_filter", \.input.touch.ghostFilter),
        .number("input", "min_contact_seconds", \.input.touch.minimumContactSeconds, .closed(0...1)),
        minContactSamples,
        // Below a twentieth of the diagonal a quick real swipe could be taken for a jump.
        .number("input", "max_jump", \.input.touch.maximumJumpFraction, .closed(0.05...2)),
        .number("input", "corner_margin", \.input.touch.cornerMargin, .closed(0...100)),
        calibration,
    ]

    static let rotate = ConfigKey(
        section: "display", name: "rotate", accepts: "auto|0|90|180|270",
        apply: { (settings, text) throws(ConfigValueError) in
            if text == "auto" {
                settings.display.rotate = nil
                return
            }
            guard let degrees = Int(text), [0, 90, 180, 270].contains(degrees) else {
                throw ConfigValueError(message: "bad rotation \"\(text)\" (expected auto, 0, 90, 180 or 270)")
            }
            settings.display.rotate = degrees
        },
        format: { $0.display.rotate.map(String.init) ?? "auto" })

    static let mode = ConfigKey(
        section: "display", name: "mode", accepts: "WxH[@Hz] or empty",
        apply: { (settings, text) throws(ConfigValueError) in
            guard text.isEmpty || ModeRequest(parsing: text) != nil else {
                throw ConfigValueError(message: "bad mode \"\(text)\" (expected WIDTHxHEIGHT or WIDTHxHEIGHT@HZ)")
            }
            settings.display.mode = text
        },
        format: { $0.display.mode })

    static let format = ConfigKey(
        section: "display", name: "format", accepts: "auto|xrgb8888|rgb565",
        apply: { (settings, text) throws(ConfigValueError) in
            settings.display.format = text == "auto" ? nil : try ConfigValue.choice(text) as PixelFormat
        },
        format: { $0.display.format?.rawValue ?? "auto" })

    static let minContactSamples = ConfigKey(
        section: "input", name: "min_contact_samples", accepts: "whole number 1...20",
        apply: { (settings, text) throws(ConfigValueError) in
            guard let n = Int(text), (1...20).contains(n) else {
                throw ConfigValueError(message: "\"\(text)\" is not a whole number in 1...20")
            }
            settings.input.touch.minimumContactSamples = n
        },
        format: { String($0.input.touch.minimumContactSamples) })

    /// libinput's LIBINPUT_CALIBRATION_MATRIX: six numbers `a b c d e f`.
    static let calibration = ConfigKey(
        section: "input", name: "calibration", accepts: "six numbers a b c d e f",
        apply: { (settings, text) throws(ConfigValueError) in
            guard let matrix = CalibrationMatrix(parsing: text) else {
                throw ConfigValueError(message: "bad calibration \"\(text)\" (expected six numbers, e.g. 1 0 0 0 1 0)")
            }
            // libinput's entries are fractions of the panel (scale, shear, offset): past
            // ten panels either way no touch can land on the screen.
            guard matrix.values.allSatisfy({ abs($0) <= CalibrationMatrix.limit }) else {
                throw ConfigValueError(
                    message: "bad calibration \"\(text)\" (each number must be within "
                        + "-\(ConfigValue.format(CalibrationMatrix.limit))...\(ConfigValue.format(CalibrationMatrix.limit)))"
                )
            }
            // A singular matrix maps the whole panel onto a line or a point: no slide
            // could cross the track.
            guard abs(matrix.a * matrix.e - matrix.b * matrix.d) >= CalibrationMatrix.smallestScale else {
                throw ConfigValueError(
                    message: "bad calibration \"\(text)\" (singular: a·e - b·d must be at least "
                        + "\(ConfigValue.format(CalibrationMatrix.smallestScale)) in size)")
            }
            settings.input.touch.calibration = matrix
        },
        format: { $0.input.touch.calibration.values.map(ConfigValue.format).joined(separator: " ") })
}
