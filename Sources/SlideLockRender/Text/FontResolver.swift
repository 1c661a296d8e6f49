import CFontconfig
import SlideLockCore

/// Finds font files: by path, or by family and weight through fontconfig, and finds a
/// fallback file for characters the configured fonts lack.
final class FontResolver {
    private var config: OpaquePointer?

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

    /// A file with a glyph for `scalar`, or nil when no installed font has one.
    func fallback(for scalar: Unicode.Scalar, weight: FontWeight) -> (path: String, index: Int)? {
        guard let pattern = FcPatternCreate(), let charset = FcCharSetCreate() else { return nil }
        defer {
            FcPatternDestroy(pattern)
            FcCharSetDestroy(charset)
        }
        FcCharSetAddChar(charset, scalar.value)
        FcPatternAddCharSet(pattern, "charset", charset)
        FcPatternAddInteger(pattern, "weight", Self.fontconfigWeight(weight))
        guard let match = bestMatch(pattern) else { return nil }
        defer { FcPatternDestroy(match) }
        var matchedSet: OpaquePointer?
        guard FcPatternGetCharSet(match, "charset", 0, &matchedSet) == FcResultMatch,
            FcCharSetHasChar(matchedSet, scalar.value) != 0
        else { return nil }
        return fileOf(match)
    }

    private func bestMatch(_ pattern: OpaquePointer) -> OpaquePointer? {
        guard let config = loadedConfig() else { return nil }
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
