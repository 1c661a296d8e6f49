@preconcurrency import Glibc

/// Whole-file reads and writes, and directory listing, with errors that name the path.
public enum FileIO {
    public struct Failure: Error, CustomStringConvertible {
        public let path: String
        public let reason: String
        public var description: String { "\(path): \(reason)" }
    }

    static func reason(_ code: Int32) -> String { String(cString: strerror(code)) }

    public static func read(_ path: String) throws(Failure) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw Failure(path: path, reason: reason(errno)) }
        defer { close(fd) }
        var data: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw Failure(path: path, reason: reason(errno))
            }
            if n == 0 { return data }
            data.append(contentsOf: chunk[0..<n])
        }
    }

    public static func readText(_ path: String) throws(Failure) -> String {
        String(decoding: try read(path), as: UTF8.self)
    }

    /// Writes `bytes` to a temporary file beside `path`, then renames it over `path`, so
    /// a reader never sees half a file.
    public static func write(_ bytes: [UInt8], to path: String) throws(Failure) {
        let temp = path + ".tmp\(getpid())"
        let fd = open(temp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw Failure(path: path, reason: reason(errno)) }
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0 {
                if errno == EINTR { continue }
                let e = errno
                close(fd); unlink(temp)
                throw Failure(path: path, reason: reason(e))
            }
            offset += n
        }
        guard close(fd) == 0, rename(temp, path) == 0 else {
            let e = errno
            unlink(temp)
            throw Failure(path: path, reason: reason(e))
        }
    }

    public static func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }

    public static func isDirectory(_ path: String) -> Bool {
        var st = stat()
        return stat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR
    }

    /// Creates `path` and its parents if missing.
    public static func makeDirectories(_ path: String) throws(Failure) {
        var current = path.hasPrefix("/") ? "" : "."
        for part in path.split(separator: "/") {
            current += "/" + part
            if mkdir(current, 0o755) != 0 && errno != EEXIST {
                throw Failure(path: current, reason: reason(errno))
            }
        }
    }

    /// `directory/PREFIXn` for every entry named `prefix` + a number, in numeric order
    /// (`card2` before `card10`); empty when the directory cannot be read.
    public static func numberedEntries(_ directory: String, prefix: String) -> [String] {
        let numbers = ((try? list(directory)) ?? []).compactMap { name in
            name.hasPrefix(prefix) ? Int(name.dropFirst(prefix.count)) : nil
        }
        return numbers.sorted().map { "\(directory)/\(prefix)\($0)" }
    }

    /// Names in `directory` (no `.`/`..`), sorted; empty when it does not exist.
    public static func list(_ directory: String) throws(Failure) -> [String] {
        guard let dir = opendir(directory) else {
            if errno == ENOENT { return [] }
            throw Failure(path: directory, reason: reason(errno))
        }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }
}
