package io.jdpdk.pmd.flow;

import io.jdpdk.eal.TestEal;
import io.jdpdk.mempool.Mempool;
import io.jdpdk.pmd.Port;
import io.jdpdk.pmd.PortConfig;
import io.jdpdk.pmd.raw.FlowRaw;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * rte_flow through {@link Flows} on this host's virtual devices, which refuse rules each in its own way: what the
 * caller gets is DPDK's and the PMD's own account (rte_flow_error's type, cause and message, rte_errno's text).
 * Rules that work are tested in the QEMU guest, where net_tap has the kernel's flower classifier.
 */
class FlowsTest
{
    private static Mempool pool;

    @BeforeAll
    static void setUp()
    {
        TestEal.get();
        pool = Mempool.create("flows_test_pool", 4095, 128);
    }

    @AfterAll
    static void tearDown()
    {
        assertEquals(0, pool.inUseCount(), "every mbuf back in the pool");
    }

    @Test
    void shouldReportThatNetNullHasNoFlowApiAsDpdkDoes()
    {
        try (Port port = Port.probe(TestEal.uniqueName("net_null")).configure(new PortConfig().mempool(pool)).start();
             FlowSpec spec = new FlowSpec())
        {
            spec.ingress().eth().ipv4().udp().is(FlowField.UDP_DST, 53).queue(0);
            final FlowException v = assertThrows(FlowException.class, () -> port.flows().validate(spec));
            assertEquals(38, v.errno(), "ENOSYS");
            assertEquals(FlowErrorType.UNSPECIFIED.ordinal(), v.errorType());
            assertEquals("Function not implemented", v.pmdMessage());
            assertEquals(0, v.causeAddress());
            assertEquals("rte_flow_validate(port=" + port.id() + "): Function not implemented (cause unspecified): " +
                "Function not implemented", v.getMessage());
            assertThrows(FlowException.class, () -> port.flows().create(spec));
            assertEquals(0, port.flows().rules().size(), "nothing created");
        }
    }

    @Test
    void shouldNameTheRefusedActionWhenNetTapCannotCount()
    {
        try (Port port = Port.probe(TestEal.uniqueName("net_tap"))
            .configure(new PortConfig().mempool(pool).rxQueues(2).txQueues(2)).start();
             FlowSpec spec = new FlowSpec())
        {
            spec.ingress().eth().count();
            final FlowException e = assertThrows(FlowException.class, () -> port.flows().create(spec));
            assertEquals(FlowErrorType.ACTION.ordinal(), e.errorType(), e.getMessage());
            assertEquals("action not supported", e.pmdMessage());
            assertEquals(95, e.errno(), "ENOTSUP");
            assertEquals(spec.actions().address(), e.causeAddress(), "the cause is the COUNT action itself");
        }
    }

    @Test
    void shouldValidateAQueueRuleOnNetTapButFailToCreateItWithoutTheKernelsMultiqQdisc()
    {
        // this host's kernel has no sch_multiq: net_tap validates the rule but the kernel refuses the filter
        try (Port port = Port.probe(TestEal.uniqueName("net_tap"))
            .configure(new PortConfig().mempool(pool).rxQueues(2).txQueues(2)).start();
             FlowSpec spec = new FlowSpec())
        {
            spec.ingress().eth().ipv4().udp().is(FlowField.UDP_DST, 53).queue(1);
            port.flows().validate(spec);
            final FlowException e = assertThrows(FlowException.class, () -> port.flows().create(spec));
            assertEquals(FlowErrorType.HANDLE.ordinal(), e.errorType(), e.getMessage());
            assertEquals("overlapping rules or Kernel too old for flower support", e.pmdMessage());
            assertTrue(port.flows().rules().isEmpty());
        }
    }

    @Test
    void shouldSayNoSuchDeviceForAPortThatDoesNotExist()
    {
        try (FlowSpec spec = new FlowSpec())
        {
            spec.ingress().eth().drop();
            final FlowException e = assertThrows(FlowException.class, () -> Flows.forPortId(31).create(spec));
            assertEquals(19, e.errno(), "ENODEV");
            assertEquals("No such device", e.pmdMessage());
            assertThrows(FlowException.class, () -> Flows.forPortId(31).flush());
        }
    }

    @Test
    void shouldReturnNullForAnItemTypeDpdkDoesNotKnow()
    {
        assertNull(Flows.itemName(1 << 20));
        assertEquals("ETH", Flows.itemName(FlowRaw.ITEM_ETH));
    }
}
