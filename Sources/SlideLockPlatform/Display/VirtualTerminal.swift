@preconcurrency import Glibc

/// Puts the current virtual terminal into graphics mode while slidelock owns the screen, so
/// the kernel's text console (fbcon) neither draws over our frames nor blanks the screen, and
/// restores the previous mode afterwards.
final class VirtualTerminal {
    // linux/kd.h: KDSETMODE/KDGETMODE take KD_TEXT (0) or KD_GRAPHICS (1). They are plain
    // numbers there; the Glibc module does not include <linux/kd.h>, so they are spelled here.
    private static let kdSetMode: UInt = 0x4B3A
    private static let kdGetMode: UInt = 0x4B3B
    private static let kdText: Int32 = 0
    private static let kdGraphics: Int32 = 1

    private let fd: Int32
    private let ownsFD: Bool
    private let savedMode: Int32

    /// Switches the VT on stdin (if it is one), else the foreground VT through `/dev/tty0`,
    /// to graphics mode. `nil` when there is no VT to switch (ssh, serial console, no
    /// CONFIG_VT, no permission): slidelock still runs, the console may just show through.
    init?() {
        var candidates: [(fd: Int32, owned: Bool)] = []
        if isatty(STDIN_FILENO) == 1 { candidates.append((STDIN_FILENO, false)) }
        let tty0 = open("/dev/tty0", O_RDWR | O_CLOEXEC | O_NOCTTY)
        if tty0 >= 0 { candidates.append((tty0, true)) }
        var chosen: (fd: Int32, owned: Bool, mode: Int32)?
        for candidate in candidates where chosen == nil {
            var mode: Int32 = 0
            // KDGETMODE fails with ENOTTY on anything that is not a VT (pty, serial line).
            if ioctl(candidate.fd, VirtualTerminal.kdGetMode, &mode) == 0 {
                chosen = (candidate.fd, candidate.owned, mode)
            }
        }
        if tty0 >= 0 && chosen?.fd != tty0 { close(tty0) }
        guard let chosen, ioctl(chosen.fd, VirtualTerminal.kdSetMode, VirtualTerminal.kdGraphics) == 0 else {
            if let chosen, chosen.owned { close(chosen.fd) }
            return nil
        }
        fd = chosen.fd
        ownsFD = chosen.owned
        savedMode = chosen.mode
    }

    /// Leave the VT in graphics mode on release: back in text mode fbcon would reprogram
    /// its own mode (fb_set_par) and the console would reappear over a black exit.
    var staysInGraphicsMode = false

    /// Back to the mode found at start (text, normally): fbcon redraws the console.
    deinit {
        let mode =
            staysInGraphicsMode || savedMode == VirtualTerminal.kdGraphics
            ? VirtualTerminal.kdGraphics : VirtualTerminal.kdText
        _ = ioctl(fd, VirtualTerminal.kdSetMode, mode)
        if ownsFD { close(fd) }
    }
}
