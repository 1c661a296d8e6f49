import CFreeType
import SlideLockCore

/// The label's fonts in order of preference, plus fallback faces found on demand for
/// characters none of them has. Owns the FreeType library they share.
final class FontSet {
    private let library: FT_Library
    private let resolver = FontResolver()
    let weight: FontWeight
    private(set) var faces: [FontFace] = []
    /// Things a person should know (a family not installed, a glyph nowhere): logged by the
    /// caller. At most `shownWarnings`, then one line counting the ones dropped (a label of
    /// ten thousand characters no font has is not ten thousand lines).
    var warnings: [String] {
        hiddenWarnings == 0 ? shownWarningList : shownWarningList + ["\(hiddenWarnings) more font warnings not shown"]
    }
    private var shownWarningList: [String] = []
    private var hiddenWarnings = 0

    private func warn(_ message: String) {
        if shownWarningList.count < Self.shownWarnings {
            shownWarningList.append(message)
        } else {
            hiddenWarnings += 1
        }
    }
    static let shownWarnings = 20
    private var fallbackFace: [UInt32: Int?] = [:]

    /// At most this many different entries in `theme.fonts`, and this many fallback faces
    /// found for characters they lack: each face holds a parsed font (a CJK one, megabytes).
    static let maximumFonts = 16

    /// Opens `specs`: entries with a `/` are font files and must open; others are families
    /// that are skipped with a warning when not installed. None usable is an error. An entry
    /// listed twice, or two entries naming the same file, open one face.
    init(specs: [String], weight: FontWeight) throws(FontError) {
        var lib: FT_Library?
        guard FT_Init_FreeType(&lib) == 0, let lib else { throw FontError("FreeType failed to initialise") }
        library = lib
        self.weight = weight
        // One pass with a set, stopping at the first entry over the cap: a list of 100 000
        // names costs no more than reading it.
        var seen: Set<String> = []
        var distinct: [String] = []
        for spec in specs where seen.insert(spec).inserted {
            distinct.append(spec)
            if distinct.count > Self.maximumFonts { break }
        }
        // A throw from here on still runs deinit (every property is set), which releases
        // the faces and the library.
        guard distinct.count <= Self.maximumFonts else {
            throw FontError("theme.fonts: more than \(Self.maximumFonts) different fonts listed")
        }
        for spec in distinct {
            if spec.contains("/") {
                add(try FontFace(library: library, path: spec))
            } else if let file = resolver.file(family: spec, weight: weight) {
                // Found, but refused (another user's file, as root) or unreadable: say why.
                do { add(try FontFace(library: library, path: file.path, index: file.index)) } catch {
                    warn("font family \"\(spec)\": \(error)")
                }
            } else {
                warn("font family \"\(spec)\" is not installed")
            }
        }
        // Families are wishes: when none is installed, the system's sans-serif will do.
        // Font files named by path were checked above and must exist.
        if faces.isEmpty, !specs.isEmpty, let file = resolver.defaultFile(weight: weight),
            let face = try? FontFace(library: library, path: file.path, index: file.index)
        {
            warn("using the system's default font \(face.familyName)")
            faces.append(face)
        }
        if faces.isEmpty {
            let list = specs.isEmpty ? "(no fonts configured)" : distinct.joined(separator: ", ")
            throw FontError("no usable font: none of \(list) is installed (theme.fonts)")
        }
        configured = faces.count
    }

    /// Faces from `theme.fonts`; fallback faces come after them.
    private var configured = 0

    /// Keeps `face` unless the same face of the same file is already open.
    private func add(_ face: FontFace) {
        if !faces.contains(where: { $0.identity == face.identity }) { faces.append(face) }
    }

    deinit {
        faces.removeAll()
        FT_Done_FreeType(library)
    }

    /// The index of the first face with a glyph for `scalar`, asking fontconfig for a
    /// fallback face once per character; nil when no installed font has it.
    func faceIndex(for scalar: Unicode.Scalar) -> Int? {
        if let i = faces.firstIndex(where: { $0.hasGlyph(for: scalar) }) { return i }
        if let known = fallbackFace[scalar.value] { return known }
        var found: Int?
        if let file = resolver.fallback(for: scalar, weight: weight) {
            if let i = faces.firstIndex(where: { $0.path == file.path }) {
                found = faces[i].hasGlyph(for: scalar) ? i : nil
            } else if faces.count - configured < Self.maximumFonts,
                let face = try? FontFace(library: library, path: file.path, index: file.index),
                face.hasGlyph(for: scalar)
            {
                if let i = faces.firstIndex(where: { $0.identity == face.identity }) {
                    found = i
                } else {
                    faces.append(face)
                    found = faces.count - 1
                }
            }
        }
        if found == nil {
            let hex = String(scalar.value, radix: 16, uppercase: true)
            warn("no installed font has a glyph for U+\(hex); drawing a box")
        }
        fallbackFace[scalar.value] = found
        return found
    }
}
