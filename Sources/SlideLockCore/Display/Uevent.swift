/// One kernel uevent as the kernel broadcasts it on NETLINK_KOBJECT_UEVENT (group 1):
/// a header `ACTION@DEVPATH`, then NUL-separated `KEY=VALUE` lines.
public struct Uevent: Equatable, Sendable {
    public var action: String
    public var devpath: String
    public var properties: [String: String]

    public init(action: String, devpath: String, properties: [String: String]) {
        self.action = action
        self.devpath = devpath
        self.properties = properties
    }

    /// Parses one datagram; nil for anything else, e.g. udev's re-broadcasts, which start
    /// with `libudev` and a binary header (they go to group 2, but never trust a group).
    public init?(datagram bytes: [UInt8]) {
        let fields = bytes.split(separator: 0, omittingEmptySubsequences: true)
            .map { String(decoding: $0, as: UTF8.self) }
        guard let header = fields.first, let at = header.firstIndex(of: "@") else { return nil }
        action = String(header[..<at])
        devpath = String(header[header.index(after: at)...])
        // Kernel actions are lowercase words: add, remove, change, move, bind, ...
        guard !action.isEmpty, action.allSatisfy({ $0 >= "a" && $0 <= "z" }), devpath.hasPrefix("/") else { return nil }
        var properties: [String: String] = [:]
        for field in fields.dropFirst() {
            guard let eq = field.firstIndex(of: "=") else { continue }
            properties[String(field[..<eq])] = String(field[field.index(after: eq)...])
        }
        // The header repeats as ACTION= and DEVPATH=; a datagram that contradicts itself is
        // not the kernel's.
        if let a = properties["ACTION"], a != action { return nil }
        if let d = properties["DEVPATH"], d != devpath { return nil }
        self.properties = properties
    }

    /// A DRM device's connectors may have changed: any `change` event of subsystem drm.
    /// Drivers with hotplug detection send one with `HOTPLUG=1` on connect and disconnect;
    /// drivers without it (virtio-gpu, vkms) send nothing when a connector's sysfs `status`
    /// is forced (the kernel only queues that event for drivers that poll), so a synthetic
    /// `echo change > /sys/class/drm/card0/uevent` must make us look too. Re-probing is
    /// cheap and changes nothing when nothing changed.
    public var isDRMHotplug: Bool {
        properties["SUBSYSTEM"] == "drm" && action == "change"
    }

    /// `card0` for a DRM card's event (from DEVNAME `dri/card0` or the devpath's last part).
    public var drmCard: String? {
        if let name = properties["DEVNAME"], name.hasPrefix("dri/") { return String(name.dropFirst(4)) }
        return devpath.split(separator: "/").last.map(String.init)
    }
}

/// Which outputs to light and which to let go after a hotplug, by connector name.
public struct OutputChanges: Equatable, Sendable {
    public var add: [String]
    public var remove: [String]

    public init(add: [String], remove: [String]) {
        self.add = add
        self.remove = remove
    }

    public var isEmpty: Bool { add.isEmpty && remove.isEmpty }

    /// Compares the `lit` connectors with what `ConnectorChoice` picks from `connectors`
    /// now (`named`: `--connector`). Nothing connected means every lit output goes.
    public static func between(lit: [String], connectors: [ConnectorSummary], named: String?) -> OutputChanges {
        let wanted = ((try? ConnectorChoice.choose(from: connectors, named: named)) ?? []).map { connectors[$0].name }
        return OutputChanges(add: wanted.filter { !lit.contains($0) }, remove: lit.filter { !wanted.contains($0) })
    }
}
