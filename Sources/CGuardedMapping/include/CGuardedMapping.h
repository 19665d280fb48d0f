#ifndef ROADTRIP_GUARDED_MAPPING_H
#define ROADTRIP_GUARDED_MAPPING_H

#include <stdbool.h>
#include <stddef.h>

/// Maps the first `size` bytes of the file open on `fd` read-only, every page read in at once.
///
/// A page of the mapping that the file no longer has (another program cut the file short while it
/// was mapped) reads as zeros instead of ending the process with SIGBUS, and the unmapping says so.
/// Returns NULL, with errno set, if the file cannot be mapped or too many guarded mappings are open.
const void *_Nullable roadtrip_guarded_map(int fd, size_t size);

/// Unmaps what `roadtrip_guarded_map` mapped; true if some page of it read as zeros because the
/// file had been cut short.
bool roadtrip_guarded_unmap(const void *_Nonnull base, size_t size);

#endif
