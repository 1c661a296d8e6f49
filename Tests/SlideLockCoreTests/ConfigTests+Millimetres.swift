import Testing

@testable import SlideLockCore

extension ConfigTests {
    // MARK: Layout in millimetres

    @Test func physicalSizeTakesAutoOrMillimetres() throws {
        let settings = try ConfigLoader.load(
            sources: [
                ConfigSource(name: "x.conf", text: "[display]\nphysical_size = 108x64.8\n[layout]\nthumb_mm = 12")
            ])
        #expect(settings.display.physicalSize == Size(width: 108, height: 64.8))
        #expect(settings.layout.thumbMillimetres == 12)
        let auto = try ConfigLoader.load(sources: [
            ConfigSource(name: "x.conf", text: "[display]\nphysical_size = auto")
        ])
        #expect(auto.display.physicalSize == nil)
    }

    @Test func badPhysicalSizesAreOneLineEach() {
        for bad in ["108", "108x", "x65", "0x65", "108x-1", "108x65x2", "20000x65", "nanx65", "108 x 65"] {
            #expect(
                errorLines("[display]\nphysical_size = \(bad)")
                    == [
                        "x.conf:2: display.physical_size: bad size \"\(bad)\" "
                            + "(expected auto, none or WIDTHxHEIGHT in millimetres, e.g. 108x65)"
                    ])
        }
        #expect(errorLines("[layout]\nthumb_mm = 2") == ["x.conf:2: layout.thumb_mm: 2 is out of range 4...40"])
    }
}
