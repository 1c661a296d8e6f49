import SlideLockCore

extension LockLoop {
    /// Hands the batch's log lines and the authority to the flight recorder, which writes
    /// a verdict's files now: after the session decided, before the next frame.
    func recordVerdicts(_ entries: [LockLogEntry]) {
        guard let recorder, views.indices.contains(touchIndex) else { return }
        let view = views[touchIndex]
        recorder.observe(session, entries: entries, screen: view.logicalSize, rotation: view.rotation)
    }
}
