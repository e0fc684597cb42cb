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
        assertEquals(1, CmdLine.parseUint16("0".repeat(126) + "1"), "127 characters fit librte_cmdline's buffer");
        assertEquals(-1, CmdLine.parseUint16("0".repeat(127) + "1"), "128 do not");
    }

    /** {@code rte_hexdump}'s layout, as testpmd's {@code show port N eeprom} prints the bytes. */
    @Test
    void shouldDumpBytesAsRteHexdump()
    {
        final byte[] data = new byte[20];
        for (int i = 0; i < data.length; i++)
        {
            data[i] = (byte)(i < 16 ? i : 'A' + i - 16);
        }
        assertEquals("hexdump at [0x1000], len=20\n" +
            "00000000: 00 01 02 03 04 05 06 07 08 09 0A 0B 0C 0D 0E 0F | ................\n" +
            "00000010: 41 42 43 44                                     | ABCD\n", TestPmd.hexdump("hexdump", 0x1000, data));
    }
}
