import CLinux
@preconcurrency import Glibc
import SlideLockCore

/// The kernel's device events as a pollable descriptor: a NETLINK_KOBJECT_UEVENT socket
/// bound to the kernel's broadcast group (1; udev re-broadcasts on group 2). Listening needs
/// no privilege (the kernel marks this family NL_CFG_F_NONROOT_RECV).
public final class UeventMonitor {
    /// Poll for POLLIN, then `read()`.
    public let fd: Int32
    /// Set when the kernel dropped events because the socket buffer was full.
    public private(set) var lostEvents = false

    public init() throws {
        let fd = try systemCall("socket NETLINK_KOBJECT_UEVENT") {
            socket(
                AF_NETLINK, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue),
                NETLINK_KOBJECT_UEVENT)
        }
        var address = sockaddr_nl()
        address.nl_family = sa_family_t(AF_NETLINK)
        address.nl_groups = 1
        do {
            try systemCall("bind NETLINK_KOBJECT_UEVENT") {
                withUnsafePointer(to: &address) {
                    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                        bind(fd, $0, socklen_t(MemoryLayout<sockaddr_nl>.size))
                    }
                }
            }
        } catch {
            Glibc.close(fd)
            throw error
        }
        self.fd = fd
    }

    deinit { Glibc.close(fd) }

    /// Every event waiting, oldest first; empty when none. Datagrams that do not come from
    /// the kernel itself (sender port 0) or do not parse are dropped.
    public func read() -> [Uevent] {
        var events: [Uevent] = []
        var buffer = [UInt8](repeating: 0, count: 8192)
        while true {
            var sender = sockaddr_nl()
            var length = socklen_t(MemoryLayout<sockaddr_nl>.size)
            let n: Int
            do {
                n = try systemCall("recvfrom") {
                    buffer.withUnsafeMutableBytes { raw in
                        withUnsafeMutablePointer(to: &sender) {
                            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                                recvfrom(fd, raw.baseAddress, raw.count, 0, $0, &length)
                            }
                        }
                    }
                }
            } catch let error where error.errno == ENOBUFS {
                // The socket overflowed and events were lost; one of them may have been a
                // hotplug, so `takeDRMHotplug` answers yes once.
                lostEvents = true
                continue
            } catch {
                return events // EAGAIN: drained
            }
            if n == 0 { return events }
            guard sender.nl_pid == 0, let event = Uevent(datagram: Array(buffer[0..<n])) else { continue }
            events.append(event)
        }
    }

    /// True when any waiting event is a DRM hotplug (drains the socket).
    public func takeDRMHotplug() -> Bool {
        let hotplug = read().contains(where: \.isDRMHotplug)
        defer { lostEvents = false }
        return hotplug || lostEvents
    }
}
