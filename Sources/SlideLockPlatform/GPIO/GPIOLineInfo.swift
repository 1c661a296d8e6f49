import CLinux
@preconcurrency import Glibc
import SlideLockCore

/// What the kernel says about one GPIO line (GPIO_V2_GET_LINEINFO_IOCTL on the chip's
/// character device): who holds it and how. Any process may ask, also while another holds
/// the line; only the holder can read its level.
public struct GPIOLineInfo: Equatable, Sendable {
    /// The line's name from the device tree (`GPIO17`), often empty.
    public var name: String
    /// The label its holder gave when it requested the line (`gpioset`), empty when free.
    public var consumer: String
    /// Requested by a process or a driver right now.
    public var isUsed: Bool
    public var isOutput: Bool
    public var isActiveLow: Bool

    /// `output, active-high` or `input`.
    public var direction: String {
        isOutput ? "output, active-\(isActiveLow ? "low" : "high")" : "input"
    }

    /// `/dev/gpiochip1` for `gpiochip1`, `1` or a path (libgpiod 2's ways of naming a chip).
    public static func chipPath(_ chip: String) -> String {
        if chip.hasPrefix("/") { return chip }
        if !chip.isEmpty, chip.allSatisfy(\.isNumber) { return "/dev/gpiochip" + chip }
        return "/dev/" + chip
    }

    /// The line `offset` of `chip` (see `chipPath`). Throws `GPIOError` naming the chip and
    /// line when the chip is missing or has no such line.
    public static func read(chip: String, offset: Int) throws(GPIOError) -> GPIOLineInfo {
        let path = chipPath(chip)
        let fd: Int32
        do { fd = try systemCall("open \(path)") { open(path, O_RDONLY | O_CLOEXEC) } } catch {
            throw GPIOError(chip: chip, line: offset, problem: error.errno == ENOENT ? .noChip : .system(error))
        }
        defer { close(fd) }
        var chipInfo = gpiochip_info()
        do { try systemCall("GPIO_GET_CHIPINFO_IOCTL \(path)") { slidelock_gpio_chip_info(fd, &chipInfo) } } catch {
            throw GPIOError(chip: chip, line: offset, problem: .system(error))
        }
        guard offset >= 0, offset < Int(chipInfo.lines) else {
            throw GPIOError(chip: chip, line: offset, problem: .noLine(lines: Int(chipInfo.lines)))
        }
        var info = gpio_v2_line_info()
        info.offset = UInt32(offset)
        do { try systemCall("GPIO_V2_GET_LINEINFO_IOCTL \(path)") { slidelock_gpio_line_info(fd, &info) } } catch {
            throw GPIOError(chip: chip, line: offset, problem: .system(error))
        }
        let flags = info.flags
        return GPIOLineInfo(
            name: withUnsafeBytes(of: info.name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) },
            consumer: withUnsafeBytes(of: info.consumer) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) },
            isUsed: flags & UInt64(GPIO_V2_LINE_FLAG_USED.rawValue) != 0,
            isOutput: flags & UInt64(GPIO_V2_LINE_FLAG_OUTPUT.rawValue) != 0,
            isActiveLow: flags & UInt64(GPIO_V2_LINE_FLAG_ACTIVE_LOW.rawValue) != 0)
    }
}

/// A GPIO line that cannot be looked at: `gpiochip9: no such GPIO chip`.
public struct GPIOError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Problem: Equatable, Sendable {
        case noChip
        case noLine(lines: Int)
        case system(SystemError)
    }
    public var chip: String
    public var line: Int
    public var problem: Problem

    public init(chip: String, line: Int, problem: Problem) {
        self.chip = chip
        self.line = line
        self.problem = problem
    }

    public var description: String {
        switch problem {
        case .noChip: "\(chip): no such GPIO chip (see gpiodetect)"
        case .noLine(let lines): "\(chip) has no line \(line) (it has \(lines): 0...\(lines - 1))"
        case .system(let error): "\(chip) line \(line): \(error)"
        }
    }
}

extension GPIOLineInfo {
    /// The line a `CHIP:LINE` key names, found as the lock would find it (`GPIOChips`), and
    /// who holds it now: `/dev/gpiochip0 (pinctrl-bcm2711) line 17, free`.
    public static func describe(_ line: String, key: String, devices: String = "/dev") throws(GPIOLineError) -> String {
        guard let (chip, offset) = ButtonSettings.parse(line) else {
            throw GPIOLineError(key: key, line: line, problem: .badLine)
        }
        let (path, fd, info) = try GPIOChips.open(chip, devices: devices, key: key, line: line)
        close(fd)
        let label = GPIOChips.cString(info.label)
        let chipDescription = label.isEmpty ? path : "\(path) (\(label))"
        guard offset < Int(info.lines) else {
            throw GPIOLineError(key: key, line: line, problem: .noLine(chip: chipDescription, lines: Int(info.lines)))
        }
        let now: GPIOLineInfo
        do { now = try read(chip: path, offset: offset) } catch {
            if case .system(let system) = error.problem {
                throw GPIOLineError(key: key, line: line, problem: .system(system))
            }
            throw GPIOLineError(key: key, line: line, problem: .noLine(chip: chipDescription, lines: Int(info.lines)))
        }
        let holder =
            now.isUsed ? "held by \(now.consumer.isEmpty ? "the kernel" : now.consumer) (\(now.direction))" : "free"
        return "\(chipDescription) line \(offset), \(holder)"
    }
}
