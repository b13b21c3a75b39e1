// The `#Preview` macro's implementation for the SwiftUI stand-in (SwiftUI.swift beside this file): a compiler plugin
// built against the swift-syntax libraries that ship with the toolchain (`usr/lib/swift/host`). Apple's expands to a
// preview registration; this one expands to nothing, since its argument (the previewed view) is type-checked as the
// macro's argument before any expansion, and that check is all the tests need.
import SwiftSyntax
import SwiftSyntaxMacros

/// `#Preview { ... }`: no declarations.
public struct PreviewMacro: DeclarationMacro {
    public static func expansion(of node: some FreestandingMacroExpansionSyntax,
                                 in context: some MacroExpansionContext) throws -> [DeclSyntax] {
        []
    }
}
