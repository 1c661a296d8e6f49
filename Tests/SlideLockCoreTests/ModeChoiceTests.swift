import Testing

@testable import SlideLockCore

private func mode(_ w: Int, _ h: Int, _ hz: Double = 60, preferred: Bool = false, user: Bool = false) -> DisplayMode {
    DisplayMode(width: w, height: h, refreshMillihertz: Int(hz * 1000), isPreferred: preferred, isUserDefined: user)
}

@Suite("ModeChoice")
struct ModeChoiceTests {
    let modes = [mode(1024, 768), mode(1920, 1080, preferred: true), mode(2560, 1440), mode(800, 480, 75)]

    @Test func preferredWinsByDefault() throws {
        let choice = try ModeChoice.choose(from: modes)
        #expect(choice.index == 1 && choice.reason == .preferred)
    }

    @Test func kernelCommandLineModeBeatsPreferred() throws {
        let withUser = modes + [mode(1280, 720, user: true)]
        let choice = try ModeChoice.choose(from: withUser, current: mode(1024, 768))
        #expect(choice.index == 4 && choice.reason == .userDefined)
    }

    @Test func currentModeWhenNothingIsPreferred() throws {
        let plain = [mode(1024, 768), mode(2560, 1440), mode(800, 480, 75)]
        let choice = try ModeChoice.choose(from: plain, current: mode(800, 480, 75.02))
        #expect(choice.index == 2 && choice.reason == .current)
    }

    @Test func largestAsLastResort() throws {
        let plain = [mode(1024, 768), mode(2560, 1440, 30), mode(2560, 1440, 60), mode(800, 480)]
        let choice = try ModeChoice.choose(from: plain, current: mode(640, 480))
        #expect(choice.index == 2 && choice.reason == .largest)
    }

    @Test func requestBySizeOnly() throws {
        let choice = try ModeChoice.choose(from: modes, request: ModeRequest(parsing: "800x480"))
        #expect(choice.index == 3 && choice.reason == .requested)
    }

    @Test func requestWithRefreshPicksClosest() throws {
        let list = [mode(1920, 1080, 50), mode(1920, 1080, 59.94), mode(1920, 1080, 60, preferred: true)]
        #expect(try ModeChoice.choose(from: list, request: ModeRequest(parsing: "1920x1080@59.94")).index == 1)
        #expect(try ModeChoice.choose(from: list, request: ModeRequest(parsing: "1920x1080@50")).index == 0)
        #expect(try ModeChoice.choose(from: list, request: ModeRequest(parsing: "1920x1080")).index == 2)
    }

    @Test func requestNotFound() {
        let request = ModeRequest(width: 1234, height: 567)
        #expect(throws: ModeChoiceError.notFound(request, available: modes)) {
            try ModeChoice.choose(from: modes, request: request)
        }
        #expect(throws: ModeChoiceError.self) {
            try ModeChoice.choose(from: modes, request: ModeRequest(parsing: "1920x1080@30"))
        }
    }

    @Test func noModes() {
        #expect(throws: ModeChoiceError.noModes) { try ModeChoice.choose(from: []) }
    }

    @Test(arguments: [
        ("800x480", ModeRequest(width: 800, height: 480)),
        ("1920X1080@60", ModeRequest(width: 1920, height: 1080, refreshMillihertz: 60000)),
        ("1920x1080@59.94", ModeRequest(width: 1920, height: 1080, refreshMillihertz: 59940)),
    ])
    func parsesModeRequests(text: String, expected: ModeRequest) {
        #expect(ModeRequest(parsing: text) == expected)
    }

    @Test(arguments: ["", "800", "800x", "x480", "0x480", "800x480@", "800x480@abc", "800x480@60@60", "-1x2"])
    func rejectsMalformedRequests(text: String) {
        #expect(ModeRequest(parsing: text) == nil)
    }

    @Test func describesModes() {
        #expect(mode(800, 480, 75).description == "800x480@75")
        #expect(mode(1920, 1080, 59.94).description == "1920x1080@59.94")
        #expect(DisplayMode(width: 1024, height: 768, refreshMillihertz: 60004).description == "1024x768@60")
        #expect(DisplayMode(width: 1024, height: 768, refreshMillihertz: 59996).description == "1024x768@60")
    }
}

@Suite("ConnectorChoice")
struct ConnectorChoiceTests {
    let connectors = [
        ConnectorSummary(name: "HDMI-A-1", status: .disconnected, modeCount: 0),
        ConnectorSummary(name: "DSI-1", status: .connected, modeCount: 1),
        ConnectorSummary(name: "HDMI-A-2", status: .connected, modeCount: 20),
    ]

    @Test func everyConnectedConnector() throws {
        #expect(try ConnectorChoice.choose(from: connectors) == [1, 2])
    }

    @Test func overrideByNameIgnoresCase() throws {
        #expect(try ConnectorChoice.choose(from: connectors, named: "hdmi-a-2") == [2])
    }

    @Test func overrideErrors() {
        #expect(throws: ConnectorChoiceError.notFound("Virtual-1", available: ["HDMI-A-1", "DSI-1", "HDMI-A-2"])) {
            try ConnectorChoice.choose(from: connectors, named: "Virtual-1")
        }
        #expect(throws: ConnectorChoiceError.notConnected("HDMI-A-1")) {
            try ConnectorChoice.choose(from: connectors, named: "HDMI-A-1")
        }
    }

    @Test func unknownStatusOnlyAsFallback() throws {
        let bridges = [
            ConnectorSummary(name: "DPI-1", status: .unknown, modeCount: 1),
            ConnectorSummary(name: "HDMI-A-1", status: .disconnected, modeCount: 0),
        ]
        #expect(try ConnectorChoice.choose(from: bridges) == [0])
        #expect(try ConnectorChoice.choose(from: bridges + [connectors[2]]) == [2])
    }

    @Test func nothingConnected() {
        #expect(throws: ConnectorChoiceError.noneConnected(all: ["HDMI-A-1"])) {
            try ConnectorChoice.choose(from: [connectors[0]])
        }
    }
}
