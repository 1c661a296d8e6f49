import Testing

@testable import SlideLockCore

private let screen = Size(width: 800, height: 480)

@Suite struct TouchScriptTests {
    @Test func parsesEveryVerbCommentsAndFingerIds() throws {
        let text = """
            # a slide with a second finger
            0.000 down 112 240

            0.016 move 120.5 240   # trailing comment
            0.100 down 400 300 id=1
            0.200 up id=1
            0.500 up
            1.000 action ok
            1.5 action fail
            2 cancel
            """
        let script = try TouchScript.parse(text, fileName: "s.txt", screen: screen)
        #expect(
            script.steps.map(\.action) == [
                .down(id: 0, point: Point(x: 112, y: 240)), .move(id: 0, point: Point(x: 120.5, y: 240)),
                .down(id: 1, point: Point(x: 400, y: 300)), .up(id: 1), .up(id: 0),
                .action(success: true), .action(success: false), .cancel,
            ])
        #expect(script.steps.map(\.line) == [2, 4, 5, 6, 7, 8, 9, 10])
        #expect(script.steps[5].event == .actionFinished(success: true, time: 1))
        #expect(script.steps[1].event == .touchMove(id: 0, point: Point(x: 120.5, y: 240), time: 0.016))
    }

    @Test(arguments: [
        ("0 down 1 1\n0.1 move 2 2\n0.2 move 3 3\n0.3 tap 4 4", #"script.txt:4: unknown verb "tap""#),
        ("0.5 down 1 1\n0.4 up", "script.txt:2: time goes backwards (0.400 after 0.500)"),
        ("-1 down 1 1", "script.txt:1: negative time -1.000"),
        ("0 down 800 10", "script.txt:1: X 800 is off the 800x480 screen"),
        ("0 down 10 -1", "script.txt:1: Y -1 is off the 800x480 screen"),
        ("0 down 1x 10", #"script.txt:1: malformed X coordinate "1x""#),
        ("zero down 1 1", #"script.txt:1: malformed time "zero""#),
        ("0 down nan 1", #"script.txt:1: malformed X coordinate "nan""#),
        ("# c\n0 down 10", "script.txt:2: missing Y coordinate"),
        ("0 down", "script.txt:1: missing X coordinate"),
        ("0", "script.txt:1: missing verb after the time"),
        ("0 up", "script.txt:1: finger 0 is not down"),
        ("0 down 1 1\n0 down 2 2", "script.txt:2: finger 0 is already down"),
        ("0 down 1 1 id=x", #"script.txt:1: malformed finger id "id=x""#),
        ("0 down 1 1 7", #"script.txt:1: unexpected argument "7""#),
        ("0 action maybe", #"script.txt:1: action result must be ok or fail, not "maybe""#),
        ("0 action", "script.txt:1: missing action result (ok or fail)"),
        ("0 cancel now", #"script.txt:1: unexpected argument "now""#),
        ("0 uncertain", "script.txt:1: missing reason after uncertain"),
        ("0 uncertain gremlins", #"script.txt:1: unknown uncertainty "gremlins""#),
        ("0 hidden curtain", #"script.txt:1: unknown cover "curtain""#),
        ("0 shown idle now", #"script.txt:1: unexpected argument "now""#),
        ("0 withheld id=1\n0.1 withheld id=1", "script.txt:2: finger 1 is already down"),
        ("0 cancel id=2", "script.txt:1: finger 2 is not down"),
        ("0 withheld id=1 9", #"script.txt:1: unexpected argument "id=1""#),
    ])
    func errorsNameTheLine(text: String, message: String) {
        #expect(throws: TouchScriptError.self) { try TouchScript.parse(text, fileName: "script.txt", screen: screen) }
        do {
            _ = try TouchScript.parse(text, fileName: "script.txt", screen: screen)
        } catch {
            #expect(error.description == message)
        }
    }

    /// The authority's events are scriptable: a withheld finger released by a down, one
    /// contact cancelled, moments of uncertainty, the panel hidden and shown.
    @Test func authorityEventsRoundTrip() throws {
        let text = """
            0 withheld id=1
            0.05 down 10 10 id=1
            0.1 hidden idle
            0.2 shown idle
            0.3 uncertain resync
            0.4 cancel id=1
            0.5 down 5 5
            0.6 cancel
            """
        let script = try TouchScript.parse(text, fileName: "s.txt", screen: screen)
        let events = script.steps.map(\.event)
        #expect(
            events == [
                .touchWithheld(id: 1, time: 0), .touchDown(id: 1, point: Point(x: 10, y: 10), time: 0.05),
                .hidden(.idle, time: 0.1), .shown(.idle, time: 0.2), .uncertain(.resync, time: 0.3),
                .touchCancel(id: 1, time: 0.4), .touchDown(id: 0, point: Point(x: 5, y: 5), time: 0.5),
                .touchCancel(id: nil, time: 0.6),
            ])
        // Recordings become scripts through `Step(event:)`: every event comes back.
        #expect(zip(events, script.steps).allSatisfy { TouchScript.Step(event: $0, line: $1.line) == $1 })
    }

    @Test func withoutAScreenAnyCoordinateGoes() throws {
        let script = try TouchScript.parse("0 down 5000 -3", screen: nil)
        #expect(script.steps.count == 1)
    }
}
