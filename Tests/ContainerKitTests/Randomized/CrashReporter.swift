#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
#if canImport(Synchronization)
    import Synchronization
#endif

/// Names the sequence that was running when the process crashes (a precondition in the engine,
/// say) or hangs (an endless loop), so that it can be replayed: an issue cannot be recorded from a
/// dying process, but a line on standard error can.
///
/// The signal handler writes the seed and the step with `write(2)` only (async-signal-safe), then
/// puts the previous handler back and returns, so the fault happens again and the runtime's own
/// crash report follows. A watchdog thread aborts the process, after the same line, when one step
/// has run for a minute.
///
/// The test writes the seed and the step on its thread while the watchdog and the signal handler
/// read them, so they are atomics: lock-free, hence safe in a signal handler too, where a lock could
/// deadlock if the crash came while the test held it. `Atomic` needs macOS 15, iOS 18 and their
/// peers; on older Apple systems the reporter is not installed and the tests run without it.
enum CrashReporter {
    /// Installs the handler and starts the watchdog, once per process.
    static func install() {
        #if canImport(Synchronization) && (canImport(Glibc) || canImport(Darwin))
            if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) { Watch.install() }
        #endif
    }

    /// Notes that the sequence of `seed` starts; a crash or a hang from now on names it.
    static func start(seed: UInt64) {
        #if canImport(Synchronization) && (canImport(Glibc) || canImport(Darwin))
            if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) { Watch.start(seed: seed) }
        #endif
    }

    /// Notes that the running sequence reached `step`.
    static func reach(step: Int) {
        #if canImport(Synchronization) && (canImport(Glibc) || canImport(Darwin))
            if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) { Watch.reach(step: step) }
        #endif
    }

    /// Notes that no sequence is running any more.
    static func stop() {
        #if canImport(Synchronization) && (canImport(Glibc) || canImport(Darwin))
            if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) { Watch.stop() }
        #endif
    }
}

#if canImport(Synchronization) && (canImport(Glibc) || canImport(Darwin))
    /// The state ``CrashReporter`` shares with its watchdog and its signal handler.
    ///
    /// Relaxed ordering is enough: the watchdog acts only on values that have not changed for a
    /// minute, and the handler reports a crash of the test's own thread, which wrote them.
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    private enum Watch {
        static let seed = Atomic<UInt64>(0)
        static let step = Atomic<Int>(-1)
        static let isRunning = Atomic<Bool>(false)
        /// Counts the changes of `step` and `isRunning`, so that the watchdog sees progress.
        static let heartbeat = Atomic<Int>(0)
        static let installed = Atomic<Bool>(false)

        static let signals: [Int32] = [SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGABRT]
        /// Written by `install()` before any handler can run; read only by the handler.
        nonisolated(unsafe) static let previous = UnsafeMutablePointer<sigaction>.allocate(capacity: 64)
        /// Used only by `report()`, on the way to the end of the process.
        nonisolated(unsafe) static let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: 256)

        static func install() {
            guard !installed.exchange(true, ordering: .relaxed) else { return }
            for signal in signals {
                var action = sigaction()
                #if canImport(Glibc)
                    action.__sigaction_handler.sa_handler = handle
                #else
                    action.__sigaction_u.__sa_handler = handle
                #endif
                sigaction(signal, &action, previous + Int(signal))
            }
            var watchdog = pthread_t()
            pthread_create(&watchdog, nil, { _ in Watch.watch() }, nil)
        }

        static func start(seed: UInt64) {
            self.seed.store(seed, ordering: .relaxed)
            isRunning.store(true, ordering: .relaxed)
            heartbeat.wrappingAdd(1, ordering: .relaxed)
        }

        static func reach(step: Int) {
            self.step.store(step, ordering: .relaxed)
            heartbeat.wrappingAdd(1, ordering: .relaxed)
        }

        static func stop() {
            isRunning.store(false, ordering: .relaxed)
            heartbeat.wrappingAdd(1, ordering: .relaxed)
        }

        /// Aborts, naming the sequence, when a step runs for a minute (an endless loop).
        static func watch() -> UnsafeMutableRawPointer? {
            var last = heartbeat.load(ordering: .relaxed)
            var still = 0
            while true {
                sleep(5)
                let now = heartbeat.load(ordering: .relaxed)
                still = now == last && isRunning.load(ordering: .relaxed) ? still + 5 : 0
                last = now
                if still >= 60 {
                    let message: StaticString = "\nContainerKit randomized model test: one step ran for a minute."
                    _ = write(2, message.utf8Start, message.utf8CodeUnitCount)
                    report()
                    abort()
                }
            }
        }

        static let handle: @convention(c) (Int32) -> Void = { signal in
            if Watch.isRunning.load(ordering: .relaxed) { Watch.report() }
            sigaction(signal, Watch.previous + Int(signal), nil)
        }

        static func report() {
            var length = 0
            func append(_ text: StaticString) {
                text.withUTF8Buffer { bytes in
                    for byte in bytes where length < 255 {
                        buffer[length] = byte
                        length += 1
                    }
                }
            }
            func appendNumber(_ number: UInt64) {
                if number >= 10 { appendNumber(number / 10) }
                if length < 255 {
                    buffer[length] = UInt8(48 + number % 10)
                    length += 1
                }
            }
            let seed = Self.seed.load(ordering: .relaxed)
            append("\nContainerKit randomized model test crashed in sequence seed ")
            appendNumber(seed)
            append(" at step ")
            appendNumber(UInt64(max(0, step.load(ordering: .relaxed))))
            append(".\nReplay it: CONTAINERKIT_SEED=")
            appendNumber(seed)
            append(" CONTAINERKIT_VERBOSE=1 swift test --filter Randomized\n")
            _ = write(2, buffer, length)
        }
    }
#endif
