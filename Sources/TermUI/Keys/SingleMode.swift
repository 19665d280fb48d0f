/// The mode of a screen whose keys always mean the same (the map, a page of text).
public enum SingleMode: KeyMode {
    case only
    public var editsText: Bool { false }
    public var title: String { "" }
}
