import SlideLockCore

/// A grid of numbered, shrunken frames in one image, for a person to see motion at a glance.
public final class ContactSheet {
    public let cellWidth: Int
    public let cellHeight: Int
    private var cells: [(image: Canvas, label: String)] = []

    /// Cells are `frameWidth / shrink` x `frameHeight / shrink` pixels.
    public init(frameWidth: Int, frameHeight: Int, shrink: Int) {
        cellWidth = max(1, frameWidth / shrink)
        cellHeight = max(1, frameHeight / shrink)
    }

    public var count: Int { cells.count }

    /// Cells held at most before thinning as it goes: however many frames are offered
    /// (a million at --fps 1000), memory stays at `2 * holdLimit` cells.
    public var holdLimit = 60
    /// Frames offered so far; one in every `keepEvery` is kept.
    private var offered = 0
    private var keepEvery = 1

    /// True when the next frame offered would be kept (so the caller may skip drawing it).
    public var wantsNext: Bool { offered % keepEvery == 0 }

    /// Offers a frame: kept (as `add`) when `wantsNext`, else only counted. Past
    /// `2 * holdLimit` cells every other one is dropped and half as many kept from then on,
    /// so the cells stay evenly spread over all frames offered.
    public func offer(_ canvas: @autoclosure () throws -> Canvas, label: String) rethrows {
        defer { offered += 1 }
        guard wantsNext else { return }
        add(try canvas(), label: label)
        if cells.count >= 2 * max(1, holdLimit) {
            cells = Swift.stride(from: 0, to: cells.count, by: 2).map { cells[$0] }
            keepEvery *= 2
        }
    }

    /// Adds a shrunken copy of `canvas` (box-filtered) labelled `label`.
    public func add(_ canvas: Canvas, label: String) {
        let cell = Canvas(width: cellWidth, height: cellHeight)
        let sx = canvas.width / cellWidth
        let sy = canvas.height / cellHeight
        for y in 0..<cellHeight {
            for x in 0..<cellWidth {
                var r: UInt32 = 0
                var g: UInt32 = 0
                var b: UInt32 = 0
                for dy in 0..<sy {
                    let row = canvas.pixels + (y * sy + dy) * canvas.width + x * sx
                    for dx in 0..<sx {
                        let p = row[dx]
                        r += (p >> 16) & 0xFF
                        g += (p >> 8) & 0xFF
                        b += p & 0xFF
                    }
                }
                let n = UInt32(sx * sy)
                cell.pixels[y * cellWidth + x] = (r / n) << 16 | (g / n) << 8 | b / n
            }
        }
        cells.append((cell, label))
    }

    /// Keeps at most `limit` cells, evenly spread, always keeping the first and last.
    public func thin(to limit: Int) {
        guard cells.count > limit, limit >= 2 else { return }
        let n = cells.count
        cells = (0..<limit).map { cells[$0 * (n - 1) / (limit - 1)] }
    }

    /// The sheet: `columns` cells per row, 4 px gutters, each cell numbered in its corner.
    public func compose(columns: Int, fonts: [String]) throws(FontError) -> Canvas {
        let gutter = 4
        let caption = 16
        let cols = max(1, min(columns, cells.count))
        let rows = max(1, (cells.count + cols - 1) / cols)
        let sheet = Canvas(
            width: cols * (cellWidth + gutter) + gutter,
            height: rows * (cellHeight + caption + gutter) + gutter)
        sheet.fill(sheet.bounds, color: Color(rgb: 0x202020))
        let text = try TextRenderer(fonts: fonts, weight: .regular)
        for (i, cell) in cells.enumerated() {
            let x0 = gutter + (i % cols) * (cellWidth + gutter)
            let y0 = gutter + (i / cols) * (cellHeight + caption + gutter)
            for y in 0..<cellHeight {
                (sheet.pixels + (y0 + caption + y) * sheet.width + x0)
                    .update(from: cell.image.pixels + y * cellWidth, count: cellWidth)
            }
            sheet.withClip(PixelRect(x: x0, y: y0, width: cellWidth, height: caption)) {
                text.draw(
                    cell.label, pixelSize: 11,
                    center: Point(
                        x: Double(x0) + Double(cellWidth) / 2,
                        y: Double(y0) + Double(caption) / 2),
                    color: Color(rgb: 0xDDDDDD), opacity: 1, shimmerX: nil, on: sheet)
            }
        }
        return sheet
    }
}
