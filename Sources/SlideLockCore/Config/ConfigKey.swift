/// One settable `section.key`: how to parse its value into `Settings` and how to write it
/// back. The table of all of them is `ConfigKey.all` (ConfigKey+Table.swift).
struct ConfigKey: Sendable {
    typealias Apply = @Sendable (inout Settings, String) throws(ConfigValueError) -> Void

    let section: String
    let name: String
    /// What the value may be, for documentation: `colour`, `0...1`, `on/off`, `a|b|c`.
    let accepts: String
    let apply: Apply
    let format: @Sendable (Settings) -> String

    var path: String { section + "." + name }

    /// A decimal number within `range`.
    static func number(
        _ section: String, _ name: String, _ field: WritableKeyPath<Settings, Double> & Sendable,
        _ range: NumberRange
    ) -> ConfigKey {
        ConfigKey(
            section: section, name: name, accepts: "number \(range)",
            apply: { (settings, text) throws(ConfigValueError) in
                settings[keyPath: field] = try ConfigValue.number(text, in: range)
            },
            format: { ConfigValue.format($0[keyPath: field]) })
    }

    /// `#RGB`, `#RRGGBB` or `#RRGGBBAA`.
    static func color(
        _ section: String, _ name: String,
        _ field: WritableKeyPath<Settings, Color> & Sendable
    ) -> ConfigKey {
        ConfigKey(
            section: section, name: name, accepts: "colour",
            apply: { (settings, text) throws(ConfigValueError) in
                settings[keyPath: field] = try ConfigValue.color(text)
            },
            format: { $0[keyPath: field].description })
    }

    /// on/off and friends.
    static func bool(
        _ section: String, _ name: String,
        _ field: WritableKeyPath<Settings, Bool> & Sendable
    ) -> ConfigKey {
        ConfigKey(
            section: section, name: name, accepts: "on/off",
            apply: { (settings, text) throws(ConfigValueError) in
                settings[keyPath: field] = try ConfigValue.bool(text)
            },
            format: { ConfigValue.format($0[keyPath: field]) })
    }

    /// One of an enum's raw values.
    static func choice<E: RawRepresentable & CaseIterable & Sendable>(
        _ section: String, _ name: String, _ field: WritableKeyPath<Settings, E> & Sendable
    ) -> ConfigKey where E.RawValue == String {
        ConfigKey(
            section: section, name: name, accepts: E.allCases.map(\.rawValue).joined(separator: "|"),
            apply: { (settings, text) throws(ConfigValueError) in
                settings[keyPath: field] = try ConfigValue.choice(text)
            },
            format: { $0[keyPath: field].rawValue })
    }

    /// Free text, taken as written (after trimming and unquoting).
    static func text(
        _ section: String, _ name: String,
        _ field: WritableKeyPath<Settings, String> & Sendable
    ) -> ConfigKey {
        ConfigKey(
            section: section, name: name, accepts: "text",
            apply: { (settings, text) throws(ConfigValueError) in
                settings[keyPath: field] = try ConfigValue.text(text)
            },
            format: { $0[keyPath: field] })
    }
}
