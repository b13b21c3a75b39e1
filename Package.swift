// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "CarouselLab",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "carousel-lab", targets: ["carousel-lab"]),
        .library(name: "CarouselCore", targets: ["CarouselCore"]),
    ],
    dependencies: [
        // Command-line parsing for the executable only (subcommands, typed options, generated help).
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        // Foundation-only helpers every layer may use and the view tree never needs: the JSON parser with line
        // numbers, the file-reading policy, one-line message quoting, atomic file writes.
        .target(name: "CarouselSupport"),
        // Pure Swift: geometry, animation, view tree, input, scrolling, the Renderer protocol and the platform
        // services (clipboard, sound, screenshots) a backend provides. No SDL.
        .target(name: "CarouselCore"),
        // Test doubles shared by every test target: recording renderer, input simulator, fake image store, and a
        // local HTTP server (Foundation sockets only).
        .target(name: "CarouselTesting", dependencies: ["CarouselSupport", "CarouselCore", "CarouselStyles"]),
        // The five carousel styles, their parameter schemas, and the deck model.
        .target(name: "CarouselStyles", dependencies: ["CarouselSupport", "CarouselCore"],
                // Each style's parameters as data beside its code, compiled in (no resource bundle to find at run time).
                resources: ["Expand/expand", "Stitch/stitch", "Loop/loop", "Circular/circular", "Paging/paging"]
                    .map { .embedInCode("\($0).parameters.json") },
                // Their typed keys (`ExpandStyle.Keys`), generated from those files at build time.
                plugins: ["StyleKeys"]),
        .plugin(name: "StyleKeys", capability: .buildTool(), dependencies: ["style-keys"]),
        // The plugin's tool: a parameters file in, the style's typed keys out (Foundation only).
        .executableTarget(name: "style-keys"),
        // The app model: style switching, the tuning panel, scripted input, layout export, capture, auto-advance, the
        // window's driver.
        .target(name: "CarouselApp", dependencies: ["CarouselSupport", "CarouselCore", "CarouselStyles"]),
        // Image bytes for a deck's sources: paths, file:// and http(s):// through libcurl with bounded memory,
        // memory and disk caches, retry policy. No SDL.
        .target(name: "ImageFetching", dependencies: ["CarouselSupport", "CCurl"]),
        // libcurl (Debian's, OpenSSL flavour), wrapped by a shim header for its variadic calls.
        .systemLibrary(name: "CCurl", pkgConfig: "libcurl", providers: [.apt(["libcurl4-openssl-dev"])]),
        // The SDL system libraries, wrapped by shim headers.
        .systemLibrary(name: "CSDL2", pkgConfig: "sdl2", providers: [.apt(["libsdl2-dev"])]),
        .systemLibrary(name: "CSDL2Image", pkgConfig: "SDL2_image", providers: [.apt(["libsdl2-image-dev"])]),
        .systemLibrary(name: "CSDL2TTF", pkgConfig: "SDL2_ttf", providers: [.apt(["libsdl2-ttf-dev"])]),
        // Xlib + XInput 2.4, for touchpad pinch gestures SDL2 does not deliver.
        .systemLibrary(name: "CX11", pkgConfig: "xi", providers: [.apt(["libx11-dev", "libxi-dev"])]),
        // fontconfig, for the installed fonts that have the characters DejaVu Sans lacks (CJK, Arabic, emoji).
        .systemLibrary(name: "CFontconfig", pkgConfig: "fontconfig", providers: [.apt(["libfontconfig-dev"])]),
        // pixman, the software renderer's compositor (issue 31): what X.org and cairo composite with, SSE2 paths for
        // copies, fills and blending through masks; measured 2x SDL's software blitters on the same frames.
        .systemLibrary(name: "CPixman", pkgConfig: "pixman-1", providers: [.apt(["libpixman-1-dev"])]),
        // zlib, for PNG frames encoded at a fast level on several threads (`record` to a PNG folder); SDL_image's
        // PNG writer has one fixed, slow level.
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        // libjpeg-turbo, for JPEGs decoded reduced in the DCT and straight into BGRA (SDL_image decodes them whole,
        // as RGB, which is then converted and scaled down).
        .systemLibrary(name: "CJPEG", pkgConfig: "libjpeg", providers: [.apt(["libjpeg62-turbo-dev"])]),
        // The only module that imports SDL: window, renderer, image and font loading, PNG output, and the platform
        // services of CarouselCore. It knows the core, never the app.
        .target(name: "SDLBackend", dependencies: ["CarouselSupport", "CarouselCore", "ImageFetching", "CSDL2", "CSDL2Image", "CSDL2TTF", "CX11", "CFontconfig", "CPixman", "CZlib", "CJPEG"]),
        // `carousel-lab bench`: frame phases and the floor, startup, memory, idle and CPU, core scaling. No SDL import.
        .target(name: "CarouselBench", dependencies: ["CarouselSupport", "CarouselCore", "CarouselStyles", "CarouselApp", "SDLBackend"]),
        .executableTarget(name: "carousel-lab", dependencies: [
            "CarouselSupport", "CarouselCore", "CarouselStyles", "CarouselApp", "SDLBackend", "CarouselBench", "ImageFetching",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        .testTarget(name: "CarouselSupportTests", dependencies: ["CarouselSupport", "CarouselTesting"]),
        .testTarget(name: "CarouselCoreTests", dependencies: ["CarouselCore", "CarouselTesting"]),
        .testTarget(name: "CarouselStylesTests", dependencies: ["CarouselSupport", "CarouselStyles", "CarouselCore", "CarouselTesting"]),
        .testTarget(name: "CarouselAppTests", dependencies: ["CarouselSupport", "CarouselApp", "CarouselStyles", "CarouselCore", "CarouselTesting"]),
        .testTarget(name: "ImageFetchingTests", dependencies: ["CarouselSupport", "ImageFetching", "CarouselTesting"]),
        .testTarget(name: "SDLBackendTests", dependencies: ["CarouselSupport", "SDLBackend", "CarouselApp", "ImageFetching", "CarouselCore", "CarouselTesting"]),
        // Golden captures through the real renderer, and the real window driven by xdotool under Xvfb.
        .testTarget(name: "EndToEndTests", dependencies: ["CarouselSupport", "SDLBackend", "ImageFetching", "CarouselApp", "CarouselStyles", "CarouselCore", "CarouselTesting", "CarouselBench"]),
    ],
    swiftLanguageModes: [.v6]
)
