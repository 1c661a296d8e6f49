/// The vector icons slidelock draws itself (names as in the config).
public enum Icon: String, CaseIterable, Equatable, Sendable {
    case none
    case lock
    case lockOpen = "lock.open"
    case chevrons
    case star
    case spinner
    case checkmark
}

/// Font weight asked of the font library.
public enum FontWeight: String, CaseIterable, Equatable, Sendable {
    case regular, medium, semibold, bold
}

/// Which way the thumb travels.
public enum Direction: String, CaseIterable, Equatable, Sendable {
    case ltr, rtl, auto
}
