extension EvemuRecording {
    /// A device description with no events (the flight recorder's, `EvemuWriter`'s input).
    public init(
        name: String, id: DeviceID? = nil, properties: Set<UInt16> = [], axes: [UInt16: AxisRange],
        supportedCodes: [UInt16: Set<UInt16>] = [:]
    ) {
        self.name = name
        self.id = id
        self.properties = properties
        self.axes = axes
        self.supportedCodes = supportedCodes
    }
}
