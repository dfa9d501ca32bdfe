/// Searches by identity, written as plain loops in nonisolated code.
///
/// A closure the standard library calls from main-actor code (`contains(where:)`, `filter`,
/// `removeAll(where:)`, `Optional.map`) checks the executor each time it runs, as Swift 6 requires
/// of an isolated closure passed to a module built in the Swift 5 language mode: about 220
/// instructions a call on Linux, more than the rest of a containment step. The engine's paths that
/// run on every push, pop, tab switch or containment change use these instead (CONTRIBUTING.md,
/// "Performance").
extension Optional {
    /// The wrapped value as an array of one, or an empty array.
    var asArray: [Wrapped] {
        if let self { [self] } else { [] }
    }
}

extension Unmanaged {
    /// Calls `body` with the instance, neither retained nor released: the caller knows it is alive.
    ///
    /// The standard library's `_withUnsafeGuaranteedRef(_:)`, wrapped in this module: a main-actor
    /// closure passed to the standard library itself checks the executor each time it runs.
    @inline(__always)
    func withGuaranteed<Result>(_ body: (Instance) throws -> Result) rethrows -> Result {
        try _withUnsafeGuaranteedRef(body)
    }
}

extension Array where Element: AnyObject {
    /// The last index of `element`, compared by identity, found without retaining or releasing the
    /// elements on the way: a plain scan of pointers, not a reference-count round trip per element.
    /// ``NodeList`` falls back on it should a node's remembered slot ever be stale.
    func lastIndex(ofIdentical element: Element) -> Int? {
        let target = UnsafeRawPointer(Unmanaged.passUnretained(element).toOpaque())
        return withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return nil }
            return UnsafeRawPointer(base).withMemoryRebound(to: UnsafeRawPointer.self, capacity: buffer.count) {
                pointers in
                var index = buffer.count
                while index > 0 {
                    index -= 1
                    if pointers[index] == target { return index }
                }
                return nil
            }
        }
    }

    /// Whether `element` is in the array, compared by identity.
    func containsIdentical(_ element: Element) -> Bool {
        lastIndex(ofIdentical: element) != nil
    }

    /// The elements that are not in `other`, compared by identity, in order.
    ///
    /// No element kept: an empty array, with no storage. Otherwise one allocation, sized from the
    /// first element kept, rather than the growth of an empty array by appending (a push or a pop
    /// keeps one element, and growing an array to hold it costs several times the allocation).
    func subtracting(identicalTo other: [Element]) -> [Element] {
        var first = 0
        while first < count, other.containsIdentical(self[first]) { first += 1 }
        if first == count { return [] }
        return Array(unsafeUninitializedCapacity: count - first) { buffer, initialized in
            for index in first..<count where index == first || !other.containsIdentical(self[index]) {
                buffer.initializeElement(at: initialized, to: self[index])
                initialized += 1
            }
        }
    }

    /// Removes every entry of `element`, compared by identity.
    mutating func removeAll(identicalTo element: Element) {
        while let index = lastIndex(ofIdentical: element) {
            remove(at: index)
        }
    }
}
