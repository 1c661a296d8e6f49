// "Did you mean": the key a misspelt or misplaced one most likely stands for.

extension ConfigKey {
    /// The hint for `name`, unknown in `[section]`: the section it belongs in when some other
    /// section has it, else the closest key by spelling (a few letters off), anywhere.
    /// `(it belongs in [display])`, `(did you mean track_width?)`, or nil.
    static func suggestion(for name: String, in section: String) -> String? {
        let elsewhere = all.filter { $0.name == name }.map { "[\($0.section)]" }
        if !elsewhere.isEmpty { return "(it belongs in \(ConfigValue.alternatives(elsewhere)))" }
        let here = all.filter { $0.section == section }.map(\.name)
        if let near = closest(name, among: here) { return "(did you mean \(near)?)" }
        let others = all.filter { $0.section != section }
        guard let near = closest(name, among: others.map(\.name)),
            let key = others.first(where: { $0.name == near })
        else { return nil }
        return "(did you mean [\(key.section)] \(key.name)?)"
    }

    /// The candidate within a few edits of `text` (one per four letters, at least one, at
    /// most three), the nearest first; nil when none is that close, or `text` is long
    /// enough to be no misspelling of a key.
    static func closest(_ text: String, among candidates: [String]) -> String? {
        let typed = Array(text.lowercased().unicodeScalars)
        guard !typed.isEmpty, typed.count <= 64 else { return nil }
        let allowed = min(3, max(1, typed.count / 4))
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            let distance = editDistance(typed, Array(candidate.unicodeScalars))
            if distance <= allowed, distance < best?.distance ?? Int.max { best = (candidate, distance) }
        }
        return best?.name
    }

    /// Levenshtein distance, with a swap of two neighbours counting as one edit.
    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var before = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], before[j - 2] + 1)
                }
            }
            (before, previous, current) = (previous, current, before)
        }
        return previous[b.count]
    }
}
