#!/usr/bin/python3
"""Sends UDP/IPv4 frames out of a network interface through an AF_PACKET socket (through the interface's qdisc, so
tc filters see them): tap-frames.py IFACE DPORT COUNT [FLOWS]. Frame i goes from 10.9.0.1:(10000 + i % FLOWS) to
10.9.0.2:DPORT and carries i; FLOWS defaults to 1. Standard library only."""
import socket
import struct
import sys


def checksum(data):
    total = sum(struct.unpack("!%dH" % (len(data) // 2), data))
    while total > 0xffff:
        total = (total & 0xffff) + (total >> 16)
    return ~total & 0xffff


def frame(i, sport, dport):
    payload = struct.pack("!I", i) + bytes(14)
    udp = struct.pack("!HHHH", sport, dport, 8 + len(payload), 0) + payload
    ip = struct.pack("!BBHHHBBH4s4s", 0x45, 0, 20 + len(udp), i & 0xffff, 0, 64, 17, 0,
                     bytes([10, 9, 0, 1]), bytes([10, 9, 0, 2]))
    ip = ip[:10] + struct.pack("!H", checksum(ip)) + ip[12:]
    return bytes.fromhex("ffffffffffff" "020000000009" "0800") + ip + udp


def main():
    iface, dport, count = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    flows = int(sys.argv[4]) if len(sys.argv) > 4 else 1
    with socket.socket(socket.AF_PACKET, socket.SOCK_RAW) as s:
        s.bind((iface, 0))
        for i in range(count):
            s.send(frame(i, 10000 + i % flows, dport))


if __name__ == "__main__":
    main()
