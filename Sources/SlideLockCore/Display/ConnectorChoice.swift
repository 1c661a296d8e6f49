/// Whether a display is attached to a connector (`drmModeConnection`).
public enum ConnectorStatus: String, Equatable, Sendable {
    case connected, disconnected, unknown
}

/// What `ConnectorChoice` needs to know about one connector.
public struct ConnectorSummary: Equatable, Sendable {
    /// The kernel's name: type name plus per-type index, e.g. `HDMI-A-1`, `DSI-1`, `Virtual-1`.
    public var name: String
    public var status: ConnectorStatus
    public var modeCount: Int

    public init(name: String, status: ConnectorStatus, modeCount: Int) {
        self.name = name
        self.status = status
        self.modeCount = modeCount
    }
}

/// Why no connector could be chosen.
public enum ConnectorChoiceError: Error, Equatable, Sendable {
    case noneConnected(all: [String])
    case notFound(String, available: [String])
    case notConnected(String)
}

/// Picks the connectors to drive: the one named by `--connector` (case-insensitive), or every
/// connected connector with modes. Connectors whose status the driver cannot tell (`unknown`,
/// e.g. some DSI/DPI bridges) are used only when nothing reports `connected`.
public enum ConnectorChoice {
    /// Indices into `connectors`, in their order.
    public static func choose(
        from connectors: [ConnectorSummary], named override: String? = nil
    ) throws(ConnectorChoiceError) -> [Int] {
        if let override {
            guard let index = connectors.firstIndex(where: { $0.name.lowercased() == override.lowercased() }) else {
                throw .notFound(override, available: connectors.map(\.name))
            }
            guard connectors[index].status != .disconnected, connectors[index].modeCount > 0 else {
                throw .notConnected(connectors[index].name)
            }
            return [index]
        }
        let connected = connectors.indices.filter {
            connectors[$0].status == .connected && connectors[$0].modeCount > 0
        }
        if !connected.isEmpty { return connected }
        let unknown = connectors.indices.filter { connectors[$0].status == .unknown && connectors[$0].modeCount > 0 }
        if !unknown.isEmpty { return unknown }
        throw .noneConnected(all: connectors.map(\.name))
    }
}
