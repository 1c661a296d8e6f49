import SlideLockPlatform

/// One line per event (the Platform logger adds journald priorities under systemd).
protocol Logging {
    func error(_ line: String)
    func warning(_ line: String)
    func info(_ line: String)
    func debug(_ line: String)
}

/// Plain stderr lines prefixed `slidelock: `; debug lines only when verbose.
struct ConsoleLog: Logging {
    var verbose = false
    func error(_ line: String) { Console.error("slidelock: error: \(line)") }
    func warning(_ line: String) { Console.error("slidelock: warning: \(line)") }
    func info(_ line: String) { Console.error("slidelock: \(line)") }
    func debug(_ line: String) { if verbose { Console.error("slidelock: debug: \(line)") } }
}
