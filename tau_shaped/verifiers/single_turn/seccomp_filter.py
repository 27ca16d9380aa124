"""A small seccomp deny-list for the bubblewrap sandbox, as the raw BPF program ``bwrap --seccomp FD`` loads.

Why hand-written: the Python packages that build seccomp programs on PyPI are
either unmaintained ctypes wrappers (``pyseccomp``, last release 2021) or
one-person rebuilds of libseccomp's bindings; none is a well-kept dependency.
The program needed here is small enough to write and test directly: it is a
straight deny-list, no argument inspection.

The program (x86-64 only; on other machines :func:`deny_list_program` returns
``None`` and the sandbox runs without a filter, saying so):

1. if the syscall's architecture is not x86-64 (the 32-bit ``int 0x80`` ABI),
   fail it with EPERM;
2. if its number has the x32 bit set, fail it with EPERM;
3. without a memory cgroup, if it is ``memfd_create``, kill the process;
4. if its number is one of :data:`DENIED_X86_64`, fail it with EPERM;
5. otherwise allow it.

The namespaces, the dropped capabilities and ``--disable-userns`` already stop
most of what is denied; the filter removes kernel attack surface the sandboxed
program has no use for (keyrings, which are not namespaced, ptrace, io_uring,
bpf, perf events, userfaultfd, nested namespaces, mounts, module loading) and
host-wide pools no limit of the box's bounds (Linux AIO contexts, counted
against ``fs.aio-max-nr`` for the whole host, and io_uring).
The numbers are checked against the kernel headers by the tests when the
headers are installed.
"""

from __future__ import annotations

import platform
import struct
from typing import Dict, Optional

# linux/filter.h and linux/seccomp.h
BPF_LD_W_ABS = 0x20  # BPF_LD | BPF_W | BPF_ABS
BPF_JEQ_K = 0x15  # BPF_JMP | BPF_JEQ | BPF_K
BPF_JGE_K = 0x35  # BPF_JMP | BPF_JGE | BPF_K
BPF_RET_K = 0x06  # BPF_RET | BPF_K
SECCOMP_RET_ALLOW = 0x7FFF0000
SECCOMP_RET_KILL_PROCESS = 0x80000000
SECCOMP_RET_ERRNO = 0x00050000
EPERM = 1
AUDIT_ARCH_X86_64 = 0xC000003E
X32_SYSCALL_BIT = 0x40000000
OFFSET_NR = 0  # struct seccomp_data: int nr; __u32 arch; ...
OFFSET_ARCH = 4

DENIED_X86_64: Dict[str, int] = {
    "ptrace": 101, "syslog": 103, "uselib": 134, "vhangup": 153, "pivot_root": 155, "_sysctl": 156,
    "chroot": 161, "acct": 163, "settimeofday": 164, "mount": 165, "umount2": 166, "swapon": 167,
    "swapoff": 168, "reboot": 169, "sethostname": 170, "setdomainname": 171, "iopl": 172, "ioperm": 173,
    "init_module": 175, "delete_module": 176, "quotactl": 179, "nfsservctl": 180, "lookup_dcookie": 212,
    "clock_settime": 227, "kexec_load": 246, "add_key": 248, "request_key": 249, "keyctl": 250,
    "unshare": 272, "perf_event_open": 298, "fanotify_init": 300, "name_to_handle_at": 303,
    "open_by_handle_at": 304, "clock_adjtime": 305, "setns": 308, "process_vm_readv": 310,
    "process_vm_writev": 311, "kcmp": 312, "finit_module": 313, "kexec_file_load": 320, "bpf": 321,
    "userfaultfd": 323, "io_uring_setup": 425, "io_uring_enter": 426, "io_uring_register": 427,
    "open_tree": 428, "move_mount": 429, "fsopen": 430, "fsconfig": 431, "fsmount": 432, "fspick": 433,
    "pidfd_getfd": 438, "mount_setattr": 442, "quotactl_fd": 443,
    # kernel-wide pools no limit of the box's bounds: the asynchronous I/O contexts of fs.aio-max-nr
    # (one count for the whole host: a box holding them all would fail every other io_setup on it)
    "io_setup": 206, "io_destroy": 207, "io_getevents": 208, "io_submit": 209, "io_cancel": 210,
    "io_pgetevents": 333,
    # memory no limit of the box's would count without a cgroup (SysV shared memory, message queues,
    # POSIX message queues, secret memory): denied whatever the mode, so verdicts do not depend on it
    "shmget": 29, "semget": 64, "msgget": 68, "mq_open": 240, "memfd_secret": 447,
}
# Without a memory cgroup, memfd pages count against no limit (RLIMIT_FSIZE bounds one file,
# not how many): the process that creates one is killed, and the verdict says why.
KILLED_WITHOUT_CGROUP_X86_64: Dict[str, int] = {"memfd_create": 319}


def _insn(code: int, jt: int, jf: int, k: int) -> bytes:
    """One ``struct sock_filter`` (u16 code, u8 jt, u8 jf, u32 k), native byte order."""
    return struct.pack("=HBBI", code, jt, jf, k)


def build_deny_list(arch: int, denied: Dict[str, int], errno: int = EPERM, killed: Optional[Dict[str, int]] = None) -> bytes:
    """The BPF program described in the module docstring, for one architecture's numbers;
    the calls in ``killed`` kill the whole process instead (checked before the denied ones)."""
    kills = sorted(set((killed or {}).values()))
    numbers = sorted(set(denied.values()) - set(kills))
    if len(numbers) + len(kills) > 250:
        raise ValueError("the deny-list is too long for 8-bit jump offsets")
    deny = SECCOMP_RET_ERRNO | (errno & 0xFFFF)
    n, k = len(numbers), len(kills)
    program = [
        _insn(BPF_LD_W_ABS, 0, 0, OFFSET_ARCH),
        _insn(BPF_JEQ_K, 1, 0, arch),  # the right ABI: skip the next instruction
        _insn(BPF_RET_K, 0, 0, deny),
        _insn(BPF_LD_W_ABS, 0, 0, OFFSET_NR),
        _insn(BPF_JGE_K, k + n + 1, 0, X32_SYSCALL_BIT),  # x32: jump to the final deny
    ]
    for index, number in enumerate(kills):
        program.append(_insn(BPF_JEQ_K, k + n + 1 - index, 0, number))  # to the kill
    for index, number in enumerate(numbers):
        program.append(_insn(BPF_JEQ_K, n - index, 0, number))  # to the final deny
    program.append(_insn(BPF_RET_K, 0, 0, SECCOMP_RET_ALLOW))
    program.append(_insn(BPF_RET_K, 0, 0, deny))
    if kills:
        program.append(_insn(BPF_RET_K, 0, 0, SECCOMP_RET_KILL_PROCESS))
    return b"".join(program)


def deny_list_program(memory_cgroup: bool = True) -> Optional[bytes]:
    """The filter for this machine, or ``None`` where there is no syscall table for it; without a
    memory cgroup, ``memfd_create`` kills the process."""
    if platform.system() != "Linux" or platform.machine() not in ("x86_64", "AMD64", "amd64"):
        return None
    return build_deny_list(AUDIT_ARCH_X86_64, DENIED_X86_64, killed=None if memory_cgroup else KILLED_WITHOUT_CGROUP_X86_64)
