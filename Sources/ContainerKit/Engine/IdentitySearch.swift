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
}
