import Foundation

/// A read-only file mapped into memory: loading touches only the pages it reads and copies
/// nothing, which is most of the gazetteer's start-up time saved.
///
/// The gazetteer files are never rewritten while the app runs; a file truncated under a
/// running process would fault on access, as with any mapped file.
final class MappedFile: @unchecked Sendable {
    // @unchecked: the mapping is read-only and never changes after init.
    let bytes: UnsafeBufferPointer<UInt8>

    init(_ url: URL) throws {
        bytes = try ByteParsing.withOpenFile(url) { fd, size, failure in
            guard size > 0 else { return UnsafeBufferPointer(start: nil, count: 0) }
            guard let base = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0), base != MAP_FAILED else { throw failure() }
            return UnsafeBufferPointer(start: base.assumingMemoryBound(to: UInt8.self), count: size)
        }
    }

    deinit {
        if let base = bytes.baseAddress { munmap(UnsafeMutableRawPointer(mutating: base), bytes.count) }
    }
}
