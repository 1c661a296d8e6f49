/// The records one `read` of an inotify descriptor returned.
enum InotifyRecords {
    /// Each `struct inotify_event { int wd; uint32_t mask, cookie, len; char name[len]; }` in
    /// `bytes` as its mask and its name (NUL padding dropped); a truncated last record is
    /// left out.
    static func parse(_ bytes: ArraySlice<UInt8>) -> [(mask: UInt32, name: String)] {
        var records: [(mask: UInt32, name: String)] = []
        let base = bytes.startIndex
        var offset = 0
        while offset + 16 <= bytes.count {
            func word(_ at: Int) -> UInt32 {
                (0..<4).reduce(UInt32(0)) { $0 | UInt32(bytes[base + offset + at + $1]) << (8 * UInt32($1)) }
            }
            let mask = word(4)
            let length = Int(word(12))
            let end = min(bytes.count, offset + 16 + length)
            let name = bytes[(base + offset + 16)..<(base + end)].prefix { $0 != 0 }
            records.append((mask, String(decoding: name, as: UTF8.self)))
            offset += 16 + length
        }
        return records
    }
}
