/// The release this build is: `slidelock --version`, `ctl status` and the Debian package
/// (scripts/package.sh reads `number` from this file; the package's version starts with it).
public enum SlideLockVersion {
    public static let number = "0.1.0"
}
