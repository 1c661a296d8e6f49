import Testing

@testable import SlideLockRender

@Suite struct ContactSheetTests {
    /// Thinning as it goes: however many frames are offered, at most 2 x holdLimit cells
    /// are held, evenly spread, and frames not kept are never drawn.
    @Test func memoryStaysBoundedWhateverTheFrameCount() {
        let sheet = ContactSheet(frameWidth: 8, frameHeight: 4, shrink: 2)
        sheet.holdLimit = 10
        var drawn = 0
        for i in 0..<100_000 {
            sheet.offer(
                { () -> Canvas in
                    drawn += 1
                    return Canvas(width: 8, height: 4)
                }(), label: "\(i)")
            #expect(sheet.count < 20)
        }
        #expect(drawn < 400)
        sheet.thin(to: 6)
        #expect(sheet.count == 6)
    }
}
