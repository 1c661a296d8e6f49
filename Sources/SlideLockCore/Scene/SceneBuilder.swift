/// Theme + layout + animated values -> the `Scene` of one frame.
public struct SceneBuilder: Sendable {
    public let settings: Settings
    public let layout: Layout
    /// The boxes reserved above the track for the clock, the date and the message.
    public let textLayout: ScreenTextLayout

    public init(settings: Settings, width: Int, height: Int) {
        self.settings = settings
        let rtl: Bool
        switch settings.layout.direction {
        case .ltr: rtl = false
        case .rtl: rtl = true
        case .auto: rtl = TextDirection.isRightToLeft(settings.theme.labelText)
        }
        layout = Layout(
            screen: Size(width: Double(width), height: Double(height)),
            theme: settings.theme, settings: settings.layout, rightToLeft: rtl,
            physicalSize: settings.display.physicalSize)
        textLayout = ScreenTextLayout(screen: layout.screen, track: layout.track)
    }

    public func scene(_ v: ControlVisual) -> Scene {
        let theme = settings.theme
        let track = layout.track
        let progress = min(max(v.progress, 0), 1)
        let rotation = HueRotation(degrees: v.hueDegrees)
        let rtl = layout.rightToLeft

        var stateColor: Color?
        var icon = theme.icon
        switch v.state {
        case .busy: icon = .spinner
        case .unlocked:
            icon = .lockOpen
            stateColor = theme.successColor
        case .failed: stateColor = theme.warningColor
        default: break
        }
        // A theme without a lock icon keeps its own icon when unlocked, but shows a checkmark.
        if v.state == .unlocked && theme.icon != .lock { icon = .checkmark }
        // The unlocked icon may fade and grow in (`theme.icon_transition`), about the thumb's centre.
        let (iconOpacity, iconScale) =
            v.state == .unlocked ? IconTransition(theme).appearance(seconds: v.stateSeconds) : (1, 1)

        // Drawn on quarter pixels, as icons are: a dragged thumb and the fill's end take
        // four shapes per pixel, which the renderer computes once each and moves.
        let offset = (progress * layout.travel * 4).rounded() / 4
        let fillRect = layout.fill(offset: offset)
        let fillOpacity = theme.fillOpacity ?? (fillRect.width / track.width)
        let thumbBase = layout.thumb(offset: offset).offsetBy(dx: (v.shake * 4).rounded() / 4, dy: 0)
        let scale = 1 - 0.05 * v.press
        let thumbRect = thumbBase.scaled(by: scale)
        // The label fades out as the thumb approaches it (gone by 60 % of the travel).
        let labelOpacity =
            v.state == .busy || v.state == .unlocked || v.state == .failed
            ? 0 : max(0, 1 - progress / 0.6)
        let shimmerX = v.shimmer.map { track.x + $0 * track.width }

        var scene = Scene(
            width: Int(layout.screen.width), height: Int(layout.screen.height),
            background: theme.background,
            track: TrackLayer(
                rect: track, radius: theme.trackRadius * track.height,
                leading: rotation.apply(theme.trackStart),
                trailing: rotation.apply(theme.trackEnd),
                opacity: theme.trackOpacity, rightToLeft: rtl),
            fill: FillLayer(
                rect: fillRect, radius: theme.trackRadius * track.height,
                color: stateColor ?? theme.fillColor, opacity: stateColor == nil ? fillOpacity : 1),
            label: LabelLayer(
                text: theme.labelText, fonts: theme.fonts, weight: theme.labelWeight,
                pixelSize: layout.labelPixelSize((theme.labelSize * track.height).rounded(), text: theme.labelText),
                color: theme.labelColor, opacity: labelOpacity,
                center: track.center, clip: track, shimmerX: shimmerX, rightToLeft: rtl),
            thumb: ThumbLayer(
                rect: thumbRect, radius: theme.thumbRadius * thumbRect.width,
                color: theme.thumbColor, opacity: 1 - 0.1 * v.press,
                borderWidth: theme.thumbBorderWidth * scale,
                borderColor: stateColor ?? theme.thumbBorderColor,
                icon: icon, iconColor: stateColor ?? theme.iconColor,
                iconSize: theme.iconSize * thumbRect.width * iconScale,
                iconPhase: v.spinnerPhase, mirrored: rtl, iconOpacity: iconOpacity))
        switch settings.animation.unlockTransition {
        case .none: break
        case .slide: scene.controlOffset = v.exitOffset * (layout.screen.width) * (rtl ? -1 : 1)
        case .fade: scene.reveal = v.exitOffset
        case .interactive: scene.reveal = SceneBuilder.interactiveReveal(v)
        }
        if scene.reveal > 0 { scene.revealColor = theme.successColor }
        scene.brightness = min(max(v.brightness.isNaN ? 1 : v.brightness, 0), 1)
        addText(v, to: &scene)
        scene.openButton = openButton(v)
        if v.notice.lockdown { Self.dimForLockdown(&scene) }
        return scene
    }

    /// The clock, the date and the message, each in its reserved box, in the label's fonts
    /// (opened once at start-up: a line shown later can never fail to find its font).
    func addText(_ v: ControlVisual, to scene: inout Scene) {
        let theme = settings.theme
        let boxes = textLayout
        func line(_ text: String, size: Double, box: Rect, color: Color, opacity: Double) -> ScreenTextLayer {
            var layer = ScreenTextLayer()
            layer.text = text
            layer.fonts = theme.fonts
            layer.weight = theme.labelWeight
            layer.pixelSize = text.isEmpty ? 0 : size
            layer.color = color
            layer.opacity = text.isEmpty ? 0 : opacity
            layer.box = box
            layer.rightToLeft = TextDirection.isRightToLeft(text)
            return layer
        }
        if let clock = v.clock {
            scene.clock = line(clock.time, size: boxes.clockSize, box: boxes.clock, color: theme.labelColor, opacity: 1)
            scene.date = line(
                clock.date, size: boxes.dateSize, box: boxes.date, color: theme.labelColor, opacity: 0.7)
        } else {
            // Empty lines in the same boxes: the layer list does not change length.
            scene.clock = line("", size: 0, box: boxes.clock, color: theme.labelColor, opacity: 0)
            scene.date = line("", size: 0, box: boxes.date, color: theme.labelColor, opacity: 0)
        }
        let message = v.notice.message.map(SceneBuilder.oneLine)
        if v.notice.lockdown {
            let text = message ?? SceneBuilder.lockdownText
            scene.message = line(
                text, size: boxes.messageSize, box: boxes.message, color: theme.warningColor, opacity: 1)
        } else {
            scene.message = line(
                message ?? "", size: boxes.messageSize, box: boxes.message, color: theme.labelColor,
                opacity: 0.85)
        }
    }

    /// A message as the line shows it, whoever sent it: control characters as spaces, at
    /// most `ScreenTextSettings.maximumMessageBytes` (more would never fit, and would only
    /// cost shaping time).
    static func oneLine(_ text: String) -> String {
        var line = ""
        var bytes = 0
        for c in text {
            let shown: Character =
                c.unicodeScalars.contains { $0.properties.generalCategory == .control } ? " " : c
            bytes += shown.utf8.count
            guard bytes <= ScreenTextSettings.maximumMessageBytes else { break }
            line.append(shown)
        }
        return line
    }

    /// What the message line says in lockdown when no message was given.
    public static let lockdownText = "Locked down"

    /// How much of its opacity the control keeps in lockdown: there, but plainly not for use.
    public static let lockdownOpacity = 0.35

    /// Lockdown's look: the track, its fill, its label and the thumb faded toward the
    /// background (the message above says why).
    static func dimForLockdown(_ scene: inout Scene) {
        let k = lockdownOpacity
        scene.track.opacity *= k
        scene.fill.opacity *= k
        scene.label.opacity *= k
        scene.thumb.opacity *= k
    }

    /// The interactive transition's fade for `v`: the thumb's progress (so it follows the
    /// finger, springs back with the thumb and completes as the thumb reaches the end),
    /// finished by the exit-mode slide-off clock, and 0 while a failure is on show and
    /// until a finger takes the thumb again (the thumb returning from a failed unlock must
    /// not fade the screen into the unlocked colour).
    public static func interactiveReveal(_ v: ControlVisual) -> Double {
        if v.state == .failed || v.failedSinceGrab { return 0 }
        let p = min(max(v.progress.isNaN ? 0 : v.progress, 0), 1)
        return v.state == .unlocked ? max(p, min(max(v.exitOffset, 0), 1)) : p
    }
}
