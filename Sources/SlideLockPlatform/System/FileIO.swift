@preconcurrency import Glibc

/// Whole-file reads of what the caller names (a script, a trace, sysfs), and directory listing, with errors (`SystemError`) that
/// name the path.
///
/// Reads open with O_NONBLOCK and check with fstat before reading, so a FIFO or a device
/// (`/dev/zero`) given as a file is refused at once instead of hanging or filling memory,
/// and every read has a size limit. What root trusts is read through `TrustedOpener`, and
/// every output is written through `OutputFile`.
public enum FileIO {
    /// Size limits: a configuration file, and a touch script or evemu recording.
    public static let configLimit = 1 << 20
    public static let recordingLimit = 64 << 20

    /// The whole of `path`, at most `limit` bytes. Only regular files, unless
    /// `allowStream` (then a pipe or terminal is read to its end, still within `limit`).
    public static func read(_ path: String, limit: Int = configLimit, allowStream: Bool = false) throws(SystemError)
        -> [UInt8]
    {
        try checkPath(path, operation: "read")
        let fd = try systemCall("open", path: path) { open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY) }
        defer { close(fd) }
        var st = stat()
        try systemCall("fstat", path: path) { fstat(fd, &st) }
        let type = st.st_mode & S_IFMT
        let stream = type == S_IFIFO || type == S_IFCHR || type == S_IFSOCK
        guard type == S_IFREG || (allowStream && stream) else {
            throw SystemError(
                operation: "read", errno: EINVAL, path: path,
                detail: "not a regular file (\(typeName(type)))")
        }
        // `--config /dev/stdin` redirected from a file: that file is read as root's config,
        // so it must pass the owner and mode checks `--config FILE` would (N-b).
        if path == "/dev/stdin", type == S_IFREG,
            let problem = TrustPolicy.current.problem(mode: st.st_mode, uid: st.st_uid)
        {
            throw SystemError(
                operation: "read", errno: EACCES, path: path,
                detail: "standard input is a file that \(problem): not trusted when running as root")
        }
        if type == S_IFREG && Int(st.st_size) > limit { throw tooLarge(path, limit) }
        if stream {
            // Asked for (`--config /dev/stdin`): wait for the writer like any pipe reader.
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        }
        var data: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = try systemCall("read", path: path) {
                chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            }
            if n == 0 { return data }
            guard data.count + n <= limit else { throw tooLarge(path, limit) }
            data.append(contentsOf: chunk[0..<n])
        }
    }

    /// `read`, as UTF-8 text; invalid UTF-8 is an error naming the line.
    public static func readText(_ path: String, limit: Int = configLimit, allowStream: Bool = false) throws(SystemError)
        -> String
    {
        // `--config /dev/stdin` is the one stream a configuration may come from unasked.
        try text(try read(path, limit: limit, allowStream: allowStream || path == "/dev/stdin"), path: path)
    }

    /// `bytes` as UTF-8 text; invalid UTF-8 is an error naming the line.
    static func text(_ bytes: [UInt8], path: String) throws(SystemError) -> String {
        if let line = invalidUTF8Line(bytes) {
            throw SystemError(operation: "read", errno: EILSEQ, path: path, detail: "line \(line) is not valid UTF-8")
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The 1-based line holding the first invalid UTF-8 sequence, or nil.
    static func invalidUTF8Line(_ bytes: [UInt8]) -> Int? {
        var decoder = UTF8()
        var iterator = bytes.makeIterator()
        var line = 1
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): if scalar == "\n" { line += 1 }
            case .emptyInput: return nil
            case .error: return line
            }
        }
    }

    /// A path C can take: not empty, no NUL (C would stop there and open another file).
    static func checkPath(_ path: String, operation: String) throws(SystemError) {
        if path.isEmpty { throw SystemError(operation: operation, errno: ENOENT, path: path, detail: "empty path") }
        if path.utf8.contains(0) {
            throw SystemError(
                operation: operation, errno: EINVAL, path: path, detail: "the path contains a NUL character")
        }
    }

    static func tooLarge(_ path: String, _ limit: Int) -> SystemError {
        SystemError(operation: "read", errno: EFBIG, path: path, detail: "larger than \(sizeName(limit))")
    }

    /// `1 MiB`, `64 MiB`, `512 KiB`.
    static func sizeName(_ bytes: Int) -> String {
        bytes >= 1 << 20 && bytes % (1 << 20) == 0 ? "\(bytes >> 20) MiB" : "\(bytes >> 10) KiB"
    }

    static func typeName(_ type: mode_t) -> String {
        switch type {
        case S_IFDIR: return "a directory"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFIFO: return "a FIFO"
        case S_IFSOCK: return "a socket"
        case S_IFLNK: return "a symbolic link"
        default: return "mode \(String(type, radix: 8))"
        }
    }

    public static func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }

    public static func isDirectory(_ path: String) -> Bool {
        var st = stat()
        return stat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR
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
    public static func list(_ directory: String) throws(SystemError) -> [String] {
        let dir: OpaquePointer
        do { dir = try systemPointerCall("opendir", path: directory) { opendir(directory) } } catch {
            if error.errno == ENOENT { return [] }
            throw error
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
