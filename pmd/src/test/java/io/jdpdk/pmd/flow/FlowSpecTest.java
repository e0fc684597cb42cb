package io.jdpdk.pmd.flow;

import io.jdpdk.eal.raw.LayoutCheck;
import io.jdpdk.pmd.raw.FlowRaw;
import org.junit.jupiter.api.Test;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_SHORT;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The native rule a {@link FlowSpec} builds, byte for byte as testpmd's flow parser builds it: item types and their
 * spec/last/mask pointers, fields in network order, masked sub-fields and bit-fields, prefixes, action confs.
 */
@SuppressWarnings("restricted") // reading back the pointers the spec wrote
class FlowSpecTest
{
    private static final long ITEM = FlowRaw.RTE_FLOW_ITEM.byteSize();
    private static final long ACTION = FlowRaw.RTE_FLOW_ACTION.byteSize();

    @Test
    void shouldLayOutEveryRteFlowStructAsTheInstalledHeadersDo()
    {
        final Map<String, StructLayout> layouts = Map.ofEntries(
            Map.entry("rte_flow_attr", FlowRaw.RTE_FLOW_ATTR), Map.entry("rte_flow_item", FlowRaw.RTE_FLOW_ITEM),
            Map.entry("rte_flow_action", FlowRaw.RTE_FLOW_ACTION), Map.entry("rte_flow_error", FlowRaw.RTE_FLOW_ERROR),
            Map.entry("rte_flow_item_eth", FlowRaw.RTE_FLOW_ITEM_ETH),
            Map.entry("rte_flow_item_vlan", FlowRaw.RTE_FLOW_ITEM_VLAN),
            Map.entry("rte_flow_item_ipv4", FlowRaw.RTE_FLOW_ITEM_IPV4),
            Map.entry("rte_flow_item_ipv6", FlowRaw.RTE_FLOW_ITEM_IPV6),
            Map.entry("rte_flow_item_udp", FlowRaw.RTE_FLOW_ITEM_UDP),
            Map.entry("rte_flow_item_tcp", FlowRaw.RTE_FLOW_ITEM_TCP),
            Map.entry("rte_flow_action_rss", FlowRaw.RTE_FLOW_ACTION_RSS),
            Map.entry("rte_flow_query_count", FlowRaw.RTE_FLOW_QUERY_COUNT),
            Map.entry("rte_flow_query_age", FlowRaw.RTE_FLOW_QUERY_AGE));
        layouts.forEach((type, layout) -> assertEquals(List.of(), LayoutCheck.mismatches(type, layout), type));
        assertEquals(6, FlowRaw.ITEM_ETH, "RTE_FLOW_ITEM_TYPE_ETH of DPDK 22.11");
        assertEquals("IPV4", Flows.itemName(FlowRaw.ITEM_IPV4));
        assertEquals("QUEUE", Flows.actionName(FlowRaw.ACTION_QUEUE));
    }

    @Test
    void shouldMatchAnyHeaderOfAnItemWithoutFieldsAndEndThePattern()
    {
        try (FlowSpec spec = new FlowSpec())
        {
            spec.ingress().eth().ipv4().drop();
            final MemorySegment items = spec.pattern();
            assertEquals(FlowRaw.ITEM_ETH, items.get(JAVA_INT, 0));
            assertEquals(FlowRaw.ITEM_IPV4, items.get(JAVA_INT, ITEM));
            assertEquals(FlowRaw.ITEM_END, items.get(JAVA_INT, 2 * ITEM));
            assertEquals(MemorySegment.NULL, items.get(ADDRESS, 8), "no spec: any Ethernet header");
            assertEquals(MemorySegment.NULL, items.get(ADDRESS, 24), "no mask");
            assertEquals(FlowRaw.ACTION_DROP, spec.actions().get(JAVA_INT, 0));
            assertEquals(FlowRaw.ACTION_END, spec.actions().get(JAVA_INT, ACTION));
            assertEquals(1, spec.directions());
        }
    }

    @Test
    void shouldWriteAnExactMatchInNetworkOrderWithAFullMaskOfThatFieldOnly()
    {
        try (FlowSpec spec = new FlowSpec())
        {
            spec.eth().ipv4().is(FlowField.IPV4_DST, "10.1.2.3").udp().is(FlowField.UDP_DST, 53).queue(3);
            assertEquals("0000" + "0035" + "00000000", hex(spec, 2, 0), "udp spec: dst port 53 in network order");
            assertEquals("0000" + "ffff" + "00000000", hex(spec, 2, 2), "udp mask: dst port only");
            assertEquals("0a010203", hex(spec, 1, 0).substring(32, 40), "ipv4 dst in the spec");
            assertEquals("ffffffff", hex(spec, 1, 2).substring(32, 40));
            assertEquals("00000000", hex(spec, 1, 2).substring(24, 32), "src not matched");
            final MemorySegment conf = spec.actions().get(ADDRESS, 8).reinterpret(2);
            assertEquals(3, conf.get(JAVA_SHORT, 0));
        }
    }

    @Test
    void shouldSpreadMaskedSubFieldsAndBitFieldsAsTestpmdDoes()
    {
        try (FlowSpec spec = new FlowSpec())
        {
            spec.eth().is(FlowField.ETH_HAS_VLAN, 1).vlan().is(FlowField.VLAN_VID, 0x123).is(FlowField.VLAN_PCP, 5)
                .ipv6().is(FlowField.IPV6_TC, 0xab).is(FlowField.IPV6_HAS_FRAG_EXT, 1);
            assertEquals("01000000", hex(spec, 0, 0).substring(32, 40), "has_vlan: bit 0 of a native u32");
            assertEquals("a123", hex(spec, 1, 0).substring(0, 4), "pcp 5 in bits 13-15, vid 0x123 in bits 0-11");
            assertEquals("efff", hex(spec, 1, 2).substring(0, 4), "mask: pcp and vid, not dei");
            assertEquals("0ab00000", hex(spec, 2, 0).substring(0, 8), "tc in bits 20-27 of vtc_flow");
            assertEquals("0ff00000", hex(spec, 2, 2).substring(0, 8));
            assertEquals("04000000", hex(spec, 2, 0).substring(80, 88), "has_frag_ext: bit 2");
        }
    }

    @Test
    void shouldSetSpecLastMaskAndPrefixEachInItsOwnStruct()
    {
        try (FlowSpec spec = new FlowSpec())
        {
            spec.ipv4().spec(FlowField.IPV4_SRC, "192.168.0.0").prefix(FlowField.IPV4_SRC, 20)
                .ipv6().spec(FlowField.IPV6_DST, "2001:db8::1").mask(FlowField.IPV6_DST, "ffff:ffff::")
                .tcp().spec(FlowField.TCP_DST, "0x50").last(FlowField.TCP_DST, "0120");
            assertEquals("c0a80000", hex(spec, 0, 0).substring(24, 32));
            assertEquals("fffff000", hex(spec, 0, 2).substring(24, 32), "prefix 20");
            assertEquals("20010db8000000000000000000000001", hex(spec, 1, 0).substring(48, 80));
            assertEquals("ffffffff000000000000000000000000", hex(spec, 1, 2).substring(48, 80));
            assertEquals("0050", hex(spec, 2, 0).substring(4, 8), "0x hex");
            assertEquals("0050", hex(spec, 2, 1).substring(4, 8), "0-prefixed octal: 0120 = 80");
            assertEquals(MemorySegment.NULL, spec.pattern().get(ADDRESS, 2 * ITEM + 24), "spec alone: PMD's mask");
        }
    }

    @Test
    void shouldRefuseValuesThatDoNotFitAndFieldsOfAnotherItem()
    {
        try (FlowSpec spec = new FlowSpec())
        {
            spec.udp();
            assertThrows(IllegalArgumentException.class, () -> spec.is(FlowField.UDP_DST, 65536));
            assertThrows(IllegalArgumentException.class, () -> spec.is(FlowField.TCP_DST, 80));
            assertThrows(IllegalArgumentException.class, () -> spec.is(FlowField.UDP_DST, "53x"));
            spec.ipv4();
            assertThrows(IllegalArgumentException.class, () -> spec.is(FlowField.IPV4_SRC, "1.2.3.256"));
            assertThrows(IllegalArgumentException.class, () -> spec.is(FlowField.IPV4_SRC, "1.2.3"));
            assertThrows(IllegalArgumentException.class, () -> spec.prefix(FlowField.IPV4_SRC, 33));
            spec.eth();
            assertThrows(IllegalArgumentException.class, () -> spec.is(FlowField.ETH_DST, "aa:bb:cc:dd:ee"));
            spec.is(FlowField.ETH_DST, "aa:bb:cc:dd:ee:ff");
            assertTrue(hex(spec, 2, 0).startsWith("aabbccddeeff"));
        }
    }

    @Test
    void shouldPointAnRssActionAtItsQueuesAndKey()
    {
        try (FlowSpec spec = new FlowSpec())
        {
            spec.eth().rss(0, 0, 1L << 2, new byte[] { 1, 2, 3, 4 }, 0, 1, 3);
            final MemorySegment conf = spec.actions().get(ADDRESS, 8).reinterpret(40);
            assertEquals(3, conf.get(JAVA_INT, 20), "queue_num");
            assertEquals(4, conf.get(JAVA_INT, 16), "key_len");
            final MemorySegment queues = conf.get(ADDRESS, 32).reinterpret(6);
            assertEquals("000001000300", HexFormat.of().formatHex(queues.toArray(java.lang.foreign.ValueLayout.JAVA_BYTE)));
            assertThrows(IllegalArgumentException.class, () -> spec.rss(0, 0, 0, null, 0));
        }
    }

    @Test
    void shouldEmptyTheRuleOnReset()
    {
        try (FlowSpec spec = new FlowSpec())
        {
            spec.ingress().group(2).eth().udp().is(FlowField.UDP_SRC, 9).drop().reset();
            assertEquals(0, spec.itemCount());
            assertEquals(0, spec.actionCount());
            assertEquals(0, spec.group());
            assertEquals(FlowRaw.ITEM_END, spec.pattern().get(JAVA_INT, 0));
            assertEquals(MemorySegment.NULL, spec.pattern().get(ADDRESS, 8));
        }
    }

    /** The hex bytes of item {@code index}'s spec (0), last (1) or mask (2) struct. */
    private static String hex(final FlowSpec spec, final int index, final int which)
    {
        final FlowItemType type = spec.itemType(index);
        final MemorySegment ptr = spec.pattern().get(ADDRESS, index * ITEM + 8 + 8L * which);
        assertTrue(ptr.address() != 0, "item " + index + " has struct " + which);
        return HexFormat.of().formatHex(ptr.reinterpret(type.specSize()).toArray(java.lang.foreign.ValueLayout.JAVA_BYTE));
    }
}
