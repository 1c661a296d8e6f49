import Glibc
import Testing

@testable import SlideLockCore
@testable import SlideLockPlatform
@testable import SlideLockRuntime

/// The lock runs an older config's `gesture.threshold` under 0.5 as 0.5 and logs one
/// warning naming the file, line and key, at start and on every reload (`loadForLock`).
@Suite struct ThresholdWarningTests {
    @Test func theLockRaisesALowThresholdAndWarnsOnce() throws {
        var template = Array("/tmp/slidelock-threshold-XXXXXX".utf8CString)
        let dir = try #require(template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) })
        let root = String(cString: dir)
        let path = root + "/slidelock.conf"
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        #expect(fd >= 0)
        let text = "[gesture]\nthreshold = 0.3\n"
        _ = text.withCString { write(fd, $0, strlen($0)) }
        close(fd)
        defer {
            unlink(path)
            rmdir(root)
        }
        var loader = SettingsLoader()
        loader.systemRoot = root
        loader.policy = TrustPolicy(owner: getuid())
        let log = LogCollector()
        let settings = try loader.loadForLock(log: log.logger)
        #expect(settings.gesture.threshold == 0.5)
        #expect(
            log.all == [
                "warning: config: \(path):2: gesture.threshold: 0.3 is below 0.5: a slide must cover at least "
                    + "half the track; for an easier way in, use gesture.tap_to_open"
            ])
    }
}
