// The key table: every field of `Settings` as `section.key`, in the order `render` writes
// them. Every number has a closed range that keeps the layout and animation maths
// meaningful: pixel sizes no panel exceeds, durations between a frame and a few minutes
// (a value outside would trap, allocate gigabytes, or keep the lock busy for ever).

extension ConfigKey {
    /// Every settable key, in render order.
    static let all: [ConfigKey] =
        themeKeys + stateWordKeys + layoutKeys + animationKeys + gestureKeys + actionKeys + feedbackKeys
        + displayKeys + inputKeys + stuckKeys + buttonKeys + relayKeys + doorKeys + tamperKeys + controlKeys + auditKeys

    /// Section names in render order: each key's section, where its first key stands in `all`.
    static let sections: [String] = all.reduce(into: []) { names, key in
        if !names.contains(key.section) { names.append(key.section) }
    }

    /// The key at `section.name`, if there is one.
    static func named(section: String, _ name: String) -> ConfigKey? {
        all.first { $0.section == section && $0.name == name }
    }

    /// `theme.name`: validated here, but applied by the loader before every other key so
    /// that a base theme never overwrites values set earlier in the files.
    static let themeName = ConfigKey(
        section: "theme", name: "name", accepts: Theme.builtIn.map(\.name).joined(separator: "|"),
        apply: { (_, text) throws(ConfigValueError) in _ = try builtInTheme(text) },
        format: { $0.theme.name })

    /// The built-in theme called `name`.
    static func builtInTheme(_ name: String) throws(ConfigValueError) -> Theme {
        guard let theme = Theme.named(name) else {
            let names = ConfigValue.alternatives(Theme.builtIn.map(\.name))
            throw ConfigValueError(message: "unknown theme \"\(name)\" (expected \(names))")
        }
        return theme
    }

    static let themeKeys: [ConfigKey] = [
        themeName,
        .color("theme", "background", \.theme.background),
        .color("theme", "track_start", \.theme.trackStart),
        .color("theme", "track_end", \.theme.trackEnd),
        .number("theme", "track_opacity", \.theme.trackOpacity, .closed(0...1)),
        .number("theme", "track_radius", \.theme.trackRadius, .closed(0...0.5)),
        .color("theme", "fill_color", \.theme.fillColor),
        fillOpacity,
        .text("theme", "label", \.theme.labelText),
        .color("theme", "label_color", \.theme.labelColor),
        fonts,
        .choice("theme", "label_weight", \.theme.labelWeight),
        .number("theme", "label_size", \.theme.labelSize, .closed(0.05...1)),
        .color("theme", "thumb_color", \.theme.thumbColor),
        .number("theme", "thumb_radius", \.theme.thumbRadius, .closed(0...0.5)),
        // Past a quarter of the track height the thumb would be smaller than the gaps.
        .number("theme", "thumb_inset", \.theme.thumbInset, .closed(0...0.25)),
        .number("theme", "thumb_border_width", \.theme.thumbBorderWidth, .pixels(0...100)),
        .color("theme", "thumb_border_color", \.theme.thumbBorderColor),
        .choice("theme", "icon", \.theme.icon),
        .color("theme", "icon_color", \.theme.iconColor),
        .number("theme", "icon_size", \.theme.iconSize, .closed(0...1)),
        .choice("theme", "icon_transition", \.theme.iconTransition),
        // Past 10 s the unlocked icon would outlast any sensible `unlocked_duration`.
        .number("theme", "icon_transition_delay", \.theme.iconTransitionDelay, .seconds(0...10)),
        .number("theme", "icon_transition_duration", \.theme.iconTransitionDuration, .seconds(0.01...10)),
        .number("theme", "icon_transition_scale", \.theme.iconTransitionScale, .closed(0...1)),
        .color("theme", "success_color", \.theme.successColor),
        .color("theme", "warning_color", \.theme.warningColor),
    ]

    /// `progress` (opacity follows the thumb) or a fixed opacity.
    static let fillOpacity = ConfigKey(
        section: "theme", name: "fill_opacity", accepts: "progress|number 0...1",
        apply: { (settings, text) throws(ConfigValueError) in
            if text == "progress" {
                settings.theme.fillOpacity = nil
                return
            }
            guard ConfigValue.decimal(text) != nil else {
                throw ConfigValueError(message: "bad value \"\(text)\" (expected progress or a number 0...1)")
            }
            settings.theme.fillOpacity = try ConfigValue.number(text, in: .closed(0...1))
        },
        format: { $0.theme.fillOpacity.map(ConfigValue.format) ?? "progress" })

    /// Comma-separated font families or font file paths, tried in order; at most
    /// `maximumFonts` different ones (the lock's cap, so `check-config` agrees with it).
    static let fonts = ConfigKey(
        section: "theme", name: "fonts", accepts: "comma-separated list",
        apply: { (settings, text) throws(ConfigValueError) in
            let fonts = try ConfigValue.list(text)
            let distinct = Set(fonts).count
            guard distinct <= maximumFonts else {
                throw ConfigValueError(
                    message: "\(distinct) different fonts listed, at most \(maximumFonts) are used")
            }
            settings.theme.fonts = fonts
        },
        format: { $0.theme.fonts.joined(separator: ", ") })

    /// Different entries `theme.fonts` may list: each open face holds a parsed font.
    static let maximumFonts = 16

    static let layoutKeys: [ConfigKey] = [
        .number("layout", "track_width", \.layout.trackWidth, .closed(0.05...1)),
        .number("layout", "track_max_aspect", \.layout.trackMaxAspect, .closed(1...100)),
        .number("layout", "track_height", \.layout.trackHeight, .closed(0.01...1)),
        .number("layout", "track_min_height", \.layout.trackMinHeight, .pixels(0...4096)),
        .number("layout", "vertical_position", \.layout.verticalPosition, .closed(0...1)),
        .choice("layout", "direction", \.layout.direction),
        thumbMillimetres,
        groupKey,
    ]

    static let animationKeys: [ConfigKey] = [
        .choice("animation", "snap_back", \.animation.snapBack),
        .number("animation", "spring_response", \.animation.springResponse, .seconds(0.01...10)),
        // Near 0 the spring never settles; far past critical (1) it only crawls home.
        .number("animation", "spring_damping", \.animation.springDampingFraction, .closed(0.05...2)),
        .number("animation", "ease_duration", \.animation.easeDuration, .seconds(0.01...10)),
        .bool("animation", "hue", \.animation.hueEnabled),
        .number("animation", "hue_from", \.animation.hueFrom, .closed(-360...360)),
        .number("animation", "hue_to", \.animation.hueTo, .closed(-360...360)),
        .number("animation", "hue_period", \.animation.huePeriod, .seconds(0.05...600)),
        .bool("animation", "shimmer", \.animation.shimmer),
        .number("animation", "shimmer_period", \.animation.shimmerPeriod, .seconds(0.05...600)),
        .number("animation", "unlocked_duration", \.animation.unlockedDuration, .seconds(0.05...300)),
        .number("animation", "failed_duration", \.animation.failedDuration, .seconds(0.05...300)),
        .bool("animation", "exit_transition", \.animation.exitTransition),
        .choice("animation", "unlock_transition", \.animation.unlockTransition),
    ]

    static let gestureKeys: [ConfigKey] = [
        // A threshold near 0 would unlock on a tap.
        .number("gesture", "threshold", \.gesture.threshold, .closed(0.1...1)),
        .bool("gesture", "fling", \.gesture.fling),
        .number("gesture", "fling_projection", \.gesture.flingProjection, .seconds(0.01...2)),
        .number("gesture", "hit_slop", \.gesture.hitSlop, .pixels(0...200)),
        // Always on, ghost filter or not: the last line against a forged slide.
        .number("gesture", "max_speed", \.gesture.maxSpeed, .closed(1000...100_000)),
        .number("gesture", "min_duration", \.gesture.minDuration, .closed(0.01...1)),
        .bool("gesture", "tap_to_open", \.gesture.tapToOpen),
    ]

    static let actionKeys: [ConfigKey] = [
        .choice("action", "on_unlock", \.action.mode),
        .text("action", "hook", \.action.hook),
        .number("action", "timeout", \.action.timeout, .seconds(0.1...600)),
        .number("action", "kill_grace", \.action.killGrace, .seconds(0...60)),
        .number("action", "cooldown", \.action.cooldown, .seconds(0...300)),
        .text("action", "slide_start_hook", \.action.slideStartHook),
        .text("action", "cancel_hook", \.action.cancelHook),
        .text("action", "idle_hook", \.action.idleHook),
    ]
}
