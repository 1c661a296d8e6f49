import SlideLockCore
import SlideLockPlatform
import SlideLockRender

extension PanelRig {
    /// The touch input the answers come through: the lock's own choice of devices, or only
    /// the virtual touchscreen when injecting (its axes are panel pixels: no calibration).
    func touchInput() throws -> TouchInput {
        if let input { return input }
        guard let display else { throw RunError(description: "no display") }
        var options = touchOptions()
        if injects {
            let panel = display.panels[touchIndex]
            let virtual = try VirtualTouchscreen(width: panel.width, height: panel.height)
            virtualTouch = virtual
            options.device = virtual.path
            options.settings.calibration = .identity
            // Grabbed whatever input.grab says: its touches reach this process alone, never a
            // lock screen started meanwhile (which would read a shared device too).
            options.grab = true
        }
        let made = try TouchInput(options: options)
        if injects, made.devices.first?.contains("grabbed") != true {
            throw RunError(description: "the virtual touchscreen could not be taken alone: nothing injected")
        }
        input = made
        return made
    }

    public func confirmColours(timeout: Double) throws -> Bool? {
        guard let display else { throw RunError(description: "no display") }
        let input = try touchInput()
        let panel = display.panels[touchIndex]
        say(
            "> On \(panel.name): are the six bars red, green, blue, white, yellow, magenta, from one end to the other? "
                + "Touch the bars for yes, the dark band below them for no (\(Selftest.seconds(timeout)) s).")
        if let virtualTouch {
            try tap(virtualTouch, input, x: panel.width / 2, y: panel.height * 3 / 8)
        }
        guard let point = try firstTouch(input, until: waiter.now() + timeout) else { return nil }
        try waitForLift(input, until: waiter.now() + 5)
        let logical = Size(
            width: Double(rotations[touchIndex].swapsAxes ? panel.height : panel.width),
            height: Double(rotations[touchIndex].swapsAxes ? panel.width : panel.height))
        let onPanel = rotations[touchIndex].map(point, logicalSize: logical)
        return onPanel.y < Double(panel.height * 3 / 4)
    }

    public func slide(timeout: Double) throws -> SlideReport? {
        guard let display else { throw RunError(description: "no display") }
        let input = try touchInput()
        let panel = display.panels[touchIndex]
        let rotation = rotations[touchIndex]
        let width = rotation.swapsAxes ? panel.height : panel.width
        let height = rotation.swapsAxes ? panel.width : panel.height
        // The lock's own picture, at rest: the thumb is where the lock draws it.
        let builder = SceneBuilder(settings: settings, width: width, height: height)
        let renderer = SceneRenderer(width: width, height: height, fonts: fonts)
        let scene = builder.scene(StillFrame.visual(state: .locked, progress: 0, time: 0, settings: settings))
        try renderer.prepare(scene)
        try renderer.render(scene)
        let image = rotation == .upright ? renderer.canvas : renderer.canvas.rotated(by: rotation.degrees)
        try present(image.pixels, on: panel)
        try settle()
        let layout = builder.layout
        let thumb = layout.thumb(progress: 0)
        say("> Put a finger on the thumb and slide it to the end of the track (\(Selftest.seconds(timeout)) s).")
        if let virtualTouch {
            let logical = Size(width: Double(width), height: Double(height))
            let from = rotation.map(centre(thumb), logicalSize: logical)
            let to = rotation.map(centre(layout.thumb(progress: 1)), logicalSize: logical)
            try swipe(virtualTouch, input, from: from, to: to)
        }
        guard let landed = try firstTouch(input, until: waiter.now() + timeout) else { return nil }
        let last = try waitForLift(input, until: waiter.now() + timeout) ?? landed
        return SlideReport(
            landed: landed, thumb: thumb,
            travel: layout.offsetAlongTrack(x: last.x) - layout.offsetAlongTrack(x: landed.x))
    }

    func centre(_ r: Rect) -> Point { Point(x: r.x + r.width / 2, y: r.y + r.height / 2) }

    /// The next events: those read meanwhile (while injecting) first, else what the
    /// devices hold by `deadline`.
    private func events(_ input: TouchInput, until deadline: Double) throws -> [LockEvent] {
        if !queued.isEmpty {
            defer { queued.removeAll() }
            return queued
        }
        let now = waiter.now()
        let due = [deadline, input.nextDeadline(now: now)].compactMap { $0 }.min()
        _ = try waiter.wait(for: input.pollDescriptors, until: due)
        return input.readAvailable() + input.advance(to: waiter.now())
    }

    /// Reads (and keeps) what arrives for `seconds`: injected reports are read as they
    /// come, as a panel's would be, so the device's buffer never overflows.
    private func pump(_ input: TouchInput, seconds: Double) throws {
        let end = waiter.now() + seconds
        while waiter.now() < end {
            let now = waiter.now()
            let due = [end, input.nextDeadline(now: now)].compactMap { $0 }.min()
            _ = try waiter.wait(for: input.pollDescriptors, until: due)
            queued += input.readAvailable() + input.advance(to: waiter.now())
        }
    }

    /// A tap of four reports over 45 ms (the ghost filter passes a contact after three).
    private func tap(_ touch: VirtualTouchscreen, _ input: TouchInput, x: Int, y: Int) throws {
        try touch.down(x: x, y: y)
        for step in 1...3 {
            try pump(input, seconds: 0.015)
            try touch.move(x: x + step, y: y)
        }
        try pump(input, seconds: 0.015)
        try touch.up()
    }

    /// Down at `from`, 15 moves over 0.3 s to `to`, up (panel pixels).
    private func swipe(_ touch: VirtualTouchscreen, _ input: TouchInput, from: Point, to: Point) throws {
        let steps = 15
        try touch.down(x: Int(from.x.rounded()), y: Int(from.y.rounded()))
        for step in 1...steps {
            try pump(input, seconds: 0.02)
            let f = Double(step) / Double(steps)
            try touch.move(
                x: Int((from.x + (to.x - from.x) * f).rounded()), y: Int((from.y + (to.y - from.y) * f).rounded()))
        }
        try pump(input, seconds: 0.02)
        try touch.up()
    }

    /// Where the next finger lands (logical pixels), nil when none does before `deadline`.
    func firstTouch(_ input: TouchInput, until deadline: Double) throws -> Point? {
        while true {
            var events = try events(input, until: deadline)
            while !events.isEmpty {
                let event = events.removeFirst()
                if case .touchDown(let id, let point, _) = event {
                    downID = id
                    lastPoint = point
                    queued = events + queued
                    return point
                }
            }
            if waiter.now() >= deadline { return nil }
        }
    }

    /// Follows the finger that landed until it lifts; its last position.
    @discardableResult
    func waitForLift(_ input: TouchInput, until deadline: Double) throws -> Point? {
        while true {
            for event in try events(input, until: deadline) {
                switch event {
                case .touchMove(let id, let point, _) where id == downID: lastPoint = point
                case .touchUp(let id, _) where id == downID: return lastPoint
                case .touchCancel(let id, _) where id == nil || id == downID: return lastPoint
                default: continue
                }
            }
            if waiter.now() >= deadline { return lastPoint }
        }
    }
}
