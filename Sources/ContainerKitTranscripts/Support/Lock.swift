#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A mutual-exclusion lock, without Foundation: for a recorder's state, which the tasks of a test
/// share, and for the package's other small `Sendable` boxes.
///
/// On Apple platforms it is an `os_unfair_lock` (`Synchronization`'s `Mutex` needs macOS 15 and
/// iOS 18; the package supports macOS 13 and iOS 16), elsewhere a pthread mutex. Either lives in
/// its own heap allocation, which never moves, because neither may be moved or copied once in use
/// and a stored property has no stable address (`&property` may pass a temporary copy).
///
/// The lock is not recursive: `body` must not take the same lock again.
package final class Lock: @unchecked Sendable {
    #if canImport(Darwin)
        private let primitive: UnsafeMutablePointer<os_unfair_lock>
    #elseif canImport(Glibc) || canImport(Musl)
        private let primitive: UnsafeMutablePointer<pthread_mutex_t>
    #else
        #error("Lock needs os_unfair_lock (Darwin) or pthreads (Glibc, Musl)")
    #endif

    /// Creates an unlocked lock.
    package init() {
        primitive = .allocate(capacity: 1)
        #if canImport(Darwin)
            primitive.initialize(to: os_unfair_lock())
        #else
            primitive.initialize(to: pthread_mutex_t())
            let status = pthread_mutex_init(primitive, nil)
            precondition(status == 0, "pthread_mutex_init failed: \(status)")
        #endif
    }

    deinit {
        #if !canImport(Darwin)
            let status = pthread_mutex_destroy(primitive)
            precondition(status == 0, "pthread_mutex_destroy failed: \(status)")
        #endif
        primitive.deinitialize(count: 1)
        primitive.deallocate()
    }

    /// Runs `body` while holding the lock, and returns what it returns.
    package func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        #if canImport(Darwin)
            os_unfair_lock_lock(primitive)
            defer { os_unfair_lock_unlock(primitive) }
        #else
            let status = pthread_mutex_lock(primitive)
            precondition(status == 0, "pthread_mutex_lock failed: \(status)")
            defer { pthread_mutex_unlock(primitive) }
        #endif
        return try body()
    }
}
