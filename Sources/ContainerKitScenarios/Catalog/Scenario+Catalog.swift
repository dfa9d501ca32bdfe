import ContainerKit

/// The catalog, joined from the scenarios of each concern (custom containers, built-in containers,
/// presentation) in the order of the lifecycle reference; and the delegates the scenarios share.
@MainActor
extension Scenario {
    /// Every scenario, in the order of the lifecycle reference.
    public static let catalog: [Scenario] =
        customContainerScenarios + builtInContainerScenarios + presentationScenarios
}

/// The delegates and data source of the scenarios: they do nothing but appear in transcripts, and
/// the data source names pages `p0`, `p1`, …. Containers hold their delegates weakly, so each
/// scenario keeps its own in its ``Scenario/Stage``.
@MainActor
final class Delegates: NavigationControllerDelegate, TabBarControllerDelegate, PageControllerDataSource,
    PageControllerDelegate, PresentationDelegate
{
    func pageController(_ page: PageController, controllerAfter controller: Controller) -> Controller? {
        guard let name = controller.id.name, name.hasPrefix("p"), let number = Int(name.dropFirst()) else { return nil }
        return Controller(name: "p\(number + 1)")
    }

    func pageController(_ page: PageController, controllerBefore controller: Controller) -> Controller? {
        guard let name = controller.id.name, name.hasPrefix("p"), let number = Int(name.dropFirst()), number > 0
        else { return nil }
        return Controller(name: "p\(number - 1)")
    }
}
