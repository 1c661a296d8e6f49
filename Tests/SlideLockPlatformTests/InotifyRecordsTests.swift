import Testing

@testable import SlideLockPlatform

struct InotifyRecordsTests {
    static func record(mask: UInt32, name: String, padTo length: Int) -> [UInt8] {
        func le(_ v: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: v >> (8 * $0)) } }
        var nameBytes = Array(name.utf8)
        nameBytes += [UInt8](repeating: 0, count: length - nameBytes.count)
        return le(1) + le(mask) + le(0) + le(UInt32(length)) + nameBytes
    }

    @Test func recordsAreReadInOrderWithTheirPaddingDropped() {
        let bytes =
            Self.record(mask: 0x100, name: "event3", padTo: 16) + Self.record(mask: 0x200, name: "js0", padTo: 8)
        let records = InotifyRecords.parse(bytes[...])
        #expect(records.map(\.mask) == [0x100, 0x200])
        #expect(records.map(\.name) == ["event3", "js0"])
    }

    /// A record cut short by the read is not taken (its header incomplete) or keeps what
    /// arrived of its name.
    @Test func aTruncatedRecordIsNeverReadPastTheBytes() {
        let bytes = Self.record(mask: 0x100, name: "event3", padTo: 16)
        #expect(InotifyRecords.parse(bytes.prefix(10)).isEmpty)
        #expect(InotifyRecords.parse(bytes.prefix(20)).map(\.name) == ["even"])
    }
}
