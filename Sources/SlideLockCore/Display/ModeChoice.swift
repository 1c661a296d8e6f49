/// One display mode as a connector lists it (the pure view of a `drmModeModeInfo`).
public struct DisplayMode: Equatable, Sendable, CustomStringConvertible {
    public var width: Int
    public var height: Int
    /// Vertical refresh in millihertz: the kernel's integer `vrefresh` rounds 59.94 to 60.
    public var refreshMillihertz: Int
    /// The panel's native mode (`DRM_MODE_TYPE_PREFERRED`, usually from EDID).
    public var isPreferred: Bool
    /// Made from the kernel's `video=` command line (`DRM_MODE_TYPE_USERDEF`).
    public var isUserDefined: Bool

    public init(
        width: Int, height: Int, refreshMillihertz: Int,
        isPreferred: Bool = false, isUserDefined: Bool = false
    ) {
        self.width = width
        self.height = height
        self.refreshMillihertz = refreshMillihertz
        self.isPreferred = isPreferred
        self.isUserDefined = isUserDefined
    }

    /// `800x480@60` (or `@59.94` when the refresh is not a whole number of hertz).
    public var description: String {
        let whole = refreshMillihertz / 1000
        let frac = (refreshMillihertz % 1000 + 5) / 10
        let hz =
            frac == 0 || frac == 100
            ? "\((refreshMillihertz + 500) / 1000)"
            : "\(whole).\(frac < 10 ? "0" : "")\(frac)"
        return "\(width)x\(height)@\(hz)"
    }

    /// Same size and refresh within half a hertz (flags are not part of the identity).
    public func sameTiming(as other: DisplayMode) -> Bool {
        width == other.width && height == other.height
            && abs(refreshMillihertz - other.refreshMillihertz) < 500
    }
}

/// A mode asked for on the command line: `--mode WxH` or `--mode WxH@Hz`.
public struct ModeRequest: Equatable, Sendable, CustomStringConvertible {
    public var width: Int
    public var height: Int
    /// Wanted refresh in millihertz, `nil` for "any".
    public var refreshMillihertz: Int?

    public init(width: Int, height: Int, refreshMillihertz: Int? = nil) {
        self.width = width
        self.height = height
        self.refreshMillihertz = refreshMillihertz
    }

    /// Parses `1024x768`, `800x480@60` or `1920x1080@59.94`; `nil` when malformed.
    public init?(parsing text: String) {
        let atParts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard atParts.count <= 2 else { return nil }
        let size = atParts[0].lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard size.count == 2, let w = Int(size[0]), let h = Int(size[1]), w > 0, h > 0 else { return nil }
        width = w
        height = h
        if atParts.count == 2 {
            guard let hz = Double(atParts[1]), hz > 0, hz < 1000 else { return nil }
            refreshMillihertz = Int((hz * 1000).rounded())
        } else {
            refreshMillihertz = nil
        }
    }

    public var description: String {
        guard let mhz = refreshMillihertz else { return "\(width)x\(height)" }
        return DisplayMode(width: width, height: height, refreshMillihertz: mhz).description
    }
}

/// Why `ModeChoice` picked a mode (shown by `list-outputs`).
public enum ModeChoiceReason: String, Equatable, Sendable {
    case requested = "--mode"
    case userDefined = "video= on the kernel command line"
    case preferred
    case current = "current CRTC mode"
    case largest
}

/// Why no mode could be chosen.
public enum ModeChoiceError: Error, Equatable, Sendable {
    case noModes
    case notFound(ModeRequest, available: [DisplayMode])
}

/// Picks the mode for one connector: an explicit `--mode` request wins; otherwise the mode the
/// user set on the kernel command line (`video=`), the panel's preferred mode, the mode the CRTC
/// already runs (no visible modeset), and finally the largest mode.
public enum ModeChoice {
    /// Index into `modes` of the chosen mode and the rule that chose it.
    public static func choose(
        from modes: [DisplayMode], current: DisplayMode? = nil, request: ModeRequest? = nil
    ) throws(ModeChoiceError) -> (index: Int, reason: ModeChoiceReason) {
        guard !modes.isEmpty else { throw .noModes }
        if let request {
            guard let index = bestMatch(for: request, in: modes, current: current) else {
                throw .notFound(request, available: modes)
            }
            return (index, .requested)
        }
        if let index = modes.firstIndex(where: \.isUserDefined) { return (index, .userDefined) }
        if let index = modes.firstIndex(where: \.isPreferred) { return (index, .preferred) }
        if let current, let index = modes.firstIndex(where: { $0.sameTiming(as: current) }) {
            return (index, .current)
        }
        return (largest(in: modes), .largest)
    }

    /// Same size as asked; with a refresh, the closest one within 1 Hz; without, the best of
    /// that size by the default rules (user-defined, preferred, current, highest refresh).
    static func bestMatch(for request: ModeRequest, in modes: [DisplayMode], current: DisplayMode?) -> Int? {
        let sized = modes.indices.filter { modes[$0].width == request.width && modes[$0].height == request.height }
        if let wanted = request.refreshMillihertz {
            let close = sized.filter { abs(modes[$0].refreshMillihertz - wanted) <= 1000 }
            return close.min { abs(modes[$0].refreshMillihertz - wanted) < abs(modes[$1].refreshMillihertz - wanted) }
        }
        func rank(_ i: Int) -> Int {
            let m = modes[i]
            if m.isUserDefined { return 3 }
            if m.isPreferred { return 2 }
            if let current, m.sameTiming(as: current) { return 1 }
            return 0
        }
        return sized.max { (rank($0), modes[$0].refreshMillihertz) < (rank($1), modes[$1].refreshMillihertz) }
    }

    /// The mode with the most pixels, then the highest refresh; the first listed wins ties.
    static func largest(in modes: [DisplayMode]) -> Int {
        var best = 0
        for i in modes.indices.dropFirst() {
            let a = modes[i]
            let b = modes[best]
            if (a.width * a.height, a.refreshMillihertz) > (b.width * b.height, b.refreshMillihertz) { best = i }
        }
        return best
    }
}
