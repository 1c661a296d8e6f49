import CFreeType
import CHarfBuzz
import SlideLockPlatform

/// One font face parsed by FreeType from a mapped font file, with its HarfBuzz shaping
/// font. The face is sized per use (`setPixelSize`), because the label size depends on the
/// screen.
final class FontFace {
    let path: String
    let face: FT_Face
    let shaper: OpaquePointer
    /// The file and face index, to tell one face opened twice (`FontSet` collapses them).
    let identity: [UInt64]
    private(set) var pixelSize: Int = 0
    /// FreeType reads the face from this mapping for as long as the face lives: released
    /// after `deinit` has done the face (stored properties outlive the deinit body).
    private let file: MappedFile

    /// Largest font file opened: CJK collections are ~20-30 MiB.
    static let sizeLimit = 256 << 20

    /// Opens face `index` of the font file `path` through `TrustedOpener` (as root: root's
    /// file in root's directories, no untrusted symlink) and maps it: FreeType gets the
    /// checked descriptor's mapping, never the path.
    convenience init(library: FT_Library, path: String, index: Int = 0, policy: TrustPolicy = .current)
        throws(FontError)
    {
        let opened: TrustedFile
        do { opened = try TrustedOpener.open(path, policy: policy) } catch {
            throw FontError("font file \(path): \(error.reason)")
        }
        let mapped: MappedFile
        do { mapped = try opened.map(limit: Self.sizeLimit) } catch { throw FontError("font file \(error)") }
        try self.init(library: library, file: mapped, index: index, identity: opened.identity + [UInt64(index)])
    }

    /// Face `index` of the mapped font file `file`.
    init(library: FT_Library, file: MappedFile, index: Int, identity: [UInt64]) throws(FontError) {
        var face: FT_Face?
        let status = FT_New_Memory_Face(
            library, file.base.assumingMemoryBound(to: FT_Byte.self), FT_Long(file.count), FT_Long(index), &face)
        guard status == 0, let face else {
            throw FontError("font file \(file.path): cannot be opened by FreeType (error \(status))")
        }
        guard face.pointee.face_flags & FT_Long(FT_FACE_FLAG_SCALABLE) != 0 else {
            FT_Done_Face(face)
            throw FontError("font file \(file.path): not a scalable font")
        }
        self.path = file.path
        self.face = face
        self.file = file
        self.identity = identity
        // hb_ft_font_create_referenced takes its own reference on the FT_Face.
        shaper = hb_ft_font_create_referenced(face)
    }

    deinit {
        hb_font_destroy(shaper)
        FT_Done_Face(face)
    }

    var familyName: String { face.pointee.family_name.map { String(cString: $0) } ?? path }

    func setPixelSize(_ size: Int) {
        guard size != pixelSize else { return }
        FT_Set_Pixel_Sizes(face, 0, FT_UInt(size))
        // HarfBuzz caches the scale taken from the FT_Face: tell it the size changed.
        hb_ft_font_changed(shaper)
        pixelSize = size
    }

    func hasGlyph(for scalar: Unicode.Scalar) -> Bool {
        FT_Get_Char_Index(face, FT_ULong(scalar.value)) != 0
    }

    /// Ascender and descender (positive, pixels) at the current size.
    var verticalMetrics: (ascent: Double, descent: Double) {
        let m = face.pointee.size.pointee.metrics
        return (Double(m.ascender) / 64, Double(-m.descender) / 64)
    }

    /// Renders `glyph` anti-aliased, shifted right by `subpixel` pixels (0 <= subpixel < 1).
    func render(glyph: UInt32, subpixel: Double) -> GlyphBitmap? {
        var delta = FT_Vector(x: FT_Pos(subpixel * 64), y: 0)
        FT_Set_Transform(face, nil, &delta)
        defer { FT_Set_Transform(face, nil, nil) }
        let flags = FT_Int32(FT_LOAD_DEFAULT) | FT_Int32(slidelock_ft_load_target_light)
        guard FT_Load_Glyph(face, glyph, flags) == 0,
            FT_Render_Glyph(face.pointee.glyph, FT_RENDER_MODE_NORMAL) == 0
        else { return nil }
        let slot = face.pointee.glyph.pointee
        let bitmap = slot.bitmap
        let w = Int(bitmap.width)
        let h = Int(bitmap.rows)
        let pitch = Int(bitmap.pitch)
        var alpha = [UInt8](repeating: 0, count: w * h)
        if let buffer = bitmap.buffer, w > 0, h > 0 {
            for y in 0..<h {
                for x in 0..<w { alpha[y * w + x] = buffer[y * pitch + x] }
            }
        }
        return GlyphBitmap(
            width: w, height: h, left: Int(slot.bitmap_left), top: Int(slot.bitmap_top),
            alpha: alpha, spans: inkSpans(alpha, width: w, height: h))
    }
}

/// An anti-aliased glyph image: `left`/`top` place it relative to the pen on the baseline.
final class GlyphBitmap {
    let width: Int, height: Int, left: Int, top: Int
    let alpha: [UInt8]
    /// Inked columns per row (`inkSpans`).
    let spans: [Int32]

    /// A class, not a struct: a label's glyphs are handed round every frame, one reference
    /// each rather than three.
    init(width: Int, height: Int, left: Int, top: Int, alpha: [UInt8], spans: [Int32]) {
        (self.width, self.height, self.left, self.top) = (width, height, left, top)
        self.alpha = alpha
        self.spans = spans
    }
}
