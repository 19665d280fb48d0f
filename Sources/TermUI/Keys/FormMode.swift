/// The mode of a form whose focus is always in a text field.
public enum FormMode: KeyMode {
    case field
    public var editsText: Bool { true }
    public var title: String { "" }
}
