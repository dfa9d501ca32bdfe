import ContainerKitScenarios

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#elseif canImport(Musl)
    import Musl
#endif

// `containerkit`: see `Command` in ContainerKitScenarios, which does the work and is tested there.
let result = MainActor.assumeIsolated { Command.run(Array(CommandLine.arguments.dropFirst())) }
print(result.output, terminator: "")
if !result.error.isEmpty {
    var bytes = Array(result.error.utf8)
    _ = write(2, &bytes, bytes.count)
}
exit(result.status)
