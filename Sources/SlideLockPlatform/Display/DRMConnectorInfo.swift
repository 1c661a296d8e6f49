import CDRM
import SlideLockCore

/// A snapshot of one connector: name, status, modes and the CRTCs that could drive it.
public struct DRMConnectorInfo {
    public var id: UInt32
    /// `HDMI-A-1`, `DSI-1`, `Virtual-1`: the name the kernel uses in sysfs and `video=`.
    public var name: String
    public var status: ConnectorStatus
    /// The kernel's mode list, in its order (the raw timings a modeset needs).
    public var modes: [drmModeModeInfo]
    /// CRTC driving the connector right now (0 = none) and its mode.
    public var currentCRTC: UInt32
    public var currentMode: DisplayMode?
    /// CRTCs some encoder of this connector can use, the current one first.
    public var possibleCRTCs: [UInt32]
    /// How the picture must be turned clockwise to look upright, from the connector's
    /// `panel orientation` property (set by panel drivers, quirks or `video=...,panel_orientation=`);
    /// nil when the connector has none (HDMI, most virtual outputs).
    public var panelRotation: Int? = nil
    /// The visible area in millimetres as the connector reports it (EDID, panel driver);
    /// 0x0 when unknown (vkms, many SPI panels).
    public var physicalSize = Size(width: 0, height: 0)

    /// The pure view of `modes`, index for index.
    public var displayModes: [DisplayMode] { modes.map(DisplayMode.init(drm:)) }
    public var summary: ConnectorSummary { ConnectorSummary(name: name, status: status, modeCount: modes.count) }
}

extension DisplayMode {
    /// Converts a kernel mode; the refresh is computed like drm_mode_vrefresh() but in mHz.
    public init(drm mode: drmModeModeInfo) {
        var total = Int(mode.htotal) * Int(mode.vtotal)
        if mode.flags & UInt32(DRM_MODE_FLAG_INTERLACE) != 0 { total /= 2 }
        if mode.flags & UInt32(DRM_MODE_FLAG_DBLSCAN) != 0 { total *= 2 }
        if mode.vscan > 1 { total *= Int(mode.vscan) }
        let millihertz = total > 0 ? (Int(mode.clock) * 1_000_000 + total / 2) / total : Int(mode.vrefresh) * 1000
        self.init(
            width: Int(mode.hdisplay), height: Int(mode.vdisplay), refreshMillihertz: millihertz,
            isPreferred: mode.type & UInt32(DRM_MODE_TYPE_PREFERRED) != 0,
            isUserDefined: mode.type & UInt32(DRM_MODE_TYPE_USERDEF) != 0)
    }
}

extension ConnectorStatus {
    init(_ connection: drmModeConnection) {
        switch connection {
        case DRM_MODE_CONNECTED: self = .connected
        case DRM_MODE_DISCONNECTED: self = .disconnected
        default: self = .unknown
        }
    }
}

/// The picture rotation that undoes a `panel orientation` value (drm_connector.c): a panel
/// mounted with its left side up shows native content turned clockwise, so the picture is
/// turned back counter-clockwise, i.e. clockwise by 270.
func rotation(forPanelOrientation name: String) -> Int? {
    switch name {
    case "Normal": return 0
    case "Upside Down": return 180
    case "Left Side Up": return 270
    case "Right Side Up": return 90
    default: return nil
    }
}

/// Connector type names as the kernel spells them (drm_connector_enum_list in
/// drivers/gpu/drm/drm_connector.c), indexed by DRM_MODE_CONNECTOR_*.
let connectorTypeNames = [
    "Unknown", "VGA", "DVI-I", "DVI-D", "DVI-A", "Composite", "SVIDEO", "LVDS", "Component",
    "DIN", "DP", "HDMI-A", "HDMI-B", "TV", "eDP", "Virtual", "DSI", "DPI", "Writeback", "SPI", "USB",
]

/// `HDMI-A-1`: type name plus the per-type index, as in /sys/class/drm/card0-HDMI-A-1.
func connectorName(type: UInt32, index: UInt32) -> String {
    let typeName = Int(type) < connectorTypeNames.count ? connectorTypeNames[Int(type)] : "Type\(type)"
    return "\(typeName)-\(index)"
}
