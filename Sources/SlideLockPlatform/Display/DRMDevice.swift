import CDRM
@preconcurrency import Glibc
import SlideLockCore

/// An open DRM card (`/dev/dri/cardN`): owns the file descriptor and answers questions about
/// the card. Closing it (deinit) also drops DRM master.
public final class DRMDevice {
    public let path: String
    public let fd: Int32
    /// Kernel driver name (`virtio_gpu`, `vc4`, `vkms`, ...).
    public let driverName: String

    /// `/dev/dri/card*` in numeric order. Never assume card0: on a Raspberry Pi the first card
    /// can be the render-only v3d while vc4 drives the display.
    public static func cardPaths(directory: String = "/dev/dri") -> [String] {
        FileIO.numberedEntries(directory, prefix: "card")
    }

    /// Opens `path`. With `master`, also makes sure this process is DRM master, waiting up to
    /// `masterWaitSeconds` (with backoff) for another holder to let go.
    /// `onWait` hears once, in words, why start-up is waiting for DRM master.
    public init(
        path: String, master: Bool = false, masterWaitSeconds: Double = 0,
        onWait: (String) -> Void = { _ in }
    ) throws {
        self.path = path
        let start = MonotonicClock.now()
        var delay = 0.05
        var fd: Int32
        while true {
            do {
                fd = try systemCall("open \(path)") { open(path, O_RDWR | O_CLOEXEC) }
            } catch let error where error.errno == EACCES || error.errno == EPERM {
                throw DisplayError.permissionDenied(path: path)
            } catch {
                throw DisplayError.system(error)
            }
            // The kernel makes the first opener of a card master (drm_master_open); a root
            // process may also take it with SET_MASTER when nobody holds it. While someone else
            // is master, SET_MASTER fails (EBUSY for root, EACCES for others), and only a fresh
            // open after they let go makes us master again - so retry by reopening.
            if !master || drmSetMaster(fd) == 0 || drmIsMaster(fd) != 0 { break }
            close(fd)
            let waited = MonotonicClock.now() - start
            if delay == 0.05 {
                onWait(
                    "\(path) is held by another display program (plymouth at boot?); "
                        + "waiting up to \(masterWaitSeconds) s for it to let go")
            }
            if waited >= masterWaitSeconds {
                throw DisplayError.masterBusy(path: path, waitedSeconds: (waited * 10).rounded() / 10)
            }
            sleep(seconds: min(delay, masterWaitSeconds - waited))
            delay = min(delay * 2, 1)
        }
        self.fd = fd
        if let version = drmGetVersion(fd) {
            driverName = version.pointee.name.map { String(cString: $0) } ?? "?"
            drmFreeVersion(version)
        } else {
            driverName = "?"
        }
    }

    deinit { close(fd) }

    /// A capability value (`DRM_CAP_*`), or nil when the kernel does not know it.
    public func capability(_ cap: Int32) -> UInt64? {
        var value: UInt64 = 0
        return drmGetCap(fd, UInt64(cap), &value) == 0 ? value : nil
    }

    public var supportsDumbBuffers: Bool { (capability(DRM_CAP_DUMB_BUFFER) ?? 0) != 0 }

    /// CRTC ids and a snapshot of every connector; throws `notKMS` for render-only cards
    /// (drmModeGetResources fails with EOPNOTSUPP/EINVAL there).
    public func resources() throws -> (crtcs: [UInt32], connectors: [DRMConnectorInfo]) {
        guard let res = drmModeGetResources(fd) else { throw DisplayError.notKMS(path: path) }
        defer { drmModeFreeResources(res) }
        let crtcs = Array(UnsafeBufferPointer(start: res.pointee.crtcs, count: Int(res.pointee.count_crtcs)))
        let ids = UnsafeBufferPointer(start: res.pointee.connectors, count: Int(res.pointee.count_connectors))
        // drmModeGetConnector (not ...Current) probes the connector: status and modes are fresh.
        return (crtcs, ids.compactMap { connectorInfo(id: $0, crtcs: crtcs) })
    }

    private func connectorInfo(id: UInt32, crtcs: [UInt32]) -> DRMConnectorInfo? {
        guard let conn = drmModeGetConnector(fd, id) else { return nil }
        defer { drmModeFreeConnector(conn) }
        let c = conn.pointee
        var info = DRMConnectorInfo(
            id: id, name: connectorName(type: c.connector_type, index: c.connector_type_id),
            status: ConnectorStatus(c.connection),
            modes: Array(UnsafeBufferPointer(start: c.modes, count: Int(c.count_modes))),
            currentCRTC: 0, currentMode: nil, possibleCRTCs: [])
        if c.encoder_id != 0, let enc = drmModeGetEncoder(fd, c.encoder_id) {
            info.currentCRTC = enc.pointee.crtc_id
            drmModeFreeEncoder(enc)
        }
        if info.currentCRTC != 0, let crtc = drmModeGetCrtc(fd, info.currentCRTC) {
            if crtc.pointee.mode_valid != 0 { info.currentMode = DisplayMode(drm: crtc.pointee.mode) }
            drmModeFreeCrtc(crtc)
        }
        var possible: [UInt32] = info.currentCRTC != 0 ? [info.currentCRTC] : []
        for encoderID in UnsafeBufferPointer(start: c.encoders, count: Int(c.count_encoders)) {
            guard let enc = drmModeGetEncoder(fd, encoderID) else { continue }
            // possible_crtcs is a bitmask over the card's CRTC list (index, not id).
            for (index, crtc) in crtcs.enumerated() where enc.pointee.possible_crtcs & (1 << UInt32(index)) != 0 {
                if !possible.contains(crtc) { possible.append(crtc) }
            }
            drmModeFreeEncoder(enc)
        }
        info.possibleCRTCs = possible
        info.panelRotation = panelRotation(connector: id)
        info.physicalSize = Size(width: Double(c.mmWidth), height: Double(c.mmHeight))
        return info
    }

    /// The format to scan out on `crtcID`: XRGB8888, unless the CRTC's primary plane lists
    /// RGB565 but not XRGB8888 (some SPI and small DSI panels' display controllers).
    /// Needs DRM_CLIENT_CAP_UNIVERSAL_PLANES to see primary planes at all; without plane
    /// information, XRGB8888, which every KMS driver must take for dumb buffers.
    public func scanoutFormat(crtcID: UInt32, crtcs: [UInt32]) -> PixelFormat {
        guard let index = crtcs.firstIndex(of: crtcID),
            drmSetClientCap(fd, UInt64(DRM_CLIENT_CAP_UNIVERSAL_PLANES), 1) == 0,
            let planes = drmModeGetPlaneResources(fd)
        else { return .xrgb8888 }
        defer { drmModeFreePlaneResources(planes) }
        for planeID in UnsafeBufferPointer(start: planes.pointee.planes, count: Int(planes.pointee.count_planes)) {
            guard let plane = drmModeGetPlane(fd, planeID) else { continue }
            defer { drmModeFreePlane(plane) }
            guard plane.pointee.possible_crtcs & (1 << UInt32(index)) != 0, isPrimary(plane: planeID) else { continue }
            let formats = Set(
                UnsafeBufferPointer(start: plane.pointee.formats, count: Int(plane.pointee.count_formats)))
            return !formats.contains(slidelock_format_xrgb8888) && formats.contains(slidelock_format_rgb565)
                ? .rgb565 : .xrgb8888
        }
        return .xrgb8888
    }

    /// True when the plane's `type` property says primary (DRM_PLANE_TYPE_PRIMARY = 1).
    private func isPrimary(plane id: UInt32) -> Bool {
        propertyValue(object: id, type: UInt32(DRM_MODE_OBJECT_PLANE), named: "type").map { $0.value == 1 } ?? false
    }

    /// The value of an object's property called `name`, with the property for enum lookups.
    private func propertyValue(object id: UInt32, type: UInt32, named name: String) -> (
        value: UInt64, enums: [(UInt64, String)]
    )? {
        guard let props = drmModeObjectGetProperties(fd, id, type) else { return nil }
        defer { drmModeFreeObjectProperties(props) }
        for i in 0..<Int(props.pointee.count_props) {
            guard let prop = drmModeGetProperty(fd, props.pointee.props[i]) else { continue }
            defer { drmModeFreeProperty(prop) }
            let found = withUnsafeBytes(of: prop.pointee.name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard found == name else { continue }
            let enums = UnsafeBufferPointer(start: prop.pointee.enums, count: Int(prop.pointee.count_enums)).map { e in
                (e.value, withUnsafeBytes(of: e.name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) })
            }
            return (props.pointee.prop_values[i], enums)
        }
        return nil
    }

    /// Reads the connector's `panel orientation` enum property, if it has one.
    private func panelRotation(connector id: UInt32) -> Int? {
        guard
            let property = propertyValue(
                object: id, type: UInt32(DRM_MODE_OBJECT_CONNECTOR), named: "panel orientation"),
            let label = property.enums.first(where: { $0.0 == property.value })?.1
        else { return nil }
        return rotation(forPanelOrientation: label)
    }
}
