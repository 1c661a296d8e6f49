@preconcurrency import Glibc

/// A read-only mapping of a whole file; unmapped when released.
public final class MappedFile: @unchecked Sendable {
    public let base: UnsafeRawPointer
    public let count: Int
    public let path: String

    init(base: UnsafeRawPointer, count: Int, path: String) {
        self.base = base
        self.count = count
        self.path = path
    }

    deinit { munmap(UnsafeMutableRawPointer(mutating: base), count) }

    public var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: base, count: count) }
}
