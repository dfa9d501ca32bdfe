extension Operation {
    /// What kind of operation to generate.
    private enum Kind: Sendable {
        case runUntilIdle, settle
        case addChild, removeFromParent, willMove, didMove, embed, unembed
        case addSubview, insertSubview, removeFromSuperview
        case transition, swapChild
        case push, pop, popToRoot, popTo, setStack, beginInteractivePop
        case selectTab, userSelect, setTabs
        case setPages, beginPaging
        case present, dismiss, beginInteractiveDismissal
        case beginAppearance, endAppearance, bounceAppearance, callAppearanceCallbackDirectly
        case showWindow, hideWindow, resizeWindow, setRoot, dropWindow
        case finishAnimation, cutShortAnimation, updateGesture, finishGesture, cancelGesture, driverCancelGesture
        case reenter

        /// Whether an armed hook may run the kind from inside a callback: what app code does there.
        /// Not another `reenter` (nesting stops at depth 1), nor what stands for the passage of time
        /// or the user's finger (completing animations, settling, driving a gesture's handle), nor
        /// dropping the window (the world's step holds it while a callback runs).
        var runsInsideCallbacks: Bool {
            switch self {
            case .reenter, .settle, .finishAnimation, .cutShortAnimation, .updateGesture, .finishGesture,
                .cancelGesture, .driverCancelGesture, .dropWindow:
                return false
            case .runUntilIdle, .addChild, .removeFromParent, .willMove, .didMove, .embed, .unembed, .addSubview,
                .insertSubview, .removeFromSuperview, .transition, .swapChild, .push, .pop, .popToRoot, .popTo,
                .setStack, .beginInteractivePop, .selectTab, .userSelect, .setTabs, .setPages, .beginPaging, .present,
                .dismiss, .beginInteractiveDismissal, .beginAppearance, .endAppearance, .bounceAppearance,
                .callAppearanceCallbackDirectly, .showWindow, .hideWindow, .resizeWindow, .setRoot:
                return true
            }
        }
    }

    /// How often each kind comes up, out of the total (141): `reenter` about one step in fourteen.
    private static let weights: [(weight: Int, value: Kind)] = [
        (16, .runUntilIdle), (3, .settle),
        (4, .addChild), (3, .removeFromParent), (2, .willMove), (2, .didMove), (7, .embed), (4, .unembed),
        (5, .addSubview), (1, .insertSubview), (3, .removeFromSuperview),
        (2, .transition), (5, .swapChild),
        (6, .push), (4, .pop), (2, .popToRoot), (1, .popTo), (2, .setStack), (3, .beginInteractivePop),
        (3, .selectTab), (3, .userSelect), (2, .setTabs),
        (3, .setPages), (4, .beginPaging),
        (5, .present), (3, .dismiss), (2, .beginInteractiveDismissal),
        (3, .beginAppearance), (3, .endAppearance), (1, .bounceAppearance), (1, .callAppearanceCallbackDirectly),
        (2, .showWindow), (2, .hideWindow), (1, .resizeWindow), (1, .setRoot), (1, .dropWindow),
        (5, .finishAnimation), (2, .cutShortAnimation), (2, .updateGesture), (3, .finishGesture),
        (3, .cancelGesture), (1, .driverCancelGesture),
        (10, .reenter),
    ]

    /// The weights of the kinds an armed hook may run, in the same proportions.
    private static let nestedWeights = weights.filter { $0.value.runsInsideCallbacks }

    /// A random operation. Most name what a careful app would (a free controller to push, a child
    /// to remove); the rest name anything, so misuse comes up all the time too.
    static func random(using g: inout SeededGenerator) -> Operation {
        make(g.weighted(weights), using: &g)
    }

    /// A random operation for an armed hook to run from inside a callback.
    static func randomNested(using g: inout SeededGenerator) -> Operation {
        make(g.weighted(nestedWeights), using: &g)
    }

    private static func make(_ kind: Kind, using g: inout SeededGenerator) -> Operation {
        switch kind {
        case .runUntilIdle: return .runUntilIdle
        case .settle: return .settle
        case .dropWindow: return .dropWindow(showNew: g.chance(70))
        case .addChild: return .addChild(container: g.below(6), mostlyFree(&g, 60))
        case .removeFromParent: return .removeFromParent(mostlyChild(&g, 70, of: 8))
        case .willMove: return .willMove(mostlyChild(&g, 70, of: 8), toContainer: someContainer(&g))
        case .didMove: return .didMove(mostlyChild(&g, 70, of: 8), toContainer: someContainer(&g))
        case .embed: return .embed(custom: g.below(3), mostlyFree(&g, 85))
        case .unembed: return .unembed(custom: g.below(3), .child(g.below(4)))
        case .addSubview: return .addSubview(someView(&g), to: someView(&g))
        case .insertSubview: return .insertSubview(someView(&g), to: someView(&g), at: g.below(3))
        case .removeFromSuperview: return .removeFromSuperview(someView(&g))
        case .transition:
            let container = g.below(6)
            let from = Pick.child(g.below(4))
            return .transition(container: container, from: from, to: somePick(&g), animated: g.chance(60))
        case .swapChild:
            let custom = g.below(3)
            let from = Pick.child(g.below(4))
            return .swapChild(custom: custom, from: from, to: .free(g.below(8)), animated: g.chance(60))
        case .push: return .push(mostlyFree(&g, 80), animated: g.chance(70))
        case .pop: return .pop(animated: g.chance(70))
        case .popToRoot: return .popToRoot(animated: g.chance(70))
        case .popTo: return .popTo(mostlyChild(&g, 80, of: 4), animated: g.chance(70))
        case .setStack:
            let count = 1 + g.below(3)
            return .setStack(somePicks(&g, count: count), animated: g.chance(60))
        case .beginInteractivePop: return .beginInteractivePop
        case .selectTab: return .selectTab(g.below(4))
        case .userSelect: return .userSelect(mostlyChild(&g, 85, of: 4))
        case .setTabs:
            let count = 1 + g.below(3)
            return .setTabs(somePicks(&g, count: count))
        case .setPages:
            let fitted = g.chance(90)
            let count = fitted ? 2 : 1 + g.below(3)
            let pages = somePicks(&g, count: count)
            return .setPages(pages, fitted: fitted, animated: g.chance(60))
        case .beginPaging: return .beginPaging(forward: g.chance(60))
        case .present:
            let presented = mostlyFree(&g, 85)
            let presenter: Pick = g.chance(85) ? .visible(g.below(8)) : anyController(&g)
            return .present(presented, from: presenter, style: g.below(7), animated: g.chance(60))
        case .dismiss:
            let controller: Pick = g.chance(70) ? .presented(g.below(3)) : .visible(g.below(8))
            return .dismiss(controller, animated: g.chance(60))
        case .beginInteractiveDismissal: return .beginInteractiveDismissal(.presented(g.below(3)))
        case .beginAppearance:
            let controller = mostlyChild(&g, 75, of: 4)
            return .beginAppearance(controller, appearing: g.chance(50), animated: g.chance(50))
        case .endAppearance: return .endAppearance(mostlyChild(&g, 75, of: 4))
        case .bounceAppearance: return .bounceAppearance(anyController(&g))
        case .callAppearanceCallbackDirectly:
            return .callAppearanceCallbackDirectly(anyController(&g), callback: g.below(4))
        case .showWindow: return .showWindow
        case .hideWindow: return .hideWindow
        case .resizeWindow: return .resizeWindow(g.below(3))
        case .setRoot:
            if g.chance(20) { return .setRoot(nil) }
            return .setRoot(g.chance(50) ? .index(RandomWorld.root) : somePick(&g))
        case .finishAnimation: return .finishAnimation(g.below(3))
        case .cutShortAnimation: return .cutShortAnimation(g.below(3))
        case .updateGesture: return .updateGesture(g.below(2), percent: g.below(11))
        case .finishGesture: return .finishGesture(g.below(2))
        case .cancelGesture: return .cancelGesture(g.below(2))
        case .driverCancelGesture: return .driverCancelGesture(g.below(2))
        case .reenter:
            let leaf = Pick.index(RandomWorld.firstLeaf + g.below(RandomWorld.leafCount))
            let callback = HookedCallback.allCases[g.below(HookedCallback.allCases.count)]
            return .reenter(leaf, callback: callback, then: randomNested(using: &g))
        }
    }

    private static func anyController(_ g: inout SeededGenerator) -> Pick {
        .index(g.below(RandomWorld.controllerCount))
    }

    /// A free controller `percent` times in a hundred, any controller otherwise.
    private static func mostlyFree(_ g: inout SeededGenerator, _ percent: Int) -> Pick {
        g.chance(percent) ? .free(g.below(8)) : anyController(&g)
    }

    /// A child (`.child(0..<count)`) `percent` times in a hundred, any controller otherwise.
    private static func mostlyChild(_ g: inout SeededGenerator, _ percent: Int, of count: Int) -> Pick {
        g.chance(percent) ? .child(g.below(count)) : anyController(&g)
    }

    private static func somePick(_ g: inout SeededGenerator) -> Pick {
        switch g.below(4) {
        case 0: anyController(&g)
        case 1: .child(g.below(4))
        default: .free(g.below(8))
        }
    }

    private static func somePicks(_ g: inout SeededGenerator, count: Int) -> [Pick] {
        (0..<count).map { _ in g.chance(80) ? .free(g.below(8)) : somePick(&g) }
    }

    private static func someContainer(_ g: inout SeededGenerator) -> Int? {
        g.chance(70) ? nil : g.below(RandomWorld.containers.count)
    }

    private static func someView(_ g: inout SeededGenerator) -> ViewPick {
        switch g.below(10) {
        case 0..<6: .rootView(g.chance(60) ? anyController(&g) : .free(g.below(8)))
        case 6..<9: .plain(g.below(RandomWorld.plainViewCount))
        default: .window
        }
    }
}
