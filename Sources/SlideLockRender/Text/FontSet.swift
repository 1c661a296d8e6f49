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

    /// Questions put to fontconfig so far.
    var fontconfigQueries: Int { resolver.queries }

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

    /// The index of the first face with a glyph for `scalar`; nil when no installed font
    /// has it. A character neither open faces nor `resolve` found is looked for alone.
    func faceIndex(for scalar: Unicode.Scalar) -> Int? {
        if let i = faces.firstIndex(where: { $0.hasGlyph(for: scalar) }) { return i }
        if let known = fallbackFace[scalar.value] { return known }
        resolve([scalar])
        return fallbackFace[scalar.value] ?? nil
    }

    /// Finds fallback faces for the characters of `text` that no open face has and that
    /// were not looked for before, all in one fontconfig question (`FontResolver.fallbacks`).
    /// The shaper calls it once per new line, so a line costs at most one question and a
    /// line drawn again, frame after frame, none.
    func resolve(_ text: String) { resolve(Array(text.unicodeScalars)) }

    private func resolve(_ scalars: [Unicode.Scalar]) {
        var seen: Set<UInt32> = []
        let wanted = scalars.filter { scalar in
            fallbackFace[scalar.value] == nil && seen.insert(scalar.value).inserted
                && !faces.contains { $0.hasGlyph(for: scalar) }
        }
        guard !wanted.isEmpty else { return }
        // A long-running lock shown many different texts forgets what it learnt rather than
        // grow: each entry costs little, but without a bound nothing stops the growth.
        if fallbackFace.count + wanted.count > Self.rememberedCharacters { fallbackFace.removeAll() }
        let room = Self.maximumFonts - (faces.count - configured)
        for file in resolver.fallbacks(for: wanted, weight: weight, limit: max(room, 0)) {
            guard let i = openFallback(file) else { continue }
            for scalar in file.scalars where faces[i].hasGlyph(for: scalar) { fallbackFace[scalar.value] = i }
        }
        for scalar in wanted where fallbackFace[scalar.value] == nil {
            let hex = String(scalar.value, radix: 16, uppercase: true)
            warn("no installed font has a glyph for U+\(hex); drawing a box")
            fallbackFace[scalar.value] = .some(nil)
        }
    }

    /// Characters whose fallback (or its absence) is remembered.
    static let rememberedCharacters = 4096

    /// The index of `file`'s face: one already open, or opened now while under the cap.
    private func openFallback(_ file: FontResolver.Fallback) -> Int? {
        if let i = faces.firstIndex(where: { $0.path == file.path }) { return i }
        guard faces.count - configured < Self.maximumFonts,
            let face = try? FontFace(library: library, path: file.path, index: file.index)
        else { return nil }
        if let i = faces.firstIndex(where: { $0.identity == face.identity }) { return i }
        faces.append(face)
        return faces.count - 1
    }
}
