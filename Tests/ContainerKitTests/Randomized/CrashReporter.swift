#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Names the sequence that was running when the process crashes (a precondition in the engine,
/// say) or hangs (an endless loop), so that it can be replayed: an issue cannot be recorded from a
/// dying process, but a line on standard error can.
///
/// The signal handler writes `seed` and `step` with `write(2)` only (async-signal-safe), then puts
/// the previous handler back and returns, so the fault happens again and the runtime's own crash
/// report follows. A watchdog thread aborts the process, after the same line, when one step has
/// run for a minute.
enum CrashReporter {
    nonisolated(unsafe) static var seed: UInt64 = 0
    nonisolated(unsafe) static var step = -1 {
        didSet { heartbeat &+= 1 }
    }
    nonisolated(unsafe) static var isRunning = false {
        didSet { heartbeat &+= 1 }
    }
    nonisolated(unsafe) private static var heartbeat = 0
    nonisolated(unsafe) private static var installed = false

    #if canImport(Glibc) || canImport(Darwin)
        private static let signals: [Int32] = [SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGABRT]
        nonisolated(unsafe) private static let previous = UnsafeMutablePointer<sigaction>.allocate(capacity: 64)
        nonisolated(unsafe) private static let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: 256)
    #endif

    /// Installs the handler once per process.
    static func install() {
        #if canImport(Glibc) || canImport(Darwin)
            guard !installed else { return }
            installed = true
            for signal in signals {
                var action = sigaction()
                #if canImport(Glibc)
                    action.__sigaction_handler.sa_handler = CrashReporter.handle
                #else
                    action.__sigaction_u.__sa_handler = CrashReporter.handle
                #endif
                sigaction(signal, &action, previous + Int(signal))
            }
            var watchdog = pthread_t()
            pthread_create(&watchdog, nil, { _ in CrashReporter.watch() }, nil)
        #endif
    }

    #if canImport(Glibc) || canImport(Darwin)
        /// Aborts, naming the sequence, when a step runs for a minute (an endless loop).
        private static func watch() -> UnsafeMutableRawPointer? {
            var last = heartbeat
            var still = 0
            while true {
                sleep(5)
                let now = heartbeat
                still = now == last && isRunning ? still + 5 : 0
                last = now
                if still >= 60 {
                    let message: StaticString = "\nContainerKit randomized model test: one step ran for a minute."
                    _ = write(2, message.utf8Start, message.utf8CodeUnitCount)
                    report()
                    abort()
                }
            }
        }
    #endif

    #if canImport(Glibc) || canImport(Darwin)
        private static let handle: @convention(c) (Int32) -> Void = { signal in
            if CrashReporter.isRunning { CrashReporter.report() }
            sigaction(signal, CrashReporter.previous + Int(signal), nil)
        }

        private static func report() {
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
            append("\nContainerKit randomized model test crashed in sequence seed ")
            appendNumber(seed)
            append(" at step ")
            appendNumber(UInt64(max(0, step)))
            append(".\nReplay it: CONTAINERKIT_SEED=")
            appendNumber(seed)
            append(" CONTAINERKIT_VERBOSE=1 swift test --filter Randomized\n")
            _ = write(2, buffer, length)
        }
    #endif
}
