/// A short fingerprint of an effective configuration (`ctl status`'s `config`): 16 hex
/// digits of FNV-1a over `ConfigLoader.render`, so two configurations that load to the same
/// settings share it whatever their comments, order or files. It tells a site that a panel
/// runs the configuration it expects; it is not a defence against a forged one.
public enum ConfigDigest {
    public static func of(_ settings: Settings) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in ConfigLoader.render(settings).utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
