import SlideLockCore
import SlideLockPlatform

// Displays that come and go while the lock runs.
extension LockLoop {
    /// After a DRM hotplug: unplugged outputs lose their views (the display freed their
    /// buffers), newly connected ones get a view and are lit with a whole frame on the next
    /// draw. The touch output keeps the session's layout; when it comes back it takes touch
    /// again.
    func followHotplug(now: Double) {
        let change: OutputHotplug
        do { change = try display.reprobe() } catch { return log.error("display hotplug: \(error)") }
        for name in change.removed {
            guard let i = views.firstIndex(where: { $0.output.name == name }) else { continue }
            views.remove(at: i)
            if i < touchIndex { touchIndex -= 1 } else if i == touchIndex { touchIndex = 0 }
            log.info("output \(name) unplugged: its buffers are released")
        }
        for (name, error) in change.failed { log.error("output \(name) is connected but cannot be lit: \(error)") }
        for output in change.added {
            let explicit = output.name == touchName ? session.settings.display.rotate : nil
            let rotation = ImageRotation(degrees: explicit ?? output.panelRotation ?? 0) ?? .upright
            let view = PanelView(output: output, rotation: rotation, settings: session.settings, fonts: fonts)
            views.append(view)
            if output.name == touchName { touchIndex = views.count - 1 }
            log.info("output \(output.name) connected: \(output.modeDescription), rotate \(rotation.degrees)")
        }
        if change.added.contains(where: { $0.name == touchName }), views.indices.contains(touchIndex) {
            followTouchOutput(views[touchIndex], now: now)
        }
        if !change.isEmpty { sessionVersion += 1 }
    }

    /// The touch output came back: touch maps onto it as it is now, and if its mode changed
    /// the slider is laid out for the new size (a slide in progress ends; the state, a
    /// running hook's included, carries on). A mode too small for the slider hides it
    /// (`LockSession.relayout`) and the glass says why.
    func followTouchOutput(_ view: PanelView, now: Double) {
        tell(.touchScreen(view.logicalSize, view.rotation), now: now)
        guard view.builder.layout != session.layout else { return }
        apply(session.relayout(view.builder.layout, time: now), now: now)
        if let problem = session.layoutProblem {
            log.error(
                "output \(view.output.name) came back at \(view.output.modeDescription): no slide opens until a "
                    + "usable mode returns: \(problem)")
        } else {
            log.info(
                "output \(view.output.name) came back at \(view.output.modeDescription): the slider is laid out for it")
        }
    }
}
