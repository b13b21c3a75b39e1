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
        // Foundation-only helpers every layer may use (JSON with line numbers, file input, messages, atomic writes).
        .target(name: "CarouselSupport"),
        // The view tree, animation, input and the Renderer protocol in pure Swift, so all of it runs without a window.
        .target(name: "CarouselCore"),
        // Clips apart from the app: record's passes, FFmpeg runs, child processes and jobs; no app model, no SDL.
        .target(name: "CarouselClips", dependencies: ["CarouselSupport", "CarouselCore"]),
        // Test doubles every test target shares (recording renderer, input simulator, fake images, a local server).
        .target(name: "CarouselTesting", dependencies: ["CarouselSupport", "CarouselCore", "CarouselStyles", "CarouselClips"]),
        // The five styles, their parameters as data compiled in (no bundle to find) with typed keys, and the deck.
        .target(name: "CarouselStyles", dependencies: ["CarouselSupport", "CarouselCore"],
                resources: ["Expand/expand", "Stitch/stitch", "Loop/loop", "Circular/circular", "Paging/paging"]
                    .map { .embedInCode("\($0).parameters.json") }
                    // The gallery of effect files, compiled in as the parameters are.
                    + ["coverflow.effect", "cards.effect", "parallax.effect", "scale-and-fade.effect", "widen.effect",
                       "creative-1.swiper", "creative-2.swiper", "creative-3.swiper", "creative-4.swiper", "creative-5.swiper", "creative-6.swiper"]
                    .map { .embedInCode("Effect/Gallery/\($0).json") },
                plugins: ["StyleKeys"]),
        // Generates each style's typed keys from its parameters file at build time, so a key is declared once.
        .plugin(name: "StyleKeys", capability: .buildTool(), dependencies: ["style-keys"]),
        // The plugin's tool: a parameters file in, the style's typed keys out (Foundation only).
        .executableTarget(name: "style-keys"),
        // The window's model behind one seam (actions, panel, overlay, capture, timeline), testable with no backend.
        .target(name: "CarouselApp", dependencies: ["CarouselSupport", "CarouselCore", "CarouselStyles", "CarouselClips"]),
        // Image bytes from paths and http(s) with bounded memory, caches and retries; no SDL, so it tests alone.
        .target(name: "ImageFetching", dependencies: ["CarouselSupport", "CCurl"]),
        // libcurl (Debian's, OpenSSL flavour), wrapped by a shim header for its variadic calls; its headers only: the
        // library is loaded at the first remote image (dlopen, see the shim), not linked (issue 41: start-up).
        .systemLibrary(name: "CCurl", providers: [.apt(["libcurl4-openssl-dev"])]),
        // SDL2: the window, events and renderer.
        .systemLibrary(name: "CSDL2", pkgConfig: "sdl2", providers: [.apt(["libsdl2-dev"])]),
        // SDL2_image: the formats libpng and libjpeg-turbo do not cover (WebP, GIF, BMP, ...).
        .systemLibrary(name: "CSDL2Image", pkgConfig: "SDL2_image", providers: [.apt(["libsdl2-image-dev"])]),
        // PNGs decoded with libpng's simplified API, which never prints (SDL_image's libpng prints its errors).
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        // SDL2_ttf with HarfBuzz: text in every script.
        .systemLibrary(name: "CSDL2TTF", pkgConfig: "SDL2_ttf", providers: [.apt(["libsdl2-ttf-dev"])]),
        // Xlib + XInput 2.4, for touchpad pinch gestures SDL2 does not deliver.
        .systemLibrary(name: "CX11", pkgConfig: "xi", providers: [.apt(["libx11-dev", "libxi-dev"])]),
        // fontconfig, for the installed fonts that have the characters DejaVu Sans lacks (CJK, Arabic, emoji).
        .systemLibrary(name: "CFontconfig", pkgConfig: "fontconfig", providers: [.apt(["libfontconfig-dev"])]),
        // pixman, the software renderer's compositor: what X.org and cairo composite with, SSE2 paths for
        // copies, fills and blending through masks; measured 2x SDL's software blitters on the same frames.
        .systemLibrary(name: "CPixman", pkgConfig: "pixman-1", providers: [.apt(["libpixman-1-dev"])]),
        // zlib, for PNG frames encoded at a fast level on several threads (`record` to a PNG folder); SDL_image's
        // PNG writer has one fixed, slow level.
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        // libjpeg-turbo, for JPEGs decoded reduced in the DCT and straight into BGRA (SDL_image decodes them whole,
        // as RGB, which is then converted and scaled down).
        .systemLibrary(name: "CJPEG", pkgConfig: "libjpeg", providers: [.apt(["libjpeg62-turbo-dev"])]),
        // The compositor's own pixel loops in C where pixman 0.42 has only SSE2: an opaque picture blended at an
        // opacity (a cross-fade's layers) with AVX2, bit for bit what pixman computes, at 1.6x its speed. Always -O2:
        // the debug build's captures draw through it too. DWARF 4: valgrind 3.19 (callgrind) cannot read clang's 5.
        .target(name: "CPixelKernels", cSettings: [.unsafeFlags(["-O2", "-gdwarf-4"])]),
        // The only module that imports SDL: window, renderer, image and font loading, PNG output, and the platform
        // services of CarouselCore. It knows the core, never the app.
        .target(name: "SDLBackend", dependencies: ["CarouselSupport", "CarouselCore", "ImageFetching", "CSDL2", "CSDL2Image", "CPNG", "CSDL2TTF", "CX11", "CFontconfig", "CPixman", "CZlib", "CJPEG", "CPixelKernels"]),
        // `carousel-lab bench`: frame phases and the floor, startup, memory, idle and CPU, core scaling. No SDL import.
        .target(name: "CarouselBench", dependencies: ["CarouselSupport", "CarouselCore", "CarouselStyles", "CarouselClips", "CarouselApp", "SDLBackend"]),
        // The executable is wiring only: the one place where the app meets the backend, and the command line.
        .executableTarget(name: "carousel-lab", dependencies: [
            "CarouselSupport", "CarouselCore", "CarouselStyles", "CarouselClips", "CarouselApp", "SDLBackend", "CarouselBench", "ImageFetching",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        // One test target per module, each with only what it tests and the shared doubles.
        .testTarget(name: "CarouselSupportTests", dependencies: ["CarouselSupport", "CarouselTesting"]),
        .testTarget(name: "CarouselCoreTests", dependencies: ["CarouselCore", "CarouselTesting"]),
        .testTarget(name: "CarouselClipsTests", dependencies: ["CarouselClips", "CarouselSupport", "CarouselCore", "CarouselTesting"]),
        .testTarget(name: "CarouselStylesTests", dependencies: ["CarouselSupport", "CarouselStyles", "CarouselCore", "CarouselTesting"]),
        .testTarget(name: "CarouselAppTests", dependencies: ["CarouselSupport", "CarouselClips", "CarouselApp", "CarouselStyles", "CarouselCore", "CarouselTesting"]),
        .testTarget(name: "ImageFetchingTests", dependencies: ["CarouselSupport", "CarouselClips", "ImageFetching", "CarouselTesting"]),
        .testTarget(name: "SDLBackendTests", dependencies: ["CarouselSupport", "SDLBackend", "CarouselApp", "ImageFetching", "CarouselCore", "CarouselTesting"]),
        // Golden captures through the real renderer, and the real window driven by xdotool under Xvfb.
        .testTarget(name: "EndToEndTests", dependencies: ["CarouselSupport", "SDLBackend", "ImageFetching", "CarouselClips", "CarouselApp", "CarouselStyles", "CarouselCore", "CarouselTesting", "CarouselBench"]),
    ],
    swiftLanguageModes: [.v6]
)

// Release builds leave out the run-time exclusivity checks (the compile-time ones stay): on the frame's hot path
// they cost 6 % of an expand frame's instructions and 11 % of a paging frame's (issue 41; docs/performance.md).
// Debug builds, and so the tests, keep them.
for target in package.targets where [.regular, .executable].contains(target.type) && target.name != "CPixelKernels" {
    target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release))]
}
