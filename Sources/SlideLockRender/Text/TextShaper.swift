import CHarfBuzz
import SlideLockCore

/// A shaped line of text: glyphs placed left to right from x = 0 on the baseline.
struct TextLine {
    struct Glyph {
        let face: Int
        let id: UInt32
        let x: Double
        let y: Double
    }
    var glyphs: [Glyph] = []
    /// Boxes standing in for characters no font has (x and width, pixels).
    var boxes: [(x: Double, width: Double)] = []
    var width: Double = 0
    var ascent: Double = 0
    var descent: Double = 0
}

/// Splits text into runs by the font that has each character, shapes each run with
/// HarfBuzz (kerning, ligatures, complex scripts, right-to-left) and lays them out.
struct TextShaper {
    let fonts: FontSet

    func shape(_ text: String, pixelSize: Int) -> TextLine {
        fonts.resolve(text)
        let runs = itemize(text)
        var line = TextLine()
        let primary = fonts.faces[0]
        primary.setPixelSize(pixelSize)
        (line.ascent, line.descent) = primary.verticalMetrics
        // Simplified bidi: a right-to-left paragraph shows its runs in reverse order; each
        // run is shaped in its own direction by HarfBuzz.
        let ordered = TextDirection.isRightToLeft(text) ? runs.reversed() : runs
        var pen = 0.0
        let utf8 = Array(text.utf8)
        for run in ordered {
            guard let faceIndex = run.face else {
                let box = Double(pixelSize) * 0.6
                for _ in 0..<run.scalarCount {
                    line.boxes.append((pen, box))
                    pen += box + Double(pixelSize) * 0.1
                }
                continue
            }
            let face = fonts.faces[faceIndex]
            face.setPixelSize(pixelSize)
            pen = shapeRun(utf8, run, face: face, index: faceIndex, pen: pen, into: &line)
        }
        line.width = pen
        return line
    }

    private func shapeRun(
        _ utf8: [UInt8], _ run: Run, face: FontFace, index: Int, pen start: Double,
        into line: inout TextLine
    ) -> Double {
        guard let buffer = hb_buffer_create() else { return start }
        defer { hb_buffer_destroy(buffer) }
        utf8.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { chars in
                // The whole text goes in as context so shaping at run edges stays correct.
                hb_buffer_add_utf8(
                    buffer, chars.baseAddress, Int32(chars.count), UInt32(run.start),
                    Int32(run.end - run.start))
            }
        }
        hb_buffer_guess_segment_properties(buffer)
        hb_shape(face.shaper, buffer, nil, 0)
        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
            let positions = hb_buffer_get_glyph_positions(buffer, &count)
        else { return start }
        var pen = start
        for i in 0..<Int(count) {
            let p = positions[i]
            line.glyphs.append(
                TextLine.Glyph(
                    face: index, id: infos[i].codepoint,
                    x: pen + Double(p.x_offset) / 64, y: -Double(p.y_offset) / 64))
            pen += Double(p.x_advance) / 64
        }
        return pen
    }

    struct Run {
        var start: Int
        var end: Int
        var face: Int?
        var scalarCount: Int
    }

    /// Byte ranges of `text` that one face (or none) can draw. Marks, joiners, variation
    /// selectors and spaces stay with the run before them, so clusters are never split.
    private func itemize(_ text: String) -> [Run] {
        var runs: [Run] = []
        var offset = 0
        for scalar in text.unicodeScalars {
            let length = scalar.utf8.count
            defer { offset += length }
            let sticky =
                scalar.properties.generalCategory == .nonspacingMark
                || scalar.properties.generalCategory == .enclosingMark
                || scalar.value == 0x200D || (0xFE00...0xFE0F).contains(scalar.value)
                || scalar.properties.isWhitespace
            if sticky, let last = runs.last, last.face != nil || !scalar.properties.isWhitespace {
                runs[runs.count - 1].end += length
                runs[runs.count - 1].scalarCount += 1
                continue
            }
            let face = fonts.faceIndex(for: scalar)
            if let last = runs.last, last.face == face {
                runs[runs.count - 1].end += length
                runs[runs.count - 1].scalarCount += 1
            } else {
                runs.append(Run(start: offset, end: offset + length, face: face, scalarCount: 1))
            }
        }
        return runs
    }
}
