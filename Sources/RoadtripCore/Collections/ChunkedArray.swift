/// An array stored in fixed-size chunks, so that copies share whatever they have not changed.
///
/// A value handed from one owner to another (summaries from an interactor to a presenter, rows
/// from a presenter to its view) is shared, as with `Array`; but changing one element of a shared
/// `Array` copies all of it, while here it copies one chunk and the list of chunks. With
/// 10,000 rows that is a few hundred values instead of 10,000. Comparing two copies skips the
/// chunks they still share, so finding what changed is as cheap.
///
/// Inlinable, so that the modules using it get code specialised for their element type.
public struct ChunkedArray<Element> {
    /// Elements per chunk: about the square root of the lists it is for, so that copying a chunk and
    /// copying the list of chunks cost about the same.
    @usableFromInline static var chunkSize: Int { 128 }

    @usableFromInline var chunks: [[Element]]
    @usableFromInline var elementCount: Int

    @inlinable public init() {
        chunks = []
        elementCount = 0
    }

    @inlinable public init(_ elements: some Sequence<Element>) {
        let all = Array(elements)
        elementCount = all.count
        chunks = stride(from: 0, to: all.count, by: Self.chunkSize).map {
            Array(all[$0..<Swift.min($0 + Self.chunkSize, all.count)])
        }
    }
}

extension ChunkedArray: RandomAccessCollection, MutableCollection {
    @inlinable public var startIndex: Int { 0 }
    @inlinable public var endIndex: Int { elementCount }
    @inlinable public var count: Int { elementCount }

    @inlinable public subscript(position: Int) -> Element {
        get {
            precondition(position >= 0 && position < count, "index out of range")
            return chunks[position / Self.chunkSize][position % Self.chunkSize]
        }
        set {
            precondition(position >= 0 && position < count, "index out of range")
            chunks[position / Self.chunkSize][position % Self.chunkSize] = newValue
        }
    }
}

extension ChunkedArray: ExpressibleByArrayLiteral {
    @inlinable public init(arrayLiteral elements: Element...) {
        self.init(elements)
    }
}

extension ChunkedArray: Sendable where Element: Sendable {}

extension ChunkedArray: Equatable where Element: Equatable {
    @inlinable public static func == (lhs: ChunkedArray, rhs: ChunkedArray) -> Bool {
        // `Array`'s own == returns at once for chunks that are still shared.
        lhs.count == rhs.count && lhs.chunks == rhs.chunks
    }

    /// The positions whose elements differ from `other`'s, or nil when the counts differ.
    /// Chunks still shared with `other` are skipped unread.
    @inlinable public func positionsDiffering(from other: ChunkedArray) -> [Int]? {
        guard count == other.count else { return nil }
        var positions: [Int] = []
        for c in chunks.indices where chunks[c] != other.chunks[c] {
            let mine = chunks[c], theirs = other.chunks[c]
            for i in mine.indices where mine[i] != theirs[i] {
                positions.append(c * Self.chunkSize + i)
            }
        }
        return positions
    }
}
