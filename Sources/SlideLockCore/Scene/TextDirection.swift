/// Just enough of the Unicode bidi classes to pick a default direction for a label.
public enum TextDirection {
    /// True when the first strong character is from a right-to-left script
    /// (Hebrew, Arabic, Syriac, Thaana, NKo and their presentation forms).
    public static func isRightToLeft(_ text: String) -> Bool {
        for scalar in text.unicodeScalars {
            let v = scalar.value
            if (0x0590...0x08FF).contains(v) || (0xFB1D...0xFDFF).contains(v)
                || (0xFE70...0xFEFF).contains(v) || (0x10800...0x10FFF).contains(v)
                || (0x1E800...0x1EFFF).contains(v)
            {
                return true
            }
            if scalar.properties.isAlphabetic { return false }
        }
        return false
    }
}
