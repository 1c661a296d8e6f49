@preconcurrency import Glibc
import SlideLockCore
import SlideLockPlatform
import SlideLockRuntime

/// `slidelock ctl`: one request to the running lock over its control socket.
enum CtlCommand {
    static let help = """
        Usage: slidelock ctl [--socket PATH] REQUEST...

        Sends one request to the running lock screen and prints its answer.

          status [--json]           state, display, lockdown, message, last unlock, counts,
                                    outputs, touch devices, door, tamper, version, uptime
                                    and the configuration's digest
          watch [--json]            the status, then a line per change until the lock stops
                                    (docs/ctl.md: the lines are the MQTT bridge's contract)
          lock                      relock now (as SIGUSR1)
          wake                      wake a dim or blank panel (as SIGUSR2)
          reload                    reload the configuration (as SIGHUP)
          unlock                    open as a slide would (exit or hook); refused in lockdown
          message TEXT [--for SECONDS]   show TEXT above the track (until replaced, or SECONDS)
          message --clear           show the configured message again
          lockdown on|off           refuse every slide and every ctl unlock until off
          tamper-reset              end the tamper alarm (refused while the input is active)
          display on|dim|off        panel power now; a touch on a dim or dark panel wakes it
          identify                  a bright border for 10 s, and the feedback hook's identify

          --socket PATH             the lock's socket (default \(ControlSettings.defaultSocket))

        Root, or a member of the lock's control.group, may send requests.
        Exit status: 0 done, 1 refused or no lock running, 2 bad request.
        """

    static func run(_ argv: [String]) throws -> Int32 {
        var items = argv
        if items.first == "--help" || items.first == "-h" {
            Console.out(help)
            return ExitStatus.ok
        }
        var socket = ControlSettings.defaultSocket
        if items.first == "--socket" {
            guard items.count >= 2, !items[1].isEmpty, !items[1].hasPrefix("-") else {
                throw UsageError(message: "--socket needs a path")
            }
            socket = items[1]
            items.removeFirst(2)
        }
        let request: ControlRequest
        switch ControlRequest.parse(arguments: items) {
        case .success(let r): request = r
        case .failure(let error): throw UsageError(message: error.message)
        }
        if case .watch = request { return watch(request, socket: socket) }
        let reply: String
        do {
            reply = try ControlClient.request(request.line, socket: socket)
        } catch {
            Console.error("slidelock ctl: \(describe(error, socket: socket))")
            return ExitStatus.failure
        }
        if reply == "ok" || reply.hasPrefix("ok ") {
            let text = String(reply.dropFirst(3))
            if !text.isEmpty { Console.out(text) }
            return ExitStatus.ok
        }
        let text = reply.hasPrefix("error ") ? String(reply.dropFirst(6)) : reply
        Console.error("slidelock ctl: \(request.verb): \(text)")
        return ExitStatus.failure
    }

    /// `watch`: each line as it comes (flushed, for a pipe); the lock's refusal, or its
    /// going away, is an error.
    static func watch(_ request: ControlRequest, socket: String) -> Int32 {
        var refusal: String?
        var first = true
        do {
            try ControlClient.stream(request.line, socket: socket) { line in
                if first, line.hasPrefix("error ") { refusal = String(line.dropFirst(6)) }
                first = false
                guard refusal == nil else { return }
                Console.out(line)
                Console.flush()
            }
        } catch {
            Console.error("slidelock ctl: \(describe(error, socket: socket))")
            return ExitStatus.failure
        }
        Console.error("slidelock ctl: watch: " + (refusal ?? "the lock closed the connection"))
        return ExitStatus.failure
    }

    /// The one line for a failed connection, in a person's words.
    static func describe(_ error: SystemError, socket: String) -> String {
        switch error.errno {
        case ENOENT, ECONNREFUSED: return "no lock running (nothing listens on \(socket))"
        case EACCES, EPERM: return "permission denied on \(socket) (root or control.group only)"
        default: return error.description
        }
    }
}
