/// Little-endian integers read in place from a mapped file: making one copies nothing, and
/// reading an element is one load.
///
/// The view does not keep the mapping alive: whoever makes one holds the `MappedFile` for
/// as long as the view is used (`Gazetteer` holds both).
struct MappedArray<Element: FixedWidthInteger>: @unchecked Sendable {
    // @unchecked: the mapping is read-only and outlives the view.
    private let base: UnsafeRawPointer?
    let count: Int

    /// `count` elements from `offset` in `bytes`. The caller checked the bounds, and
    /// `offset` is a multiple of the element size (the mapping starts on a page).
    init(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int, count: Int) {
        precondition(
            offset >= 0 && count >= 0 && offset + count * MemoryLayout<Element>.size <= bytes.count
                && offset % MemoryLayout<Element>.alignment == 0)
        base = bytes.baseAddress.map { UnsafeRawPointer($0 + offset) }
        self.count = count
    }

    static var empty: MappedArray { MappedArray(UnsafeBufferPointer(start: nil, count: 0), at: 0, count: 0) }

    @inline(__always)
    subscript(i: Int) -> Element {
        assert(i >= 0 && i < count, "index \(i) of \(count)")
        // A raw load, not a typed pointer: the mapping is also read as bytes.
        return Element(
            littleEndian: base.unsafelyUnwrapped.load(
                fromByteOffset: i &* MemoryLayout<Element>.size, as: Element.self))
    }
}
