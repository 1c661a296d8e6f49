// The out-of-service screen: no control to slide, only what is wrong, in the middle of
// the glass. A lock badge (drawn without any font) above the words, the first problem on
// one or two lines under them, and how many more the log has. Without any font, the
// badge alone.
extension SceneBuilder {
    /// Shares of the screen's shorter side.
    static let outOfServiceBadge = 0.16
    static let outOfServiceTitle = 0.11
    static let outOfServiceLine = 0.055
    /// Ems a character takes, estimated with room to spare: the label's estimate suits a
    /// short label; a path in bold runs wider, and a clipped problem is a lost one.
    static let outOfServiceEms = 0.65

    /// Turns `scene` into the out-of-service screen for `why`.
    func outOfService(_ why: OutOfService, _ scene: inout Scene) {
        let theme = settings.theme
        let screen = layout.screen
        let short = min(screen.width, screen.height)
        let margin = (0.05 * screen.width).rounded()
        let width = screen.width - 2 * margin
        // The control is gone, and so is everything that moves it.
        scene.track.opacity = 0
        scene.fill.opacity = 0
        scene.label.opacity = 0
        scene.words = nil
        scene.openButton = OpenButtonLayer()
        scene.controlOffset = 0
        scene.reveal = 0

        let title = theme.words.outOfService
        let titleSize = Self.fitting(title, wanted: (Self.outOfServiceTitle * short).rounded(), width: width)
        let (lines, lineSize) = Self.wrapped(
            why.first, wanted: max(11, (Self.outOfServiceLine * short).rounded()), width: width)
        let more = why.moreText ?? ""
        let badge = (Self.outOfServiceBadge * short).rounded()
        // Badge, gap, title, gap, the problem's lines, the count: one block, centred.
        let gap = (0.4 * lineSize).rounded()
        let lineHeight = (ScreenTextLayout.lineHeight * lineSize).rounded()
        let titleHeight = (ScreenTextLayout.lineHeight * titleSize).rounded()
        let rows = Double(lines.count + (more.isEmpty ? 0 : 1))
        // Without fonts the badge alone, in the middle.
        let total = why.fontless ? badge : badge + gap + titleHeight + gap + rows * lineHeight
        var y = max(0, ((screen.height - total) / 2).rounded())

        let border = max(2, (0.06 * badge).rounded())
        scene.thumb = ThumbLayer(
            rect: Rect(x: ((screen.width - badge) / 2).rounded(), y: y, width: badge, height: badge),
            radius: badge / 2, color: theme.background, opacity: 1, borderWidth: border,
            borderColor: theme.warningColor, icon: .lock, iconColor: theme.warningColor, iconSize: 0.5 * badge,
            iconPhase: 0, mirrored: false)
        y += badge + gap
        func line(_ text: String, size: Double, height: Double, color: Color, opacity: Double) -> ScreenTextLayer {
            var layer = ScreenTextLayer()
            layer.text = text
            layer.fonts = theme.fonts
            layer.weight = theme.labelWeight
            layer.pixelSize = text.isEmpty ? 0 : size
            layer.color = color
            layer.opacity = text.isEmpty ? 0 : opacity
            layer.box = Rect(x: margin, y: y, width: width, height: height)
            layer.rightToLeft = TextDirection.isRightToLeft(text)
            y += height
            return layer
        }
        scene.clock = line(title, size: titleSize, height: titleHeight, color: theme.warningColor, opacity: 1)
        y += gap
        scene.date = line(lines[0], size: lineSize, height: lineHeight, color: theme.labelColor, opacity: 1)
        scene.message = line(
            lines.count > 1 ? lines[1] : "", size: lineSize, height: lines.count > 1 ? lineHeight : 0,
            color: theme.labelColor, opacity: 1)
        if !more.isEmpty {
            let box = Rect(x: margin, y: y, width: width, height: lineHeight)
            scene.words = LabelLayer(
                text: more, fonts: theme.fonts, weight: theme.labelWeight, pixelSize: lineSize,
                color: theme.labelColor, opacity: 0.7, center: box.center, clip: box, shimmerX: nil,
                rightToLeft: false)
        }
        if why.fontless {
            // Nothing to write with: the badge alone says the lock is not in service.
            for keyPath in [\Scene.clock, \Scene.date, \Scene.message] { scene[keyPath: keyPath].opacity = 0 }
            scene.words = nil
        }
    }

    /// The size `text` is drawn at on one line `width` wide: `wanted`, or smaller until it
    /// fits (estimated by `outOfServiceEms`), never below a readable size.
    static func fitting(_ text: String, wanted: Double, width: Double) -> Double {
        let characters = Double(max(text.count, 1))
        let fits = (width / (characters * outOfServiceEms)).rounded(.down)
        return max(ScreenTextLayout.smallestSize, min(wanted, fits))
    }

    /// `text` on at most two lines `width` wide, broken after a space where one is near
    /// enough, and the size they are drawn at: `wanted`, or smaller until they fit. At the
    /// smallest size what does not fit shows its start.
    static func wrapped(_ text: String, wanted: Double, width: Double) -> ([String], Double) {
        var size = max(wanted, ScreenTextLayout.smallestSize)
        while true {
            let fit = Int(width / (size * outOfServiceEms))
            let lines = twoLines(text, fit: max(fit, 1))
            if lines.allSatisfy({ $0.count <= fit }) || size <= ScreenTextLayout.smallestSize {
                return (lines, size)
            }
            size -= 1
        }
    }

    /// `text` whole when it has at most `fit` characters; else broken after the last space
    /// within `fit` (or at `fit` when no space is in the second half of it).
    static func twoLines(_ text: String, fit: Int) -> [String] {
        let characters = Array(text)
        guard characters.count > fit else { return [text] }
        var cut = fit
        if let space = characters[..<fit].lastIndex(of: " "), space >= fit / 2 { cut = space + 1 }
        let first = String(characters[..<cut]).trimmingSpaces
        let rest = String(characters[cut...]).trimmingSpaces
        return rest.isEmpty ? [first] : [first, rest]
    }
}

extension String {
    fileprivate var trimmingSpaces: String {
        var s = Substring(self)
        while s.first == " " { s = s.dropFirst() }
        while s.last == " " { s = s.dropLast() }
        return String(s)
    }
}
