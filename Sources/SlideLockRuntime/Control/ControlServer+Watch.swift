import SlideLockCore
import SlideLockPlatform

// `ctl watch`: connections the server keeps and writes change lines to. A watcher is only
// ever written to without blocking: one whose socket buffer is full (it stopped reading)
// is dropped at once, so a frame never waits for it, and nothing is queued for it.
extension ControlServer {
    /// Watchers kept at once; more are answered `busy`.
    public static let maxWatchers = 4

    struct Watcher {
        let link: ControlLink
        let json: Bool
    }

    /// Watchers connected now.
    public var watcherCount: Int { watchers.count }

    /// Keeps `incoming` as a watcher and sends it `first` (as it wants it); false, with the
    /// refusal sent, when there are enough watchers already.
    public func watch(_ incoming: Incoming, json: Bool, first: WatchEvent, time: Int64) -> Bool {
        guard watchers.count < ControlServer.maxWatchers else {
            let peer = incoming.link.peer.description
            log.append(LogLine(.warning, "ctl: refused watch from \(peer): \(watchers.count) watchers already"))
            answer(incoming.link, "error busy: \(ControlServer.maxWatchers) watchers already")
            return false
        }
        let watcher = Watcher(link: incoming.link, json: json)
        watchers.append(watcher)
        send([first], to: watcher, time: time)
        return true
    }

    /// Sends `events`, one line each, to every watcher, dropping those that cannot take them.
    public func broadcast(_ events: [WatchEvent], time: Int64) {
        guard !events.isEmpty else { return }
        for watcher in watchers { send(events, to: watcher, time: time) }
    }

    func send(_ events: [WatchEvent], to watcher: Watcher, time: Int64) {
        let text = events.map { (watcher.json ? $0.json(time: time) : $0.text) + "\n" }.joined()
        guard watcher.link.send(Array(text.utf8)) else {
            return dropWatcher(watcher, .warning, "not reading its lines, dropped")
        }
    }

    /// Watchers only listen: one that closed is let go; one that sends anything is dropped
    /// (its bytes would wake the loop for nothing).
    func checkWatchers() {
        for watcher in watchers {
            guard let bytes = watcher.link.read(limit: 64) else {
                dropWatcher(watcher, .debug, "stopped watching")
                continue
            }
            if !bytes.isEmpty { dropWatcher(watcher, .warning, "sent bytes while watching, dropped") }
        }
    }

    func dropWatcher(_ watcher: Watcher, _ level: Logger.Level, _ why: String) {
        guard let index = watchers.firstIndex(where: { $0.link === watcher.link }) else { return }
        watchers.remove(at: index)
        watcher.link.close()
        log.append(LogLine(level, "ctl: watcher \(watcher.link.peer.description) \(why)"))
    }
}
