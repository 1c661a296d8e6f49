extension SceneBuilder {
    /// `ctl identify`'s border: a band along every edge, 3 % of the shorter side (at least
    /// 6 px), in white or, on a light background, the theme's warning colour: the one panel
    /// of a row that is being asked about, seen from across a room.
    func identifyBorder() -> BorderLayer {
        let screen = layout.screen
        let white = Color(rgb: 0xFFFFFF)
        let background = settings.theme.background
        return BorderLayer(
            rect: Rect(x: 0, y: 0, width: screen.width, height: screen.height),
            width: max(6, (min(screen.width, screen.height) * 0.03).rounded()),
            color: white.contrast(with: background) >= 3 ? white : settings.theme.warningColor, opacity: 1)
    }
}
