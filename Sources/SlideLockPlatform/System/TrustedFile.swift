@preconcurrency import Glibc

/// A regular file opened by `TrustedOpener`: read, mapped or executed from this descriptor
/// (the one that was checked), never reopened by path. Owns the descriptor.
public final class TrustedFile {
    /// The path asked for (for messages).
    public let path: String
    /// Read-only, close-on-exec.
    public let descriptor: Int32
    /// Its size in bytes when opened.
    public let size: Int
    /// Device and inode: the same file under two names is the same `identity`.
    public let identity: [UInt64]

    init(descriptor: Int32, path: String, info: stat) {
        self.descriptor = descriptor
        self.path = path
        size = Int(info.st_size)
        identity = [UInt64(info.st_dev), UInt64(info.st_ino)]
    }

    deinit { close(descriptor) }

    /// The whole file, at most `limit` bytes.
    public func read(limit: Int = FileIO.configLimit) throws(SystemError) -> [UInt8] {
        if size > limit { throw FileIO.tooLarge(path, limit) }
        var data: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = try systemCall("read", path: path) {
                chunk.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, off_t(data.count)) }
            }
            if n == 0 { return data }
            // The file may have grown since it was opened.
            guard data.count + n <= limit else { throw FileIO.tooLarge(path, limit) }
            data.append(contentsOf: chunk[0..<n])
        }
    }

    /// `read`, as UTF-8 text; invalid UTF-8 is an error naming the line.
    public func readText(limit: Int = FileIO.configLimit) throws(SystemError) -> String {
        try FileIO.text(try read(limit: limit), path: path)
    }

    /// The whole file mapped read-only (a font: FreeType reads what it needs, the kernel
    /// pages it in; a CJK collection is tens of MB). The mapping outlives this object.
    public func map(limit: Int) throws(SystemError) -> MappedFile {
        if size > limit { throw FileIO.tooLarge(path, limit) }
        guard size > 0 else { throw SystemError(operation: "mmap", errno: EINVAL, path: path, detail: "empty file") }
        let base = try systemPointerCall("mmap", path: path) {
            mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0).flatMap { $0 == MAP_FAILED ? nil : $0 }
        }
        return MappedFile(base: UnsafeRawPointer(base), count: size, path: path)
    }

    /// The first line of the file when it starts with `#!` (a script's interpreter line),
    /// without the `#!`; nil for anything else (a binary).
    public func interpreterLine() -> String? {
        // The kernel reads at most 256 bytes of it (BINPRM_BUF_SIZE, Linux >= 5.1).
        var head = [UInt8](repeating: 0, count: 256)
        let n = head.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        guard n >= 2, head[0] == UInt8(ascii: "#"), head[1] == UInt8(ascii: "!") else { return nil }
        let line = head[2..<n].prefix { $0 != UInt8(ascii: "\n") }
        return String(decoding: line, as: UTF8.self)
    }
}
