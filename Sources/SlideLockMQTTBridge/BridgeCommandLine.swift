@preconcurrency import Glibc
import SlideLockCore
import SlideLockMQTT
import SlideLockPlatform

/// `slidelock-mqtt`'s flags and what each does; `main.swift` only calls `run`.
public enum BridgeCommandLine {
    public static let defaultConfig = "/etc/slidelock/mqtt.conf"
    public static let defaultSocket = "/run/slidelock-ctl/control"

    public static let help = """
        Usage: slidelock-mqtt [--config PATH] [--socket PATH] [--check | --forget | --print-discovery]

        Bridges the lock's control socket to the site's MQTT broker (docs/site.md): publishes
        what `slidelock ctl watch --json` says, with Home Assistant discovery, and passes the
        commands mqtt.conf allows back to the lock.

          --config PATH       the bridge's settings (default \(defaultConfig)); it, and the
                              files it names, must belong to root and be writable by root only
          --socket PATH       the lock's control socket (default \(defaultSocket))
          --check             read the settings and the files they name, then exit
          --forget            clear the panel's retained discovery and states on the broker, exit
          --print-discovery   print each discovery message as `TOPIC PAYLOAD` (an empty payload
                              clears a config), without connecting
          --help              this text

        Exit status: 0 done, 1 bad settings or broker unreachable (--forget), 2 bad flags.
        """

    enum Mode { case run, check, forget, printDiscovery }

    /// The exit status for `arguments` (argv without argv[0]).
    public static func run(_ arguments: [String]) -> Int32 {
        var config = defaultConfig
        var socket = defaultSocket
        var mode = Mode.run
        var items = arguments[...]
        while let flag = items.popFirst() {
            switch flag {
            case "--help", "-h":
                Console.out(help)
                return 0
            case "--config", "--socket":
                guard let value = items.popFirst(), !value.isEmpty, !value.hasPrefix("-") else {
                    return usage("\(flag) needs a path")
                }
                if flag == "--config" { config = value } else { socket = value }
            case "--check", "--forget", "--print-discovery":
                guard mode == .run else { return usage("--check, --forget and --print-discovery do not go together") }
                mode = flag == "--check" ? .check : flag == "--forget" ? .forget : .printDiscovery
            default:
                return usage("unknown flag \(flag)")
            }
        }
        if mode == .printDiscovery {
            do {
                let (_, settings) = try BridgeConfig.loadSettings(path: config)
                for message in HomeAssistantDiscovery(settings: settings).configs() {
                    Console.out(message.topic + " " + message.payload)
                }
                return 0
            } catch { return failure("\(error)") }
        }
        let loaded: BridgeConfig
        do { loaded = try BridgeConfig.load(path: config) } catch { return failure("\(error)") }
        switch mode {
        case .check:
            Console.out("\(config): ok (broker \(loaded.settings.broker), client id \(loaded.settings.clientID))")
            return 0
        case .forget:
            do throws(BridgeError) { try BridgeForget.run(config: loaded) } catch { return failure("\(error)") }
            Console.out("cleared the discovery and the states of \(loaded.settings.clientID)")
            return 0
        case .run, .printDiscovery:
            do {
                let bridge = try MQTTBridge(
                    config: loaded, options: MQTTBridge.Options(socket: socket),
                    log: { Console.error("slidelock-mqtt: " + $0) })
                try bridge.run()
                return 0
            } catch { return failure("\(error)") }
        }
    }

    private static func usage(_ message: String) -> Int32 {
        Console.error("slidelock-mqtt: \(message) (see --help)")
        return 2
    }

    /// Each line of `text` as one error line.
    private static func failure(_ text: String) -> Int32 {
        for line in text.split(separator: "\n") { Console.error("slidelock-mqtt: " + line) }
        return 1
    }
}
