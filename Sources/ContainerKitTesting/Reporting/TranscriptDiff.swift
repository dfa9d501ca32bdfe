/// Builds the failure messages of transcript assertions: pure functions of their inputs, so the
/// exact text is tested.
///
/// Every message has the same shape: a one-line headline, the lines (`−` expected but not recorded,
/// `+` recorded but not expected, two spaces for context), a legend, and a "To fix, …" hint.
public enum TranscriptDiff {
    /// Lines of context kept around each difference.
    public static let contextLines = 2

    /// The message for a transcript that differs from the expected one, or nil when they are equal.
    public static func message(expected: [String], actual: [String]) -> String? {
        guard expected != actual else { return nil }
        let lines = merge(expected: expected, actual: actual)
        let removed = lines.filter { $0.kind == .removed }.count
        let inserted = lines.filter { $0.kind == .inserted }.count
        var headline = "The recorded transcript differs from the expected one: "
        headline += [
            removed > 0 ? "\(count(removed, "line")) expected but not recorded" : nil,
            inserted > 0 ? "\(count(inserted, "line")) recorded but not expected" : nil,
        ].compactMap { $0 }.joined(separator: ", ")
        headline += " (expected \(count(expected.count, "line")), recorded \(actual.count))."
        return """
            \(headline)

            \(render(lines))

            Legend: − expected, not recorded; + recorded, not expected; unmarked lines match.
            To fix, correct the expected transcript if the recorded order is right; otherwise find the \
            call that changed the order.
            """
    }

    /// ``message(expected:actual:)`` followed by the cause of each line recorded but not expected:
    /// `explained` is `actual` with the cause of each line, as ``Recorder/explanation(of:)``
    /// renders one.
    public static func message(expected: [String], actual: [String], explained: [String]) -> String? {
        guard let message = message(expected: expected, actual: actual) else { return nil }
        var unexpected: [Int] = []
        for change in actual.difference(from: expected) {
            if case .insert(let offset, _, _) = change, explained.indices.contains(offset) {
                unexpected.append(offset)
            }
        }
        guard !unexpected.isEmpty else { return message }
        return """
            \(message)

            Why each line recorded but not expected was sent (rule, evidence, reason, ← the call that \
            planned it):
            \(unexpected.sorted().map { "+ \(explained[$0])" }.joined(separator: "\n"))
            """
    }

    /// The message for events recorded that no assertion consumed.
    public static func unassertedMessage(_ lines: [String]) -> String {
        """
        \(count(lines.count, "event")) recorded but never asserted:

        \(lines.map { "+ \($0)" }.joined(separator: "\n"))

        Legend: + recorded, not expected.
        To fix, assert them with expect(…), or skip them on purpose with skipEvents() or \
        withExhaustivity(.off) { … }.
        """
    }

    /// The message for expected lines missing from a non-exhaustive match.
    public static func missingMessage(expected: [String], matched: Int, actual: [String]) -> String {
        let missing = expected[matched]
        return """
            Expected line \(matched + 1) of \(expected.count) was not recorded after the lines before it \
            (non-exhaustive match):

            − \(missing)

            Recorded, in order:
            \(actual.isEmpty ? "(nothing)" : actual.map { "  \($0)" }.joined(separator: "\n"))

            Legend: − expected, not recorded.
            To fix, correct or reorder the expected lines; a non-exhaustive match needs them in the recorded \
            order, with anything between.
            """
    }

    private static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }

    enum Kind: Equatable {
        case same
        case removed
        case inserted
    }

    struct Line: Equatable {
        let kind: Kind
        let text: String
    }

    /// Expected and actual merged in one sequence by their difference.
    static func merge(expected: [String], actual: [String]) -> [Line] {
        let difference = actual.difference(from: expected)
        var removals = Set<Int>()
        var insertions = Set<Int>()
        for change in difference {
            switch change {
            case .remove(let offset, _, _): removals.insert(offset)
            case .insert(let offset, _, _): insertions.insert(offset)
            }
        }
        var lines: [Line] = []
        var e = 0
        var a = 0
        while e < expected.count || a < actual.count {
            if e < expected.count, removals.contains(e) {
                lines.append(Line(kind: .removed, text: expected[e]))
                e += 1
            } else if a < actual.count, insertions.contains(a) {
                lines.append(Line(kind: .inserted, text: actual[a]))
                a += 1
            } else {
                lines.append(Line(kind: .same, text: expected[e]))
                e += 1
                a += 1
            }
        }
        return lines
    }

    /// The merged lines with their marks, keeping ``contextLines`` of context around each change
    /// and `…` where matching lines were left out.
    static func render(_ lines: [Line]) -> String {
        var keep = [Bool](repeating: false, count: lines.count)
        for (index, line) in lines.enumerated() where line.kind != .same {
            for near in max(0, index - contextLines)...min(lines.count - 1, index + contextLines) {
                keep[near] = true
            }
        }
        var output: [String] = []
        var skipped = false
        for (index, line) in lines.enumerated() {
            guard keep[index] else {
                skipped = true
                continue
            }
            if skipped { output.append("  …") }
            skipped = false
            switch line.kind {
            case .same: output.append("  \(line.text)")
            case .removed: output.append("− \(line.text)")
            case .inserted: output.append("+ \(line.text)")
            }
        }
        if skipped { output.append("  …") }
        return output.joined(separator: "\n")
    }
}
