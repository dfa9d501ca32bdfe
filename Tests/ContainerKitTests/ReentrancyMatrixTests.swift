import ContainerKit
import ContainerKitTesting
import Foundation
import Testing

// MARK: - The axes

/// Where the subject `s` lives, and so who sends it its callbacks.
enum ReentrancyFamily: String, Sendable {
    /// `s` is pushed onto, popped from, or on top of the navigation controller `nav`.
    case stack
    /// `s` is added to or removed from the custom container `p` in three steps (spec §2.1, §2.2).
    case custom
}

/// The callback of `s` (or of `nav`'s delegate, for `s`) that performs the action: the rows.
enum ReentrantCallback: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case viewDidLoad, viewWillAppear, viewIsAppearing, viewDidAppear, viewWillDisappear, viewDidDisappear
    case willMoveToParent, didMoveToParent, willMoveToNil, didMoveToNil
    case viewWillTransition, willShow, didShow

    /// The rows of the stack family: every callback.
    static let stackRows = allCases

    /// The rows of the custom family: the callbacks a custom container's three steps send.
    static let customRows = allCases.filter { ![.viewWillTransition, .willShow, .didShow].contains($0) }

    var testDescription: String {
        switch self {
        case .willMoveToParent: "willMove(toParent: container)"
        case .didMoveToParent: "didMove(toParent: container)"
        case .willMoveToNil: "willMove(toParent: nil)"
        case .didMoveToNil: "didMove(toParent: nil)"
        case .viewWillTransition: "viewWillTransition(to:with:)"
        case .willShow: "nav.delegate.willShow(s)"
        case .didShow: "nav.delegate.didShow(s)"
        default: "\(rawValue)(_:)"
        }
    }

    /// Whether the row's trigger takes `s` out of its container; otherwise it brings `s` in (or,
    /// for a resize, leaves it where it is).
    var removesSubject: Bool { [.viewWillDisappear, .viewDidDisappear, .willMoveToNil, .didMoveToNil].contains(self) }
}

/// What the callback does, once: the columns.
enum ReentrantAction: String, CaseIterable, Sendable, CustomTestStringConvertible {
    /// `nav.push(n, animated: true)`, `n` a new controller.
    case push
    /// `nav.pop(animated: true)`: `s` when it is the top, `b` when `s` is leaving already.
    case pop
    /// The three steps of spec §2.1: `p.addChild(n)`, `p.view.addSubview(n.view)`, `n.didMove(toParent: p)`.
    case addChild
    /// The three steps of spec §2.2: `y.willMove(toParent: nil)`, `y.view.removeFromSuperview()`,
    /// `y.removeFromParent()`, where `y` is `x` (stack family) or `s` itself (custom family).
    case removeFromParent
    /// `s.present(n, animated: true)`, `n` full screen.
    case present
    /// `root.dismiss(animated: true)`: the page sheet `m` that the root presents goes.
    case dismiss

    var testDescription: String { rawValue }
}

// MARK: - The world every cell starts from

/// A spy container with a hook in `viewWillTransition(to:with:)` as well, that puts its children's
/// views in its own once its view has loaded (after the `viewDidLoad` hook).
private final class Subject: SpyContainerController {
    var onViewWillTransition: ((Size) -> Void)?

    override func viewDidLoad() {
        super.viewDidLoad()
        for child in children where child.viewIfLoaded?.superview == nil {
            view.addSubview(child.view)
        }
    }

    override func viewWillTransition(to size: Size, with coordinator: any TransitionCoordinator) {
        super.viewWillTransition(to: size, with: coordinator)
        onViewWillTransition?(size)
    }
}

/// A navigation delegate with a hook in each call; its calls are in the transcript as `nav.delegate.…`.
@MainActor
private final class HookedNavigationDelegate: NavigationControllerDelegate {
    var onWillShow: ((Controller) -> Void)?
    var onDidShow: ((Controller) -> Void)?

    func navigationController(_ nav: NavigationController, willShow controller: Controller, animated: Bool) {
        onWillShow?(controller)
    }

    func navigationController(_ nav: NavigationController, didShow controller: Controller, animated: Bool) {
        onDidShow?(controller)
    }
}

/// The scenario of one cell.
///
/// A visible window whose root `root` holds the navigation controller `nav` (stack `[a, b]`) and the
/// custom container `p` (child `x`), both forwarding appearance automatically. The subject `s` is a
/// container with one child, `g`, whose view it installs in `viewDidLoad`. Before the trigger, `s`
/// is on top of `nav` (stack family) or the last child of `p` (custom family) when the trigger
/// removes it or resizes the window, and nowhere when the trigger brings it in. For the dismiss
/// column, `root` presents `m` as a page sheet first (the tree under a sheet stays on screen, so
/// the trigger runs as in the other columns).
@MainActor
private final class World {
    let recorder: Recorder
    let family: ReentrancyFamily
    let action: ReentrantAction
    let window: Window
    let root = Parent(name: "root")
    let nav: NavigationController
    let delegate = HookedNavigationDelegate()
    let p = Parent(name: "p")
    let a = Leaf(name: "a")
    let b = Leaf(name: "b")
    let s = Subject(name: "s")
    let g = Leaf(name: "g")
    weak var x: Controller?
    weak var n: Controller?
    weak var m: Controller?
    private(set) var performed = false

    init(recorder: Recorder, family: ReentrancyFamily, callback: ReentrantCallback, action: ReentrantAction) {
        self.recorder = recorder
        self.family = family
        self.action = action
        s.addChild(g)
        g.didMove(toParent: s)
        nav = NavigationController(name: "nav", rootController: a)
        nav.push(b, animated: false)
        nav.delegate = delegate
        embed(nav, in: root)
        let x = Leaf(name: "x")
        embed(x, in: p)
        self.x = x
        embed(p, in: root)
        if callback.removesSubject || callback == .viewWillTransition {
            switch family {
            case .stack: nav.push(s, animated: false)
            case .custom: embed(s, in: p)
            }
        }
        window = show(root)
        if action == .dismiss {
            let m = Leaf(name: "m")
            m.modalPresentationStyle = .pageSheet
            root.present(m, animated: false)
            window.runUntilIdle()
            self.m = m
        }
        recorder.skipEvents()
    }

    /// Performs the action the first time it is called; later calls do nothing.
    func performOnce() {
        guard !performed else { return }
        performed = true
        switch action {
        case .push:
            let n = Leaf(name: "n")
            self.n = n
            nav.push(n, animated: true)
        case .pop:
            nav.pop(animated: true)
        case .addChild:
            let n = Leaf(name: "n")
            self.n = n
            p.addChild(n)
            p.view.addSubview(n.view)
            n.didMove(toParent: p)
        case .removeFromParent:
            guard let leaving = family == .stack ? x : s else { return }
            leaving.willMove(toParent: nil)
            leaving.view.removeFromSuperview()
            leaving.removeFromParent()
        case .present:
            let n = Leaf(name: "n")
            n.modalPresentationStyle = .fullScreen
            self.n = n
            s.present(n, animated: true)
        case .dismiss:
            root.dismiss(animated: true)
        }
    }

    /// Installs the hook that performs the action from `callback`.
    func install(_ callback: ReentrantCallback) {
        switch callback {
        case .viewDidLoad: s.onViewDidLoad = { [unowned self] in performOnce() }
        case .viewWillAppear: s.onViewWillAppear = { [unowned self] _ in performOnce() }
        case .viewIsAppearing: s.onViewIsAppearing = { [unowned self] _ in performOnce() }
        case .viewDidAppear: s.onViewDidAppear = { [unowned self] _ in performOnce() }
        case .viewWillDisappear: s.onViewWillDisappear = { [unowned self] _ in performOnce() }
        case .viewDidDisappear: s.onViewDidDisappear = { [unowned self] _ in performOnce() }
        case .willMoveToParent: s.onWillMove = { [unowned self] parent in if parent != nil { performOnce() } }
        case .didMoveToParent: s.onDidMove = { [unowned self] parent in if parent != nil { performOnce() } }
        case .willMoveToNil: s.onWillMove = { [unowned self] parent in if parent == nil { performOnce() } }
        case .didMoveToNil: s.onDidMove = { [unowned self] parent in if parent == nil { performOnce() } }
        case .viewWillTransition: s.onViewWillTransition = { [unowned self] _ in performOnce() }
        case .willShow: delegate.onWillShow = { [unowned self] shown in if shown === s { performOnce() } }
        case .didShow: delegate.onDidShow = { [unowned self] shown in if shown === s { performOnce() } }
        }
    }

    /// Makes `s` receive the callback of its row.
    func trigger(_ callback: ReentrantCallback) {
        switch (family, callback) {
        case (_, .viewWillTransition):
            window.resize(to: Size(width: 480, height: 320))
        case (.stack, _):
            if callback.removesSubject { nav.pop(animated: true) } else { nav.push(s, animated: true) }
        case (.custom, _):
            if callback.removesSubject {
                s.willMove(toParent: nil)
                s.view.removeFromSuperview()
                s.removeFromParent()
            } else {
                p.addChild(s)
                p.view.addSubview(s.view)
                s.didMove(toParent: p)
            }
        }
    }

    /// Every controller of the scenario still alive.
    var controllers: [Controller] {
        [root, nav, a, b, p, s, g] + [x, n, m].compactMap { $0 }
    }
}

// MARK: - Consistency

extension World {
    /// Checks that nothing is corrupted once the turn has ended: no work or transition is left, the
    /// trees agree, each view is in one place, appearance matches visibility, each controller's
    /// callbacks walk its appearance state machine, and every move begun has ended, where the
    /// controller is.
    func checkConsistency() {
        #expect(!window.hasPendingWork, "work left for the turn")
        #expect(window.animationsInFlight.isEmpty, "a transition still in flight")
        for controller in controllers {
            let name = recorder.name(for: controller.id)
            if let parent = controller.parent {
                #expect(
                    parent.children.filter { $0 === controller }.count == 1,
                    "\(name) is not once among its parent's children")
            }
            if let container = controller as? ContainerController {
                for child in container.children {
                    #expect(child.parent === container, "\(recorder.name(for: child.id)) names another parent")
                }
            }
            let onScreen = controller.viewIfLoaded?.window.map { !$0.isHidden } ?? false
            #expect(
                controller.appearanceState == (onScreen ? .appeared : .disappeared),
                "\(name) is \(controller.appearanceState) with its view \(onScreen ? "on" : "off") screen")
            if let presented = controller.presentedController {
                #expect(presented.presentingController === controller)
            }
        }
        #expect(nav.controllers.map(\.id) == nav.children.map(\.id), "nav's stack and children disagree")
        checkViews()
        checkMoves()
        checkAppearance()
    }

    /// Each view is in at most one `subviews` array, its superview's, and shares its window.
    private func checkViews() {
        var tops: [View] = [window]
        for controller in controllers {
            guard var top = controller.viewIfLoaded else { continue }
            while let superview = top.superview { top = superview }
            if !tops.contains(where: { $0 === top }) { tops.append(top) }
        }
        var seen = Set<ObjectIdentifier>()
        var stack = tops
        while let view = stack.popLast() {
            #expect(seen.insert(ObjectIdentifier(view)).inserted, "a view is in two places")
            for subview in view.subviews {
                #expect(subview.superview === view, "a subview names another superview")
                #expect(subview.window === view.window, "a subview is in another window")
                stack.append(subview)
            }
        }
    }

    /// Spec §3: each controller's appearance callbacks walk its state machine, and leave it in the
    /// state it has: `viewWillAppear` from disappeared or disappearing, `viewIsAppearing` and
    /// `viewDidAppear` while appearing, `viewWillDisappear` from appearing or appeared,
    /// `viewDidDisappear` while disappearing.
    private func checkAppearance() {
        var states: [ControllerID: AppearanceState] = [:]
        for event in recorder.events {
            let id = event.receiver
            let state = states[id] ?? .disappeared
            let next: AppearanceState
            let allowed: [AppearanceState]
            switch event {
            case .viewWillAppear: (next, allowed) = (.appearing, [.disappeared, .disappearing])
            case .viewIsAppearing: (next, allowed) = (.appearing, [.appearing])
            case .viewDidAppear: (next, allowed) = (.appeared, [.appearing])
            case .viewWillDisappear: (next, allowed) = (.disappearing, [.appearing, .appeared])
            case .viewDidDisappear: (next, allowed) = (.disappeared, [.disappearing])
            default: continue
            }
            #expect(
                allowed.contains(state), "\(recorder.render(event)) reached \(recorder.name(for: id)) while \(state)")
            states[id] = next
        }
        for controller in controllers {
            #expect(
                (states[controller.id] ?? .disappeared) == controller.appearanceState,
                "\(recorder.name(for: controller.id))'s callbacks do not end in its state")
        }
    }

    /// R7: every `willMove` is closed by exactly one `didMove`, the engine sends no second
    /// `willMove` while a move is open, and the last `didMove` names where the controller is.
    ///
    /// A custom container may give up an addition it has begun: its `willMove(toParent: nil)`, sent
    /// by hand while the move to it is open, turns the move into a removal (spec §2.2). `nav` sends
    /// its own moves, and never does that (R7). `willMove(toParent: nil)` to a controller with no
    /// parent begins nothing. UIKit's repeated `didMove` (R7) ends no move; it names the parent
    /// the controller has when it comes.
    private func checkMoves() {
        var open: [ControllerID: ControllerID?] = [:]
        var last: [ControllerID: ControllerID?] = [:]
        for entry in recorder.entries {
            let event = entry.event
            if entry.cause?.isRepeatedDidMove == true, case .didMove(let id, let parent) = event {
                // The parent now: the one an open addition joined, else the one the last move left.
                let current = (open[id] ?? nil) ?? (last[id] ?? nil)
                #expect(parent == current, "\(recorder.name(for: id))'s repeated didMove names another parent")
                continue
            }
            switch event {
            case .willMove(let id, nil) where open[id] == nil && (last[id] ?? nil) == nil:
                continue  // a controller with no parent: nothing to remove, no move begins
            case .willMove(let id, let parent):
                let givesUpAnAddition = parent == nil && open[id].map { $0 != nil && $0 != nav.id } == true
                #expect(
                    open[id] == nil || givesUpAnAddition, "a second willMove for \(recorder.name(for: id))")
                open[id] = parent
            case .didMove(let id, let parent):
                #expect(open[id] != nil, "a didMove with no move for \(recorder.name(for: id))")
                open[id] = nil
                last[id] = parent
            default: break
            }
        }
        #expect(open.isEmpty, "moves left open: \(open.keys.map(recorder.name(for:)))")
        for controller in controllers {
            guard let ended = last[controller.id] else { continue }
            #expect(
                ended == controller.parent?.id,
                "\(recorder.name(for: controller.id))'s last didMove names another parent")
        }
    }
}

// MARK: - Golden transcripts

/// The expected outcomes of one row, read from `Tests/ReentrancyGolden/<family>.<callback>.txt`.
///
/// The file starts with `#` comment lines that describe the row; then one section per action: a
/// `## <action>: …` line, the transcript one callback a line, and a `! <severity> <kind>` line for
/// each contract violation the cell reports, in order. `CONTAINERKIT_UPDATE_REENTRANCY=1` rewrites
/// a cell's section with what the engine did (not for cells with a known issue): review the diff.
struct ReentrancyGolden {
    struct Outcome {
        var transcript: [String] = []
        var violations: [String] = []
    }

    let family: ReentrancyFamily
    let callback: ReentrantCallback

    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("ReentrancyGolden")

    var url: URL { Self.directory.appendingPathComponent("\(family.rawValue).\(callback.rawValue).txt") }

    /// The outcome each action's section expects; nil when the file or the section is missing.
    func outcome(of action: ReentrantAction) -> Outcome? {
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return nil }
        return Self.sections(of: text)[action.rawValue]
    }

    /// Rewrites the transcript and violations of `action`'s section with `outcome`, keeping the
    /// other sections, the section's own header and its `#` comment lines.
    func update(_ action: ReentrantAction, with outcome: Outcome) throws {
        let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        while lines.last?.isEmpty == true { lines.removeLast() }
        if lines.isEmpty { lines = header }
        let body = outcome.transcript + outcome.violations.map { "! \($0)" }
        let name = { (line: String) in line.hasPrefix("## ") ? String(line.dropFirst(3).prefix { $0 != ":" }) : nil }
        if let start = lines.firstIndex(where: { name($0) == action.rawValue }) {
            let end = lines[(start + 1)...].firstIndex { $0.hasPrefix("## ") } ?? lines.count
            let comments = lines[(start + 1)..<end].filter { $0.hasPrefix("#") }
            lines.replaceSubrange((start + 1)..<end, with: comments + body + (end < lines.count ? [""] : []))
        } else {
            let later = ReentrantAction.allCases.drop { $0 != action }.dropFirst().map(\.rawValue)
            let section = ["## \(action.rawValue): \(Self.summary(of: action, in: family))"] + body + [""]
            if let next = lines.firstIndex(where: { name($0).map(later.contains) == true }) {
                lines.insert(contentsOf: section, at: next)
            } else {
                lines += [""] + section.dropLast()
            }
        }
        try (lines.joined(separator: "\n") + "\n").write(to: url, atomically: true, encoding: .utf8)
    }

    /// The comment lines a new file starts with.
    var header: [String] {
        let trigger: String
        switch (family, callback) {
        case (_, .viewWillTransition):
            trigger = "s is on top of nav; window.resize(to: Size(width: 480, height: 320))"
        case (.stack, _):
            trigger =
                callback.removesSubject
                ? "s is on top of nav; nav.pop(animated: true)" : "nav.push(s, animated: true) over b"
        case (.custom, _):
            trigger =
                callback.removesSubject
                ? "s, p's last child, leaves it in three steps (spec §2.2)"
                : "s joins p in three steps (spec §2.1)"
        }
        return [
            "# \(family.rawValue).\(callback.rawValue): the action runs from \(callback.testDescription) of s.",
            "# Trigger: \(trigger), then window.runUntilIdle().",
            "# World: root [nav [a, b], p [x]], s [g]; see ReentrancyMatrixTests.swift.",
        ]
    }

    static func sections(of text: String) -> [String: Outcome] {
        var sections: [String: Outcome] = [:]
        var current: String?
        for line in text.split(separator: "\n").map({ $0.trimmingCharacters(in: .whitespaces) }) {
            if line.hasPrefix("## ") {
                let name = line.dropFirst(3).prefix { $0 != ":" }
                current = String(name)
                sections[String(name)] = Outcome()
            } else if line.isEmpty || line.hasPrefix("#") {
                continue
            } else if let current, line.hasPrefix("! ") {
                sections[current]?.violations.append(String(line.dropFirst(2)))
            } else if let current {
                sections[current]?.transcript.append(line)
            }
        }
        return sections
    }

    static func summary(of action: ReentrantAction, in family: ReentrancyFamily) -> String {
        switch action {
        case .push: "the callback calls nav.push(n, animated: true)"
        case .pop: "the callback calls nav.pop(animated: true)"
        case .addChild: "the callback adds n to p in three steps"
        case .removeFromParent: "the callback removes \(family == .stack ? "x" : "s") from p in three steps"
        case .present: "the callback calls s.present(n, animated: true), n full screen"
        case .dismiss: "the callback calls root.dismiss(animated: true), m a page sheet"
        }
    }
}

// MARK: - Running a cell

/// Cells whose right outcome the engine does not produce yet: the golden file holds the outcome
/// the spec asks for, and the cell runs as a known issue until the engine is fixed.
private let knownIssues: [String: Comment] = [:]

@MainActor
private func runCell(_ family: ReentrancyFamily, _ callback: ReentrantCallback, _ action: ReentrantAction) {
    let key = "\(family.rawValue).\(callback.rawValue)/\(action.rawValue)"
    let golden = ReentrancyGolden(family: family, callback: callback)
    let recorder = Recorder()
    recorder.record(violations: .collect) {
        let world = World(recorder: recorder, family: family, callback: callback, action: action)
        world.install(callback)
        world.trigger(callback)
        world.window.runUntilIdle()
        let filter: EventFilter = callback == .viewIsAppearing ? .everything : .transcript
        if ProcessInfo.processInfo.environment["CONTAINERKIT_UPDATE_REENTRANCY"] == "1", knownIssues[key] == nil {
            let transcript = recorder.takeTranscript(includingViewIsAppearing: callback == .viewIsAppearing)
            let violations = recorder.takeViolations().map { "\($0.severity.rawValue) \($0.kind.rawValue)" }
            #expect(throws: Never.self) {
                try golden.update(
                    action,
                    with: .init(transcript: transcript.split(separator: "\n").map(String.init), violations: violations)
                )
            }
            return
        }
        let verify = {
            guard let expected = golden.outcome(of: action) else {
                Issue.record("No section \(action.rawValue) in \(golden.url.lastPathComponent)")
                return
            }
            #expect(world.performed, "the callback never ran")
            recorder.expect(expected.transcript.joined(separator: "\n"), filter: filter)
            let violations = recorder.takeViolations().map { "\($0.severity.rawValue) \($0.kind.rawValue)" }
            #expect(violations == expected.violations, "the contract violations reported")
            world.checkConsistency()
        }
        if let issue = knownIssues[key] {
            withKnownIssue(issue) { verify() }
        } else {
            verify()
        }
        recorder.finish()
    }
}

// MARK: - The matrix

/// Re-entrancy, spec §1–§4, §6 and §9: for each callback, a cell per action in which the callback
/// of `s` (or `nav`'s delegate, told about `s`) pushes, pops, adds, removes, presents or dismisses,
/// once. Each cell ends the turn, asserts the whole transcript and the violations from
/// `Tests/ReentrancyGolden`, then checks that nothing is corrupted. The article "Re-entrancy" of the
/// ContainerKit catalog summarises the matrix.
@Suite(.serialized) @MainActor struct ReentrancyMatrixTests {
    @Test(
        "s pushed onto or popped from nav, or on top of it in a resized window",
        arguments: ReentrantCallback.stackRows, ReentrantAction.allCases)
    func stack(_ callback: ReentrantCallback, _ action: ReentrantAction) {
        runCell(.stack, callback, action)
    }

    @Test(
        "s added to or removed from the custom container p",
        arguments: ReentrantCallback.customRows, ReentrantAction.allCases)
    func custom(_ callback: ReentrantCallback, _ action: ReentrantAction) {
        runCell(.custom, callback, action)
    }

    /// The transcripts the article shows, each marked `<!-- reentrancy: <family>.<callback>/<action> -->`,
    /// are those of their cells, narrative (`-- …`) left out.
    @Test func theArticlesTranscriptsAreCells() throws {
        let package = ReentrancyGolden.directory.deletingLastPathComponent().deletingLastPathComponent()
        let article = package.appendingPathComponent("Sources/ContainerKit/ContainerKit.docc/Reentrancy.md")
        let text = try String(contentsOf: article, encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var checked = 0
        for (index, line) in lines.enumerated() where line.hasPrefix("<!-- reentrancy: ") {
            let cell = line.dropFirst("<!-- reentrancy: ".count).prefix { $0 != " " }
            let parts = cell.split(whereSeparator: { $0 == "." || $0 == "/" }).map(String.init)
            guard parts.count == 3, let family = ReentrancyFamily(rawValue: parts[0]),
                let callback = ReentrantCallback(rawValue: parts[1]), let action = ReentrantAction(rawValue: parts[2]),
                let expected = ReentrancyGolden(family: family, callback: callback).outcome(of: action)
            else {
                Issue.record("Reentrancy.md:\(index + 1) names no cell: \(cell)")
                continue
            }
            let block = lines[(index + 2)...].prefix { $0 != "```" }
            let shown = block.compactMap { line -> String? in
                if line.hasPrefix("--") { return nil }
                let text = line.range(of: #"\s{2,}-- .*$"#, options: .regularExpression).map { line[..<$0.lowerBound] }
                return String(text ?? Substring(line))
            }
            #expect(shown == expected.transcript, "Reentrancy.md:\(index + 1) shows another transcript than \(cell)")
            checked += 1
        }
        #expect(checked >= 3)
    }

    @Test func everyGoldenFileBelongsToARow() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: ReentrancyGolden.directory.path)
        let rows =
            ReentrantCallback.stackRows.map { "stack.\($0.rawValue).txt" }
            + ReentrantCallback.customRows.map { "custom.\($0.rawValue).txt" }
        #expect(Set(files) == Set(rows))
    }
}
