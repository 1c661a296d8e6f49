// swift-tools-version:6.0
import PackageDescription

/// slidelock: a fullscreen slide-to-unlock lock screen for embedded Linux panels.
/// Pure core (no I/O) -> renderer (pixels) -> platform edges -> one executable.
let package = Package(
    name: "slidelock",
    targets: [
        .systemLibrary(name: "CDRM", pkgConfig: "libdrm", providers: [.apt(["libdrm-dev"])]),
        .systemLibrary(name: "CEvdev", pkgConfig: "libevdev", providers: [.apt(["libevdev-dev"])]),
        .systemLibrary(name: "CFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"])]),
        .systemLibrary(name: "CHarfBuzz", pkgConfig: "harfbuzz", providers: [.apt(["libharfbuzz-dev"])]),
        .systemLibrary(name: "CFontconfig", pkgConfig: "fontconfig", providers: [.apt(["libfontconfig-dev"])]),
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CLinux"),

        // rounded()/squareRoot() lower to libm calls; the core imports no C module, so link it here.
        .target(name: "SlideLockCore", linkerSettings: [.linkedLibrary("m")]),
        .target(
            name: "SlideLockRender",
            dependencies: ["SlideLockCore", "CFreeType", "CHarfBuzz", "CFontconfig", "CPNG"],
            swiftSettings: [.unsafeFlags(["-Ounchecked"], .when(configuration: .release))]
        ),
        .target(name: "SlideLockPlatform", dependencies: ["SlideLockCore", "CDRM", "CEvdev", "CLinux"]),
        // The lock loop: frame scheduling, exit-after-frame, reload, hook policy, display
        // opening; written against protocols the edges implement, so it is tested with fakes.
        .target(name: "SlideLockRuntime", dependencies: ["SlideLockCore", "SlideLockRender", "SlideLockPlatform"]),
        .executableTarget(
            name: "slidelock",
            dependencies: ["SlideLockCore", "SlideLockRender", "SlideLockPlatform", "SlideLockRuntime"]
        ),

        .testTarget(name: "SlideLockCoreTests", dependencies: ["SlideLockCore"], resources: [.copy("Evemu")]),
        .testTarget(name: "SlideLockRenderTests", dependencies: ["SlideLockCore", "SlideLockRender"],
                    resources: [.copy("Golden")]),
        .testTarget(name: "SlideLockPlatformTests", dependencies: ["SlideLockCore", "SlideLockPlatform"]),
        .testTarget(name: "SlideLockRuntimeTests",
                    dependencies: ["SlideLockCore", "SlideLockRender", "SlideLockPlatform", "SlideLockRuntime"]),
        .testTarget(name: "SlideLockCLITests", dependencies: ["slidelock"]),
    ],
    swiftLanguageModes: [.v6]
)
