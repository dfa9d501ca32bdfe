import ContainerKit
import ContainerKitTesting
import Testing

/// Recording from several threads at once. A controller's deallocation is delivered on whatever
/// thread releases it, so a recorder and the observation scopes are used concurrently while the
/// main actor goes on with other tests; `.ci/run` runs this under ThreadSanitizer, which reports any
/// access they fail to synchronize.
@Suite @MainActor struct ConcurrentRecordingTests {
    /// Controllers made on the main actor and handed over whole, so that the task that takes a batch
    /// holds its only references; and how many tasks are done with theirs.
    @MainActor final class Batches {
        private var waiting: [[Controller]]
        private(set) var finished = 0

        init(count: Int, size: Int) {
            waiting = (0..<count).map { batch in (0..<size).map { Controller(name: "c\(batch).\($0)") } }
        }

        func take(_ batch: Int) -> [Controller] {
            defer { waiting[batch] = [] }
            return waiting[batch]
        }

        func finish() { finished += 1 }
    }

    @Test func deallocationsOnOtherThreadsAreRecordedOnceEachWhileTheMainActorReleasesWindows() async {
        let recorder = Recorder()
        let count = 4
        let size = 500
        let batches = Batches(count: count, size: size)
        await withTaskGroup(of: Void.self) { group in
            for batch in 0..<count {
                // Not main-actor code: the controllers are released on the task's own thread.
                group.addTask {
                    var controllers = await batches.take(batch)
                    await LifecycleObservation.observe(with: recorder) {
                        while !controllers.isEmpty {
                            controllers.removeLast()
                            await Task.yield()
                        }
                    }
                    await batches.finish()
                }
            }
            // Meanwhile the main actor shows and releases windows, as another test would.
            while batches.finished < count {
                show(Controller(name: "root"))
                await Task.yield()
            }
        }
        let released = recorder.events.compactMap { event -> String? in
            guard case .deallocated(let id) = event else { return nil }
            return id.name
        }
        #expect(released.count == count * size)
        #expect(Set(released).count == count * size)
        recorder.skipEvents()
        recorder.finish()
    }
}
