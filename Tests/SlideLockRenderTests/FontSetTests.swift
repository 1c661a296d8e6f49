import Testing

@testable import SlideLockCore
@testable import SlideLockRender

@Suite struct FontSetTests {
    /// F-3: the list was deduplicated in O(n·m) before the cap applied.
    @Test func aHugeListStopsAtTheCapWithoutQuadraticWork() {
        let specs = (1...140_000).map { "No Such Family \($0)" }
        let start = ContinuousClock.now
        #expect(throws: FontError.self) { try FontSet(specs: specs, weight: .regular) }
        #expect(ContinuousClock.now - start < .seconds(5))
        do {
            _ = try FontSet(specs: specs, weight: .regular)
        } catch {
            #expect("\(error)".contains("theme.fonts: more than 16 different fonts listed"))
        }
    }

    /// F-4: the last warning said "more font warnings not shown" without how many.
    @Test func droppedWarningsAreCounted() throws {
        let set = try FontSet(specs: ["DejaVu Sans"], weight: .regular)
        // Noncharacters: no font has a glyph for them.
        for value in UInt32(0xFDD0)...0xFDE8 { _ = set.faceIndex(for: Unicode.Scalar(value)!) }
        #expect(set.warnings.count == 21)
        #expect(set.warnings.last == "5 more font warnings not shown")
    }
}
