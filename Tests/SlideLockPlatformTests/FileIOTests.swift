import Foundation
import Testing

@testable import SlideLockPlatform

@Suite struct FileIOTests {
    @Test func writeThenReadRoundTrips() throws {
        let path = NSTemporaryDirectory() + "slidelock-fileio-\(getpid())"
        try OutputFile.write(Array("hello".utf8), to: path)
        #expect(try FileIO.readText(path) == "hello")
        #expect(FileIO.exists(path))
        try FileManager.default.removeItem(atPath: path)
    }

    @Test func missingFileNamesThePath() {
        do {
            _ = try FileIO.read("/nonexistent/x")
            Issue.record("expected a failure")
        } catch {
            #expect(error.description == "/nonexistent/x: No such file or directory")
        }
    }

    @Test func listIsSortedAndEmptyForAMissingDirectory() throws {
        let dir = NSTemporaryDirectory() + "slidelock-list-\(getpid())"
        try OutputFile.makeDirectories(dir + "/sub")
        try OutputFile.write([], to: dir + "/b.conf")
        try OutputFile.write([], to: dir + "/a.conf")
        #expect(try FileIO.list(dir) == ["a.conf", "b.conf", "sub"])
        #expect(try FileIO.list(dir + "/missing") == [])
        try FileManager.default.removeItem(atPath: dir)
    }
}

@Suite struct NumberedEntriesTests {
    @Test func numericOrderNotNameOrder() throws {
        let dir = NSTemporaryDirectory() + "slidelock-numbered-\(getpid())"
        try OutputFile.makeDirectories(dir)
        for name in ["card10", "card2", "cardX", "renderD128", "card0"] {
            try OutputFile.write([], to: dir + "/" + name)
        }
        #expect(FileIO.numberedEntries(dir, prefix: "card") == [dir + "/card0", dir + "/card2", dir + "/card10"])
        #expect(FileIO.numberedEntries(dir + "/missing", prefix: "card") == [])
        try FileManager.default.removeItem(atPath: dir)
    }
}

@Suite struct PanelOrientationTests {
    /// A panel mounted left side up shows native content turned clockwise: the picture is
    /// turned back by 270 degrees clockwise (drm_connector.c's "panel orientation" values).
    @Test func orientationNamesMapToPictureRotations() {
        #expect(rotation(forPanelOrientation: "Normal") == 0)
        #expect(rotation(forPanelOrientation: "Upside Down") == 180)
        #expect(rotation(forPanelOrientation: "Left Side Up") == 270)
        #expect(rotation(forPanelOrientation: "Right Side Up") == 90)
        #expect(rotation(forPanelOrientation: "Sideways") == nil)
    }
}
