/// Why the authority refused: one `Reason` and an optional measurement (`30 ms, needs 50`).
/// The rule behind each reason is in docs/architecture.md, "What unlocks".
public struct UnlockRefusal: Error, Equatable, Sendable, CustomStringConvertible {
    public let reason: Reason
    public let detail: String?

    public init(_ reason: Reason, _ detail: String? = nil) {
        self.reason = reason
        self.detail = detail
    }

    public var description: String { detail.map { reason.rawValue + " " + $0 } ?? reason.rawValue }

    /// Every reason a request or a contact is refused for. The raw value is the word the
    /// journal, the audit (`SLIDELOCK_REASON`), `ctl status` (`rejected_slides`) and the
    /// recorder's verdict (`rejected REASON`) write: renaming one breaks what reads them.
    public enum Reason: String, CaseIterable, Equatable, Sendable {
        // Lockdown, out of service (the lock on built-in defaults), and the session not
        // ready for another unlock.
        case lockdown
        case outOfService = "out-of-service"
        case notReady = "not-ready"
        // The panel did not show this lock (`HiddenBy`), or it just came back.
        case hiddenIdle = "hidden-idle"
        case hiddenMaster = "hidden-master"
        case hiddenStartup = "hidden-startup"
        case hiddenLayout = "hidden-layout"
        case shownIdle = "shown-idle"
        case shownMaster = "shown-master"
        case shownStartup = "shown-startup"
        case shownLayout = "shown-layout"
        // A moment of uncertainty (`Uncertainty`), or a stream that cannot be trusted.
        case uncertainCancel = "uncertain-cancel"
        case uncertainResync = "uncertain-resync"
        case uncertainDeviceRemoved = "uncertain-device-removed"
        case uncertainDeviceAdopted = "uncertain-device-adopted"
        case uncertainRemap = "uncertain-remap"
        case uncertainRelayout = "uncertain-relayout"
        case uncertainReload = "uncertain-reload"
        case uncertainRelock = "uncertain-relock"
        case uncertainWake = "uncertain-wake"
        case uncertainUnknownContact = "uncertain-unknown-contact"
        case uncertainRepeatedDown = "uncertain-repeated-down"
        case touchCancel = "touch-cancel"
        // When and beside what a contact landed (rules 1-3).
        case landedBeforeShown = "landed-before-shown"
        case landedWhileUncertain = "landed-while-uncertain"
        case extraFinger = "extra-finger"
        case secondFinger = "second-finger"
        case withheld
        case stuck
        // The slide's own path (rules 5-7).
        case notLifted = "not-lifted"
        case noPath = "no-path"
        case tooFast = "too-fast"
        case tooQuick = "too-quick"
        case springBack = "spring-back"
        // A grab the session ended for another reason than the authority's.
        case relayout
        case button
        case ctlUnlock = "ctl-unlock"
        // `ctl unlock`.
        case peerNotAllowed = "peer-not-allowed"
        // Tap-to-open (rules T1-T4), and the session not at rest for a tap.
        case sourceDisabled = "source-disabled"
        case notArmed = "not-armed"
        case landedBeforeOpen = "landed-before-open"
        case openExpired = "open-expired"
        case tapTooShort = "tap-too-short"
        case tapTooLong = "tap-too-long"
        case tapMoved = "tap-moved"
        case tapOffTarget = "tap-off-target"
        case pressed
        case dragging
        case busy
        case unlocked
        case failed
        case cooldown

        /// The panel does not show this lock because of `by`.
        public static func hidden(_ by: HiddenBy) -> Reason {
            switch by {
            case .idle: return .hiddenIdle
            case .master: return .hiddenMaster
            case .startup: return .hiddenStartup
            case .layout: return .hiddenLayout
            }
        }

        /// The panel shows this lock again after `by`.
        public static func shown(_ by: HiddenBy) -> Reason {
            switch by {
            case .idle: return .shownIdle
            case .master: return .shownMaster
            case .startup: return .shownStartup
            case .layout: return .shownLayout
            }
        }

        /// A moment of uncertainty of kind `why`.
        public static func uncertain(_ why: Uncertainty) -> Reason {
            switch why {
            case .cancel: return .uncertainCancel
            case .resync: return .uncertainResync
            case .deviceRemoved: return .uncertainDeviceRemoved
            case .deviceAdopted: return .uncertainDeviceAdopted
            case .remap: return .uncertainRemap
            case .relayout: return .uncertainRelayout
            case .reload: return .uncertainReload
            case .relock: return .uncertainRelock
            case .wake: return .uncertainWake
            }
        }

        /// The kind of uncertainty this reason names, if it names one.
        public var uncertainty: Uncertainty? { Uncertainty.allCases.first { Reason.uncertain($0) == self } }
    }
}
