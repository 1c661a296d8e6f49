import CLinux
@preconcurrency import Glibc

/// The GPIO chips of `/dev` (or another directory, for tests), found by path, by the
/// kernel's name (`gpiochip0`) or by label (`pinctrl-bcm2711`). A label is not unique (two
/// I/O expanders of one kind carry the same one) and chip numbers change between kernels:
/// a label two chips carry is refused, naming both, rather than taking the first by number.
public enum GPIOChips {
    /// One chip as listed: its device path, label and name.
    public struct Entry: Equatable, Sendable {
        public var path: String
        public var label: String
        public var name: String
        public init(path: String, label: String, name: String) {
            self.path = path
            self.label = label
            self.name = name
        }
        /// `/dev/gpiochip0 (pinctrl-bcm2711)`.
        public var description: String { label.isEmpty ? path : "\(path) (\(label))" }
    }

    /// The entries `chip` names by label or name: none, one, or (ambiguous) several.
    public static func matches(_ chip: String, among entries: [Entry]) -> [Entry] {
        entries.filter { $0.label == chip || $0.name == chip }
    }

    /// Opens the chip `chip` names for the key `key` = `line`: the descriptor (close-on-exec,
    /// the caller closes it), its path and the kernel's chip info.
    public static func open(_ chip: String, devices: String, key: String, line: String) throws(GPIOLineError) -> (
        path: String, fd: Int32, info: gpiochip_info
    ) {
        if chip.hasPrefix("/") {
            do {
                let (fd, info) = try openChip(chip)
                return (chip, fd, info)
            } catch {
                throw GPIOLineError(
                    key: key, line: line,
                    problem: error.errno == ENOENT
                        ? .noChip(chip, found: list(devices).map(\.description)) : .system(error))
            }
        }
        let all = list(devices)
        let found = matches(chip, among: all)
        guard found.count <= 1 else {
            throw GPIOLineError(key: key, line: line, problem: .ambiguous(chip, chips: found.map(\.path)))
        }
        guard let entry = found.first else {
            throw GPIOLineError(key: key, line: line, problem: .noChip(chip, found: all.map(\.description)))
        }
        do {
            let (fd, info) = try openChip(entry.path)
            return (entry.path, fd, info)
        } catch {
            throw GPIOLineError(key: key, line: line, problem: .system(error))
        }
    }

    /// Every chip of `devices` that answers the chip-info ioctl.
    public static func list(_ devices: String) -> [Entry] {
        FileIO.numberedEntries(devices, prefix: "gpiochip").compactMap { path in
            guard let (fd, info) = try? openChip(path) else { return nil }
            close(fd)
            return Entry(path: path, label: cString(info.label), name: cString(info.name))
        }
    }

    static func openChip(_ path: String) throws(SystemError) -> (Int32, gpiochip_info) {
        // O_NONBLOCK: a FIFO named in the config would otherwise block the open (and the lock's
        // start) until a writer came; a chip's ioctls do not care.
        let fd = try systemCall("open \(path)") { Glibc.open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK) }
        var info = gpiochip_info()
        do {
            try systemCall("GPIO_GET_CHIPINFO_IOCTL \(path)") { slidelock_gpio_chip_info(fd, &info) }
        } catch {
            close(fd)
            throw error
        }
        return (fd, info)
    }

    static func cString<T>(_ tuple: T) -> String {
        withUnsafeBytes(of: tuple) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }
}
