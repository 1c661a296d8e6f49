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
        var layout = Layout(
            screen: Size(width: Double(width), height: Double(height)),
            theme: settings.theme, settings: settings.layout, rightToLeft: rtl,
            physicalSize: settings.display.physicalSize)
        let grouped = settings.layout.group == .centre
        if grouped {
            // The text above and the track below, as one block in the middle of the screen.
            let above = ScreenTextLayout.groupHeight(screen: layout.screen, clock: settings.display.text.clock)
            let top = (layout.screen.height - above - layout.track.height) / 2 + above
            layout.track.y = min(max(0, top), layout.screen.height - layout.track.height).rounded()
        }
        self.layout = layout
        textLayout = ScreenTextLayout(screen: layout.screen, track: layout.track, packed: grouped)
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
        // The fill rings the thumb wherever it is, shaking too; the shake never takes the
        // thumb past its travel (at either end it knocks inward only).
        let shaken = min(max(offset + (v.shake * 4).rounded() / 4, 0), layout.travel)
        let fillRect = layout.fill(offset: shaken)
        let fillOpacity = theme.fillOpacity ?? (layout.fill(offset: offset).width / track.width)
        let thumbBase = layout.thumb(offset: shaken)
        let scale = 1 - 0.05 * v.press
        let thumbRect = thumbBase.scaled(by: scale)
        // The label fades out as the thumb approaches it (gone by 60 % of the travel), or
        // stays whole for the fill to cover.
        let completed = v.state == .busy || v.state == .unlocked || v.state == .failed
        var labelOpacity = completed ? 0 : theme.labelFades ? max(0, 1 - progress / 0.6) : 1
        let held = v.state == .pressed || v.state == .dragging
        let labelText = held && !theme.words.pressed.isEmpty ? theme.words.pressed : theme.labelText
        let lockdownWords = v.notice.lockdown && !completed && !theme.words.lockdown.isEmpty
        let noTouchWords = v.notice.noTouch && !completed && !lockdownWords
        if lockdownWords || noTouchWords { labelOpacity = 0 }
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
                text: labelText, fonts: theme.fonts, weight: theme.labelWeight,
                pixelSize: layout.labelPixelSize((theme.labelSize * track.height).rounded(), text: labelText),
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
        if v.identify { scene.border = identifyBorder() }
        // Lockdown, or no touch panel: the control is there but plainly not for use.
        if v.notice.lockdown || noTouchWords { Self.dimForLockdown(&scene) }
        if lockdownWords {
            scene.words = words(theme.words.lockdown, color: theme.warningColor)
        } else if noTouchWords {
            scene.words = words(Notice.noTouchWords, color: theme.warningColor)
        } else if let text = completedWords(v.state), !text.isEmpty {
            scene.words = words(text, color: Self.wordsColor(theme, fill: scene.fill, track: track))
        }
        if let why = v.notice.outOfService { outOfService(why, &scene) }
        return scene
    }

    /// What the track says once a slide completed, nil before.
    func completedWords(_ state: LockState) -> String? {
        switch state {
        case .busy: return settings.theme.words.busy
        case .unlocked: return settings.theme.words.unlocked
        case .failed: return settings.theme.words.failed
        case .locked, .pressed, .dragging: return nil
        }
    }

    /// A state's words in place of the label: its fonts, its size rules, centred on the track.
    func words(_ text: String, color: Color) -> LabelLayer {
        let theme = settings.theme
        let track = layout.track
        return LabelLayer(
            text: text, fonts: theme.fonts, weight: theme.labelWeight,
            pixelSize: layout.labelPixelSize((theme.labelSize * track.height).rounded(), text: text),
            color: color, opacity: 1, center: track.center, clip: track, shimmerX: nil,
            rightToLeft: TextDirection.isRightToLeft(text))
    }

    /// The theme's colour for words over the track: the label's or the background's,
    /// whichever keeps more contrast over every surface under them (the track, the fill,
    /// or both when the fill ends beneath the words). Words lie between the track's ends
    /// less a track height each, as the label's size rule keeps them.
    static func wordsColor(_ theme: Theme, fill: FillLayer, track: Rect) -> Color {
        let middle = Color(
            red: (theme.trackStart.red + theme.trackEnd.red) / 2,
            green: (theme.trackStart.green + theme.trackEnd.green) / 2,
            blue: (theme.trackStart.blue + theme.trackEnd.blue) / 2)
        let trackSurface = middle.over(theme.background, opacity: theme.trackOpacity)
        let fillSurface = fill.color.over(trackSurface, opacity: fill.opacity)
        let (from, to) = (track.minX + track.height, track.maxX - track.height)
        let f = fill.rect
        var surfaces: [Color] = []
        if f.maxX > from && f.minX < to && fill.opacity > 0 { surfaces.append(fillSurface) }
        if !(f.minX <= from && f.maxX >= to && fill.opacity >= 1) { surfaces.append(trackSurface) }
        func worst(_ c: Color) -> Double { surfaces.map { c.contrast(with: $0) }.min() ?? 21 }
        return worst(theme.background) > worst(theme.labelColor) ? theme.background : theme.labelColor
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
        // One line, most urgent first: tampered, lockdown's reason (the track says "Locked
        // down"), the door held open, the message. Out of service outranks them all: its
        // screen replaces this line (`outOfService`). Empty words, and lockdown without a
        // reason, give way to the next: an open door is still asked to be closed.
        let message = v.notice.message.map(SceneBuilder.oneLine)
        let words = theme.words
        func warning(_ text: String) -> ScreenTextLayer {
            line(text, size: boxes.messageSize, box: boxes.message, color: theme.warningColor, opacity: 1)
        }
        if v.notice.tampered && !words.tampered.isEmpty {
            scene.message = warning(words.tampered)
        } else if v.notice.lockdown, let message {
            scene.message = warning(message)
        } else if v.notice.heldOpen && !words.heldOpen.isEmpty {
            scene.message = warning(words.heldOpen)
        } else if v.notice.lockdown {
            scene.message = warning("")
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

    /// How much of its opacity the control keeps in lockdown: there, but plainly not for use.
    public static let lockdownOpacity = 0.35

    /// Lockdown's look: the track, its fill, its label and the thumb faded toward the
    /// background (the words on the track say so, the message above says why).
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
