import SlideLockCore
import SlideLockPlatform

// `ctl watch`: once a turn, after the session has seen the turn's events, the watchers are
// sent the decisions made and what changed in the status since they were last told.
extension LockControl {
    /// Keeps `incoming` as a watcher, its first line the status now.
    func startWatching(_ incoming: ControlServer.Incoming, json: Bool, lock: LockLoop, now: Double) {
        guard let server else { return }
        // The others hear of this turn's changes first: the newcomer's status holds them.
        publish(lock, now: now)
        let s = status(lock, now: now)
        if server.watch(incoming, json: json, first: .status(s), time: wallClock()) {
            watched = s
            lock.log.debug("ctl watch from \(incoming.link.peer.description): \(server.watcherCount) watching")
        }
        for line in server.takeLog() { lock.log.log(line) }
    }

    /// Sends the watchers this turn's lines; with none, forgets them.
    func publish(_ lock: LockLoop, now: Double) {
        guard let server, server.watcherCount > 0, let before = watched else {
            pendingWatch.removeAll()
            watched = nil
            return
        }
        let s = status(lock, now: now)
        let events = pendingWatch + WatchEvent.changes(from: before, to: s)
        pendingWatch.removeAll()
        watched = s
        server.broadcast(events, time: wallClock())
        for line in server.takeLog() { lock.log.log(line) }
    }
}
