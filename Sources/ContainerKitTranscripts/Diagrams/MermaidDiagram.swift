import ContainerKit

/// Renders recorded events as a Mermaid `sequenceDiagram`: one arrow a callback, from whoever drove
/// it to the controller that received it.
///
/// The diagram opens with one `participant` line for each window, controller and `external`, in
/// order of first appearance (an entry's source before its receiver). Each callback is an arrow
/// from the source to the receiver, labelled with its transcript text less the receiver's name; a
/// deallocation is not a callback, so it is a note over the controller that went away, and its
/// source is not drawn.
///
/// ```swift
/// let diagram = MermaidDiagram.render(
///     [
///         Recorder.Entry(event: .viewWillAppear(c.id, animated: false), source: .window(window.windowID)),
///         Recorder.Entry(event: .deallocated(c.id), source: .external),
///     ],
///     naming: \.description)
/// ```
///
/// gives, for a controller named `c` and a window named `window`:
///
/// ```
/// sequenceDiagram
///     participant window
///     participant c
///     window->>c: viewWillAppear(animated: false)
///     Note over c: deinit
/// ```
///
/// A name that is not a plain identifier (`[A-Za-z_][A-Za-z0-9_]*`), such as `Leaf#7` or `one.p`,
/// is declared under an alias, `participant P1 as Leaf#35;7`, numbered in order of first appearance,
/// and the arrows use the alias. In labels, `#` is written `#35;` and `;` is written `#59;`, Mermaid's
/// entity codes. Participants are told apart by name: a controller named `window` and a window named
/// `window` share one lifeline.
public enum MermaidDiagram {
    /// The Mermaid `sequenceDiagram` of `entries`, one line an entry after the participants, with no
    /// trailing newline.
    ///
    /// ```swift
    /// MermaidDiagram.render(
    ///     [Recorder.Entry(event: .willMove(c.id, toParent: p.id), source: .controller(p.id))],
    ///     naming: \.description)
    /// ```
    ///
    /// gives, for controllers named `p` and `c`:
    ///
    /// ```
    /// sequenceDiagram
    ///     participant p
    ///     participant c
    ///     p->>c: willMove(toParent: p)
    /// ```
    ///
    /// - Parameters:
    ///   - entries: The events to draw, in the order they were delivered.
    ///   - name: The name of each controller, as in a transcript (a recorder's ``Recorder/name(for:)``).
    /// - Returns: The diagram's text; only `sequenceDiagram` when `entries` is empty.
    public static func render(_ entries: [Recorder.Entry], naming name: (ControllerID) -> String) -> String {
        var participants: [String] = []
        var seen: Set<String> = []
        func meet(_ participant: String) {
            if seen.insert(participant).inserted { participants.append(participant) }
        }
        let steps = entries.map { entry in
            let receiver = name(entry.event.receiver)
            let source = participant(of: entry.source, naming: name)
            if case .deallocated = entry.event {
                meet(receiver)
                return Step.note(over: receiver, text: "deinit")
            }
            meet(source)
            meet(receiver)
            return Step.arrow(
                from: source, to: receiver, text: message(of: entry.event, receiver: receiver, naming: name))
        }
        let aliases = self.aliases(for: participants)
        func reference(_ participant: String) -> String { aliases[participant] ?? participant }

        var lines = ["sequenceDiagram"]
        for participant in participants {
            if let alias = aliases[participant] {
                lines.append("    participant \(alias) as \(escaped(participant))")
            } else {
                lines.append("    participant \(participant)")
            }
        }
        for step in steps {
            switch step {
            case .arrow(let source, let receiver, let text):
                lines.append("    \(reference(source))->>\(reference(receiver)): \(escaped(text))")
            case .note(let receiver, let text):
                lines.append("    Note over \(reference(receiver)): \(escaped(text))")
            }
        }
        return lines.joined(separator: "\n")
    }

    /// One line of the diagram below the participants, before aliasing and escaping.
    private enum Step {
        case arrow(from: String, to: String, text: String)
        case note(over: String, text: String)
    }

    /// The name of the lifeline an event's source draws from.
    private static func participant(of source: EventSource, naming name: (ControllerID) -> String) -> String {
        switch source {
        case .window(let id): id.description
        case .controller(let id): name(id)
        case .external: "external"
        }
    }

    /// The event's transcript text without the leading `receiver.`.
    private static func message(
        of event: LifecycleEvent, receiver: String, naming name: (ControllerID) -> String
    ) -> String {
        let text = event.description(naming: name)
        let prefix = receiver + "."
        return text.hasPrefix(prefix) ? String(text.dropFirst(prefix.count)) : text
    }

    /// `P1`, `P2`… for each participant that is not a plain identifier, in order, skipping any alias
    /// that is already some participant's name.
    private static func aliases(for participants: [String]) -> [String: String] {
        let taken = Set(participants)
        var aliases: [String: String] = [:]
        var number = 0
        for participant in participants where !isPlainIdentifier(participant) {
            var alias: String
            repeat {
                number += 1
                alias = "P\(number)"
            } while taken.contains(alias)
            aliases[participant] = alias
        }
        return aliases
    }

    /// Whether `name` matches `[A-Za-z_][A-Za-z0-9_]*`.
    private static func isPlainIdentifier(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first == "_" || isASCIILetter(first) else { return false }
        return name.unicodeScalars.allSatisfy { $0 == "_" || isASCIILetter($0) || ("0"..."9").contains($0) }
    }

    private static func isASCIILetter(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
    }

    /// `text` with `#` written `#35;` and `;` written `#59;`.
    private static func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "#": result += "#35;"
            case ";": result += "#59;"
            default: result.append(character)
            }
        }
        return result
    }
}

extension Recorder {
    /// Every event recorded so far, asserted or not, as a Mermaid `sequenceDiagram` named with this
    /// recorder's names; see ``MermaidDiagram``. Nothing is consumed.
    ///
    /// Events consumed by ``skipEvents()`` or an assertion are drawn too. To draw only what has not
    /// been asserted yet, render ``pendingEntries`` yourself:
    ///
    /// ```swift
    /// let entries = recorder.pendingEntries.filter(EventFilter.transcript.includes)
    /// print(MermaidDiagram.render(entries, naming: recorder.name(for:)))
    /// ```
    ///
    /// ```swift
    /// recorder.record {
    ///     p.addChild(c)
    /// }
    /// print(recorder.mermaidDiagram())
    /// ```
    ///
    /// prints, for a parent `p` whose view is loaded:
    ///
    /// ```
    /// sequenceDiagram
    ///     participant p
    ///     participant c
    ///     p->>c: willMove(toParent: p)
    /// ```
    ///
    /// - Parameter filter: The events to draw; by default every event but `viewIsAppearing`, as in a
    ///   transcript.
    /// - Returns: The diagram's text, with no trailing newline.
    public func mermaidDiagram(filter: EventFilter = .transcript) -> String {
        MermaidDiagram.render(entries.filter { filter.includes($0) }, naming: name(for:))
    }
}
