import SlideLockCore
import SlideLockPlatform

// Frame scheduling: what to draw, when, and what to do when a flip never completes.
extension LockLoop {
    /// The moment a frame drawn now for `view` will show: the exit moment once exiting
    /// (every later frame equals it, so nothing flips any more), else the output's next refresh.
    func frameTime(_ view: PanelView, now: Double) -> Double {
        exitFrame?.time ?? view.nextFrameTime(now: now)
    }

    /// True while a finger drags and frames come back to back (paced outputs): then each
    /// frame is drawn as late as it can be and still make its vblank (`PanelView.latchTime`),
    /// so it shows the newest touch. Flipping as soon as the last flip completed would show
    /// a touch one refresh later than needed.
    var latchesLate: Bool {
        exitFrame == nil && session.isAnimating && (session.state == .pressed || session.state == .dragging)
    }

    /// True when `view`'s frames are paced by vblank events (a DRM output that flips); else
    /// they keep to the view's own grid of refresh intervals (`PanelView.isDue`).
    func isPaced(_ view: PanelView) -> Bool {
        display.eventDescriptor != nil && view.output.completesOnVblank
    }

    /// Presents on every output that is free. A frame drawn ahead (while the last flip was
    /// pending) is used if nothing but time changed since; else it is drawn now. Then, while
    /// animating, the frame after is drawn ahead, so after a vblank only the copy and the
    /// flip stand between the event and the deadline of the next one. While a finger drags,
    /// frames wait for their latch time instead and nothing is drawn ahead (unless the output
    /// is too slow to latch late).
    func drawWhereNeeded(now: Double) throws {
        if idle?.isBlank == true || away != nil { return } // outputs off or not ours: nothing is drawn
        // Dim: the picture stands still (no hue, no shimmer) until something happens.
        let still = idle?.isAsleep == true
        let late = latchesLate
        for view in views
        where !view.isLost && !view.output.isFlipPending && (isPaced(view) || view.isDue(now: now))
            && !(still && view.shownVersion == sessionVersion)
        {
            // Without vblank events (fbdev, a display drawn in place) nothing paces us: each
            // frame waits for its slot instead.
            let paced = isPaced(view)
            let latch = late && paced ? view.latchTime() : nil
            if let latch, now < latch { continue } // too early: a later touch could still make this vblank
            // How late the wake-up for the latch came: a slow or busy system gets a wider margin.
            if let latch { view.noteWakeLateness(now - latch) }
            if view.preparedVersion != sessionVersion {
                let time = frameTime(view, now: now)
                try view.render(frameVisual(at: time), time: time, inputTime: newestInput, clock: waiter)
            }
            let presentStart = waiter.now()
            guard let presented = try presentUnlessAway(view, now: presentStart) else { return }
            if presented {
                view.notePresentCost(waiter.now() - presentStart)
                noteShown(now: waiter.now())
            }
            view.shownVersion = sessionVersion
            if presented && paced && view.output.isFlipPending && session.isAnimating && exitFrame == nil
                && latch == nil
            {
                // This flip lands on the next vblank; the frame drawn now on the one after.
                let next = view.nextFrameTime(now: now) + view.frameInterval
                try view.render(frameVisual(at: next), time: next, inputTime: newestInput, clock: waiter)
                view.preparedVersion = sessionVersion
            }
        }
    }

    /// Outputs whose completed flips have not been written to the trace yet.
    func writeTrace() {
        let animating = session.isAnimating && exitFrame == nil
        for view in views { view.noteCompletions(animating: animating) }
        guard let trace else {
            for view in views { _ = view.takeCompleted() }
            return
        }
        for view in views { for frame in view.takeCompleted() { trace.write(frame) } }
    }

    /// Per output: flips against the vblanks they spanned, and those missed by our own fault.
    public func frameStatistics() -> [String] {
        views.filter { $0.ledger.vblanks > 0 }.map { "\($0.output.name): \($0.ledger.summary)" }
    }

    /// A flip that has not completed after `PanelView.hangIntervals` refreshes is given up
    /// on: the output is set up again with a full frame (a synchronous modeset). If that
    /// fails, or outputs keep hanging, the watchdog is starved so systemd restarts us; without
    /// a watchdog the error ends the run. Exit mode never waits for a hung flip.
    func recoverHungFlips(now: Double) throws {
        for view in views where view.isHung(now: now) {
            log.error(
                "\(view.output.name): a page flip did not complete in \(Int((now - (view.flipQueuedAt ?? now)) * 1000)) ms; setting the mode again"
            )
            view.abandonFlip()
            do {
                guard view.hangs <= PanelView.maxRecoveries else {
                    throw RunError(description: "\(view.output.name): page flips keep hanging")
                }
                if try presentUnlessAway(view, now: waiter.now()) == nil { continue }
                view.shownVersion = nil
            } catch {
                log.error("\(view.output.name): cannot recover the output: \(error)")
                view.isLost = true
                guard notifier?.nextWatchdogDeadline(now: now) != nil else { throw error }
                if healthy { log.error("no longer feeding the watchdog: systemd will restart slidelock") }
                healthy = false
            }
        }
    }
}
