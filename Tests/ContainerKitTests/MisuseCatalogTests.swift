import ContainerKit
import ContainerKitTesting
import Foundation
import Testing

/// The misuse catalog of the ContractViolations article: one test case per row, keyed by the row's id.
///
/// Each case performs the misuse on a real tree. The row says what must happen, and the case checks it: the
/// violation's kind and severity are the row's, and its message contains the row's "message says" excerpt. A
/// refused call (a fault) must change nothing and fire nothing; a tolerated one is checked against the full
/// transcript of what it did. Rows marked *not detected* record engine gaps as they are: no violation.
///
/// `catalogAndTestsMatch` reads the article and fails when a row has no case or a case has no row.
@Suite @MainActor struct MisuseCatalogTests {
    /// A row of the catalog, by its id: `M` rows are misuses, `N` rows calls that are not violations.
    enum Row: String, CaseIterable, Sendable, CustomTestStringConvertible {
        // Containment
        case addChildToItself = "M01"
        case addChildToDescendant = "M02"
        case addExistingChild = "M03"
        case addChildStillJoining = "M04"
        case removeWithoutWillMove = "M05"
        case willMoveToParentByHand = "M06"
        case secondWillMoveToNil = "M07"
        case secondWillMoveWhileJoining = "M08"
        case didMoveToAnotherParent = "M09"
        case didMoveToNilDuringRemoval = "M10"
        case didMoveWithNoMove = "M11"
        case secondDidMove = "M12"
        case rootWithParent = "M13"
        case rootOfAnotherWindow = "M14"
        case addChildOfWindowRoot = "M15"
        case containerDidMoveSkippingSuper = "M16"
        // Appearance
        case beginAppearingWhileAppeared = "M17"
        case beginDisappearingWhileDisappeared = "M18"
        case endWithNoBegin = "M19"
        case appearanceCallbackCalledDirectly = "M20"
        case viewWillAppearSkippingSuper = "M21"
        case didMoveSkippingSuper = "M22"
        // Views
        case loadViewAssigningNoView = "M23"
        case viewOfAnotherController = "M24"
        case viewUnderItself = "M25"
        case viewUnderItsDescendant = "M26"
        case windowAsSubview = "M27"
        case windowAsRootView = "M28"
        case viewMovedDuringItsMove = "M29"
        case childViewUnderAnotherController = "M30"
        case childViewInsideMovedView = "M31"
        // transition(from:to:…)
        case transitionFromNonChild = "M32"
        case transitionToNonChild = "M33"
        case transitionToSameChild = "M34"
        case transitionFromViewOutsideHierarchy = "M35"
        case transitionOnManualContainer = "M36"
        case transitionOnBuiltInContainer = "M37"
        case transitionIncomingLeaves = "M38"
        case transitionIncomingViewInHierarchy = "M39"
        // Navigation
        case pushControllerInStack = "M40"
        case setControllersNamingOneTwice = "M41"
        case pushNavigationController = "M42"
        case navigationControllerAsRoot = "M43"
        case pushControllerWithParent = "M44"
        case pushAncestor = "M45"
        case popToControllerNotInStack = "M46"
        case addChildToNavigation = "M47"
        case removeStackMemberByHand = "M48"
        case addStackMemberElsewhere = "M49"
        case pushPresentedController = "M50"
        // Tabs and pages
        case tabsNamingOneTwice = "M51"
        case tabWithAnotherParent = "M52"
        case tabBarAmongItsTabs = "M53"
        case selectedIndexOutOfRange = "M54"
        case selectedControllerNotATab = "M55"
        case userDidSelectNotATab = "M56"
        case removeTabByHand = "M57"
        case wrongNumberOfPages = "M58"
        case swipeAnsweredWithChildOfAnother = "M59"
        case removePageByHand = "M60"
        // Presentation
        case presentPresentedController = "M61"
        case presentChild = "M62"
        case presentSelf = "M63"
        case presentWindowRoot = "M64"
        case presentPresentingController = "M65"
        case presentFromOffScreen = "M66"
        case presentFromPresentingController = "M67"
        case presentFromControllerBeingDismissed = "M68"
        case presentFromDetachedController = "M69"
        case presentedControllerAsRoot = "M70"
        case addChildOfPresented = "M71"
        case dismissDuringDismissal = "M72"
        case dismissDuringSheetPull = "M73"
        // Turns and animations
        case completeGestureDrivenAnimation = "M74"
        case nestedRunUntilIdle = "M75"
        case runawayTurn = "M76"
        case runawayCompletions = "M77"
        // Presentation and ownership
        case presentAncestor = "M78"
        case addPresenterUnderPresented = "M79"
        case pushPresenter = "M80"
        case presentFromChildOfOffScreenRoot = "M81"
        // Found by the randomized tests: transition(from:to:…)
        case transitionFromViewOutsideContainer = "M85"
        case transitionIncomingViewHoldsOutgoing = "M86"
        // Found by the randomized tests: containment
        case willMoveToNilWhileJoining = "M87"
        // Found by the randomized tests: a controller pushed during a swipe back
        case addChildWaitingForSwipeBack = "M88"
        case pushWaitingForSwipeBackAgain = "M89"
        case tabWaitingForSwipeBack = "M90"
        case rootWaitingForSwipeBack = "M91"
        // Built-in containers
        case willMoveByHandOnTab = "M92"
        case didMoveByHandOnControllerBeingPushed = "M93"
        case swipeAnsweredWithShownPage = "M94"
        case pushControllerHoldingNavigationView = "M95"
        case navigationViewIntoChildView = "M96"
        case presentWaitingForSwipeBack = "M97"
        case ancestorOfStackAddedToControllerWaitingForSwipeBack = "M98"
        // transition(from:to:…) whose callbacks re-enter the engine
        case transitionContainerLeavesWindowInCallbacks = "M99"
        // Found by the randomized tests' re-entrant operations: calls inside an addition's willMove
        case pushControllerJoiningAnotherParent = "M100"
        case addChildOfControllerBeingPushed = "M101"
        case presentControllerJoiningAParent = "M102"
        case viewOfControllerJoiningAParentUnderAnother = "M103"
        case additionMadeImpossibleByItsRemoval = "M104"
        // Found by the randomized tests' re-entrant operations: calls inside a built-in container's change
        case requestKeptForAfterAChangeRefusedWhenItRuns = "M105"
        case addChildOfControllerATabBarIsAboutToAdopt = "M106"
        // Found by the randomized tests' re-entrant operations: a built-in visible transition's start
        case builtInTransitionTakenOffScreenAsItStarts = "M107"
        case swipeTakenOffScreenByAnIncomingWillMove = "M108"
        // Found by the soak of spec revision 2: a view move that completes a transition first
        case viewMoveMadeImpossibleByTheTransitionsItCompletes = "M109"
        // Found by issue 20's inventory of the checks made after a callback
        case pullTakenOffScreenByThePresentationDelegate = "M110"
        case secondDidMoveBeforeUIKitsRepeat = "M111"
        // Found by a review of the moves' will-callbacks sent ahead (spec §3 revision 2)
        case rootSetFromAMoveItCannotTakeOver = "M112"
        // Not violations
        case reparent = "N01"
        case willMoveToNilWithNoParent = "N02"
        case removalCancelled = "N03"
        case popRoot = "N04"
        case removeWithNoParent = "N05"
        case viewWillTransitionSkippingSuper = "N06"
        case pushDuringTransition = "N07"
        case dismissBeforePresentationRan = "N08"
        case dismissWithNothingPresented = "N09"
        case swipeBackWhileTransitionPending = "N10"
        case removalBeforeUIKitsRepeat = "N11"

        var testDescription: String { "\(rawValue) \(self)" }
    }

    @Test(arguments: Row.allCases)
    func row(_ row: Row) throws {
        let recorder = Recorder()
        let check = Check(recorder)
        recorder.record {
            row.perform(check)
            recorder.finish()
        }
        let entry = try #require(
            Self.catalog[row.rawValue], "\(row.rawValue) has a test case but no row in ContractViolations.md")
        let observed = check.violation
        #expect(observed?.kind.rawValue == entry.kind, "\(row.rawValue): the row names another kind")
        #expect(observed?.severity.rawValue == entry.severity, "\(row.rawValue): the row names another severity")
        #expect(
            (entry.excerpt == nil) == (entry.kind == nil), "\(row.rawValue): a row with a kind quotes its message")
        if let excerpt = entry.excerpt {
            #expect(
                observed?.message.contains(excerpt) == true,
                "\(row.rawValue): the message \"\(observed?.message ?? "(none)")\" does not contain \"\(excerpt)\"")
        }
        #expect(
            entry.outcome.hasPrefix("refused") == (check.verdict == .refused),
            "\(row.rawValue): the row's outcome \"\(entry.outcome)\" disagrees with the test (\(check.verdict))")
        #expect(
            (check.verdict == .silent) == (entry.kind == nil),
            "\(row.rawValue): a row without a kind is one the engine lets pass silently")
        #expect(
            !entry.id.hasPrefix("N") || check.verdict == .silent,
            "\(row.rawValue): a row of what is not a violation must report nothing")
    }

    @Test func catalogAndTestsMatch() throws {
        let ids = try Self.readCatalog().map(\.id)
        let rows = Set(ids)
        let cases = Set(Row.allCases.map(\.rawValue))
        #expect(ids.count == rows.count, "ContractViolations.md names an id twice: \(ids)")
        #expect(rows.subtracting(cases).isEmpty, "rows without a test case: \(rows.subtracting(cases).sorted())")
        #expect(cases.subtracting(rows).isEmpty, "test cases without a row: \(cases.subtracting(rows).sorted())")
        #expect(
            ids == ids.sorted { ($0.prefix(1), Int($0.dropFirst()) ?? 0) < ($1.prefix(1), Int($1.dropFirst()) ?? 0) },
            "the ids of ContractViolations.md are out of order")
        #expect(ids.filter { $0.hasPrefix("M") }.count >= 25)
    }

    @Test func everyKindIsCatalogued() throws {
        // `ContractViolation.Kind` is `CaseIterable`: a new kind fails here until a row names it.
        let named = Set(try Self.readCatalog().compactMap(\.kind))
        let missing = ContractViolation.Kind.allCases.map(\.rawValue).filter { !named.contains($0) }
        #expect(missing.isEmpty, "kinds no row of ContractViolations.md names: \(missing)")
        let unknown = named.subtracting(ContractViolation.Kind.allCases.map(\.rawValue))
        #expect(unknown.isEmpty, "rows name kinds that do not exist: \(unknown.sorted())")
    }
}

// MARK: - The scenarios

extension MisuseCatalogTests.Row {
    @MainActor func perform(_ check: MisuseCatalogTests.Check) {
        typealias T = MisuseCatalogTests
        switch self {
        case .addChildToItself: T.addChildToItself(check)
        case .addChildToDescendant: T.addChildToDescendant(check)
        case .addExistingChild: T.addExistingChild(check)
        case .addChildStillJoining: T.addChildStillJoining(check)
        case .removeWithoutWillMove: T.removeWithoutWillMove(check)
        case .willMoveToParentByHand: T.willMoveToParentByHand(check)
        case .secondWillMoveToNil: T.secondWillMoveToNil(check)
        case .secondWillMoveWhileJoining: T.secondWillMoveWhileJoining(check)
        case .didMoveToAnotherParent: T.didMoveToAnotherParent(check)
        case .didMoveToNilDuringRemoval: T.didMoveToNilDuringRemoval(check)
        case .didMoveWithNoMove: T.didMoveWithNoMove(check)
        case .secondDidMove: T.secondDidMove(check)
        case .rootWithParent: T.rootWithParent(check)
        case .rootOfAnotherWindow: T.rootOfAnotherWindow(check)
        case .addChildOfWindowRoot: T.addChildOfWindowRoot(check)
        case .containerDidMoveSkippingSuper: T.containerDidMoveSkippingSuper(check)
        case .beginAppearingWhileAppeared: T.beginAppearingWhileAppeared(check)
        case .beginDisappearingWhileDisappeared: T.beginDisappearingWhileDisappeared(check)
        case .endWithNoBegin: T.endWithNoBegin(check)
        case .appearanceCallbackCalledDirectly: T.appearanceCallbackCalledDirectly(check)
        case .viewWillAppearSkippingSuper: T.viewWillAppearSkippingSuper(check)
        case .didMoveSkippingSuper: T.didMoveSkippingSuper(check)
        case .loadViewAssigningNoView: T.loadViewAssigningNoView(check)
        case .viewOfAnotherController: T.viewOfAnotherController(check)
        case .viewUnderItself: T.viewUnderItself(check)
        case .viewUnderItsDescendant: T.viewUnderItsDescendant(check)
        case .windowAsSubview: T.windowAsSubview(check)
        case .windowAsRootView: T.windowAsRootView(check)
        case .viewMovedDuringItsMove: T.viewMovedDuringItsMove(check)
        case .childViewUnderAnotherController: T.childViewUnderAnotherController(check)
        case .childViewInsideMovedView: T.childViewInsideMovedView(check)
        case .transitionFromNonChild: T.transitionFromNonChild(check)
        case .transitionToNonChild: T.transitionToNonChild(check)
        case .transitionToSameChild: T.transitionToSameChild(check)
        case .transitionFromViewOutsideHierarchy: T.transitionFromViewOutsideHierarchy(check)
        case .transitionOnManualContainer: T.transitionOnManualContainer(check)
        case .transitionOnBuiltInContainer: T.transitionOnBuiltInContainer(check)
        case .transitionIncomingLeaves: T.transitionIncomingLeaves(check)
        case .transitionIncomingViewInHierarchy: T.transitionIncomingViewInHierarchy(check)
        case .pushControllerInStack: T.pushControllerInStack(check)
        case .setControllersNamingOneTwice: T.setControllersNamingOneTwice(check)
        case .pushNavigationController: T.pushNavigationController(check)
        case .navigationControllerAsRoot: T.navigationControllerAsRoot(check)
        case .pushControllerWithParent: T.pushControllerWithParent(check)
        case .pushAncestor: T.pushAncestor(check)
        case .popToControllerNotInStack: T.popToControllerNotInStack(check)
        case .addChildToNavigation: T.addChildToNavigation(check)
        case .removeStackMemberByHand: T.removeStackMemberByHand(check)
        case .addStackMemberElsewhere: T.addStackMemberElsewhere(check)
        case .pushPresentedController: T.pushPresentedController(check)
        case .tabsNamingOneTwice: T.tabsNamingOneTwice(check)
        case .tabWithAnotherParent: T.tabWithAnotherParent(check)
        case .tabBarAmongItsTabs: T.tabBarAmongItsTabs(check)
        case .selectedIndexOutOfRange: T.selectedIndexOutOfRange(check)
        case .selectedControllerNotATab: T.selectedControllerNotATab(check)
        case .userDidSelectNotATab: T.userDidSelectNotATab(check)
        case .removeTabByHand: T.removeTabByHand(check)
        case .wrongNumberOfPages: T.wrongNumberOfPages(check)
        case .swipeAnsweredWithChildOfAnother: T.swipeAnsweredWithChildOfAnother(check)
        case .removePageByHand: T.removePageByHand(check)
        case .presentPresentedController: T.presentPresentedController(check)
        case .presentChild: T.presentChild(check)
        case .presentSelf: T.presentSelf(check)
        case .presentWindowRoot: T.presentWindowRoot(check)
        case .presentPresentingController: T.presentPresentingController(check)
        case .presentFromOffScreen: T.presentFromOffScreen(check)
        case .presentFromPresentingController: T.presentFromPresentingController(check)
        case .presentFromControllerBeingDismissed: T.presentFromControllerBeingDismissed(check)
        case .presentFromDetachedController: T.presentFromDetachedController(check)
        case .presentedControllerAsRoot: T.presentedControllerAsRoot(check)
        case .addChildOfPresented: T.addChildOfPresented(check)
        case .dismissDuringDismissal: T.dismissDuringDismissal(check)
        case .dismissDuringSheetPull: T.dismissDuringSheetPull(check)
        case .completeGestureDrivenAnimation: T.completeGestureDrivenAnimation(check)
        case .nestedRunUntilIdle: T.nestedRunUntilIdle(check)
        case .runawayTurn: T.runawayTurn(check)
        case .runawayCompletions: T.runawayCompletions(check)
        case .presentAncestor: T.presentAncestor(check)
        case .addPresenterUnderPresented: T.addPresenterUnderPresented(check)
        case .pushPresenter: T.pushPresenter(check)
        case .presentFromChildOfOffScreenRoot: T.presentFromChildOfOffScreenRoot(check)
        case .transitionFromViewOutsideContainer: T.transitionFromViewOutsideContainer(check)
        case .transitionIncomingViewHoldsOutgoing: T.transitionIncomingViewHoldsOutgoing(check)
        case .willMoveToNilWhileJoining: T.willMoveToNilWhileJoining(check)
        case .addChildWaitingForSwipeBack: T.addChildWaitingForSwipeBack(check)
        case .pushWaitingForSwipeBackAgain: T.pushWaitingForSwipeBackAgain(check)
        case .tabWaitingForSwipeBack: T.tabWaitingForSwipeBack(check)
        case .rootWaitingForSwipeBack: T.rootWaitingForSwipeBack(check)
        case .willMoveByHandOnTab: T.willMoveByHandOnTab(check)
        case .didMoveByHandOnControllerBeingPushed: T.didMoveByHandOnControllerBeingPushed(check)
        case .swipeAnsweredWithShownPage: T.swipeAnsweredWithShownPage(check)
        case .pushControllerHoldingNavigationView: T.pushControllerHoldingNavigationView(check)
        case .navigationViewIntoChildView: T.navigationViewIntoChildView(check)
        case .presentWaitingForSwipeBack: T.presentWaitingForSwipeBack(check)
        case .ancestorOfStackAddedToControllerWaitingForSwipeBack:
            T.ancestorOfStackAddedToControllerWaitingForSwipeBack(check)
        case .transitionContainerLeavesWindowInCallbacks: T.transitionContainerLeavesWindowInCallbacks(check)
        case .pushControllerJoiningAnotherParent: T.pushControllerJoiningAnotherParent(check)
        case .addChildOfControllerBeingPushed: T.addChildOfControllerBeingPushed(check)
        case .presentControllerJoiningAParent: T.presentControllerJoiningAParent(check)
        case .viewOfControllerJoiningAParentUnderAnother: T.viewOfControllerJoiningAParentUnderAnother(check)
        case .additionMadeImpossibleByItsRemoval: T.additionMadeImpossibleByItsRemoval(check)
        case .requestKeptForAfterAChangeRefusedWhenItRuns: T.requestKeptForAfterAChangeRefusedWhenItRuns(check)
        case .addChildOfControllerATabBarIsAboutToAdopt: T.addChildOfControllerATabBarIsAboutToAdopt(check)
        case .builtInTransitionTakenOffScreenAsItStarts: T.builtInTransitionTakenOffScreenAsItStarts(check)
        case .swipeTakenOffScreenByAnIncomingWillMove: T.swipeTakenOffScreenByAnIncomingWillMove(check)
        case .viewMoveMadeImpossibleByTheTransitionsItCompletes:
            T.viewMoveMadeImpossibleByTheTransitionsItCompletes(check)
        case .pullTakenOffScreenByThePresentationDelegate: T.pullTakenOffScreenByThePresentationDelegate(check)
        case .secondDidMoveBeforeUIKitsRepeat: T.secondDidMoveBeforeUIKitsRepeat(check)
        case .rootSetFromAMoveItCannotTakeOver: T.rootSetFromAMoveItCannotTakeOver(check)
        case .reparent: T.reparent(check)
        case .willMoveToNilWithNoParent: T.willMoveToNilWithNoParent(check)
        case .removalCancelled: T.removalCancelled(check)
        case .popRoot: T.popRoot(check)
        case .removeWithNoParent: T.removeWithNoParent(check)
        case .viewWillTransitionSkippingSuper: T.viewWillTransitionSkippingSuper(check)
        case .pushDuringTransition: T.pushDuringTransition(check)
        case .dismissBeforePresentationRan: T.dismissBeforePresentationRan(check)
        case .dismissWithNothingPresented: T.dismissWithNothingPresented(check)
        case .swipeBackWhileTransitionPending: T.swipeBackWhileTransitionPending(check)
        case .removalBeforeUIKitsRepeat: T.removalBeforeUIKitsRepeat(check)
        }
    }
}

// MARK: Containment

extension MisuseCatalogTests {
    /// `p` shown in a window, with the child `c` embedded and appeared; the setup's events skipped.
    static func parentWithChild(_ check: Check, child: Controller = Leaf(name: "c")) -> (Window, Parent, Controller) {
        let p = Parent(name: "p")
        let window = show(p)
        embed(child, in: p)
        window.runUntilIdle()
        check.recorder.skipEvents()
        return (window, p, child)
    }

    static func addChildToItself(_ check: Check) {
        let (window, p, c) = parentWithChild(check)
        check.refused(.addingToSelfOrDescendant, involving: [p], state: { state([window], [p, c]) }) {
            p.addChild(p)
        }
    }

    static func addChildToDescendant(_ check: Check) {
        let c = Parent(name: "c")
        let (window, p, _) = parentWithChild(check, child: c)
        let g = Parent(name: "g")
        embed(g, in: c)
        window.runUntilIdle()
        check.recorder.skipEvents()
        check.refused(.addingToSelfOrDescendant, involving: [g, p], state: { state([window], [p, c, g]) }) {
            g.addChild(p)
        }
    }

    static func addExistingChild(_ check: Check) {
        let (window, p, c) = parentWithChild(check)
        check.tolerated(.addingExistingChild, involving: [p, c], unchanged: { state([window], [p, c]) }) {
            p.addChild(c)
        }
        check.recorder.expect("")
    }

    static func addChildStillJoining(_ check: Check) {
        let p = Parent(name: "p")
        let c = Leaf(name: "c")
        let window = show(p)
        check.recorder.skipEvents()
        p.addChild(c)
        check.recorder.expect("c.willMove(toParent: p)")
        check.tolerated(.addingExistingChild, involving: [p, c], unchanged: { state([window], [p, c]) }) {
            p.addChild(c)
        }
        check.recorder.expect("")
        #expect(c.hierarchyDescription.contains("moving to parent"))
    }

    static func removeWithoutWillMove(_ check: Check) {
        // The window is kept: a visible window released hides its tree (§1).
        let (window, p, c) = parentWithChild(check)
        defer { withExtendedLifetime(window) {} }
        check.tolerated(.removeWithoutWillMove, involving: [c, p]) {
            c.removeFromParent()
        }
        check.recorder.expect("c.didMove(toParent: nil)", filter: .everything)
        #expect(p.children.isEmpty)
        #expect(c.parent == nil)
        #expect(c.view.superview === p.view)
        #expect(c.appearanceState == .appeared)
    }

    static func willMoveToParentByHand(_ check: Check) {
        let p = Parent(name: "p")
        let c = Leaf(name: "c")
        check.tolerated(.unexpectedWillMove, involving: [c, p], unchanged: { state([], [p, c]) }) {
            c.willMove(toParent: p)
        }
        check.recorder.expect("", filter: .everything)
        #expect(c.parent == nil)
    }

    static func secondWillMoveToNil(_ check: Check) {
        let (window, p, c) = parentWithChild(check)
        c.willMove(toParent: nil)
        check.recorder.expect("c.willMove(toParent: nil)")
        check.tolerated(.unexpectedWillMove, involving: [c], unchanged: { state([window], [p, c]) }) {
            c.willMove(toParent: nil)
        }
        check.recorder.expect("", filter: .everything)
        #expect(c.hierarchyDescription.contains("moving from parent"))
    }

    static func secondWillMoveWhileJoining(_ check: Check) {
        let p = Parent(name: "p")
        let c = Leaf(name: "c")
        p.addChild(c)
        check.recorder.expect("c.willMove(toParent: p)")
        check.tolerated(.unexpectedWillMove, involving: [c, p], unchanged: { state([], [p, c]) }) {
            c.willMove(toParent: p)
        }
        check.recorder.expect("", filter: .everything)
    }

    static func willMoveToNilWhileJoining(_ check: Check) {
        let p = Parent(name: "p")
        let c = Leaf(name: "c")
        p.addChild(c)
        check.recorder.expect("c.willMove(toParent: p)")
        check.tolerated(.unexpectedWillMove, involving: [c], unchanged: { state([], [p, c]) }) {
            c.willMove(toParent: nil)
        }
        check.recorder.expect("", filter: .everything)
        #expect(c.hierarchyDescription.contains("moving to parent"))
    }

    static func didMoveToAnotherParent(_ check: Check) {
        let p = Parent(name: "p")
        let q = Parent(name: "q")
        let c = Leaf(name: "c")
        p.addChild(c)
        check.recorder.expect("c.willMove(toParent: p)")
        check.tolerated(.didMoveToUnexpectedParent, involving: [c, q], unchanged: { state([], [p, q, c]) }) {
            c.didMove(toParent: q)
        }
        check.recorder.expect("", filter: .everything)
        #expect(c.hierarchyDescription.contains("moving to parent"))
    }

    static func didMoveToNilDuringRemoval(_ check: Check) {
        let (window, p, c) = parentWithChild(check)
        c.willMove(toParent: nil)
        check.recorder.expect("c.willMove(toParent: nil)")
        check.tolerated(.didMoveToUnexpectedParent, involving: [c], unchanged: { state([window], [p, c]) }) {
            c.didMove(toParent: nil)
        }
        check.recorder.expect("", filter: .everything)
        #expect(c.parent === p)
    }

    static func didMoveWithNoMove(_ check: Check) {
        let p = Parent(name: "p")
        let c = Leaf(name: "c")
        check.tolerated(.unmatchedDidMove, involving: [c, p], unchanged: { state([], [p, c]) }) {
            c.didMove(toParent: p)
        }
        check.recorder.expect("", filter: .everything)
        #expect(c.parent == nil)
    }

    static func secondDidMove(_ check: Check) {
        let (window, p, c) = parentWithChild(check)
        check.tolerated(.unmatchedDidMove, involving: [c, p], unchanged: { state([window], [p, c]) }) {
            c.didMove(toParent: p)
        }
        check.recorder.expect("", filter: .everything)
    }

    /// `p` shown, `c` embedded in it inside this turn: the container's `didMove(toParent: p)` came
    /// while `c` was appearing, so UIKit's repeat is due at the end of the turn (R7).
    static func childStillAppearing(_ check: Check) -> (Window, Parent, Controller) {
        let p = Parent(name: "p")
        let window = show(p)
        let c = Leaf(name: "c")
        embed(c, in: p)
        check.recorder.skipEvents()
        return (window, p, c)
    }

    static func secondDidMoveBeforeUIKitsRepeat(_ check: Check) {
        let (window, p, c) = childStillAppearing(check)
        check.tolerated(.unmatchedDidMove, involving: [c, p], unchanged: { state([window], [p, c]) }) {
            c.didMove(toParent: p)
        }
        check.recorder.expect("", filter: .everything)
        // The container's stray call changed nothing: UIKit's repeat still comes, once.
        window.runUntilIdle()
        check.recorder.expect(
            """
            c.viewIsAppearing(animated: false)
            c.viewDidAppear(animated: false)
            c.didMove(toParent: p)
            """, filter: .everything)
        #expect(check.recorder.entries.last?.cause?.isRepeatedDidMove == true)
    }

    static func rootSetFromAMoveItCannotTakeOver(_ check: Check) {
        let a = Leaf(name: "a")
        let window = show(a)
        let holder = View()
        window.addSubview(holder)
        let b = SpyController(name: "b")
        b.loadViewIfNeeded()
        check.recorder.skipEvents()
        // b's view is going into the holder by hand: the set, from b's viewWillAppear, cannot take
        // that move over (nor withdraw it), and is refused.
        b.onViewWillAppear = { [unowned b] _ in
            b.onViewWillAppear = nil
            check.recorder.skipEvents()
            check.refused(.invalidRootController, involving: [b], state: { state([window], [a, b], views: [holder]) }) {
                window.rootController = b
            }
        }
        holder.addSubview(b.view)
        window.runUntilIdle()
        check.recorder.expect("b.viewDidAppear(animated: false)")
        #expect(window.rootController === a && b.view.superview === holder)
    }

    static func rootWithParent(_ check: Check) {
        let (window, p, c) = parentWithChild(check)
        let other = makeWindow("other")
        other.makeKeyAndVisible()
        check.refused(.invalidRootController, involving: [c, p], state: { state([window, other], [p, c]) }) {
            other.rootController = c
        }
        #expect(other.rootController == nil)
    }

    static func rootOfAnotherWindow(_ check: Check) {
        let (window, p, c) = parentWithChild(check)
        let other = makeWindow("other")
        other.makeKeyAndVisible()
        check.refused(.invalidRootController, involving: [p], state: { state([window, other], [p, c]) }) {
            other.rootController = p
        }
        #expect(window.rootController === p)
    }

    static func addChildOfWindowRoot(_ check: Check) {
        let a = Leaf(name: "a")
        let window = show(a)
        let q = Parent(name: "q")
        check.recorder.skipEvents()
        check.refused(.invalidChild, involving: [q, a], state: { state([window], [q, a]) }) {
            q.addChild(a)
        }
        #expect(a.parent == nil)
        #expect(window.rootController === a)
    }

    static func containerDidMoveSkippingSuper(_ check: Check) {
        let p = Parent(name: "p")
        let window = show(p)
        let c = SkipsSuper(name: "c")
        p.addChild(c)
        p.view.addSubview(c.view)
        check.recorder.skipEvents()
        c.skipping = .didMove
        c.log.removeAll()
        check.silent {
            c.didMove(toParent: p)
            window.runUntilIdle()
        }
        // Not detected: the container's own call never reaches the base, so the move stays open.
        check.recorder.expect(
            """
            c.viewIsAppearing(animated: false)
            c.viewDidAppear(animated: false)
            """, filter: .everything)
        #expect(c.log == ["didMove(toParent: p)"])
        #expect(c.hierarchyDescription.contains("moving to parent"))
    }
}

// MARK: Appearance

extension MisuseCatalogTests {
    static func beginAppearingWhileAppeared(_ check: Check) {
        let c = Leaf(name: "c")
        c.beginAppearanceTransition(true, animated: false)
        c.endAppearanceTransition()
        check.recorder.skipEvents()
        check.tolerated(.unbalancedAppearanceTransition, involving: [c], unchanged: { state([], [c]) }) {
            c.beginAppearanceTransition(true, animated: true)
        }
        check.recorder.expect("", filter: .everything)
        #expect(c.appearanceState == .appeared)
    }

    static func beginDisappearingWhileDisappeared(_ check: Check) {
        let c = Leaf(name: "c")
        c.loadViewIfNeeded()
        check.recorder.skipEvents()
        check.tolerated(.unbalancedAppearanceTransition, involving: [c], unchanged: { state([], [c]) }) {
            c.beginAppearanceTransition(false, animated: false)
        }
        check.recorder.expect("", filter: .everything)
        #expect(c.appearanceState == .disappeared)
    }

    static func endWithNoBegin(_ check: Check) {
        let c = Leaf(name: "c")
        check.tolerated(.unbalancedAppearanceTransition, involving: [c], unchanged: { state([], [c]) }) {
            c.endAppearanceTransition()
        }
        check.recorder.expect("", filter: .everything)
    }

    static func appearanceCallbackCalledDirectly(_ check: Check) {
        let c = SkipsSuper(name: "c")
        let (window, p, _) = parentWithChild(check, child: c)
        c.log.removeAll()
        check.tolerated(.appearanceCallbackCalledDirectly, involving: [c], unchanged: { state([window], [p, c]) }) {
            c.viewWillAppear(false)
        }
        check.recorder.expect("", filter: .everything)
        #expect(c.log == ["viewWillAppear"])
        #expect(c.appearanceState == .appeared)
    }

    static func viewWillAppearSkippingSuper(_ check: Check) {
        let p = Parent(name: "p")
        let window = show(p)
        let c = SkipsSuper(name: "c")
        c.skipping = .viewWillAppear
        p.addChild(c)
        check.recorder.skipEvents()
        check.tolerated(.missingSuperCall, involving: [c]) {
            p.view.addSubview(c.view)
        }
        c.didMove(toParent: p)
        window.runUntilIdle()
        check.recorder.expect(
            """
            c.loadView()
            c.viewDidLoad()
            c.viewWillAppear(animated: false)
            c.didMove(toParent: p)
            c.viewIsAppearing(animated: false)
            c.viewDidAppear(animated: false)
            c.didMove(toParent: p)
            """, filter: .everything)
        #expect(c.appearanceState == .appeared)
    }

    static func didMoveSkippingSuper(_ check: Check) {
        let c = SkipsSuper(name: "c")
        let (_, p, _) = parentWithChild(check, child: c)
        c.willMove(toParent: nil)
        c.view.removeFromSuperview()
        check.recorder.skipEvents()
        c.skipping = .didMove
        check.tolerated(.missingSuperCall, involving: [c]) {
            c.removeFromParent()
        }
        check.recorder.expect("c.didMove(toParent: nil)", filter: .everything)
        #expect(c.parent == nil)
        #expect(p.children.isEmpty)
        #expect(!c.hierarchyDescription.contains("moving"))
    }
}

// MARK: Views

extension MisuseCatalogTests {
    static func loadViewAssigningNoView(_ check: Check) {
        let c = Viewless(name: "c")
        check.tolerated(.loadViewAssignedNoView, involving: [c]) {
            _ = c.view
        }
        check.recorder.expect(
            """
            c.loadView()
            c.viewDidLoad()
            """, filter: .everything)
        #expect(c.isViewLoaded)
        #expect(c.view.controller === c)
    }

    static func viewOfAnotherController(_ check: Check) {
        let (window, p, c) = parentWithChild(check)
        let d = Leaf(name: "d")
        let rootView = p.view
        check.refused(.viewOwnedByAnotherController, involving: [d, p], state: { state([window], [p, c, d]) }) {
            d.view = rootView
        }
        #expect(!d.isViewLoaded)
    }

    static func viewUnderItself(_ check: Check) {
        let (window, p, c) = parentWithChild(check)
        check.refused(.invalidViewHierarchy, involving: [c], state: { state([window], [p, c]) }) {
            c.view.addSubview(c.view)
        }
    }

    static func viewUnderItsDescendant(_ check: Check) {
        let (window, p, c) = parentWithChild(check)
        check.refused(.invalidViewHierarchy, involving: [p, c], state: { state([window], [p, c]) }) {
            c.view.addSubview(p.view)
        }
    }

    static func windowAsSubview(_ check: Check) {
        let (window, p, c) = parentWithChild(check)
        let other = makeWindow("other")
        check.refused(.invalidViewHierarchy, involving: [], state: { state([window, other], [p, c]) }) {
            p.view.addSubview(other)
        }
    }

    static func windowAsRootView(_ check: Check) {
        let d = Leaf(name: "d")
        let other = makeWindow("other")
        check.refused(.invalidViewHierarchy, involving: [d], state: { state([other], [d]) }) {
            d.view = other
        }
        #expect(!d.isViewLoaded)
    }

    static func viewMovedDuringItsMove(_ check: Check) {
        let p = Parent(name: "p")
        let c = Leaf(name: "c")
        let window = show(p)
        let hooked = HookedView()
        p.view.addSubview(hooked)
        hooked.addSubview(c.view)
        window.runUntilIdle()
        check.recorder.skipEvents()
        let shelf = View()
        hooked.onWillMoveToSuperview = { p.view.addSubview(hooked) }
        check.tolerated(.invalidViewHierarchy, involving: [p]) {
            shelf.addSubview(hooked)
        }
        check.recorder.expect(
            """
            c.viewWillDisappear(animated: false)
            """, filter: .everything)
        #expect(hooked.superview === shelf)
        #expect(p.view.subviews.isEmpty)
    }

    static func childViewUnderAnotherController(_ check: Check) {
        let (window, p, c) = parentWithChild(check)
        let q = Leaf(name: "q")
        embed(q, in: p)
        window.runUntilIdle()
        check.recorder.skipEvents()
        check.refused(
            .viewControllerHierarchyInconsistency, involving: [c, q, p], state: { state([window], [p, c, q]) }
        ) {
            q.view.addSubview(c.view)
        }
    }

    static func childViewInsideMovedView(_ check: Check) {
        let p = Parent(name: "p")
        let c = Leaf(name: "c")
        let q = Leaf(name: "q")
        let window = show(p)
        let wrapper = View()
        p.view.addSubview(wrapper)
        p.addChild(c)
        wrapper.addSubview(c.view)
        c.didMove(toParent: p)
        embed(q, in: p)
        window.runUntilIdle()
        check.recorder.skipEvents()
        check.refused(
            .viewControllerHierarchyInconsistency, involving: [c, q, p],
            state: { state([window], [p, c, q], views: [wrapper]) }
        ) {
            q.view.addSubview(wrapper)
        }
    }
}

// MARK: transition(from:to:…)

extension MisuseCatalogTests {
    /// `p` shown with the child `f` embedded and the child `t` added (Apple's sample, before the call).
    static func transitionStage(_ check: Check) -> (Window, Parent, Controller, Controller) {
        let p = Parent(name: "p")
        let f = Leaf(name: "f")
        let t = Leaf(name: "t")
        let window = show(p)
        embed(f, in: p)
        p.addChild(t)
        window.runUntilIdle()
        check.recorder.skipEvents()
        return (window, p, f, t)
    }

    /// Runs `p.transition(from:to:…)` with an animations block and a completion that must not run.
    static func transition(_ p: ContainerController, from: Controller, to: Controller) {
        p.transition(
            from: from, to: to, duration: 0.3,
            animations: { Issue.record("the animations block of a refused transition ran") },
            completion: { _ in Issue.record("the completion of a refused transition ran") })
    }

    static func transitionFromNonChild(_ check: Check) {
        let (window, p, f, t) = transitionStage(check)
        let s = Leaf(name: "s")
        s.loadViewIfNeeded()
        check.recorder.skipEvents()
        check.refused(.invalidTransition, involving: [p, s, t], state: { state([window], [p, f, t, s]) }) {
            transition(p, from: s, to: t)
        }
    }

    static func transitionToNonChild(_ check: Check) {
        let (window, p, f, t) = transitionStage(check)
        let s = Leaf(name: "s")
        check.refused(.invalidTransition, involving: [p, f, s], state: { state([window], [p, f, t, s]) }) {
            transition(p, from: f, to: s)
        }
    }

    static func transitionToSameChild(_ check: Check) {
        let (window, p, f, t) = transitionStage(check)
        check.refused(.invalidTransition, involving: [p, f], state: { state([window], [p, f, t]) }) {
            transition(p, from: f, to: f)
        }
    }

    static func transitionFromViewOutsideHierarchy(_ check: Check) {
        let (window, p, f, t) = transitionStage(check)
        let g = Leaf(name: "g")
        p.addChild(g)
        g.loadViewIfNeeded()
        check.recorder.skipEvents()
        check.refused(.invalidTransition, involving: [p, g, t], state: { state([window], [p, f, t, g]) }) {
            transition(p, from: g, to: t)
        }
    }

    static func transitionFromViewOutsideContainer(_ check: Check) {
        let (window, p, f, t) = transitionStage(check)
        let holder = View()  // owned by no controller, in no window
        holder.addSubview(f.view)  // f's parent has no view above holder: allowed (R6)
        check.recorder.skipEvents()
        check.refused(
            .invalidTransition, involving: [p, f, t], state: { state([window], [p, f, t], views: [holder]) }
        ) {
            transition(p, from: f, to: t)
        }
        withExtendedLifetime(holder) {}
    }

    static func transitionIncomingViewHoldsOutgoing(_ check: Check) {
        let (window, p, f, t) = transitionStage(check)
        p.view.removeFromSuperview()
        window.addSubview(t.view)  // t's parent p has no view above: allowed (R6)
        t.view.addSubview(p.view)  // p has no parent: anywhere (R6)
        window.runUntilIdle()
        check.recorder.skipEvents()
        check.refused(.invalidTransition, involving: [p, f, t], state: { state([window], [p, f, t]) }) {
            transition(p, from: f, to: t)
        }
    }

    static func transitionOnManualContainer(_ check: Check) {
        let m = ManualParent(name: "m")
        let f = Leaf(name: "f")
        let t = Leaf(name: "t")
        let window = show(m)
        m.addChild(f)
        m.view.addSubview(f.view)
        f.didMove(toParent: m)
        m.addChild(t)
        window.runUntilIdle()
        check.recorder.skipEvents()
        check.refused(.invalidTransition, involving: [m, f, t], state: { state([window], [m, f, t]) }) {
            transition(m, from: f, to: t)
        }
    }

    static func transitionOnBuiltInContainer(_ check: Check) {
        let (window, nav, a, b) = navigationStage(check)
        check.refused(.invalidTransition, involving: [nav, b, a], state: { state([window], [nav, a, b]) }) {
            transition(nav, from: b, to: a)
        }
    }

    static func transitionIncomingLeaves(_ check: Check) {
        let p = Parent(name: "p")
        let f = Leaf(name: "f")
        let t = SkipsSuper(name: "t")
        let window = show(p)
        embed(f, in: p)
        p.addChild(t)
        t.didMove(toParent: p)
        window.runUntilIdle()
        check.recorder.skipEvents()
        t.afterViewWillAppear = { t in
            t.willMove(toParent: nil)
            t.removeFromParent()
        }
        var ran: [String] = []
        f.willMove(toParent: nil)
        check.tolerated(.invalidTransition, involving: [p, t]) {
            p.transition(
                from: f, to: t, duration: 0.3, animations: { ran.append("animations") },
                completion: { finished in ran.append("completion(finished: \(finished))") })
        }
        window.runUntilIdle()
        f.removeFromParent()
        check.recorder.expect(
            """
            f.willMove(toParent: nil)
            f.viewWillDisappear(animated: true)
            t.loadView()
            t.viewDidLoad()
            t.viewWillAppear(animated: true)
            t.willMove(toParent: nil)
            t.didMove(toParent: nil)
            t.viewIsAppearing(animated: true)
            -- the animation completes
            t.viewWillDisappear(animated: true)
            t.viewDidDisappear(animated: true)
            f.viewDidDisappear(animated: true)
            p.completion(finished: true)
            f.didMove(toParent: nil)
            """, filter: .everything)
        #expect(ran == ["animations", "completion(finished: true)"])
        #expect(t.parent == nil)
        #expect(t.view.superview == nil)
        #expect(t.appearanceState == .disappeared)
        #expect(p.children.isEmpty)
    }

    static func transitionIncomingViewInHierarchy(_ check: Check) {
        let (window, p, f, t) = transitionStage(check)
        let holder = View()
        holder.addSubview(t.view)
        check.recorder.expect(
            """
            t.loadView()
            t.viewDidLoad()
            """)
        f.willMove(toParent: nil)
        check.tolerated(.transitionViewAlreadyInHierarchy, involving: [p, t]) {
            p.transition(
                from: f, to: t, duration: 0.3, animations: nil,
                completion: { _ in
                    t.didMove(toParent: p)
                    f.removeFromParent()
                })
        }
        window.runUntilIdle()
        check.recorder.expect(
            """
            f.willMove(toParent: nil)
            f.viewWillDisappear(animated: true)
            t.viewWillAppear(animated: true)
            t.viewIsAppearing(animated: true)
            -- the animation completes
            t.viewDidAppear(animated: true)
            f.viewDidDisappear(animated: true)
            p.completion(finished: true)
            t.didMove(toParent: p)
            f.didMove(toParent: nil)
            """, filter: .everything)
        #expect(holder.subviews.isEmpty)
        #expect(t.view.superview === p.view)
        #expect(p.children.map(\.id) == [t.id])
    }
}

// MARK: Navigation

extension MisuseCatalogTests {
    /// `nav` shown with the stack `[a, b]`, settled; the setup's events skipped.
    static func navigationStage(_ check: Check) -> (Window, NavigationController, Controller, Controller) {
        let a = Leaf(name: "a")
        let b = Leaf(name: "b")
        let nav = NavigationController(name: "nav", rootController: a)
        let window = show(nav)
        nav.push(b, animated: false)
        window.runUntilIdle()
        check.recorder.skipEvents()
        return (window, nav, a, b)
    }

    static func pushControllerInStack(_ check: Check) {
        let (window, nav, a, b) = navigationStage(check)
        check.refused(.pushingControllerInStack, involving: [nav, a], state: { state([window], [nav, a, b]) }) {
            nav.push(a, animated: true)
        }
    }

    static func setControllersNamingOneTwice(_ check: Check) {
        let (window, nav, a, b) = navigationStage(check)
        check.refused(.pushingControllerInStack, involving: [nav, a], state: { state([window], [nav, a, b]) }) {
            nav.setControllers([a, b, a], animated: true)
        }
    }

    static func pushNavigationController(_ check: Check) {
        let (window, nav, a, b) = navigationStage(check)
        let inner = NavigationController(name: "inner", rootController: Leaf(name: "x"))
        check.recorder.skipEvents()
        check.refused(
            .pushingNavigationController, involving: [nav, inner], state: { state([window], [nav, a, b, inner]) }
        ) {
            nav.push(inner, animated: true)
        }
    }

    static func navigationControllerAsRoot(_ check: Check) {
        let inner = NavigationController(name: "inner", rootController: Leaf(name: "x"))
        check.recorder.skipEvents()
        var nav: NavigationController?
        check.refused(
            .pushingNavigationController, involving: [inner], orAlso: { [nav].compactMap { $0 } },
            state: {
                state([], [inner])
            }
        ) {
            nav = NavigationController(name: "nav", rootController: inner)
        }
        #expect(nav?.controllers.isEmpty == true)
        #expect(nav?.children.isEmpty == true)
        #expect(inner.parent == nil)
    }

    static func pushControllerWithParent(_ check: Check) {
        let (window, nav, a, b) = navigationStage(check)
        let p = Parent(name: "p")
        let c = Leaf(name: "c")
        embed(c, in: p)
        check.recorder.skipEvents()
        check.refused(.pushingControllerWithParent, involving: [nav, c], state: { state([window], [nav, a, b, p]) }) {
            nav.push(c, animated: true)
        }
    }

    static func pushAncestor(_ check: Check) {
        let r = Parent(name: "r")
        let a = Leaf(name: "a")
        let nav = NavigationController(name: "nav", rootController: a)
        let window = show(r)
        embed(nav, in: r)
        window.runUntilIdle()
        check.recorder.skipEvents()
        check.refused(.addingToSelfOrDescendant, involving: [nav, r], state: { state([window], [r]) }) {
            nav.push(r, animated: true)
        }
    }

    static func popToControllerNotInStack(_ check: Check) {
        let (window, nav, a, b) = navigationStage(check)
        let s = Leaf(name: "s")
        var popped: [Controller] = [s]
        check.refused(.poppingToControllerNotInStack, involving: [nav, s], state: { state([window], [nav, a, b, s]) }) {
            popped = nav.pop(to: s, animated: true)
        }
        #expect(popped.isEmpty)
    }

    static func addChildToNavigation(_ check: Check) {
        let (window, nav, a, b) = navigationStage(check)
        let x = Leaf(name: "x")
        check.refused(
            .builtInContainerChildMovedByHand, involving: [nav, x], state: { state([window], [nav, a, b, x]) }
        ) {
            nav.addChild(x)
        }
    }

    static func removeStackMemberByHand(_ check: Check) {
        let (window, nav, a, b) = navigationStage(check)
        check.refused(.builtInContainerChildMovedByHand, involving: [nav, b], state: { state([window], [nav, a, b]) }) {
            b.removeFromParent()
        }
    }

    static func addStackMemberElsewhere(_ check: Check) {
        let (window, nav, a, b) = navigationStage(check)
        let q = Parent(name: "q")
        check.refused(
            .builtInContainerChildMovedByHand, involving: [nav, b], state: { state([window], [nav, a, b, q]) }
        ) {
            q.addChild(b)
        }
    }

    static func pushPresentedController(_ check: Check) {
        let a = Leaf(name: "a")
        let nav = NavigationController(name: "nav", rootController: a)
        let window = show(nav)
        let z = Leaf(name: "z")
        a.present(z, animated: false)
        window.runUntilIdle()
        check.recorder.skipEvents()
        check.refused(.invalidChild, involving: [nav, z], state: { state([window], [nav, a, z]) }) {
            nav.push(z, animated: false)
        }
        #expect(nav.controllers.count == 1)
        #expect(z.parent == nil)
        #expect(z.presentingController === nav)
    }

    static func tabStage(_ check: Check) -> (Window, TabBarController, Controller, Controller) {
        let x = Leaf(name: "x")
        let y = Leaf(name: "y")
        let tab = TabBarController(name: "tab")
        tab.controllers = [x, y]
        let window = show(tab)
        check.recorder.skipEvents()
        return (window, tab, x, y)
    }

    static func tabsNamingOneTwice(_ check: Check) {
        let (window, tab, x, y) = tabStage(check)
        check.refused(.invalidContainerContents, involving: [tab, x], state: { state([window], [tab, x, y]) }) {
            tab.controllers = [x, x]
        }
    }

    static func tabWithAnotherParent(_ check: Check) {
        let (window, tab, x, y) = tabStage(check)
        let p = Parent(name: "p")
        let c = Leaf(name: "c")
        embed(c, in: p)
        check.recorder.skipEvents()
        check.refused(.invalidContainerContents, involving: [tab, c], state: { state([window], [tab, x, y, p]) }) {
            tab.controllers = [x, c]
        }
    }

    static func tabBarAmongItsTabs(_ check: Check) {
        let (window, tab, x, y) = tabStage(check)
        check.refused(.invalidContainerContents, involving: [tab], state: { state([window], [tab, x, y]) }) {
            tab.controllers = [x, tab]
        }
    }

    static func selectedIndexOutOfRange(_ check: Check) {
        let (window, tab, x, y) = tabStage(check)
        check.refused(.invalidTabSelection, involving: [tab], state: { state([window], [tab, x, y]) }) {
            tab.selectedIndex = 2
        }
        #expect(tab.selectedIndex == 0)
    }

    static func selectedControllerNotATab(_ check: Check) {
        let (window, tab, x, y) = tabStage(check)
        let s = Leaf(name: "s")
        check.refused(.invalidTabSelection, involving: [tab, s], state: { state([window], [tab, x, y, s]) }) {
            tab.selectedController = s
        }
    }

    static func userDidSelectNotATab(_ check: Check) {
        let (window, tab, x, y) = tabStage(check)
        let s = Leaf(name: "s")
        let delegate = TabDelegate()
        tab.delegate = delegate
        check.refused(.invalidTabSelection, involving: [tab, s], state: { state([window], [tab, x, y, s]) }) {
            tab.userDidSelect(s)
        }
    }

    static func removeTabByHand(_ check: Check) {
        let (window, tab, x, y) = tabStage(check)
        check.refused(.builtInContainerChildMovedByHand, involving: [tab, y], state: { state([window], [tab, x, y]) }) {
            y.removeFromParent()
        }
    }

    /// `page` (`.scroll`) shown with the page `p0`; the setup's events skipped.
    static func pageStage(_ check: Check) -> (Window, PageController, Controller) {
        let p0 = Leaf(name: "p0")
        let page = PageController(name: "page", transitionStyle: .scroll)
        page.setControllers([p0], direction: .forward, animated: false)
        let window = show(page)
        check.recorder.skipEvents()
        return (window, page, p0)
    }

    static func wrongNumberOfPages(_ check: Check) {
        let (window, page, p0) = pageStage(check)
        let p1 = Leaf(name: "p1")
        let p2 = Leaf(name: "p2")
        check.refused(
            .invalidContainerContents, involving: [page, p1, p2], state: { state([window], [page, p0, p1, p2]) }
        ) {
            page.setControllers([p1, p2], direction: .forward, animated: true) { _ in
                Issue.record("the completion of a refused call ran")
            }
        }
    }

    static func swipeAnsweredWithChildOfAnother(_ check: Check) {
        let (window, page, p0) = pageStage(check)
        let p = Parent(name: "p")
        let c = Leaf(name: "c")
        embed(c, in: p)
        check.recorder.skipEvents()
        let dataSource = PageSource(after: c)
        page.dataSource = dataSource
        var handle: InteractiveTransition?
        check.refused(
            .invalidContainerContents, involving: [page, c], firing: "page.dataSource.controllerAfter(p0)",
            state: { state([window], [page, p0, p]) }
        ) {
            handle = page.beginInteractivePaging(.forward)
        }
        #expect(handle == nil)
    }

    static func removePageByHand(_ check: Check) {
        let (window, page, p0) = pageStage(check)
        check.refused(
            .builtInContainerChildMovedByHand, involving: [page, p0], state: { state([window], [page, p0]) }
        ) {
            p0.removeFromParent()
        }
    }
}

// MARK: Built-in containers

extension MisuseCatalogTests {
    static func willMoveByHandOnTab(_ check: Check) {
        let (window, tab, x, y) = tabStage(check)
        check.refused(.builtInContainerChildMovedByHand, involving: [y, tab], state: { state([window], [tab, x, y]) }) {
            y.willMove(toParent: nil)
        }
    }

    static func didMoveByHandOnControllerBeingPushed(_ check: Check) {
        let (window, nav, a, b) = navigationStage(check)
        let m = Leaf(name: "m")
        nav.push(m, animated: true)
        check.recorder.expect("m.willMove(toParent: nav)")
        check.refused(
            .builtInContainerChildMovedByHand, involving: [m, nav], state: { state([window], [nav, a, b, m]) }
        ) {
            m.didMove(toParent: nav)
        }
        window.runUntilIdle()
        check.recorder.skipEvents()
    }

    /// ``navigationStage(_:)`` with a swipe back from `b` begun and `g` pushed during it: `g` waits
    /// for the gesture, a pending member of `nav`'s stack. `end` finishes the swipe, ends the turn
    /// and skips its events (`g`'s push then runs).
    static func swipeBackStage(
        _ check: Check, pushing g: Controller = Leaf(name: "g")
    ) -> (window: Window, nav: NavigationController, a: Controller, b: Controller, g: Controller, end: () -> Void) {
        let (window, nav, a, b) = navigationStage(check)
        let handle = nav.beginInteractivePop()
        nav.push(g, animated: true)
        check.recorder.skipEvents()
        let end = {
            handle?.finish()
            window.runUntilIdle()
            check.recorder.skipEvents()
            #expect(nav.controllers.map(\.id) == [a.id, g.id])
        }
        return (window, nav, a, b, g, end)
    }

    static func addChildWaitingForSwipeBack(_ check: Check) {
        let (window, nav, a, b, g, end) = swipeBackStage(check)
        let q = Parent(name: "q")
        check.refused(
            .builtInContainerChildMovedByHand, involving: [q, g, nav], state: { state([window], [nav, a, b, g, q]) }
        ) {
            q.addChild(g)
        }
        end()
    }

    static func pushWaitingForSwipeBackAgain(_ check: Check) {
        let other = NavigationController(name: "other", rootController: Leaf(name: "o"))
        let (window, nav, a, b, g, end) = swipeBackStage(check)
        check.refused(
            .pushingControllerInStack, involving: [other, g], state: { state([window], [nav, a, b, g, other]) }
        ) {
            other.push(g, animated: false)
        }
        end()
    }

    static func tabWaitingForSwipeBack(_ check: Check) {
        let (window, nav, a, b, g, end) = swipeBackStage(check)
        let tab = TabBarController(name: "tab")
        check.refused(.invalidContainerContents, involving: [tab, g], state: { state([window], [nav, a, b, g, tab]) }) {
            tab.controllers = [g]
        }
        end()
    }

    static func rootWaitingForSwipeBack(_ check: Check) {
        let (window, nav, a, b, g, end) = swipeBackStage(check)
        let other = makeWindow("other")
        other.makeKeyAndVisible()
        check.refused(.invalidRootController, involving: [g, nav], state: { state([window, other], [nav, a, b, g]) }) {
            other.rootController = g
        }
        end()
    }

    static func transitionContainerLeavesWindowInCallbacks(_ check: Check) {
        let f = SpyController(name: "f")
        let t = SpyController(name: "t")
        let (window, _, p) = showContainerInRoot(holding: f)
        p.addChild(t)
        f.willMove(toParent: nil)
        check.recorder.skipEvents()
        t.onViewWillAppear = { [unowned p] _ in p.view.removeFromSuperview() }
        var ran: [String] = []
        check.tolerated(.invalidTransition, involving: [p, t]) {
            p.transition(
                from: f, to: t, duration: 0.3, animations: { ran.append("animations") },
                completion: { finished in ran.append("completion(finished: \(finished))") })
        }
        #expect(window.animationsInFlight.isEmpty)
        window.runUntilIdle()
        check.recorder.expect(
            """
            f.viewWillDisappear(animated: true)
            t.loadView()
            t.viewDidLoad()
            t.viewWillAppear(animated: true)
            p.viewWillDisappear(animated: false)
            f.viewDidDisappear(animated: true)
            -- completed inside the call, as off screen
            t.viewWillDisappear(animated: true)
            t.viewDidDisappear(animated: true)
            p.completion(finished: true)
            p.viewDidDisappear(animated: false)
            """)
        #expect(ran == ["animations", "completion(finished: true)"])
        #expect([p, f, t].map(\.appearanceState) == [.disappeared, .disappeared, .disappeared])
        #expect(t.view.superview === p.view)
        #expect(p.view.superview == nil)
    }

    /// Runs `add`, which sends `c.willMove(toParent: parent)`; inside that callback, runs `body`,
    /// which must be refused with `kind` (see ``Check/refused(_:involving:orAlso:firing:state:sourceLocation:_:)``).
    static func refuseInsideWillMove(
        of c: SpyController, toward parent: ContainerController, _ check: Check, _ kind: ContractViolation.Kind,
        involving controllers: [Controller], state: @escaping () -> String, add: () -> Void,
        _ body: @escaping () -> Void
    ) {
        c.onWillMove = { [unowned c, unowned parent] destination in
            guard destination === parent else { return }
            check.recorder.expect("\(c.id).willMove(toParent: \(parent.id))")
            check.refused(kind, involving: controllers, state: state, body)
        }
        add()
        c.onWillMove = nil
    }

    /// Inside `c.willMove(toParent: p)`, sent by `p.addChild(c)`, `c` has no parent yet (R1); it is
    /// joining `p`, and is refused as a controller with a parent would be. The addition carries on.
    static func pushControllerJoiningAnotherParent(_ check: Check) {
        let (window, nav, a, b) = navigationStage(check)
        let p = Parent(name: "p")
        let c = SpyController(name: "c")
        refuseInsideWillMove(
            of: c, toward: p, check, .pushingControllerWithParent, involving: [nav, c],
            state: { state([window], [nav, a, b, p, c]) }, add: { p.addChild(c) }
        ) { [unowned nav, unowned c] in
            nav.push(c, animated: true)
        }
        #expect(c.parent === p && p.children.map(\.id) == [c.id])
        #expect(nav.controllers.map(\.id) == [a.id, b.id])
        window.runUntilIdle()
        check.recorder.expect("")
    }

    /// Inside `g.willMove(toParent: nav)`, sent by `nav.push(g)`, `g` is joining `nav`, whose to move
    /// it is (R9): `p.addChild(g)` is refused, and the push carries on.
    static func addChildOfControllerBeingPushed(_ check: Check) {
        let (window, nav, a, b) = navigationStage(check)
        let p = Parent(name: "p")
        let g = SpyController(name: "g")
        refuseInsideWillMove(
            of: g, toward: nav, check, .builtInContainerChildMovedByHand, involving: [g, nav],
            state: { state([window], [nav, a, b, p, g]) }, add: { nav.push(g, animated: false) }
        ) { [unowned p, unowned g] in
            p.addChild(g)
        }
        window.runUntilIdle()
        check.recorder.expect(
            """
            g.loadView()
            g.viewDidLoad()
            b.viewWillDisappear(animated: false)
            g.viewWillAppear(animated: false)
            b.viewDidDisappear(animated: false)
            g.viewDidAppear(animated: false)
            g.didMove(toParent: nav)
            """)
        #expect(nav.controllers.map(\.id) == [a.id, b.id, g.id])
        #expect(g.parent === nav && p.children.isEmpty)
    }

    /// Inside `c.willMove(toParent: p)`, presenting `c` is refused as presenting a child is (§9).
    static func presentControllerJoiningAParent(_ check: Check) {
        let (window, nav, a, b) = navigationStage(check)
        let p = Parent(name: "p")
        let c = SpyController(name: "c")
        refuseInsideWillMove(
            of: c, toward: p, check, .presentingInvalidController, involving: [nav, c],
            state: { state([window], [nav, a, b, p, c]) }, add: { p.addChild(c) }
        ) { [unowned nav, unowned c] in
            nav.present(c, animated: false)
        }
        window.runUntilIdle()
        check.recorder.expect("")
        #expect(c.parent === p && c.presentingController == nil && nav.presentedController == nil)
    }

    /// Inside `c.willMove(toParent: p)`, `c`'s root view may go only under `p`'s views (R6), as a
    /// child's: putting it in `q`'s view is refused.
    static func viewOfControllerJoiningAParentUnderAnother(_ check: Check) {
        let p = Parent(name: "p")
        let q = Leaf(name: "q")
        let c = SpyController(name: "c")
        let views = [p.view, q.view, c.view]
        check.recorder.skipEvents()
        refuseInsideWillMove(
            of: c, toward: p, check, .viewControllerHierarchyInconsistency, involving: [c, q, p],
            state: { state([], [p, q, c], views: views) }, add: { p.addChild(c) }
        ) { [unowned q, unowned c] in
            q.view.addSubview(c.view)
        }
        #expect(c.parent === p && c.view.superview == nil)
    }

    /// `box.addChild(f)` takes `f` out of `p` first (R4); `f`'s `didMove(toParent: nil)` presents
    /// `f`. The removal stands, so the addition is given up with a warning.
    static func additionMadeImpossibleByItsRemoval(_ check: Check) {
        let (window, nav, _, _) = navigationStage(check)
        let p = Parent(name: "p")
        let box = Parent(name: "box")
        let f = SpyController(name: "f")
        p.addChild(f)
        f.didMove(toParent: p)
        f.onDidMove = { [unowned nav, unowned f] parent in
            if parent == nil { nav.present(f, animated: false) }
        }
        check.recorder.skipEvents()
        check.tolerated(.invalidChild, involving: [box, f]) {
            box.addChild(f)
        }
        f.onDidMove = nil
        window.runUntilIdle()
        check.recorder.expect(
            """
            f.willMove(toParent: nil)
            f.didMove(toParent: nil)
            f.loadView()
            f.viewDidLoad()
            f.viewWillAppear(animated: false)
            f.viewDidAppear(animated: false)
            """)
        #expect(f.parent == nil && p.children.isEmpty && box.children.isEmpty)
        #expect(f.presentingController === nav)
    }

    /// Inside `h.willMove(toParent: tabs)`, `tabs.controllers = [x, y]` is accepted and waits for
    /// the change under way; the same callback then gives `y` to `root`. When the request runs, it
    /// is refused: it is given up with a warning, and the tabs stay as the change left them.
    static func requestKeptForAfterAChangeRefusedWhenItRuns(_ check: Check) {
        let root = Parent(name: "root")
        let tabs = TabBarController(name: "tabs")
        let x = Leaf(name: "x")
        let h = SpyController(name: "h")
        let y = Leaf(name: "y")
        tabs.controllers = [x]
        embed(tabs, in: root)
        let window = show(root)
        h.onWillMove = { [unowned tabs, unowned root] parent in
            guard parent === tabs else { return }
            tabs.controllers = [x, y]
            root.addChild(y)
        }
        check.recorder.skipEvents()
        check.tolerated(.invalidContainerContents, involving: [tabs, y]) {
            tabs.controllers = [x, h]
        }
        h.onWillMove = nil
        window.runUntilIdle()
        check.recorder.expect(
            """
            h.willMove(toParent: tabs)
            y.willMove(toParent: root)
            h.didMove(toParent: tabs)
            """)
        #expect(tabs.controllers.map(\.id) == [x.id, h.id] && y.parent === root)
    }

    /// `tabs.controllers = [a]` checks `a`, then removes `b`, an old tab not shown, before it adopts
    /// `a`: inside `b.didMove(toParent: nil)`, `a` is a pending member of `tabs`, and adding it to
    /// `root` is refused (R9). The change carries on and adopts `a`.
    static func addChildOfControllerATabBarIsAboutToAdopt(_ check: Check) {
        let root = Parent(name: "root")
        let tabs = TabBarController(name: "tabs")
        let a = Leaf(name: "a")
        let b = SpyController(name: "b")
        let x = Leaf(name: "x")
        tabs.controllers = [x, b]
        embed(tabs, in: root)
        let window = show(root)
        b.onDidMove = { [unowned root, unowned tabs, unowned b] parent in
            guard parent == nil else { return }
            check.recorder.expect(
                """
                x.willMove(toParent: nil)
                b.willMove(toParent: nil)
                b.didMove(toParent: nil)
                """)
            check.refused(
                .builtInContainerChildMovedByHand, involving: [root, a, tabs],
                state: { state([window], [root, tabs, a, b, x]) }
            ) {
                root.addChild(a)
            }
        }
        check.recorder.skipEvents()
        tabs.controllers = [a]
        b.onDidMove = nil
        window.runUntilIdle()
        check.recorder.expect(
            """
            a.willMove(toParent: tabs)
            a.didMove(toParent: tabs)
            a.loadView()
            a.viewDidLoad()
            a.viewWillAppear(animated: false)
            x.viewWillDisappear(animated: false)
            x.viewDidDisappear(animated: false)
            a.viewDidAppear(animated: false)
            x.didMove(toParent: nil)
            """)
        #expect(a.parent === tabs && root.children.map(\.id) == [tabs.id])
    }

    /// `nav.push(m, animated: true)`; in the turn, `b`'s `viewWillDisappear(_:)`, the outgoing
    /// controller's, hides the window. `m` does not begin appearing, and the push completes inside
    /// the call, as off screen.
    static func builtInTransitionTakenOffScreenAsItStarts(_ check: Check) {
        let b = SpyController(name: "b")
        let nav = NavigationController(name: "nav", rootController: b)
        let window = show(nav)
        let m = Leaf(name: "m")
        b.onViewWillDisappear = { [unowned window] _ in window.isHidden = true }
        check.recorder.skipEvents()
        nav.push(m, animated: true)
        check.recorder.expect("m.willMove(toParent: nav)")
        check.tolerated(.invalidTransition, involving: [nav, m]) {
            window.runUntilIdle()
        }
        check.recorder.expect(
            """
            m.loadView()
            m.viewDidLoad()
            b.viewWillDisappear(animated: true)
            nav.viewWillDisappear(animated: false)
            nav.viewDidDisappear(animated: false)
            b.viewDidDisappear(animated: true)
            """)
        #expect(window.animationsInFlight.isEmpty && nav.topController === m)
        #expect([nav, b, m].allSatisfy { $0.appearanceState == .disappeared })
    }

    /// A swipe adopts `f`; `f`'s `willMove(toParent: page)` hides the window. The swipe is given
    /// up before its turn begins: `f`'s move ends, and no appearance callback fires.
    static func swipeTakenOffScreenByAnIncomingWillMove(_ check: Check) {
        let page = PageController(name: "page", transitionStyle: .scroll)
        let e = Leaf(name: "e")
        let f = SpyController(name: "f")
        let source = PagesLeadingTo(f)
        page.dataSource = source
        page.setControllers([e], direction: .forward, animated: false)
        let window = show(page)
        f.onWillMove = { [unowned window] parent in if parent != nil { window.isHidden = true } }
        check.recorder.skipEvents()
        var swipe: InteractiveTransition?
        check.tolerated(.invalidTransition, involving: [page, f]) {
            swipe = page.beginInteractivePaging(.forward)
        }
        check.recorder.expect(
            """
            page.dataSource.controllerAfter(e)
            f.willMove(toParent: page)
            -- f hides the window (F2); the swipe is given up before its turn begins
            page.viewWillDisappear(animated: false)
            e.viewWillDisappear(animated: false)
            page.viewDidDisappear(animated: false)
            e.viewDidDisappear(animated: false)
            f.didMove(toParent: nil)
            """)
        #expect(swipe == nil && f.parent == nil && page.shownControllers.map(\.id) == [e.id])
        #expect(page.dataSource === source)
    }

    /// `b`, a sheet `a` presents, is pulled down; the presentation delegate's
    /// `presentationControllerShouldDismiss` hides the window. The user can no longer be pulling:
    /// the pull is given up before any appearance callback of its own, and `b` stays presented.
    static func pullTakenOffScreenByThePresentationDelegate(_ check: Check) {
        let a = Leaf(name: "a")
        let window = show(a)
        let b = Leaf(name: "b")
        b.modalPresentationStyle = .formSheet
        a.present(b, animated: false)
        window.runUntilIdle()
        let delegate = HidingPresentationDelegate(window)
        b.presentationDelegate = delegate
        check.recorder.skipEvents()
        var pull: InteractiveTransition?
        check.tolerated(.invalidTransition, involving: [b]) {
            pull = b.beginInteractiveDismissal()
        }
        check.recorder.expect(
            """
            b.presentationDelegate.shouldDismiss()
            -- the delegate hides the window (F2); the pull is given up: no willDismiss
            a.viewWillDisappear(animated: false)
            b.viewWillDisappear(animated: false)
            a.viewDidDisappear(animated: false)
            b.viewDidDisappear(animated: false)
            """)
        #expect(pull == nil && b.presentingController === a && a.presentedController === b)
        #expect(window.animationsInFlight.isEmpty && !window.hasPendingWork)
        window.isHidden = false
        window.runUntilIdle()
        check.recorder.expect(
            """
            a.viewWillAppear(animated: false)
            b.viewWillAppear(animated: false)
            a.viewDidAppear(animated: false)
            b.viewDidAppear(animated: false)
            """)
    }

    /// Soak seed 5642335858127608782: taking `root`'s view out of the window completes the tab
    /// switch in flight first (its did-half), and `b`'s `viewDidAppear` pushes `h` onto `nav`; the
    /// move is then refused (it would put `root`'s view under the root view of a controller `nav`
    /// shows, a cycle), and is given up with a warning, since the did-half has run.
    static func viewMoveMadeImpossibleByTheTransitionsItCompletes(_ check: Check) {
        let nav = NavigationController(name: "nav", rootController: Leaf(name: "a"))
        let b = SpyController(name: "b")
        let tabs = TabBarController(name: "tabs")
        tabs.controllers = [nav, b]
        let root = Parent(name: "root")
        let window = show(root)
        embed(tabs, in: root)
        window.runUntilIdle()
        let h = Leaf(name: "h")
        b.onViewDidAppear = { [unowned nav, unowned b] _ in
            b.onViewDidAppear = nil
            nav.push(h, animated: false)
        }
        tabs.selectedIndex = 1
        check.recorder.skipEvents()
        check.tolerated(.invalidViewHierarchy, involving: [root, h]) {
            h.view.addSubview(root.view)
        }
        check.recorder.expect(
            """
            h.loadView()
            h.viewDidLoad()
            -- taking root's view out of the window completes the tab switch's did-half first
            nav.viewDidDisappear(animated: false)
            a.viewDidDisappear(animated: false)
            b.viewDidAppear(animated: false)
            h.willMove(toParent: nav)
            -- then the move is refused, and given up
            """)
        #expect(root.view.window === window && h.view.subviews.isEmpty)
        #expect(nav.controllers.map(\.id) == [nav.controllers[0].id, h.id] && tabs.selectedController === b)
    }

    static func ancestorOfStackAddedToControllerWaitingForSwipeBack(_ check: Check) {
        let g = Parent(name: "g")
        let (window, nav, a, b, _, end) = swipeBackStage(check, pushing: g)
        check.refused(
            .addingToSelfOrDescendant, involving: [g, nav], state: { state([window], [nav, a, b, g]) }
        ) {
            g.addChild(nav)
        }
        end()
    }

    static func presentWaitingForSwipeBack(_ check: Check) {
        let (window, nav, a, b, g, end) = swipeBackStage(check)
        check.refused(.presentingInvalidController, involving: [nav, g], state: { state([window], [nav, a, b, g]) }) {
            nav.present(g, animated: false)
        }
        end()
    }

    static func swipeAnsweredWithShownPage(_ check: Check) {
        let (window, page, p0) = pageStage(check)
        let dataSource = PageSource(after: p0)
        page.dataSource = dataSource
        var handle: InteractiveTransition?
        check.refused(
            .invalidContainerContents, involving: [page, p0], firing: "page.dataSource.controllerAfter(p0)",
            state: { state([window], [page, p0]) }
        ) {
            handle = page.beginInteractivePaging(.forward)
        }
        #expect(handle == nil)
    }

    static func pushControllerHoldingNavigationView(_ check: Check) {
        let a = Leaf(name: "a")
        let nav = NavigationController(name: "nav", rootController: a)
        let x = Leaf(name: "x")
        x.view.addSubview(nav.view)  // nav has no parent: anywhere (R6)
        check.recorder.skipEvents()
        check.refused(.invalidViewHierarchy, involving: [nav, x], state: { state([], [nav, a, x]) }) {
            nav.push(x, animated: false)
        }
    }

    static func navigationViewIntoChildView(_ check: Check) {
        let a = Leaf(name: "a")
        let nav = NavigationController(name: "nav", rootController: a)
        nav.loadViewIfNeeded()
        a.loadViewIfNeeded()  // a's view is not in nav's view until nav shows it
        check.recorder.skipEvents()
        check.refused(.invalidViewHierarchy, involving: [a, nav], state: { state([], [nav, a]) }) {
            a.view.addSubview(nav.view)
        }
    }
}

// MARK: Presentation

extension MisuseCatalogTests {
    /// `a` shown as the root of a window; the setup's events skipped.
    static func presenterStage(_ check: Check) -> (Window, Controller) {
        let a = Leaf(name: "a")
        let window = show(a)
        check.recorder.skipEvents()
        return (window, a)
    }

    /// A controller with the presentation style `style`.
    static func leaf(_ name: String, _ style: ModalPresentationStyle = .automatic) -> Leaf {
        let leaf = Leaf(name: name)
        leaf.modalPresentationStyle = style
        return leaf
    }

    static func presentPresentedController(_ check: Check) {
        let (window, a) = presenterStage(check)
        let b = Leaf(name: "b")
        a.present(b, animated: false)
        window.runUntilIdle()
        let d = Leaf(name: "d")
        let other = show(d, in: makeWindow("other"))
        check.recorder.skipEvents()
        check.refused(.presentingInvalidController, involving: [d, b], state: { state([window, other], [a, b, d]) }) {
            d.present(b, animated: true) { Issue.record("the completion of a refused call ran") }
        }
    }

    static func presentChild(_ check: Check) {
        let (window, a) = presenterStage(check)
        let p = Parent(name: "p")
        let c = Leaf(name: "c")
        embed(c, in: p)
        check.recorder.skipEvents()
        check.refused(.presentingInvalidController, involving: [a, c], state: { state([window], [a, p, c]) }) {
            a.present(c, animated: true)
        }
    }

    static func presentSelf(_ check: Check) {
        let (window, a) = presenterStage(check)
        check.refused(.presentingInvalidController, involving: [a], state: { state([window], [a]) }) {
            a.present(a, animated: true)
        }
    }

    static func presentWindowRoot(_ check: Check) {
        let (window, a) = presenterStage(check)
        let r = Leaf(name: "r")
        let other = show(r, in: makeWindow("other"))
        check.recorder.skipEvents()
        check.refused(.presentingInvalidController, involving: [a, r], state: { state([window, other], [a, r]) }) {
            a.present(r, animated: true)
        }
    }

    static func presentPresentingController(_ check: Check) {
        let (window, a) = presenterStage(check)
        // u is detached: its view is in the window, but it has no parent and is not the root (see M69).
        let u = Leaf(name: "u")
        let v = Leaf(name: "v")
        window.addSubview(u.view)
        window.runUntilIdle()
        check.recorder.expectViolation(.presentingFromDetachedController) { u.present(v, animated: false) }
        window.runUntilIdle()
        check.recorder.skipEvents()
        check.refused(.presentingInvalidController, involving: [a, u], state: { state([window], [a, u, v]) }) {
            a.present(u, animated: true)
        }
    }

    static func presentFromOffScreen(_ check: Check) {
        let a = Leaf(name: "a")
        let b = Leaf(name: "b")
        check.tolerated(.presentingFromInvalidController, involving: [a, b], unchanged: { state([], [a, b]) }) {
            a.present(b, animated: true) { Issue.record("the completion of an ignored call ran") }
        }
        check.recorder.expect("", filter: .everything)
        #expect(!b.isViewLoaded)
    }

    static func presentFromPresentingController(_ check: Check) {
        let (window, a) = presenterStage(check)
        let b = Leaf(name: "b")
        a.present(b, animated: false)
        window.runUntilIdle()
        check.recorder.skipEvents()
        let c = Leaf(name: "c")
        check.tolerated(
            .presentingFromInvalidController, involving: [a, c], unchanged: { state([window], [a, b, c]) }
        ) {
            a.present(c, animated: true) { Issue.record("the completion of an ignored call ran") }
        }
        check.recorder.expect("", filter: .everything)
        #expect(a.presentedController === b)
    }

    static func presentFromControllerBeingDismissed(_ check: Check) {
        let (window, a) = presenterStage(check)
        let b = Leaf(name: "b")
        a.present(b, animated: false)
        window.runUntilIdle()
        check.recorder.skipEvents()
        a.dismiss(animated: true)
        let c = Leaf(name: "c")
        check.tolerated(.presentingFromInvalidController, involving: [b, c]) {
            b.present(c, animated: true) { Issue.record("the completion of an ignored call ran") }
        }
        window.runUntilIdle()
        check.recorder.expect(
            """
            b.viewWillDisappear(animated: true)
            -- the animation completes
            b.viewDidDisappear(animated: true)
            """, filter: .everything)
        #expect(b.presentedController == nil)
        #expect(!c.isViewLoaded)
    }

    static func presentFromDetachedController(_ check: Check) {
        let (window, a) = presenterStage(check)
        let d = Leaf(name: "d")
        window.addSubview(d.view)
        window.runUntilIdle()
        check.recorder.skipEvents()
        let e = Leaf(name: "e")
        check.tolerated(.presentingFromDetachedController, involving: [d, e]) {
            d.present(e, animated: false)
            window.runUntilIdle()
        }
        check.recorder.expect(
            """
            e.loadView()
            e.viewDidLoad()
            e.viewWillAppear(animated: false)
            e.viewIsAppearing(animated: false)
            e.viewDidAppear(animated: false)
            """, filter: .everything)
        // Carried out, as UIKit does: d presents e, though d is neither a window's root nor anyone's child.
        #expect(d.presentedController === e)
        #expect(a.presentedController == nil)
    }

    static func presentedControllerAsRoot(_ check: Check) {
        let (window, a) = presenterStage(check)
        let b = Leaf(name: "b")
        a.present(b, animated: false)
        window.runUntilIdle()
        let other = makeWindow("other")
        other.makeKeyAndVisible()
        check.recorder.skipEvents()
        check.refused(.invalidRootController, involving: [b, a], state: { state([window, other], [a, b]) }) {
            other.rootController = b
        }
        #expect(other.rootController == nil)
        #expect(b.presentingController === a)
    }

    static func addChildOfPresented(_ check: Check) {
        let (window, a) = presenterStage(check)
        let b = Leaf(name: "b")
        a.present(b, animated: false)
        window.runUntilIdle()
        let q = Parent(name: "q")
        check.recorder.skipEvents()
        check.refused(.invalidChild, involving: [q, b], state: { state([window], [a, b, q]) }) {
            q.addChild(b)
        }
        #expect(b.parent == nil)
        #expect(b.presentingController === a)
    }

    static func dismissDuringDismissal(_ check: Check) {
        let (window, a) = presenterStage(check)
        let b = leaf("b", .fullScreen)
        a.present(b, animated: false)
        window.runUntilIdle()
        check.recorder.skipEvents()
        var completions: [String] = []
        a.dismiss(animated: true) { completions.append("first") }
        check.tolerated(.dismissingDuringDismissal, involving: [a, b]) {
            a.dismiss(animated: true) { completions.append("second") }
        }
        check.recorder.expect("", filter: .everything)
        window.runUntilIdle()
        check.recorder.expect(
            """
            b.viewWillDisappear(animated: true)
            a.viewWillAppear(animated: true)
            a.viewIsAppearing(animated: true)
            -- the animation completes
            a.viewDidAppear(animated: true)
            b.viewDidDisappear(animated: true)
            a.completion()
            """, filter: .everything)
        #expect(completions == ["first"])
        #expect(a.presentedController == nil)
    }

    static func dismissDuringSheetPull(_ check: Check) {
        let (window, a) = presenterStage(check)
        let b = Leaf(name: "b")
        a.present(b, animated: false)
        window.runUntilIdle()
        check.recorder.skipEvents()
        let pull = b.beginInteractiveDismissal()
        check.recorder.expect("b.viewWillDisappear(animated: true)")
        check.tolerated(.dismissingDuringDismissal, involving: [b]) {
            b.dismiss(animated: true) { Issue.record("the completion of an ignored call ran") }
        }
        check.recorder.expect("", filter: .everything)
        pull?.cancel()
        window.runUntilIdle()
        check.recorder.expect(
            """
            b.viewWillAppear(animated: true)
            b.viewIsAppearing(animated: true)
            b.viewDidAppear(animated: true)
            """, filter: .everything)
        #expect(a.presentedController === b)
    }
}

// MARK: Turns and animations

extension MisuseCatalogTests {
    static func completeGestureDrivenAnimation(_ check: Check) {
        let (window, nav, a, b) = navigationStage(check)
        let driver = HoldingDriver()
        window.animationDriver = driver
        let swipe = nav.beginInteractivePop()
        check.recorder.expect(
            """
            b.willMove(toParent: nil)
            b.viewWillDisappear(animated: true)
            a.viewWillAppear(animated: true)
            a.viewIsAppearing(animated: true)
            """, filter: .everything)
        let animation = driver.held.last
        #expect(animation?.isInteractive == true)
        check.refused(.completingInteractiveAnimation, involving: [nav], state: { state([window], [nav, a, b]) }) {
            animation?.complete(finished: true)
        }
        swipe?.finish()
        animation?.complete(finished: true)
        window.runUntilIdle()
        check.recorder.expect(
            """
            b.viewDidDisappear(animated: true)
            b.didMove(toParent: nil)
            a.viewDidAppear(animated: true)
            """, filter: .everything)
        #expect(nav.controllers.map(\.id) == [a.id])
    }

    static func nestedRunUntilIdle(_ check: Check) {
        let p = Parent(name: "p")
        let window = show(p)
        let c = SkipsSuper(name: "c")
        embed(c, in: p)
        check.recorder.skipEvents()
        c.afterViewDidAppear = { [weak window] _ in window?.runUntilIdle() }
        check.tolerated(.nestedRunUntilIdle, involving: []) {
            window.runUntilIdle()
        }
        check.recorder.expect(
            """
            c.viewIsAppearing(animated: false)
            c.viewDidAppear(animated: false)
            c.didMove(toParent: p)
            """, filter: .everything)
        #expect(c.appearanceState == .appeared)
        // The same from a callback that no running turn delivers: the willMove(toParent:) of an addChild.
        let e = SpyController(name: "e")
        e.onWillMove = { [weak window] _ in window?.runUntilIdle() }
        check.tolerated(.nestedRunUntilIdle, involving: []) {
            p.addChild(e)
        }
        check.recorder.expect("e.willMove(toParent: p)", filter: .everything)
        #expect(e.parent === p)
    }

    static func runawayTurn(_ check: Check) {
        let r = SkipsSuper(name: "r")
        var rounds = 0
        r.afterViewDidAppear = { probe in
            guard let window = probe.view.window else { return }
            probe.view.removeFromSuperview()
            window.addSubview(probe.view)
            rounds += 1
        }
        let window = makeWindow()
        window.rootController = r
        window.makeKeyAndVisible()
        check.recorder.skipEvents()
        check.tolerated(.runawayTurn, involving: [], severity: .fault) {
            window.runUntilIdle()
        }
        // Every round ran whole; only the last round's deferred did-appear was dropped. The view
        // leaves and comes back inside the hook: no did-disappear (§1).
        let round = [
            LifecycleEvent.viewIsAppearing(r.id, animated: false), .viewDidAppear(r.id, animated: false),
            .viewWillDisappear(r.id, animated: false), .viewWillAppear(r.id, animated: false),
        ]
        let events = check.recorder.pendingEntries.map(\.event)
        check.recorder.skipEvents()
        #expect(events == Array(repeating: round, count: Window.maximumRoundsPerTurn).flatMap { $0 })
        #expect(rounds == Window.maximumRoundsPerTurn)
        #expect(r.appearanceState == .appearing)
        #expect(!window.hasPendingWork)
    }

    static func runawayCompletions(_ check: Check) {
        let p = Parent(name: "p")
        let f = Leaf(name: "f")
        let t = Leaf(name: "t")
        let window = show(p)
        embed(f, in: p)
        p.addChild(t)
        t.didMove(toParent: p)
        window.runUntilIdle()
        check.recorder.skipEvents()
        // Each completion swaps the two children back, until well past the limit.
        var completions = 0
        func swap(from: Controller, to: Controller) {
            p.transition(
                from: from, to: to, duration: 0.3, animations: nil,
                completion: { _ in
                    completions += 1
                    if completions <= Window.maximumRoundsPerTurn { swap(from: to, to: from) }
                })
        }
        swap(from: f, to: t)
        check.recorder.skipEvents()
        check.tolerated(.runawayTurn, involving: [p], severity: .fault) {
            window.isHidden = true
        }
        let events = check.recorder.pendingEntries.map(\.event)
        check.recorder.skipEvents()
        #expect(completions == Window.maximumRoundsPerTurn)
        #expect(events.filter { $0 == .completion(p.id, finished: true) }.count == Window.maximumRoundsPerTurn)
        #expect(window.animationsInFlight.count == 1)
        // The transition left in flight completes in the next turn; its completion starts no other.
        window.runUntilIdle()
        check.recorder.skipEvents()
        #expect(completions == Window.maximumRoundsPerTurn + 1)
        #expect(window.animationsInFlight.isEmpty)
    }
}

// MARK: Presentation and ownership

extension MisuseCatalogTests {
    /// `p`, with the child `c` embedded, its view put in the window by hand (it is not the root); the
    /// setup's events skipped.
    static func detachedParentWithChild(_ check: Check) -> (Window, Parent, Controller) {
        let (window, a) = presenterStage(check)
        let p = Parent(name: "p")
        let c = Leaf(name: "c")
        embed(c, in: p)
        window.addSubview(p.view)
        window.runUntilIdle()
        check.recorder.skipEvents()
        #expect(window.rootController === a)
        return (window, p, c)
    }

    static func presentAncestor(_ check: Check) {
        let (window, p, c) = detachedParentWithChild(check)
        p.modalPresentationStyle = .formSheet
        check.refused(.presentingInvalidController, involving: [c, p], state: { state([window], [p, c]) }) {
            c.present(p, animated: true) { Issue.record("the completion of a refused call ran") }
        }
        #expect(p.presentedController == nil)
    }

    static func addPresenterUnderPresented(_ check: Check) {
        let a = Parent(name: "a")
        let window = show(a)
        let p = Parent(name: "p")
        embed(p, in: a)
        a.definesPresentationContext = true
        let b = Parent(name: "b")
        b.modalPresentationStyle = .overCurrentContext
        p.present(b, animated: false)  // presented from a, which defines the context
        window.runUntilIdle()
        check.recorder.skipEvents()
        check.refused(.addingToSelfOrDescendant, involving: [b, a], state: { state([window], [a, p, b]) }) {
            b.addChild(a)
        }
        #expect(b.children.isEmpty)
    }

    static func pushPresenter(_ check: Check) {
        let (window, p, c) = detachedParentWithChild(check)
        let nav = NavigationController(name: "nav", rootController: Leaf(name: "top"))
        nav.modalPresentationStyle = .formSheet
        check.recorder.expectViolation(.presentingFromDetachedController) {
            c.present(nav, animated: false)  // presented from p, the root of c's tree, detached (M69)
        }
        window.runUntilIdle()
        check.recorder.skipEvents()
        check.refused(.addingToSelfOrDescendant, involving: [nav, p], state: { state([window], [p, c, nav]) }) {
            nav.push(p, animated: true)
        }
        #expect(nav.controllers.count == 1)
    }

    static func presentFromChildOfOffScreenRoot(_ check: Check) {
        let (window, a) = presenterStage(check)
        let p = Parent(name: "p")
        let c = Leaf(name: "c")
        embed(c, in: p)
        window.addSubview(c.view)  // R6 lets a child's view sit outside its parent's: p's view is in no window
        window.runUntilIdle()
        check.recorder.skipEvents()
        let b = leaf("b", .fullScreen)
        check.tolerated(
            .presentingFromInvalidController, involving: [c, b, p], unchanged: { state([window], [a, p, c, b]) }
        ) {
            c.present(b, animated: true) { Issue.record("the completion of an ignored call ran") }
        }
        window.runUntilIdle()
        check.recorder.expect("", filter: .everything)
        #expect(p.presentedController == nil)
        #expect(!b.isViewLoaded)
    }
}

// MARK: Not violations

extension MisuseCatalogTests {
    static func reparent(_ check: Check) {
        let p = Parent(name: "p")
        let q = Parent(name: "q")
        let c = Leaf(name: "c")
        embed(c, in: p)
        check.recorder.skipEvents()
        check.silent {
            q.addChild(c)
        }
        check.recorder.expect(
            """
            c.willMove(toParent: nil)
            c.didMove(toParent: nil)
            c.willMove(toParent: q)
            """, filter: .everything)
        #expect(c.parent === q)
        #expect(p.children.isEmpty)
    }

    static func willMoveToNilWithNoParent(_ check: Check) {
        let c = Leaf(name: "c")
        check.silent {
            c.willMove(toParent: nil)
        }
        check.recorder.expect("c.willMove(toParent: nil)", filter: .everything)
        #expect(c.parent == nil)
    }

    static func removalBeforeUIKitsRepeat(_ check: Check) {
        let (window, p, c) = childStillAppearing(check)
        check.silent {
            c.willMove(toParent: nil)
            c.view.removeFromSuperview()
            c.removeFromParent()
        }
        // The addition counts as complete (R7): the removal is no violation. The repeat follows
        // c's next did-callback, the viewDidDisappear sent inside removeFromSuperview(), and names
        // the parent c has then.
        check.recorder.expect(
            """
            c.willMove(toParent: nil)
            c.viewWillDisappear(animated: false)
            c.didMove(toParent: nil)
            """, filter: .everything)
        #expect(c.parent == nil && p.children.isEmpty)
        window.runUntilIdle()
        check.recorder.expect(
            """
            c.viewDidDisappear(animated: false)
            c.didMove(toParent: nil)
            """, filter: .everything)
    }

    static func removalCancelled(_ check: Check) {
        // The window is kept: a visible window released hides its tree (§1).
        let (window, p, c) = parentWithChild(check)
        defer { withExtendedLifetime(window) {} }
        c.willMove(toParent: nil)
        check.silent {
            c.didMove(toParent: p)
        }
        check.recorder.expect(
            """
            c.willMove(toParent: nil)
            c.didMove(toParent: p)
            """, filter: .everything)
        #expect(c.parent === p)
        #expect(!c.hierarchyDescription.contains("moving"))
    }

    static func popRoot(_ check: Check) {
        let a = Leaf(name: "a")
        let nav = NavigationController(name: "nav", rootController: a)
        let window = show(nav)
        check.recorder.skipEvents()
        var popped: Controller? = a
        check.silent {
            popped = nav.pop(animated: true)
            window.runUntilIdle()
        }
        check.recorder.expect("", filter: .everything)
        #expect(popped == nil)
        #expect(nav.controllers.map(\.id) == [a.id])
    }

    static func removeWithNoParent(_ check: Check) {
        let c = Leaf(name: "c")
        check.silent {
            c.removeFromParent()
        }
        check.recorder.expect("", filter: .everything)
    }

    static func viewWillTransitionSkippingSuper(_ check: Check) {
        let p = StopsSizeForwarding(name: "p")
        let c = Leaf(name: "c")
        let window = show(p)
        embed(c, in: p)
        window.runUntilIdle()
        check.recorder.skipEvents()
        check.silent {
            window.resize(to: Size(width: 480, height: 320))
        }
        check.recorder.expect("p.viewWillTransition(to: Size(width: 480, height: 320))", filter: .everything)
    }

    static func pushDuringTransition(_ check: Check) {
        let a = Leaf(name: "a")
        let nav = NavigationController(name: "nav", rootController: a)
        let window = show(nav)
        let driver = ManualAnimationDriver()
        driver.install(on: window)
        check.recorder.skipEvents()
        let b = Leaf(name: "b")
        let c = Leaf(name: "c")
        check.silent {
            nav.push(b, animated: true)
            window.runUntilIdle()
            nav.push(c, animated: true)
            window.runUntilIdle()
            driver.finishAll()
            window.runUntilIdle()
            driver.finishAll()
            window.runUntilIdle()
        }
        check.recorder.expect(
            """
            b.willMove(toParent: nav)
            b.loadView()
            b.viewDidLoad()
            a.viewWillDisappear(animated: true)
            b.viewWillAppear(animated: true)
            b.viewIsAppearing(animated: true)
            a.viewDidDisappear(animated: true)
            b.viewDidAppear(animated: true)
            b.didMove(toParent: nav)
            c.willMove(toParent: nav)
            c.loadView()
            c.viewDidLoad()
            b.viewWillDisappear(animated: true)
            c.viewWillAppear(animated: true)
            c.viewIsAppearing(animated: true)
            b.viewDidDisappear(animated: true)
            c.viewDidAppear(animated: true)
            c.didMove(toParent: nav)
            """, filter: .everything)
        #expect(nav.controllers.map(\.id) == [a.id, b.id, c.id])
    }

    static func dismissBeforePresentationRan(_ check: Check) {
        let (window, a) = presenterStage(check)
        let b = leaf("b", .fullScreen)
        var completions: [String] = []
        check.silent {
            a.present(b, animated: true) { completions.append("presented") }
            a.dismiss(animated: true) { completions.append("dismissed") }
            window.runUntilIdle()
        }
        check.recorder.expect(
            """
            b.loadView()
            b.viewDidLoad()
            a.viewWillDisappear(animated: true)
            b.viewWillAppear(animated: true)
            b.viewIsAppearing(animated: true)
            b.viewDidAppear(animated: true)
            a.viewDidDisappear(animated: true)
            a.completion()
            b.viewWillDisappear(animated: true)
            a.viewWillAppear(animated: true)
            a.viewIsAppearing(animated: true)
            a.viewDidAppear(animated: true)
            b.viewDidDisappear(animated: true)
            a.completion()
            """, filter: .everything)
        #expect(completions == ["presented", "dismissed"])
        #expect(a.presentedController == nil)
    }

    static func dismissWithNothingPresented(_ check: Check) {
        let (window, a) = presenterStage(check)
        check.silent {
            a.dismiss(animated: true) { Issue.record("the completion of a dismissal with nothing to dismiss ran") }
            window.runUntilIdle()
        }
        check.recorder.expect("", filter: .everything)
    }

    static func swipeBackWhileTransitionPending(_ check: Check) {
        let (window, nav, a, b) = navigationStage(check)
        let c = Leaf(name: "c")
        nav.push(c, animated: true)
        check.recorder.expect("c.willMove(toParent: nav)")
        var swipe: InteractiveTransition?
        check.silent {
            swipe = nav.beginInteractivePop()
        }
        check.recorder.expect("", filter: .everything)
        #expect(swipe == nil)
        window.runUntilIdle()
        check.recorder.skipEvents()
        #expect(nav.controllers.map(\.id) == [a.id, b.id, c.id])
    }
}

// MARK: - Checking

extension MisuseCatalogTests {
    /// What a scenario did with its misuse, for the row to be compared with.
    @MainActor final class Check {
        enum Verdict: String {
            /// A fault: nothing changed, nothing fired.
            case refused
            /// Reported and handled: a warning, or a fault that cannot undo what already ran.
            case tolerated
            /// No violation.
            case silent
            /// The scenario checked nothing.
            case unchecked
        }

        let recorder: Recorder
        private(set) var violation: ContractViolation?
        private(set) var verdict = Verdict.unchecked

        init(_ recorder: Recorder) {
            self.recorder = recorder
        }

        /// Runs `body`, which must be refused with one fault of `kind` naming `controllers` (and, if
        /// they exist then, `optional`): it fires nothing but `firing`, and `state` reads the same after.
        func refused(
            _ kind: ContractViolation.Kind, involving controllers: [Controller],
            orAlso optional: () -> [Controller] = { [] }, firing: String = "", state: () -> String,
            sourceLocation: SourceLocation = #_sourceLocation, _ body: () -> Void
        ) {
            #expect(recorder.transcript(includingViewIsAppearing: true) == "", sourceLocation: sourceLocation)
            let before = state()
            let violations = capture(body)
            #expect(
                recorder.takeTranscript(includingViewIsAppearing: true) == firing, "a refused call fired callbacks",
                sourceLocation: sourceLocation)
            #expect(state() == before, "a refused call changed the trees", sourceLocation: sourceLocation)
            take(
                violations, kind, .fault, controllers, optional: optional(), verdict: .refused,
                sourceLocation: sourceLocation)
        }

        /// Runs `body`, which must report one violation of `kind` (a warning unless `severity` says
        /// otherwise) naming `controllers`, and be carried out: the caller asserts what it did. With
        /// `unchanged`, the call must also leave those trees as they were (an ignored call).
        func tolerated(
            _ kind: ContractViolation.Kind, involving controllers: [Controller],
            severity: ContractViolation.Severity = .warning, unchanged state: (() -> String)? = nil,
            sourceLocation: SourceLocation = #_sourceLocation, _ body: () -> Void
        ) {
            let before = state?()
            let violations = capture(body)
            if let state {
                #expect(state() == before, "an ignored call changed the trees", sourceLocation: sourceLocation)
            }
            take(
                violations, kind, severity, controllers, optional: [], verdict: .tolerated,
                sourceLocation: sourceLocation)
        }

        /// Runs `body`, which must report nothing; the caller asserts what it did.
        func silent(sourceLocation: SourceLocation = #_sourceLocation, _ body: () -> Void) {
            let violations = capture(body)
            #expect(violations.isEmpty, "\(violations)", sourceLocation: sourceLocation)
            verdict = .silent
        }

        private func capture(_ body: () -> Void) -> [ContractViolation] {
            let box = ViolationBox()
            ContractViolation.withHandler({ box.append($0) }, operation: body)
            return box.violations
        }

        private func take(
            _ violations: [ContractViolation], _ kind: ContractViolation.Kind, _ severity: ContractViolation.Severity,
            _ controllers: [Controller], optional: [Controller], verdict: Verdict, sourceLocation: SourceLocation
        ) {
            #expect(violations.count == 1, "\(violations)", sourceLocation: sourceLocation)
            guard let violation = violations.first else { return }
            #expect(violation.kind == kind, sourceLocation: sourceLocation)
            #expect(violation.severity == severity, sourceLocation: sourceLocation)
            let named = Set(violation.controllers)
            #expect(named.isSuperset(of: controllers.map(\.id)), "\(named)", sourceLocation: sourceLocation)
            #expect(
                named.isSubset(of: (controllers + optional).map(\.id)), "\(named)", sourceLocation: sourceLocation)
            self.violation = violation
            self.verdict = verdict
        }
    }

    /// Violations reported to a handler, which must be `Sendable`.
    final class ViolationBox: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: [ContractViolation] = []

        func append(_ violation: ContractViolation) {
            lock.lock()
            stored.append(violation)
            lock.unlock()
        }

        var violations: [ContractViolation] {
            lock.lock()
            defer { lock.unlock() }
            return stored
        }
    }

    /// Everything a refused or ignored call must leave alone: the windows' view trees, roots and pending
    /// work; the controllers' trees, parents, appearance and containment states, views and presentations;
    /// the built-in containers' contents.
    static func state(_ windows: [Window], _ controllers: [Controller], views: [View] = []) -> String {
        func tag(_ view: View?) -> String { view.map { "\(ObjectIdentifier($0))" } ?? "nil" }
        func tag(_ controller: Controller?) -> String { controller.map { "\($0.id)" } ?? "nil" }
        func links(_ view: View) -> String {
            "view \(tag(view)): superview \(tag(view.superview)), subviews \(view.subviews.map(tag)), "
                + "window \(view.window.map { "\($0.windowID)" } ?? "nil")"
        }
        var lines: [String] = []
        for window in windows {
            lines.append(window.recursiveDescription)
            lines.append(
                "root \(tag(window.rootController)), hidden \(window.isHidden), pending \(window.hasPendingWork), "
                    + "animations \(window.animationsInFlight.count)")
        }
        for controller in controllers {
            lines.append(controller.hierarchyDescription)
            lines.append(
                "\(controller.id): parent \(tag(controller.parent)), state \(controller.appearanceState), "
                    + "presented \(tag(controller.presentedController)), "
                    + "presenting \(tag(controller.presentingController))")
            if let container = controller as? ContainerController {
                lines.append("children \(container.children.map(tag))")
            }
            if let nav = controller as? NavigationController {
                lines.append("stack \(nav.controllers.map(tag))")
            }
            if let tab = controller as? TabBarController {
                lines.append("tabs \(tab.controllers.map(tag)), selected \(tab.selectedIndex)")
            }
            if let page = controller as? PageController {
                lines.append("pages \(page.shownControllers.map(tag))")
            }
            if let view = controller.viewIfLoaded {
                lines.append(links(view))
            }
        }
        lines.append(contentsOf: views.map(links))
        return lines.joined(separator: "\n")
    }
}

// MARK: - The catalog

extension MisuseCatalogTests {
    /// A row of the article's tables.
    struct Entry {
        let id: String
        /// The raw value of the row's kind; nil for `—`.
        let kind: String?
        /// `fault` or `warning`; nil for `—`.
        let severity: String?
        let outcome: String
        /// The code span of the "message says" column; nil for `—`.
        let excerpt: String?
    }

    /// The article, found from this file's path.
    static let article = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/ContainerKit/ContainerKit.docc/ContractViolations.md")

    /// The rows of the article's tables whose first cell is an id (`M01`, `N01`, …), in order.
    ///
    /// A misuse row reads `| id | misuse | UIKit | severity | outcome | kind | rule | message says |`; a row
    /// of what is not a violation `| id | call | UIKit | outcome | rule |`.
    static func readCatalog() throws -> [Entry] {
        let text = try String(contentsOf: article, encoding: .utf8)
        var entries: [Entry] = []
        for line in text.split(separator: "\n") where line.hasPrefix("| ") {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast()
                .map { $0.trimmingCharacters(in: .whitespaces) }
            guard let id = cells.first, id.wholeMatch(of: /[MN]\d{2,3}/) != nil else { continue }
            func dash(_ cell: String) -> String? { cell == "—" ? nil : cell }
            if id.hasPrefix("N") {
                entries.append(Entry(id: id, kind: nil, severity: nil, outcome: cells[3], excerpt: nil))
                continue
            }
            let kind = dash(cells[5]).map { $0.replacingOccurrences(of: "``ContractViolation/Kind/", with: "") }
                .map { $0.replacingOccurrences(of: "``", with: "") }
            let excerpt = dash(cells[7]).flatMap { cell in
                cell.firstMatch(of: /`([^`]+)`/).map { String($0.1) }
            }
            entries.append(Entry(id: id, kind: kind, severity: dash(cells[3]), outcome: cells[4], excerpt: excerpt))
        }
        return entries
    }

    /// The catalog by id; empty when the article cannot be read (`catalogAndTestsMatch` says why).
    static let catalog: [String: Entry] = {
        let entries = (try? readCatalog()) ?? []
        return Dictionary(entries.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    }()
}

// MARK: - Fixtures

extension MisuseCatalogTests {
    /// A controller that logs some overrides, can skip `super` in one, and runs hooks after others.
    final class SkipsSuper: Controller {
        enum Callback { case viewWillAppear, didMove }

        var skipping: Callback?
        var log: [String] = []
        var afterViewWillAppear: ((SkipsSuper) -> Void)?
        var afterViewDidAppear: ((SkipsSuper) -> Void)?

        override func viewWillAppear(_ animated: Bool) {
            log.append("viewWillAppear")
            if skipping != .viewWillAppear { super.viewWillAppear(animated) }
            if let hook = afterViewWillAppear {
                afterViewWillAppear = nil
                hook(self)
            }
        }

        override func viewDidAppear(_ animated: Bool) {
            super.viewDidAppear(animated)
            afterViewDidAppear?(self)
        }

        override func didMove(toParent parent: ContainerController?) {
            log.append("didMove(toParent: \(parent.map { "\($0.id)" } ?? "nil"))")
            if skipping != .didMove { super.didMove(toParent: parent) }
        }
    }

    /// A container that forwards appearance by hand (F4).
    final class ManualParent: ContainerController {
        override var shouldAutomaticallyForwardAppearanceMethods: Bool { false }
    }

    /// A container whose `viewWillTransition(to:with:)` does not call `super`.
    final class StopsSizeForwarding: ContainerController {
        override func viewWillTransition(to size: Size, with coordinator: any TransitionCoordinator) {}
    }

    /// A controller whose `loadView()` assigns no view.
    final class Viewless: Controller {
        override func loadView() {}
    }

    /// A view that runs a hook from its `willMove(toSuperview:)`, once.
    final class HookedView: View {
        var onWillMoveToSuperview: (() -> Void)?

        override func willMove(toSuperview newSuperview: View?) {
            let hook = onWillMoveToSuperview
            onWillMoveToSuperview = nil
            hook?()
        }
    }

    /// A data source that answers every swipe forward with `after`.
    final class PageSource: PageControllerDataSource {
        let after: Controller

        init(after: Controller) {
            self.after = after
        }

        func pageController(_ page: PageController, controllerBefore controller: Controller) -> Controller? { nil }
        func pageController(_ page: PageController, controllerAfter controller: Controller) -> Controller? { after }
    }

    /// A tab bar delegate with the defaults.
    final class TabDelegate: TabBarControllerDelegate {}

    /// An animation driver that completes nothing itself: the test completes what it holds.
    final class HoldingDriver: AnimationDriver {
        private(set) var held: [TransitionAnimation] = []

        func animationDidStart(_ animation: TransitionAnimation, in window: Window) {
            held.append(animation)
        }
    }
}

/// A presentation delegate whose `presentationControllerShouldDismiss` hides `window`, then allows
/// the pull.
@MainActor
private final class HidingPresentationDelegate: PresentationDelegate {
    unowned let window: Window

    init(_ window: Window) { self.window = window }

    func presentationControllerShouldDismiss(_ presented: Controller) -> Bool {
        window.isHidden = true
        return true
    }
}
