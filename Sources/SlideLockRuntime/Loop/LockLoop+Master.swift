import SlideLockCore
import SlideLockPlatform

/// When DRM master was lost, and when to try taking it back.
struct MasterAway {
    let since: Double
    var nextTry: Double
}

// DRM master lost and regained: another program (a console tool, a second display server,
// anyone root) may take the display. The lock is then not on screen, so no touch counts;
// master is taken back as soon as its holder lets go, and every output is drawn whole.
extension LockLoop {
    /// How often a lost master is asked for again (the kernel has no event for its release).
    static let masterRetryInterval = 0.1

    /// Presents `view`'s frame (true when something changed); nil when master is gone,
    /// after which the loop draws nothing until it is back.
    func presentUnlessAway(_ view: PanelView, now: Double) throws -> Bool? {
        do {
            return try view.present(now: now)
        } catch DisplayError.masterLost {
            loseMaster(now: now)
            return nil
        }
    }

    /// From now on nothing is drawn and no touch reaches the session until master is back.
    func loseMaster(now: Double) {
        guard away == nil else { return }
        away = MasterAway(since: now, nextTry: now + LockLoop.masterRetryInterval)
        log.warning("another program took DRM master: the lock is not on screen, touches are ignored until it is back")
        // A slide in progress ends here, and no finger down now or landing until the lock is
        // back on screen can unlock (`UnlockAuthority`).
        apply(session.handle(.hidden(.master, time: now)), now: now)
        sessionVersion += 1
    }

    /// Asks for master again when due; once it is ours, every output is drawn whole.
    func retakeMasterIfDue(now: Double) {
        guard var away, now >= away.nextTry else { return }
        guard !display.isFlipPending, display.takeMasterBack() else {
            away.nextTry = now + LockLoop.masterRetryInterval
            self.away = away
            return
        }
        self.away = nil
        for view in views { view.redrawWhole() }
        sessionVersion += 1
        log.info("DRM master is back after \(Int(((now - away.since) * 1000).rounded())) ms: drawing the lock again")
        // A blank panel goes dark again: whatever the other program left must not stay lit.
        if idle?.isBlank == true {
            do { try display.blank() } catch { log.error("switching the outputs off: \(error)") }
        }
    }

    /// A frame reached the screen: what hid the lock (another program's picture, an idle
    /// dim or blank) is gone once the lock is back on it. Touches count again from this
    /// moment: contacts that landed before it, or are down at it, never unlock.
    func noteShown(now: Double) {
        if away == nil && session.authority.hiddenBy.contains(.master) {
            apply(session.handle(.shown(.master, time: now)), now: now)
        }
        if idle?.isAsleep != true && session.authority.hiddenBy.contains(.idle) {
            apply(session.handle(.shown(.idle, time: now)), now: now)
        }
    }

    /// A finger landing is the moment a lost master matters most: ask the kernel (one ioctl)
    /// before the session sees it, whatever the driver reports on present.
    func checkMasterOnTouch(_ events: [LockEvent], now: Double) {
        guard away == nil, events.contains(where: { if case .touchDown = $0 { return true } else { return false } })
        else { return }
        checkMaster(now: now)
    }

    /// A master lost while nothing was drawn (dim, idle) is noticed at the watchdog's pace.
    func checkMaster(now: Double) {
        if away == nil && !display.holdsMaster { loseMaster(now: now) }
    }
}
