// Reading a large data file through a mapping is ten times faster than copying it into memory, but
// a mapped page that vanishes (the file truncated by another program mid-read) raises SIGBUS. The
// handler below swaps such a page for one of zeros, which the JSON reader refuses as it would any
// damaged file, and records it so that the store can say what happened. Faults outside these
// mappings go to whatever handler was there before, or end the process as they would have.
#define _GNU_SOURCE
#include "CGuardedMapping.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdint.h>
#include <sys/mman.h>
#include <unistd.h>

enum { slotCount = 64 };

static atomic_int taken[slotCount];
static _Atomic(uintptr_t) starts[slotCount];
static _Atomic(uintptr_t) ends[slotCount];
static atomic_bool lost[slotCount];

static struct sigaction previous;
static uintptr_t pageSize;
static bool installed;
static pthread_once_t installOnce = PTHREAD_ONCE_INIT;

static void onBusError(int signal, siginfo_t *info, void *context) {
    uintptr_t address = (uintptr_t)info->si_addr;
    for (int k = 0; k < slotCount; k++) {
        uintptr_t start = atomic_load(&starts[k]), end = atomic_load(&ends[k]);
        if (start == 0 || address < start || address >= end) continue;
        void *page = (void *)(address & ~(pageSize - 1));
        if (mmap(page, pageSize, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0) != MAP_FAILED) {
            atomic_store(&lost[k], true);
            return;
        }
    }
    if ((previous.sa_flags & SA_SIGINFO) && previous.sa_sigaction != NULL) {
        previous.sa_sigaction(signal, info, context);
        return;
    }
    if (!(previous.sa_flags & SA_SIGINFO) && previous.sa_handler != SIG_DFL && previous.sa_handler != SIG_IGN) {
        previous.sa_handler(signal);
        return;
    }
    // Returning repeats the faulting access, which now ends the process as if no handler had been set.
    struct sigaction fallback = {0};
    fallback.sa_handler = SIG_DFL;
    sigaction(signal, &fallback, NULL);
}

static void install(void) {
    long size = sysconf(_SC_PAGESIZE);
    if (size <= 0) return;
    pageSize = (uintptr_t)size;
    struct sigaction action = {0};
    action.sa_sigaction = onBusError;
    action.sa_flags = SA_SIGINFO | SA_NODEFER;
    sigemptyset(&action.sa_mask);
    installed = sigaction(SIGBUS, &action, &previous) == 0;
}

const void *roadtrip_guarded_map(int fd, size_t size) {
    pthread_once(&installOnce, install);
    if (!installed || size == 0) {
        errno = ENOTSUP;
        return NULL;
    }
    int slot = -1;
    for (int k = 0; k < slotCount && slot < 0; k++) {
        int expected = 0;
        if (atomic_compare_exchange_strong(&taken[k], &expected, 1)) slot = k;
    }
    if (slot < 0) {
        errno = EMFILE;
        return NULL;
    }
    void *base = mmap(NULL, size, PROT_READ, MAP_PRIVATE | MAP_POPULATE, fd, 0);
    if (base == MAP_FAILED) {
        atomic_store(&taken[slot], 0);
        return NULL;
    }
    atomic_store(&lost[slot], false);
    // The end first: the handler matches nothing until the start is set too.
    atomic_store(&ends[slot], (uintptr_t)base + size);
    atomic_store(&starts[slot], (uintptr_t)base);
    return base;
}

bool roadtrip_guarded_unmap(const void *base, size_t size) {
    bool wasLost = false;
    for (int k = 0; k < slotCount; k++) {
        if (atomic_load(&taken[k]) == 0 || atomic_load(&starts[k]) != (uintptr_t)base) continue;
        atomic_store(&starts[k], 0);
        atomic_store(&ends[k], 0);
        wasLost = atomic_load(&lost[k]);
        atomic_store(&taken[k], 0);
        break;
    }
    munmap((void *)base, size);
    return wasLost;
}
