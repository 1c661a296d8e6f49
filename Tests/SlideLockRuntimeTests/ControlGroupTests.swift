import Testing

@testable import SlideLockCore
@testable import SlideLockPlatform
@testable import SlideLockRuntime

/// `control.group` at start: the shipped `slidelock-ctl` may not exist where the lock runs
/// (a copy installed by hand, a test guest): the lock starts, the socket is root's only, and
/// the log says why.
@Suite struct ControlGroupTests {
    @Test func anUnknownGroupLeavesTheSocketToRootAndSaysSo() {
        let logs = LogBox()
        let log = Logger(systemd: false, sink: { _, line in logs.lines.append(line) })
        let access = LockScreen.controlAccess("no-such-group-here", log: log)
        #expect(access.group == nil)
        #expect(!access.allows(ControlPeer(pid: 9, uid: 1000, gid: 1000)))
        #expect(access.allows(ControlPeer(pid: 9, uid: 0, gid: 0)))
        #expect(
            logs.lines == [#"control.group: no group named "no-such-group-here": the control socket is root's only"#])
    }

    @Test func aKnownGroupByNumberIsAllowed() {
        let logs = LogBox()
        let access = LockScreen.controlAccess(
            "4242", log: Logger(systemd: false, sink: { _, l in logs.lines.append(l) }))
        #expect(access.allows(ControlPeer(pid: 9, uid: 1000, gid: 4242)))
        #expect(logs.lines.isEmpty)
    }
}
