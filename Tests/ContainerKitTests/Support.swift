import ContainerKit
import ContainerKitTesting
import Testing

/// A container that records nothing itself; the recorder sees every callback.
final class Parent: ContainerController {}

/// A leaf controller.
final class Leaf: Controller {}

/// A window of the usual test size.
@MainActor
func makeWindow(_ name: String = "window") -> Window {
    Window(name: name, frame: Rect(x: 0, y: 0, width: 320, height: 480))
}

/// Asserts the recorder's transcript since the last take, line for line.
@MainActor
func expectTranscript(
    _ recorder: Recorder, _ expected: String, includingViewIsAppearing: Bool = false,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let actual = recorder.takeTranscript(includingViewIsAppearing: includingViewIsAppearing)
    #expect(actual == expected, sourceLocation: sourceLocation)
}
