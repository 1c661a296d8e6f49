@preconcurrency import Glibc

/// The virtual-terminal half of keyboard lockout: whatever keys still reach the VT (a
/// keyboard not grabbed yet, one another process holds) do nothing there.
///
/// - termios without ISIG, ICANON, ECHO, IEXTEN, IXON on the VT that is our stdin: Ctrl+C,
///   Ctrl+\ and Ctrl+Z raise no signal, Ctrl+S stops nothing.
/// - `KDSKBMODE K_OFF`: the VT's keyboard handler drops every key before the keymap, so
///   no characters, no VT switch keys and no Ctrl+Alt+Del (`kbd_keycode()`/`k_spec()` in
///   drivers/tty/vt/keyboard.c return early for `VC_OFF`; only a SAK key stays live).
/// - `VT_LOCKSWITCH`: `set_console()` (drivers/tty/vt/vt.c) refuses every switch, from the
///   keyboard and from `chvt` (VT_ACTIVATE) alike. Global, needs CAP_SYS_TTY_CONFIG.
///
/// SysRq is not a VT matter (its own input filter, drivers/tty/sysrq.c): only the evdev
/// grab in `KeyboardLockout` keeps it away. Only a VT is touched: on a pty (ssh) Ctrl+C
/// stays the developer's. `restore()` (also deinit) undoes each step that was taken.
public final class TerminalLockout {
    // linux/kd.h and linux/vt.h: plain numbers, not in the Glibc module.
    static let kdGetKeyboardMode: UInt = 0x4B44
    static let kdSetKeyboardMode: UInt = 0x4B45
    static let keyboardOff: Int32 = 0x04
    static let vtLockSwitch: UInt = 0x560B
    static let vtUnlockSwitch: UInt = 0x560C

    private var fd: Int32 = -1
    private var ownsFD = false
    private var savedTermios: termios?
    private var savedKeyboardMode: Int32?
    private var switchLocked = false
    private var log: [LogLine] = []

    /// Locks the VT on stdin, else the foreground VT through `/dev/tty0` (keyboard mode and
    /// switch lock only: its termios belongs to whoever runs there). Never throws: each step
    /// that fails is logged and the others still apply.
    public init() {
        var chosen: Int32 = -1
        var mode: Int32 = 0
        if isatty(STDIN_FILENO) == 1 && ioctl(STDIN_FILENO, Self.kdGetKeyboardMode, &mode) == 0 {
            chosen = STDIN_FILENO
        } else {
            let tty0 = open("/dev/tty0", O_RDWR | O_CLOEXEC | O_NOCTTY)
            if tty0 >= 0 && ioctl(tty0, Self.kdGetKeyboardMode, &mode) == 0 {
                chosen = tty0
                ownsFD = true
            } else {
                if tty0 >= 0 { close(tty0) }
                log.append(
                    LogLine(
                        .info, "keyboard: no virtual terminal (stdin is not one, /dev/tty0 unusable): VT not locked"))
                return
            }
        }
        fd = chosen
        if chosen == STDIN_FILENO {
            var current = termios()
            if tcgetattr(fd, &current) == 0 {
                var raw = current
                raw.c_lflag &= ~tcflag_t(ISIG | ICANON | ECHO | IEXTEN)
                raw.c_iflag &= ~tcflag_t(IXON)
                do {
                    try systemCall("tcsetattr stdin") { tcsetattr(fd, TCSANOW, &raw) }
                    savedTermios = current
                } catch {
                    log.append(LogLine(.info, "keyboard: \(error): Ctrl+C may still signal"))
                }
            }
        }
        do {
            try systemCall("KDSKBMODE K_OFF") { ioctl(fd, Self.kdSetKeyboardMode, Self.keyboardOff) }
            savedKeyboardMode = mode
        } catch {
            log.append(LogLine(.info, "keyboard: \(error): the VT still reads keys"))
        }
        do {
            try systemCall("VT_LOCKSWITCH") { ioctl(fd, Self.vtLockSwitch) }
            switchLocked = true
        } catch {
            log.append(LogLine(.info, "keyboard: \(error): VT switching not locked"))
        }
        let parts = [
            savedTermios != nil ? "no signal keys" : nil, savedKeyboardMode != nil ? "keyboard off" : nil,
            switchLocked ? "VT switching locked" : nil,
        ].compactMap { $0 }
        if !parts.isEmpty {
            log.append(
                LogLine(
                    .info, "keyboard: \(ownsFD ? "foreground VT" : "VT on stdin"): \(parts.joined(separator: ", "))"))
        }
    }

    deinit { restore() }

    /// True while any step is in force.
    public var isLocked: Bool { savedTermios != nil || savedKeyboardMode != nil || switchLocked }

    /// Log lines since the last call.
    public func takeLog() -> [LogLine] {
        defer { log.removeAll() }
        return log
    }

    /// Undoes every step taken, in reverse order; harmless to call again.
    public func restore() {
        guard fd >= 0 else { return }
        if switchLocked { _ = ioctl(fd, Self.vtUnlockSwitch) }
        if let mode = savedKeyboardMode { _ = ioctl(fd, Self.kdSetKeyboardMode, mode) }
        if var saved = savedTermios {
            // Keys typed meanwhile (none reach a K_OFF VT, but a pty may differ) are dropped.
            _ = tcflush(fd, TCIFLUSH)
            _ = tcsetattr(fd, TCSANOW, &saved)
        }
        switchLocked = false
        savedKeyboardMode = nil
        savedTermios = nil
        if ownsFD { close(fd) }
        fd = -1
    }
}
