package org.ringlab.linux;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Objects;
import java.util.function.Consumer;

import org.ringlab.api.testing.FaultHooks;
import org.ringlab.api.NativeCallException;

/**
 * <b>Test-only</b>: a {@link Libc} that consults a {@link FaultHooks} before each call of the
 * binding it decorates, so tests and the conformance kit can make any call fail (or misplace
 * an {@code mmap}) and check that nothing leaks. Production strategies hold the undecorated
 * binding and pay nothing for fault injection; {@link LinuxFaults} builds strategies over this.
 *
 * <p>Calls are described as the bindings describe their failures ({@code "mmap(MAP_FIXED view 2
 * of 2)"}, {@code "shm_open(/ringlab-12-1)"}); a failing {@code close} still closes (Linux
 * releases the descriptor even when close fails); {@code free}, {@code strerror},
 * {@code pageSize} and {@code segment} cannot fail and are not counted.
 */
public final class FaultInjectingLibc implements Libc {

    private final Libc binding;
    private final FaultHooks hooks;

    public FaultInjectingLibc(Libc binding, FaultHooks hooks) {
        this.binding = Objects.requireNonNull(binding, "binding");
        this.hooks = Objects.requireNonNull(hooks, "hooks");
    }

    /** The binding this decorates. */
    public Libc binding() {
        return binding;
    }

    /** Counts the call; throws its injected failure, or returns the misplacing fault, or null. */
    private FaultHooks.Fault before(String function, String call) {
        FaultHooks.Fault fault = hooks.consult(function, call);
        if (fault != null && !fault.misplaces()) {
            throw new NativeCallException(call, fault.errno(), binding.strerror(fault.errno()));
        }
        return fault;
    }

    @Override
    public long pageSize() {
        return binding.pageSize();
    }

    @Override
    public long sysconf(int name) {
        before("sysconf", "sysconf(" + name + ")");
        return binding.sysconf(name);
    }

    @Override
    public int memfdCreate(String name, int flags) {
        before("memfd_create", "memfd_create");
        return binding.memfdCreate(name, flags);
    }

    @Override
    public void ftruncate(int fd, long length) {
        before("ftruncate", "ftruncate");
        binding.ftruncate(fd, length);
    }

    /** A misplacing fault lets the kernel choose where a mapping that asks for an address goes. */
    @Override
    public long mmap(String call, long address, long length, int prot, int flags, int fd, long offset) {
        boolean moved = before("mmap", call) != null && address != 0;
        return binding.mmap(call, moved ? 0 : address, length, prot, moved ? flags & ~MAP_FIXED : flags, fd, offset);
    }

    @Override
    public void munmap(String call, long address, long length) {
        before("munmap", call);
        binding.munmap(call, address, length);
    }

    @Override
    public long mremap(String call, long oldAddress, long oldSize, long newSize, int flags, long newAddress) {
        before("mremap", call);
        return binding.mremap(call, oldAddress, oldSize, newSize, flags, newAddress);
    }

    @Override
    public void madvise(String call, long address, long length, int advice) {
        before("madvise", call);
        binding.madvise(call, address, length, advice);
    }

    @Override
    public void mprotect(String call, long address, long length, int prot) {
        before("mprotect", call);
        binding.mprotect(call, address, length, prot);
    }

    @Override
    public void fallocate(int fd, int mode, long offset, long length) {
        before("fallocate", "fallocate");
        binding.fallocate(fd, mode, offset, length);
    }

    /** The descriptor is closed first: an injected failure of close comes after the real call. */
    @Override
    public void close(int fd) {
        FaultHooks.Fault fault = hooks.consult("close", "close");
        binding.close(fd);
        if (fault != null && !fault.misplaces()) {
            throw new NativeCallException("close", fault.errno(), binding.strerror(fault.errno()));
        }
    }

    @Override
    public int shmOpen(String name, int flags, int mode) {
        before("shm_open", "shm_open(" + name + ")");
        return binding.shmOpen(name, flags, mode);
    }

    @Override
    public void shmUnlink(String name) {
        before("shm_unlink", "shm_unlink(" + name + ")");
        binding.shmUnlink(name);
    }

    @Override
    public TempFile mkstemp(String template) {
        before("mkstemp", "mkstemp(" + template + ")");
        return binding.mkstemp(template);
    }

    @Override
    public void unlink(String path) {
        before("unlink", "unlink(" + path + ")");
        binding.unlink(path);
    }

    @Override
    public int open(String call, String path, int flags, int mode) {
        before("open", call);
        return binding.open(call, path, flags, mode);
    }

    @Override
    public long fileSize(int fd) {
        before("lseek", "lseek(SEEK_END)");
        return binding.fileSize(fd);
    }

    @Override
    public long malloc(long size) {
        before("malloc", "malloc(" + size + ")");
        return binding.malloc(size);
    }

    @Override
    public long realloc(long address, long size) {
        before("realloc", "realloc(" + size + ")");
        return binding.realloc(address, size);
    }

    @Override
    public void free(long address) {
        binding.free(address);
    }

    @Override
    public PageFaults getrusage(int who) {
        before("getrusage", "getrusage");
        return binding.getrusage(who);
    }

    @Override
    public void schedSetaffinity(int tid, MemorySegment mask) {
        before("sched_setaffinity", "sched_setaffinity");
        binding.schedSetaffinity(tid, mask);
    }

    @Override
    public void schedGetaffinity(int tid, MemorySegment mask) {
        before("sched_getaffinity", "sched_getaffinity");
        binding.schedGetaffinity(tid, mask);
    }

    @Override
    public String strerror(int errno) {
        return binding.strerror(errno);
    }

    @Override
    public MemorySegment segment(long address, long size, Arena arena, Consumer<MemorySegment> cleanup) {
        return binding.segment(address, size, arena, cleanup);
    }

    @Override
    public String toString() {
        return "fault-injecting " + binding;
    }
}
