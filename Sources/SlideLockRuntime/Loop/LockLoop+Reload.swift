import SlideLockCore
import SlideLockPlatform

// Commands from outside (a signal, `ctl`): relock and reload.
extension LockLoop {
    /// Back to locked at once (SIGUSR1, `ctl lock`).
    func relockFromOutside(now: Double, why: String) {
        guard exitFrame == nil else { return }
        apply(session.handle(.reset(time: now)), now: now)
        sessionVersion += 1
        log.info("reset to locked (\(why))")
    }

    /// Everything is built and checked aside, so a bad config changes nothing, nor does one
    /// changing a key only a start can apply (`Settings.startOnlyKeys`). True when the new
    /// configuration is in use.
    @discardableResult
    func reloadSettings(now: Double) -> Bool {
        guard exitFrame == nil else {
            log.info("configuration not reloaded: exiting")
            return false
        }
        if outOfService != nil { return restartIfGood() }
        do {
            let settings = try reload()
            // What only a start can change is refused by name, never taken silently.
            let startOnly = session.settings.startOnlyChanges(to: settings)
            guard startOnly.isEmpty else {
                log.error(Settings.startOnlyRefusal(startOnly))
                return false
            }
            if views.indices.contains(touchIndex),
                let error = Layout.travelError(settings, screen: views[touchIndex].logicalSize)
            {
                throw RunError(description: error)
            }
            let fresh = views.map {
                PanelView(output: $0.output, rotation: $0.rotation, settings: settings, fonts: fonts)
            }
            // With every output unplugged the session keeps its layout until one comes back.
            let freshSession =
                fresh.indices.contains(touchIndex)
                ? LockSession(
                    settings: settings, layout: fresh[touchIndex].builder.layout, reloadedFrom: session, time: now)
                : LockSession(settings: settings, layout: session.layout, reloadedFrom: session, time: now)
            for view in fresh { try view.prepare(freshSession.visual(at: now)) }
            for source in sources { try source.prepare(reload: settings) }
            for (old, new) in zip(views, fresh) { new.inherit(from: old) }
            views = fresh
            session = freshSession
            tell(.reloaded(settings), now: now)
            if let idle {
                // The panel is woken and the new idle timings start from now.
                let step = idle.gate.wake(at: now)
                applyIdle(step.effects, now: now)
                for event in step.forward where LockLoop.isNotIdleShow(event) {
                    apply(session.handle(event), now: now)
                }
                idle.reconfigure(settings, now: now)
            }
            sessionVersion += 1
            log.info("configuration reloaded")
            return true
        } catch let errors as ConfigErrors {
            log.error(
                "configuration not reloaded, keeping the old one: \(errors.errors.map(\.description).joined(separator: "; "))"
            )
        } catch {
            log.error("configuration not reloaded, keeping the old one: \(error)")
        }
        return false
    }
}
