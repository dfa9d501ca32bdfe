import ContainerKit

extension Recorder {
    /// `entries` in transcript notation, each followed by its cause, in left-aligned columns two
    /// spaces apart: the rule of the lifecycle reference, its evidence, why the line is where it is,
    /// and, after `←`, the call that planned it (none for a deallocation). Controllers are named as
    /// in ``render(_:)``.
    public func explain(_ entries: [Entry]) -> [String] {
        Self.columns(entries.map(cells(of:)))
    }

    /// One entry explained on a line of its own, its cells two spaces apart and not aligned with
    /// any other line's.
    public func explanation(of entry: Entry) -> String {
        Self.columns([cells(of: entry)])[0]
    }

    /// The callback, the rule, its evidence, the reason and `← call` (empty for a deallocation).
    private func cells(of entry: Entry) -> [String] {
        let event = render(entry.event)
        guard let cause = entry.cause else { return [event, "", "", "(no cause recorded)", ""] }
        let call = cause.call.map { "← \($0.description(naming: name(for:)))" } ?? ""
        return [event, cause.rule.section, cause.rule.tag, cause.rule.reason, call]
    }

    /// Rows as left-aligned columns two spaces apart; the last column is not padded, and a row
    /// whose last cell is empty ends with the one before it.
    static func columns(_ rows: [[String]]) -> [String] {
        guard let count = rows.first?.count else { return [] }
        let widths = (0..<count).map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.map { row in
            var cells = row
            while cells.count > 1, cells.last?.isEmpty == true { cells.removeLast() }
            return cells.indices.map { column in
                let text = cells[column]
                let isLast = column == cells.count - 1
                return isLast ? text : text + String(repeating: " ", count: widths[column] - text.count)
            }.joined(separator: "  ")
        }
    }
}
