#!/usr/bin/python3
"""Sends test frames into a guest.sh NIC and checks what comes back out (host side, stdlib only).

Each guest NIC is a pair of UDP ports on 127.0.0.1 (guest.sh run --nic MODEL:PORT): QEMU takes the
frames for the NIC from PORT and sends what the NIC transmits to PORT+1, one datagram per Ethernet
frame. This script binds every NIC's PORT+1, probes NIC --in until a probe comes back out of any NIC
(the app in the guest is forwarding), then sends --count numbered frames of varying sizes into NIC
--in, keeping at most --window of them in flight, and checks that each comes out of NIC --out
once, with the bytes that the forwarding mode makes of it. Exits 0 only if all of them do.

With --ifaces, NIC i is instead network interface i of this machine (an AF_PACKET socket bound to it,
which sends through the interface and receives what arrives on it), e.g. the far ends of veth pairs
whose near ends a DPDK app holds (net_af_xdp).
"""

import argparse
import os
import select
import socket
import struct
import sys
import time

ETHERTYPE = 0x88B5  # IEEE 802 local experimental
MAGIC = b"JDPDKVM1"
PROBE = 0xFFFFFFFF
HEADER = struct.Struct("!6s6sH8sII")  # dst, src, type, magic, run id, sequence number
MIN_FRAME = 60  # without the FCS, which QEMU does not carry


def mac_bytes(text):
    parts = text.split(":")
    if len(parts) != 6:
        raise argparse.ArgumentTypeError(f"not a MAC address: {text}")
    try:
        return bytes(int(p, 16) for p in parts)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a MAC address: {text}") from None


def mac_text(raw):
    return ":".join(f"{b:02x}" for b in raw)


def port_pairs(text):
    pairs = []
    for item in text.split(","):
        try:
            send, recv = (int(p) for p in item.split(":"))
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected PORT:PORT[,PORT:PORT...], not {text}") from None
        pairs.append((send, recv))
    return pairs


def size_range(text):
    try:
        low, _, high = text.partition(":")
        low, high = int(low), int(high or low)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected SIZE or MIN:MAX, not {text}") from None
    if not MIN_FRAME <= low <= high <= 9000:
        raise argparse.ArgumentTypeError(f"sizes must be {MIN_FRAME} to 9000 bytes, MIN <= MAX: {text}")
    return low, high


def say(text):
    print(f"jdpdk: frames: {text}", file=sys.stderr, flush=True)


def parse_args():
    env_nics = os.environ.get("JDPDK_VM_NICS")
    env_macs = os.environ.get("JDPDK_VM_MACS", "")
    parser = argparse.ArgumentParser(
        description=__doc__.splitlines()[0],
        epilog="guest.sh run --host sets JDPDK_VM_NICS and JDPDK_VM_MACS for the defaults.")
    parser.add_argument("--nics", type=port_pairs, default=port_pairs(env_nics) if env_nics else None,
                        help="PORT:PORT+1 per guest NIC, comma-separated (default: $JDPDK_VM_NICS)")
    parser.add_argument("--ifaces", type=lambda t: t.split(","),
                        help="network interfaces to use as the NICs instead of UDP ports, comma-separated")
    parser.add_argument("--in", dest="nic_in", type=int, default=0, help="NIC to send into (default 0)")
    parser.add_argument("--out", type=int,
                        help="NIC the frames must come out of (default: 1 if there are two NICs or more, else 0)")
    parser.add_argument("--count", type=int, default=1000, help="frames to send (default 1000)")
    parser.add_argument("--size", type=size_range, default=(MIN_FRAME, 1514),
                        help="frame size, or MIN:MAX to vary it frame by frame (default 60:1514)")
    parser.add_argument("--window", type=int, default=32, help="frames in flight at most (default 32)")
    parser.add_argument("--expect", choices=("io", "macswap", "l2fwd"), default="io",
                        help="io: frames come out as sent; macswap: with the MAC addresses swapped; l2fwd: with "
                             "l2fwd's MAC updating (destination 02:00:00:00:00:<out port>, source the out NIC's MAC)")
    parser.add_argument("--dst-mac", type=mac_bytes,
                        help="destination MAC (default: NIC --in's from $JDPDK_VM_MACS, else 02:00:00:00:00:02)")
    parser.add_argument("--src-mac", type=mac_bytes, default=mac_bytes("02:00:00:00:00:01"),
                        help="source MAC (default 02:00:00:00:00:01)")
    parser.add_argument("--probe-timeout", type=float, default=120.0,
                        help="seconds to wait for the first probe to come back (default 120)")
    parser.add_argument("--frame-timeout", type=float, default=3.0,
                        help="seconds after which a frame not back counts as lost (default 3)")
    args = parser.parse_args()
    if args.ifaces:
        args.nics = args.ifaces
    if not args.nics:
        parser.error("no NICs: give --nics or set JDPDK_VM_NICS (guest.sh run --host does), or --ifaces")
    if args.out is None:
        args.out = 1 if len(args.nics) > 1 else 0
    for name, nic in (("--in", args.nic_in), ("--out", args.out)):
        if not 0 <= nic < len(args.nics):
            parser.error(f"{name} {nic}: there are NICs 0 to {len(args.nics) - 1}")
    if args.count < 1 or args.window < 1:
        parser.error("--count and --window must be at least 1")
    macs = [m for m in env_macs.split(",") if m]
    if args.expect == "l2fwd":
        if args.out >= len(macs):
            parser.error("--expect l2fwd needs the out NIC's MAC: set JDPDK_VM_MACS (guest.sh run --host does)")
        args.out_mac = mac_bytes(macs[args.out])
    if args.dst_mac is None:
        args.dst_mac = mac_bytes(macs[args.nic_in]) if args.nic_in < len(macs) else mac_bytes("02:00:00:00:00:02")
    return args


class Frames:
    """Builds the frames of one run and what the forwarding mode should make of them."""

    def __init__(self, args):
        self.args = args
        self.run_id = int.from_bytes(os.urandom(4), "big")

    def size(self, seq):
        low, high = self.args.size
        # Deterministic spread over [low, high], both ends included.
        return low + (seq * 7919) % (high - low + 1)

    def build(self, seq, size=None):
        head = HEADER.pack(self.args.dst_mac, self.args.src_mac, ETHERTYPE, MAGIC, self.run_id, seq)
        size = size or self.size(seq)
        body = bytes((seq + i) & 0xFF for i in range(size - len(head)))
        return head + body

    def expected(self, frame):
        if self.args.expect == "macswap":
            return frame[6:12] + frame[0:6] + frame[12:]
        if self.args.expect == "l2fwd":
            # l2fwd_mac_updating: 02:00:00:00:00:<destination port>, then the destination port's own MAC.
            return bytes((2, 0, 0, 0, 0, self.args.out)) + self.args.out_mac + frame[12:]
        return frame

    def parse(self, frame):
        """(run id, sequence number) of one of our frames as it came back, or None."""
        if len(frame) < HEADER.size:
            return None
        _, _, ethertype, magic, run_id, seq = HEADER.unpack_from(frame)
        if ethertype != ETHERTYPE or magic != MAGIC:
            return None
        return run_id, seq


class UdpNic:
    """A guest NIC's wire: frames to 127.0.0.1:PORT, what it transmits from 127.0.0.1:PORT+1."""

    def __init__(self, ports):
        self.target = ("127.0.0.1", ports[0])
        self.name = f"127.0.0.1:{ports[0]}"
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4 << 20)
        self.sock.bind(("127.0.0.1", ports[1]))

    def send(self, frame):
        self.sock.sendto(frame, self.target)

    def drain(self):
        got = []
        while True:
            try:
                got.append(self.sock.recv(65536, socket.MSG_DONTWAIT))
            except BlockingIOError:
                return got


class InterfaceNic:
    """A network interface: frames sent out of it, frames that arrive on it (not its own outgoing ones)."""

    def __init__(self, name):
        self.name = name
        self.sock = socket.socket(socket.AF_PACKET, socket.SOCK_RAW, socket.htons(0x0003))  # ETH_P_ALL
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4 << 20)
        self.sock.bind((name, 0))

    def send(self, frame):
        self.sock.send(frame)

    def drain(self):
        got = []
        while True:
            try:
                frame, address = self.sock.recvfrom(65536, socket.MSG_DONTWAIT)
            except BlockingIOError:
                return got
            if address[2] != socket.PACKET_OUTGOING:
                got.append(frame)


def main():
    args = parse_args()
    frames = Frames(args)
    nics = []
    for nic in args.nics:
        try:
            nics.append(InterfaceNic(nic) if args.ifaces else UdpNic(nic))
        except OSError as e:
            say(f"cannot open {nic}: {e}")
            return 2
    by_fd = {nic.sock.fileno(): i for i, nic in enumerate(nics)}
    inject = nics[args.nic_in]

    def receive(timeout):
        """(nic, frame) pairs that arrive within timeout seconds (all that are ready, at least one)."""
        ready, _, _ = select.select([nic.sock for nic in nics], [], [], max(timeout, 0))
        return [(by_fd[sock.fileno()], frame) for sock in ready for frame in nics[by_fd[sock.fileno()]].drain()]

    say(f"probing NIC {args.nic_in} ({inject.name}) until a frame comes back")
    probe = frames.build(PROBE, MIN_FRAME)
    start = time.monotonic()
    probes = 0
    late_probes = 0  # probes that came back after the first
    echoed = False
    while not echoed:
        if time.monotonic() - start > args.probe_timeout:
            say(f"no probe came back within {args.probe_timeout:g} s ({probes} sent): is the app in the guest forwarding?")
            return 1
        inject.send(probe)
        probes += 1
        deadline = time.monotonic() + 0.5
        while not echoed and time.monotonic() < deadline:
            for nic, frame in receive(deadline - time.monotonic()):
                if frames.parse(frame) != (frames.run_id, PROBE):
                    continue
                if echoed:
                    late_probes += 1
                else:
                    say(f"a probe came back out of NIC {nic} after {time.monotonic() - start:.1f} s ({probes} sent)")
                    echoed = True

    sent_at = {}      # seq -> send time, of frames in flight
    received = {}     # seq -> NIC it came out of
    lost = set()
    mismatched = []
    first_mismatch = None  # bytes of the first frame that came back different
    wrong_nic = []
    duplicates = 0
    strangers = 0
    reordered = 0
    last_seq = -1
    next_seq = 0
    begin = time.monotonic()
    while next_seq < args.count or sent_at:
        now = time.monotonic()
        while next_seq < args.count and len(sent_at) < args.window:
            inject.send(frames.build(next_seq))
            sent_at[next_seq] = time.monotonic()
            next_seq += 1
        for seq, when in list(sent_at.items()):
            if now - when > args.frame_timeout:
                del sent_at[seq]
                lost.add(seq)
        oldest = min(sent_at.values(), default=now)
        for nic, frame in receive(oldest + args.frame_timeout - now):
            key = frames.parse(frame)
            if key is None or key[0] != frames.run_id:
                strangers += 1
                continue
            seq = key[1]
            if seq == PROBE:
                late_probes += 1
                continue
            if seq in received or seq >= next_seq:
                duplicates += 1
                continue
            received[seq] = nic
            sent_at.pop(seq, None)
            if seq in lost:
                lost.discard(seq)  # late, not lost
            if seq < last_seq:
                reordered += 1
            last_seq = max(last_seq, seq)
            if nic != args.out:
                wrong_nic.append(seq)
            if frame != frames.expected(frames.build(seq)):
                mismatched.append(seq)
                first_mismatch = first_mismatch or frame
    elapsed = time.monotonic() - begin

    good = len(received) - len(set(mismatched) | set(wrong_nic))
    print(f"sent {args.count} frames ({args.size[0]}-{args.size[1]} bytes) into NIC {args.nic_in}, "
          f"expected out of NIC {args.out} ({args.expect}): "
          f"received {len(received)}, matching {good}, lost {len(lost)}, "
          f"bytes differing {len(mismatched)}, out of another NIC {len(wrong_nic)}, "
          f"duplicates {duplicates}, reordered {reordered}; "
          f"{elapsed:.2f} s, {len(received) / elapsed if elapsed else 0:.0f} frames/s; "
          f"probes sent {probes}, came back later {late_probes}; other frames {strangers}", flush=True)
    for name, seqs in (("lost", sorted(lost)), ("bytes differing", mismatched), ("out of another NIC", wrong_nic)):
        if seqs:
            shown = ", ".join(str(s) for s in seqs[:20])
            say(f"{name}: frames {shown}{' ...' if len(seqs) > 20 else ''}")
    if mismatched:
        seq = mismatched[0]
        want = frames.expected(frames.build(seq))
        say(f"frame {seq}: expected {len(want)} bytes {want[:32].hex()}...")
        say(f"frame {seq}: received {len(first_mismatch)} bytes {first_mismatch[:32].hex()}...")
    ok = good == args.count and duplicates == 0
    say("all frames came back as expected" if ok else "FAILED: not all frames came back as expected")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
