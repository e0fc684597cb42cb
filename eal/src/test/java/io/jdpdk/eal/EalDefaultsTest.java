package io.jdpdk.eal;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

class EalDefaultsTest
{
    @Test
    void shouldAddInMemoryWhenCallerChoseNothing()
    {
        assertEquals(List.of("-l", "0", "--in-memory"), Eal.withDefaults("-l", "0"));
    }

    @Test
    void shouldAddNoShconfWithNoHugeBecauseInMemoryConflictsWithIt()
    {
        assertEquals(List.of("--no-huge", "--no-shconf"), Eal.withDefaults("--no-huge"));
    }

    @Test
    void shouldKeepCallersOwnMemoryChoice()
    {
        assertEquals(List.of("--file-prefix=x"), Eal.withDefaults("--file-prefix=x"));
        assertEquals(List.of("--in-memory"), Eal.withDefaults("--in-memory"));
    }
}
