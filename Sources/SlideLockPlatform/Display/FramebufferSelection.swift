/// Which `/dev/fbN` `display.fbdev` means: a path as it is, or the name its driver gives
/// the framebuffer (`/sys/class/graphics/fbN/name`, e.g. `fb_ili9341` for an fbtft SPI
/// panel, `Virtual FB`), since the number a panel gets depends on what probed first.
public enum FramebufferSelection {
    /// One framebuffer the kernel lists: its device node and its driver's name for it.
    public struct Candidate: Equatable, Sendable {
        public var path: String
        public var name: String

        public init(path: String, name: String) {
            self.path = path
            self.name = name
        }
    }

    /// The device path `spec` names among `candidates`.
    public static func choose(_ spec: String, among candidates: [Candidate]) throws(DisplayError) -> String {
        if spec.hasPrefix("/") { return spec }
        if let match = candidates.first(where: { $0.name == spec }) { return match.path }
        throw DisplayError.noFramebuffer(name: spec, available: candidates.map { "\($0.path) (\($0.name))" })
    }

    /// The framebuffers in `sysfs` (`/sys/class/graphics`), in numeric order.
    public static func candidates(sysfs: String = "/sys/class/graphics", devices: String = "/dev") -> [Candidate] {
        FileIO.numberedEntries(sysfs, prefix: "fb").map { entry in
            let name = (try? FileIO.readText(entry + "/name", limit: 4096, allowStream: true)) ?? "?"
            let node = entry.split(separator: "/").last.map(String.init) ?? entry
            return Candidate(path: devices + "/" + node, name: name.trimmingNewline())
        }
    }

    /// `choose` over the framebuffers this machine has.
    public static func resolve(_ spec: String) throws(DisplayError) -> String {
        try choose(spec, among: spec.hasPrefix("/") ? [] : candidates())
    }
}

extension String {
    fileprivate func trimmingNewline() -> String {
        var s = Substring(self)
        while let last = s.last, last == "\n" || last == " " { s = s.dropLast() }
        return String(s)
    }
}
