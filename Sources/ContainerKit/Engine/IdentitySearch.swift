extension Array where Element: AnyObject {
    /// The last index of `element`, compared by identity, found without retaining or releasing the
    /// elements on the way: a plain scan of pointers, so removing a child or a subview from a
    /// container of 10,000 costs a memory scan, not 10,000 reference-count round trips.
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
