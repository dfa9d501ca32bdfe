extension Controller {
    /// The controller tree below this controller, one controller a line, as UIKit's `_printHierarchy`:
    ///
    /// ```
    /// <ContainerController root>, state: appeared, view: <View>
    ///    | <Controller child>, state: appeared, view: <View>
    ///    | <Controller other>, state: disappeared, view: (not loaded)
    /// ```
    public var hierarchyDescription: String {
        var lines: [String] = []
        var stack: [(controller: Controller, depth: Int)] = [(self, 0)]
        while let (controller, depth) = stack.popLast() {
            lines.append(String(repeating: "   | ", count: depth) + controller.shortDescription)
            if let container = controller as? ContainerController {
                for child in container.children.reversed() {
                    stack.append((child, depth + 1))
                }
            }
        }
        return lines.joined(separator: "\n")
    }

    private var shortDescription: String {
        let typeName = String(describing: type(of: self))
        let name = id.name.map { " \($0)" } ?? "#\(id.serial)"
        let view = storedView.map { "<\(String(describing: type(of: $0)))>" } ?? "(not loaded)"
        var text = "<\(typeName)\(name)>, state: \(appearanceState), view: \(view)"
        switch containment.state {
        case .attaching: text += ", moving to parent"
        case .detaching: text += ", moving from parent"
        case .attached, .detached: break
        }
        if containment.awaitsRepeatedDidMove { text += ", UIKit's repeated didMove due" }
        return text
    }
}
