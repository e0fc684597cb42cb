package io.jdpdk.apps.testpmd;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class CmdLineTest
{
    @Test
    void shouldParsePortIdsAsCmdlinesUint16Token()
    {
        assertEquals(0, CmdLine.parseUint16("0"));
        assertEquals(7, CmdLine.parseUint16("7"));
        assertEquals(65535, CmdLine.parseUint16("65535"));
        assertEquals(31, CmdLine.parseUint16("0x1F"));
        assertEquals(5, CmdLine.parseUint16("0b101"));
        assertEquals(15, CmdLine.parseUint16("017"), "a leading 0 is octal");
        assertEquals(-1, CmdLine.parseUint16("08"), "8 is no octal digit");
        assertEquals(-1, CmdLine.parseUint16("65536"), "beyond uint16_t");
        assertEquals(-1, CmdLine.parseUint16("0x10000000000000000000"));
        assertEquals(-1, CmdLine.parseUint16("0x"));
        assertEquals(-1, CmdLine.parseUint16("-1"));
        assertEquals(-1, CmdLine.parseUint16("all"));
        assertEquals(-1, CmdLine.parseUint16("1a"));
        assertEquals(-1, CmdLine.parseUint16(""));
    }
}
