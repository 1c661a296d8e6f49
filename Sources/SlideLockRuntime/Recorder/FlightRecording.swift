import SlideLockCore
import SlideLockPlatform

/// The live flight recorder: raw events in (from `TouchInput.onRaw`), one file per touch
/// device out for every unlock and rejected slide (`VerdictRecorder`). Writing happens
/// right after the verdict, in the loop (the session's effects and each turn's log come
/// as `LoopMoment`s), bounded by `audit.max_bytes` per device; a
/// failure to write is logged and never changes what the lock does.
public final class FlightRecording: LoopSource {
    public private(set) var recorder: VerdictRecorder
    let store: RecordingStore
    let log: Logger
    /// A failure logged once per kind, not once per slide.
    var failed: Set<String> = []
    /// Files written, for the log and tests.
    public private(set) var written: [String] = []

    public init(settings: AuditSettings, store: RecordingStore, log: Logger) {
        recorder = VerdictRecorder(
            limits: .init(seconds: settings.maxSeconds, bytes: Int(settings.maxBytes)))
        self.store = store
        self.log = log
    }

    /// What `TouchInput` saw.
    public func take(_ notice: RawInputNotice) {
        switch notice {
        case .adopted(let path, let description): recorder.ring.adopt(path: path, description: description)
        case .event(let path, let event): recorder.ring.record(event, from: path)
        case .removed(let path): recorder.ring.remove(path: path)
        }
    }

    /// The session's effects: an unlock or a slide that ended without one is a verdict.
    public func take(_ effect: LockEffect) {
        switch effect {
        case .unlock: recorder.announce(unlock: true)
        case .slideCancelled: recorder.announce(unlock: false)
        default: break
        }
    }

    /// After a batch: records the authority's moments and writes any verdict's files; the
    /// verdicts with the names of the files written for each.
    @discardableResult
    public func observe(
        _ session: LockSession, entries: [LockLogEntry], screen: Size, rotation: ImageRotation
    ) -> [(verdict: String, files: [String])] {
        var stored: [(verdict: String, files: [String])] = []
        for verdict in recorder.observe(session.authority, entries: entries) {
            var names: [String] = []
            for file in recorder.files(for: verdict, screen: screen, rotation: rotation, settings: session.settings) {
                do throws(SystemError) {
                    let stored = try store.store(verdict: verdict.name, device: file.device, text: file.text)
                    written.append(stored.name)
                    names.append(stored.name)
                    log.debug("recorder: wrote \(stored.name)")
                    if !stored.removed.isEmpty {
                        log.info(
                            "recorder: removed \(stored.removed.count) oldest past audit.keep: "
                                + stored.removed.joined(separator: ", "))
                    }
                } catch {
                    if failed.insert("\(error.operation) \(error.errno)").inserted {
                        log.warning("recorder: \(error)")
                    }
                }
            }
            stored.append((verdict.name, names))
        }
        return stored
    }

    public func observe(_ moment: LoopMoment, lock: LockLoop, now: Double) {
        switch moment {
        case .effect(let effect): take(effect)
        case .batch(let entries, _):
            // Written now: after the session decided, before the next frame.
            guard lock.views.indices.contains(lock.touchIndex) else { return }
            let view = lock.views[lock.touchIndex]
            let stored = observe(lock.session, entries: entries, screen: view.logicalSize, rotation: view.rotation)
            for (verdict, files) in stored { lock.tell(.recorded(verdict: verdict, files: files), now: now) }
        default: break
        }
    }
}
