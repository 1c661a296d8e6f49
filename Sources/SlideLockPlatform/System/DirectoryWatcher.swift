import CLinux
@preconcurrency import Glibc

/// A directory watched through inotify for entries created, deleted, or whose attributes
/// changed (udev giving a fresh devtmpfs node its group and mode): `/dev/input` for
/// hot-plugged touch devices and keyboards. Non-blocking: poll `descriptor`, then take
/// `changes()`.
public final class DirectoryWatcher {
    /// What happened to an entry.
    public enum Change: Equatable, Sendable {
        case created
        case attributes
        case deleted
    }

    public let directory: String
    /// The inotify descriptor, for `poll`.
    public let descriptor: Int32
    /// Why `directory` is not watched (missing, not readable), nil when it is; the
    /// descriptor then never becomes readable.
    public let failure: SystemError?

    /// Watches `directory`. Throws only when inotify itself is unavailable (`inotify_init1`:
    /// out of descriptors or instances); a directory that cannot be watched is `failure`.
    public init(_ directory: String) throws(SystemError) {
        self.directory = directory
        let fd = try systemCall("inotify_init1") { inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC)) }
        descriptor = fd
        do {
            try systemCall("inotify") { inotify_add_watch(fd, directory, UInt32(IN_CREATE | IN_ATTRIB | IN_DELETE)) }
            failure = nil
        } catch {
            failure = error
        }
    }

    deinit { close(descriptor) }

    /// Every change waiting, oldest first, as the entry's name and what happened to it.
    /// Never blocks.
    public func changes() -> [(name: String, change: Change)] {
        var found: [(name: String, change: Change)] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count =
                (try? systemCall("read") {
                    buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                }) ?? -1
            guard count > 0 else { return found }
            for (mask, name) in Self.parse(buffer.prefix(count)) {
                let change: Change =
                    mask & UInt32(IN_DELETE) != 0 ? .deleted : mask & UInt32(IN_CREATE) != 0 ? .created : .attributes
                found.append((name, change))
            }
        }
    }

    /// Each `struct inotify_event { int wd; uint32_t mask, cookie, len; char name[len]; }` in
    /// `bytes` (what one `read` returned) as its mask and its name (NUL padding dropped); a
    /// truncated last record is left out.
    static func parse(_ bytes: ArraySlice<UInt8>) -> [(mask: UInt32, name: String)] {
        var records: [(mask: UInt32, name: String)] = []
        let base = bytes.startIndex
        var offset = 0
        while offset + 16 <= bytes.count {
            func word(_ at: Int) -> UInt32 {
                (0..<4).reduce(UInt32(0)) { $0 | UInt32(bytes[base + offset + at + $1]) << (8 * UInt32($1)) }
            }
            let mask = word(4)
            let length = Int(word(12))
            let end = min(bytes.count, offset + 16 + length)
            let name = bytes[(base + offset + 16)..<(base + end)].prefix { $0 != 0 }
            records.append((mask, String(decoding: name, as: UTF8.self)))
            offset += 16 + length
        }
        return records
    }
}
