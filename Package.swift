// swift-tools-version:6.0
import PackageDescription

/// The release link of the executable, for the lock screen's resident size on small panels:
/// - lld packs the relative relocations (DT_RELR, glibc >= 2.36): a few KB instead of the
///   640 KB of .rela.dyn that ld.so reads, and pages, at every start;
/// - --no-export-dynamic undoes the -export-dynamic of the static Swift runtime's link
///   arguments: nothing dlopens code that needs our symbols, and exporting them kept ~4000
///   in .dynsym/.dynstr and made every one a --gc-sections root;
/// - scripts/link/libstdc++.so, found by -L before the toolchain's, turns the -lstdc++ of those
///   same arguments into the static archive: only the few objects the Swift runtime uses
///   land in the binary and libstdc++.so.6 (~0.9 MB resident) is not loaded. Only the static
///   runtime asks for -lstdc++; with the dynamic one libswiftCore.so brings its own
///   libstdc++.so.6 and the script is never read, so there is never a second copy.
/// - scripts/link/hot-functions.txt (made by Tests/VM/tools/hot-functions.sh) lists the
///   functions the lock screen runs, and lld places them first in .text: the kernel maps code
///   64 KB around each fault, so scattered, they kept 3.9 MB of the binary resident; together,
///   2.2 MB (most of the rest is the Swift runtime's one large code section, which cannot be
///   reordered). Names the list lacks or no longer matches are skipped, not errors.
/// Both Swift toolchains in use (/opt/swift 6.3, Debian trixie's swiftlang 6.0.3) ship ld.lld.
let packageRoot = String(#filePath.dropLast("Package.swift".count))
let releaseLink: [LinkerSetting] = [
    .unsafeFlags(
        [
            "-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs",
            "-Xlinker", "--no-export-dynamic", "-L\(packageRoot)scripts/link",
            "-Xlinker", "--symbol-ordering-file=\(packageRoot)scripts/link/hot-functions.txt",
            "-Xlinker", "--no-warn-symbol-ordering",
        ],
        .when(configuration: .release))
]

/// Each function in its own section, so the release link can place it (hot-functions.txt).
let sections: [SwiftSetting] = [.unsafeFlags(["-Xfrontend", "-function-sections"], .when(configuration: .release))]

/// The renderer is optimised in debug builds too. Its blending is SIMD arithmetic that is
/// about 30 times slower unoptimised, and the runtime tests draw every frame of the loop
/// through it: unoptimised, they were 6 of CI's 35 minutes. What ships is optimised anyway.
let renderSettings: [SwiftSetting] = sections + [.unsafeFlags(["-O"], .when(configuration: .debug))]

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
        // The MQTT bridge's client; only slidelock-mqtt links it, never the lock.
        .systemLibrary(name: "CMosquitto", pkgConfig: "libmosquitto", providers: [.apt(["libmosquitto-dev"])]),

        // rounded()/squareRoot() lower to libm calls; the core imports no C module, so link it here.
        .target(name: "SlideLockCore", swiftSettings: sections, linkerSettings: [.linkedLibrary("m")]),
        .target(
            name: "SlideLockRender",
            dependencies: [
                "SlideLockCore", "SlideLockPlatform", "CFreeType", "CHarfBuzz", "CFontconfig", "CPNG", "CLinux",
            ],
            swiftSettings: renderSettings),
        .target(
            name: "SlideLockPlatform", dependencies: ["SlideLockCore", "CDRM", "CEvdev", "CLinux"],
            swiftSettings: sections),
        // The lock loop: frame scheduling, exit-after-frame, reload, hook policy, display
        // opening; written against protocols the edges implement, so it is tested with fakes.
        .target(
            name: "SlideLockRuntime", dependencies: ["SlideLockCore", "SlideLockRender", "SlideLockPlatform"],
            swiftSettings: sections),
        // The MQTT bridge's pure part: mqtt.conf, watch lines to MQTT messages, commands to
        // requests, Home Assistant discovery. No I/O: the executable around it does that.
        .target(name: "SlideLockMQTT", dependencies: ["SlideLockCore"], swiftSettings: sections),
        // The bridge's edges and loop: the lock's control socket and the broker (libmosquitto).
        .target(
            name: "SlideLockMQTTBridge",
            dependencies: ["SlideLockCore", "SlideLockMQTT", "SlideLockPlatform", "CMosquitto"]
        ),
        .executableTarget(name: "slidelock-mqtt", dependencies: ["SlideLockMQTTBridge"]),
        .executableTarget(
            name: "slidelock",
            dependencies: ["SlideLockCore", "SlideLockRender", "SlideLockPlatform", "SlideLockRuntime"],
            swiftSettings: sections,
            linkerSettings: releaseLink
        ),

        .testTarget(name: "SlideLockCoreTests", dependencies: ["SlideLockCore"], resources: [.copy("Evemu")]),
        .testTarget(
            name: "SlideLockRenderTests", dependencies: ["SlideLockCore", "SlideLockRender"],
            resources: [.copy("Golden")]),
        .testTarget(name: "SlideLockPlatformTests", dependencies: ["SlideLockCore", "SlideLockPlatform"]),
        .testTarget(
            name: "SlideLockRuntimeTests",
            dependencies: ["SlideLockCore", "SlideLockRender", "SlideLockPlatform", "SlideLockRuntime"]),
        .testTarget(name: "SlideLockCLITests", dependencies: ["slidelock"]),
        .testTarget(name: "SlideLockMQTTTests", dependencies: ["SlideLockCore", "SlideLockMQTT"]),
        .testTarget(
            name: "SlideLockMQTTBridgeTests",
            dependencies: ["SlideLockCore", "SlideLockMQTT", "SlideLockPlatform", "SlideLockMQTTBridge"]),
    ],
    swiftLanguageModes: [.v6]
)
