import SlideLockCore
import SlideLockPlatform
import SlideLockRuntime

extension RelayCommand {
    /// `slidelock relay import FILE`: the old `/etc/default/slidelock-relay` read as root
    /// reads what it trusts, printed as a `[relay]` drop-in. The package's postinst writes
    /// it to conf.d on an upgrade from a version that shipped that file.
    static func importDefaults(_ argv: [String]) throws -> Int32 {
        guard argv.count == 1, let path = argv.first, !path.hasPrefix("-") else {
            throw UsageError(message: "import takes one FILE: slidelock relay import /etc/default/slidelock-relay")
        }
        let text: String
        do { text = try TrustedOpener.open(path).readText(limit: 64 << 10) } catch let error as TrustError {
            return fail(badSettings, error.isMissing ? "import: cannot read \(path): no such file" : "import: \(error)")
        }
        switch RelayDefaults.parse(text, file: path) {
        case .success(let old):
            Console.out(RelaySettings(legacy: old).dropIn(from: path), terminator: "")
            return ExitStatus.ok
        case .failure(let errors):
            for error in errors.errors { Console.error("slidelock relay: import: \(error)") }
            return badSettings
        }
    }
}
