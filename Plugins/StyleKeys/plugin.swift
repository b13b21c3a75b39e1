import PackagePlugin

/// Generates each style's typed parameter keys (`<Style>Style.Keys`) from its parameters file
/// (`<Style>/<style>.parameters.json`), so a parameter is declared once, as data, and the style still reads it with a
/// key the compiler checks.
@main
struct StyleKeys: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let tool = try context.tool(named: "style-keys")
        return target.sourceFiles.filter { $0.url.lastPathComponent.hasSuffix(".parameters.json") }.map { file in
            let style = file.url.lastPathComponent.replacingOccurrences(of: ".parameters.json", with: "")
            let output = context.pluginWorkDirectoryURL.appending(path: "\(style)-keys.swift")
            return .buildCommand(displayName: "Typed keys from \(file.url.lastPathComponent)", executable: tool.url,
                                 arguments: [file.url.path, output.path], inputFiles: [file.url], outputFiles: [output])
        }
    }
}
