@preconcurrency import Glibc
import SlideLockCore
import SlideLockMQTT
import SlideLockPlatform

/// mqtt.conf and the files it names, as the bridge starts (and `--check`). Each is opened
/// through `TrustedOpener` with root's policy whoever runs the bridge (it runs as its own
/// user): whoever could write one of them could turn on `allow_open`, or point the bridge
/// at a broker of their own. The password and the key must not be readable by others either.
public struct BridgeConfig {
    public let settings: MQTTSettings
    /// The first line of `password_file`.
    public let password: String?
    /// The TLS files, kept open: libmosquitto reads them at every connection by their
    /// `/proc/self/fd` names, so it reads the very files that were checked.
    private let tlsFiles: [String: TrustedFile]

    /// Root owns the files and every directory above them, and only root may write them.
    public static let policy = TrustPolicy(owner: 0)

    public var caFile: String? { tlsFiles["ca_file"].map(Self.descriptorPath) }
    public var certFile: String? { tlsFiles["cert_file"].map(Self.descriptorPath) }
    public var keyFile: String? { tlsFiles["key_file"].map(Self.descriptorPath) }

    private static func descriptorPath(_ file: TrustedFile) -> String { "/proc/self/fd/\(file.descriptor)" }

    /// Reads `path` and what it names; every problem is one line `FILE[:LINE]: [KEY: ]why`.
    public static func load(path: String, hostName: String = BridgeConfig.hostName(), policy: TrustPolicy = policy)
        throws(ConfigErrors) -> BridgeConfig
    {
        let (source, settings) = try loadSettings(path: path, hostName: hostName, policy: policy)
        var errors: [ConfigError] = []
        func open(_ key: String, _ file: String?, secret: Bool) -> TrustedFile? {
            guard let file else { return nil }
            do throws(BridgeError) {
                return try openFile(file, secret: secret, policy: policy)
            } catch {
                errors.append(
                    ConfigError(
                        file: path, line: MQTTSettings.line(of: key, in: source), key: "mqtt." + key,
                        message: error.description))
                return nil
            }
        }
        var password: String?
        if let file = open("password_file", settings.passwordFile, secret: true) {
            do throws(BridgeError) { password = try firstLine(file) } catch {
                errors.append(
                    ConfigError(
                        file: path, line: MQTTSettings.line(of: "password_file", in: source), key: "mqtt.password_file",
                        message: error.description))
            }
        }
        var tlsFiles: [String: TrustedFile] = [:]
        tlsFiles["ca_file"] = open("ca_file", settings.caFile, secret: false)
        tlsFiles["cert_file"] = open("cert_file", settings.certFile, secret: false)
        tlsFiles["key_file"] = open("key_file", settings.keyFile, secret: true)
        guard errors.isEmpty else { throw ConfigErrors(errors) }
        return BridgeConfig(settings: settings, password: password, tlsFiles: tlsFiles)
    }

    /// mqtt.conf alone, without the files it names (`--print-discovery` needs no secret).
    public static func loadSettings(
        path: String, hostName: String = BridgeConfig.hostName(), policy: TrustPolicy = policy
    )
        throws(ConfigErrors) -> (ConfigSource, MQTTSettings)
    {
        let source: ConfigSource
        do {
            source = ConfigSource(
                name: path, text: try TrustedOpener.open(path, policy: policy).readText(limit: 64 << 10))
        } catch let error as TrustError {
            throw ConfigErrors([.unreadable(file: path, reason: error.reason)])
        } catch {
            throw ConfigErrors([.unreadable(file: path, reason: "\(error)")])
        }
        return (source, try MQTTSettings.load(source, hostName: hostName))
    }

    /// `file` opened as trusted; a secret must not be readable by others as well.
    static func openFile(_ path: String, secret: Bool, policy: TrustPolicy) throws(BridgeError) -> TrustedFile {
        let file: TrustedFile
        do { file = try TrustedOpener.open(path, policy: policy) } catch { throw BridgeError(error.description) }
        var info = stat()
        do { try systemCall("fstat", path: path) { fstat(file.descriptor, &info) } } catch {
            throw BridgeError(error.description)
        }
        if secret, info.st_mode & 0o004 != 0 {
            throw BridgeError(
                "\(path) is readable by others (mode 0\(String(info.st_mode & 0o7777, radix: 8))): a secret must not be"
            )
        }
        return file
    }

    /// The password: the file's first line, without its newline.
    static func firstLine(_ file: TrustedFile) throws(BridgeError) -> String {
        let text: String
        do { text = try file.readText(limit: 4096) } catch { throw BridgeError(error.description) }
        let line = String(text.prefix { $0 != "\n" && $0 != "\r\n" })
        guard !line.isEmpty else { throw BridgeError("\(file.path): the first line (the password) is empty") }
        guard !line.utf8.contains(0) else { throw BridgeError("\(file.path): the password holds a NUL byte") }
        return line
    }

    /// This machine's name: the default client id.
    public static func hostName() -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

extension BridgeConfig {
    /// A libmosquitto client for this broker: the credentials and, for mqtts://, TLS.
    func client(id: String, payloadLimit: Int = 1 << 20) throws(BridgeError) -> MosquittoClient {
        let client = try MosquittoClient(clientID: id, payloadLimit: payloadLimit)
        if let username = settings.username { try client.setCredentials(username: username, password: password) }
        if settings.broker.tls { try client.setTLS(caFile: caFile, certFile: certFile, keyFile: keyFile) }
        return client
    }
}
