/// Counts the changes of the controller and view trees: a controller joining or leaving its
/// parent's children, a view moving, and a view move withdrawn before it moved the view
/// (``ViewMove/steer(_:_:)``, which the move finds by comparing revisions).
///
/// A walk plans the children it will reach before their siblings' callbacks run, and those may
/// change the trees. Comparing the revision it planned under with the current one tells the walk
/// whether it must check its plan again, so the common walk, whose callbacks change nothing,
/// checks nothing.
@MainActor
enum TreeRevision {
    /// The current revision; it only grows (wrapping around after 2⁶⁴ changes).
    @exclusivity(unchecked) private(set) static var current: UInt64 = 0

    /// Records a change.
    static func advance() {
        current &+= 1
    }
}
