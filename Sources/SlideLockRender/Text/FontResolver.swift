import CFontconfig
import SlideLockCore

/// Finds font files: by path, or by family and weight through fontconfig, and finds
/// fallback files for characters the configured fonts lack.
final class FontResolver {
    private var config: OpaquePointer?
    /// Questions put to fontconfig so far (a match or a sort each): what a text costs.
    private(set) var queries = 0

    deinit { if let config { FcConfigDestroy(config) } }

    /// fontconfig is loaded only when a family name or a fallback is needed: start-up with
    /// font paths alone skips its cache scan.
    private func loadedConfig() -> OpaquePointer? {
        if config == nil { config = FcInitLoadConfigAndFonts() }
        return config
    }

    /// The file of `family` at `weight`, or nil when that family is not installed
    /// (fontconfig would otherwise hand back some other family).
    func file(family: String, weight: FontWeight) -> (path: String, index: Int)? {
        guard let pattern = FcNameParse(family) else { return nil }
        defer { FcPatternDestroy(pattern) }
        FcPatternAddInteger(pattern, "weight", Self.fontconfigWeight(weight))
        guard let match = bestMatch(pattern) else { return nil }
        defer { FcPatternDestroy(match) }
        guard let found = string(match, "family"),
            found.lowercased() == family.lowercased()
        else { return nil }
        return fileOf(match)
    }

    /// fontconfig's default sans-serif face, whatever family that is.
    func defaultFile(weight: FontWeight) -> (path: String, index: Int)? {
        guard let pattern = FcNameParse("sans-serif") else { return nil }
        defer { FcPatternDestroy(pattern) }
        FcPatternAddInteger(pattern, "weight", Self.fontconfigWeight(weight))
        guard let match = bestMatch(pattern) else { return nil }
        defer { FcPatternDestroy(match) }
        return fileOf(match)
    }

    /// Files with glyphs for `scalars`, best first, each with the scalars it has that no
    /// file before it has; scalars no installed font has are in none. One question to
    /// fontconfig for them all (a sort by coverage, trimmed to the fonts that add some),
    /// however many there are: a line of characters no font has costs one question, not one
    /// per character. At most `limit` files.
    func fallbacks(for scalars: [Unicode.Scalar], weight: FontWeight, limit: Int) -> [Fallback] {
        guard !scalars.isEmpty, limit > 0, let config = loadedConfig(),
            let pattern = FcPatternCreate(), let charset = FcCharSetCreate()
        else { return [] }
        defer {
            FcPatternDestroy(pattern)
            FcCharSetDestroy(charset)
        }
        for scalar in scalars { FcCharSetAddChar(charset, scalar.value) }
        FcPatternAddCharSet(pattern, "charset", charset)
        FcPatternAddInteger(pattern, "weight", Self.fontconfigWeight(weight))
        queries += 1
        FcConfigSubstitute(config, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let sorted = FcFontSort(config, pattern, FcTrue, nil, &result) else { return [] }
        defer { FcFontSetDestroy(sorted) }
        var remaining = scalars
        var found: [Fallback] = []
        for i in 0..<Int(sorted.pointee.nfont) where !remaining.isEmpty && found.count < limit {
            var has: OpaquePointer?
            guard let font = sorted.pointee.fonts[i], FcPatternGetCharSet(font, "charset", 0, &has) == FcResultMatch,
                let file = fileOf(font)
            else { continue }
            let covered = remaining.filter { FcCharSetHasChar(has, $0.value) != 0 }
            guard !covered.isEmpty else { continue }
            remaining.removeAll { FcCharSetHasChar(has, $0.value) != 0 }
            found.append(Fallback(path: file.path, index: file.index, scalars: covered))
        }
        return found
    }

    /// A fallback font file and the characters it was chosen for.
    struct Fallback {
        let path: String
        let index: Int
        let scalars: [Unicode.Scalar]
    }

    private func bestMatch(_ pattern: OpaquePointer) -> OpaquePointer? {
        guard let config = loadedConfig() else { return nil }
        queries += 1
        FcConfigSubstitute(config, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        return FcFontMatch(config, pattern, &result)
    }

    private func fileOf(_ match: OpaquePointer) -> (path: String, index: Int)? {
        guard let path = string(match, "file") else { return nil }
        var index: Int32 = 0
        _ = FcPatternGetInteger(match, "index", 0, &index)
        return (path, Int(index))
    }

    private func string(_ pattern: OpaquePointer, _ object: String) -> String? {
        var value: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(pattern, object, 0, &value) == FcResultMatch, let value else { return nil }
        return String(cString: value)
    }

    static func fontconfigWeight(_ weight: FontWeight) -> Int32 {
        switch weight {
        case .regular: return 80
        case .medium: return 100
        case .semibold: return 180
        case .bold: return 200
        }
    }
}
