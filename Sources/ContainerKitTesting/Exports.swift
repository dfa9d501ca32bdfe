// The recorder, its filters, naming and Mermaid diagrams live in ContainerKitTranscripts, which links
// no test framework, so the `containerkit` explorer can use them; this module adds the assertions
// and failure reporting, and `import ContainerKitTesting` brings both.
@_exported import ContainerKitTranscripts
